//! `cargo xtask judge --html FILE`: the page read back with an HTML parser (tl), held to the JSON
//! report of the same run: a cell for every run with its verdict, a failure for every failing run
//! with its board drawn (the sample's reserved squares, the counts expected and received; LeetCode
//! 51's two attacking queens marked), the CE's message; and nothing the page would fetch.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use checker::{oracle, Board};
use serde_json::Value;

use crate::support::{path_arg, runs, xtask, TempFolder};

const SAMPLE: &str = "........\n........\n..*.....\n........\n........\n.....**.\n...*....\n........\n";

fn corpus(file: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus").join(file)
}

/// The `data-` attributes of every element with `class` among its classes, by attribute name.
fn tagged(dom: &tl::VDom, class: &str) -> Vec<BTreeMap<String, String>> {
    let parser = dom.parser();
    dom.get_elements_by_class_name(class)
        .filter_map(|handle| handle.get(parser).and_then(tl::Node::as_tag))
        .map(|tag| {
            tag.attributes()
                .iter()
                .map(|(name, value)| {
                    (name.into_owned(), value.map(|value| value.into_owned()).unwrap_or_default())
                })
                .collect()
        })
        .collect()
}

/// The inner HTML of the `article.failure` of `implementation` on `case`.
fn failure<'a>(html: &'a str, implementation: &str, case: &str) -> &'a str {
    let opening =
        format!("<article class=\"failure\" data-implementation=\"{implementation}\" data-case=\"{case}\"");
    let start = html.find(&opening).unwrap_or_else(|| panic!("no failure of {implementation} on {case}"));
    let end = html[start..].find("</article>").expect("a closed article") + start;
    &html[start..end]
}

#[test]
fn the_html_page_holds_the_json_reports_verdicts_and_draws_each_failure() {
    let folder = TempFolder::new("html");
    let sample = oracle::count(&Board::parse(SAMPLE).expect("the sample"));
    folder.write("cases/cses/sample.toml", &format!("board = \"\"\"\n{SAMPLE}\"\"\"\nexpected = {sample}\n"));
    let n4 = oracle::known_count(4).expect("A000170");
    folder.write("cases/leetcode/n4.toml", &format!("n = 4\nexpected = {n4}\n"));
    let page = folder.path.join("report.html");
    let files = [
        corpus("cses/wrong_ignores_reserved.cpp"),
        corpus("cses/ce.cpp"),
        corpus("cses/right.py"),
        corpus("leetcode51/wrong_attacking.cpp"),
        corpus("leetcode51/wrong_missing_board.py"),
    ];
    let cases = folder.path.join("cases");
    let mut args = vec![
        "judge",
        "--json",
        "--accept",
        "--jobs",
        "2",
        "--cases",
        path_arg(&cases),
        "--html",
        path_arg(&page),
    ];
    args.extend(files.iter().map(|file| path_arg(file)));
    let ran = xtask(&args).run();
    ran.expect_code(1);
    let report: Value = ran.json();
    let html = std::fs::read_to_string(&page).expect("the page is written");

    // Self-contained: nothing to fetch, nothing to run.
    for outside in ["<script", "http://", "https://", " src=", "url(", "@import"] {
        assert!(!html.contains(outside), "the page holds `{outside}`");
    }
    let dom = tl::parse(&html, tl::ParserOptions::default()).expect("the page parses");

    // A cell per run of the JSON, with its verdict.
    let cells = tagged(&dom, "run");
    let json_runs = runs(&report);
    assert_eq!(cells.len(), json_runs.len(), "one cell a run");
    for run in &json_runs {
        let matching: Vec<&BTreeMap<String, String>> = cells
            .iter()
            .filter(|cell| {
                cell["data-implementation"] == run["implementation"].as_str().expect("an implementation")
                    && cell["data-case"] == run["case"].as_str().expect("a case")
            })
            .collect();
        assert!(!matching.is_empty(), "no cell for {run}");
        assert!(
            matching.iter().all(|cell| cell["data-verdict"] == run["verdict"].as_str().expect("a verdict")),
            "{run}"
        );
    }
    let verdicts: Vec<&str> = cells.iter().map(|cell| cell["data-verdict"].as_str()).collect();
    for verdict in ["AC", "WA", "CE"] {
        assert!(verdicts.contains(&verdict), "{verdict} in {verdicts:?}");
    }

    // The CSES WA: the sample drawn with its four reserved squares, the counts.
    let wa = failure(&html, "wrong_ignores_reserved.cpp", "cses/sample");
    assert_eq!(wa.matches("class=\"sq reserved").count(), SAMPLE.matches('*').count(), "{wa}");
    assert!(
        wa.contains(&format!("expected <strong>{sample}</strong>, received <strong>92</strong>")),
        "{wa}"
    );
    // LeetCode 51's attacking queens, marked.
    let attacking = json_runs
        .iter()
        .find(|run| run["implementation"] == "wrong_attacking.cpp" && run["verdict"] == "WA")
        .expect("a WA of wrong_attacking.cpp");
    let attack = failure(&html, "wrong_attacking.cpp", attacking["case"].as_str().expect("a case"));
    assert_eq!(attack.matches(" attack\"").count(), 2, "{attack}");
    // LeetCode 51's missing board, drawn (n = 4 has two; the file drops the last).
    let missing = failure(&html, "wrong_missing_board.py", "leetcode/n4");
    assert!(missing.contains("<div class=\"group missing\"><h4>missing: 1 board</h4>"), "{missing}");
    assert_eq!(missing.matches("<table class=\"board\">").count(), 1, "{missing}");
    // The CE's message.
    let ce = failure(&html, "ce.cpp", report_case_of(&json_runs, "ce.cpp"));
    assert!(ce.contains("<pre class=\"detail\">") && ce.contains("error"), "{ce}");
    // The summary says what the JSON says.
    let summary = tagged(&dom, "summary");
    assert_eq!(summary[0]["data-passed"], report["passed"].to_string());
}

fn report_case_of<'a>(runs: &'a [&Value], implementation: &str) -> &'a str {
    runs.iter()
        .find(|run| run["implementation"] == implementation)
        .and_then(|run| run["case"].as_str())
        .unwrap_or_else(|| panic!("no run of {implementation}"))
}
