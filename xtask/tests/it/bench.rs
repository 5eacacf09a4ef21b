//! `cargo xtask bench`, never timed: `--sizes` and `--budget` as the command reads them, usage
//! errors (caught before any release build, a plot folder that cannot be written among them, a
//! `--threads` past the CPUs), and tiny runs whose JSON must have the right shape and the answers
//! OEIS A000170 and the checker's oracle give, whose plot must be well-formed SVG with one line per
//! implementation and thread count, and whose deliberately broken fixtures must come out as a wrong
//! answer (never a time) and as over budget (then skipped at larger sizes, per thread count).
//! `--threads` is checked through the parallelism each child reports having seen, `--baseline`
//! through the ratios, never through a time.
//!
//! The runs pass the hidden `--in-place`, so they time the debug build the tests built instead of
//! building a release one: these tests look at shapes and answers, not at figures. The runs that
//! must not reach the build have `CARGO=false`, so that reaching it fails at once instead of
//! building.

use checker::{oracle, Board};
use serde_json::Value;

use crate::support::{list, path_arg, xtask, Ran, TempFolder};

/// Runs `cargo xtask bench --in-place --json --out FOLDER/plot ARGS` in CI; returns the run, the
/// report and the plot's text, having checked that the plot is the one file left in its folder.
fn bench_json(folder: &TempFolder, arguments: &[&str]) -> (Ran, Value, String) {
    let plot_folder = folder.path.join("plot");
    let mut all = vec!["bench", "--in-place", "--json", "--out", path_arg(&plot_folder)];
    all.extend_from_slice(arguments);
    let ran = xtask(&all).ci().run();
    let report = ran.json();
    let plot = std::fs::read_to_string(plot_folder.join("empty-boards.svg")).expect("the plot is written");
    // Neither the writability probe nor the plot's temporary file is left behind.
    let mut left: Vec<String> = std::fs::read_dir(&plot_folder)
        .expect("the plot folder")
        .map(|entry| entry.expect("an entry").file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(left, ["empty-boards.svg"]);
    assert_eq!(ran.stderr.trim_end(), format!("plot: {}", report["plot"].as_str().expect("the plot's path")));
    (ran, report, plot)
}

/// An empty cases folder in `folder`, so that no reserved board is timed.
fn no_cases(folder: &TempFolder) -> String {
    let cases = folder.path.join("cases");
    std::fs::create_dir_all(&cases).expect("a cases folder");
    path_arg(&cases).to_string()
}

fn find<'a>(measurements: &'a Value, implementation: &str, n: u64) -> &'a Value {
    measurements
        .as_array()
        .expect("a list of measurements")
        .iter()
        .find(|measurement| measurement["implementation"] == implementation && measurement["n"] == n)
        .unwrap_or_else(|| panic!("no measurement of {implementation} at n = {n}: {measurements}"))
}

/// The measurement of `implementation` at `n` with `threads` threads.
fn find_with<'a>(measurements: &'a Value, implementation: &str, n: u64, threads: usize) -> &'a Value {
    measurements
        .as_array()
        .expect("a list of measurements")
        .iter()
        .find(|measurement| {
            measurement["implementation"] == implementation
                && measurement["n"] == n
                && measurement["threads"] == threads
        })
        .unwrap_or_else(|| panic!("no measurement of {implementation} at n = {n}, {threads} threads"))
}

/// How many CPUs bench may give a run, read apart from the engine: the size of this process's
/// affinity set (`Cpus_allowed_list`; the xtask inherits it), lowered by a CPU quota as
/// `available_parallelism` lowers it.
fn cpus_available() -> usize {
    let status = std::fs::read_to_string("/proc/self/status").expect("Linux's /proc/self/status");
    let list = status
        .lines()
        .find_map(|line| line.strip_prefix("Cpus_allowed_list:"))
        .expect("a Cpus_allowed_list line")
        .trim();
    let number = |text: &str| text.trim().parse::<usize>().expect("a CPU number");
    let allowed: usize = list
        .split(',')
        .map(|part| part.split_once('-').map_or(1, |(first, last)| number(last) - number(first) + 1))
        .sum();
    allowed.min(std::thread::available_parallelism().map_or(1, usize::from))
}

/// The thread counts a test can ask for on any machine: 1, and every CPU when there are more.
fn one_and_all() -> Vec<usize> {
    let all = cpus_available();
    if all > 1 {
        vec![1, all]
    } else {
        vec![1]
    }
}

fn comma_list(numbers: &[usize]) -> String {
    numbers.iter().map(ToString::to_string).collect::<Vec<_>>().join(",")
}

/// The processor's first `model name` in /proc/cpuinfo, read apart from the engine.
fn processor_name() -> Option<String> {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").ok()?;
    cpuinfo.lines().find_map(|line| {
        let (key, value) = line.split_once(':')?;
        let value = value.split_whitespace().collect::<Vec<_>>().join(" ");
        (key.trim() == "model name" && !value.is_empty()).then_some(value)
    })
}

/// Asserts a measurement is a wrong answer, with no time of any kind.
#[track_caller]
fn never_a_time(measurement: &Value) {
    assert_eq!(measurement["status"], "wrong_answer", "{measurement}");
    for figure in ["median_ns", "min_ns", "max_ns", "samples_ns", "spread_percent"] {
        assert!(measurement.get(figure).is_none(), "{figure}: {measurement}");
    }
    assert!(measurement["ratio_to_fastest"].is_null(), "{measurement}");
}

#[test]
fn sizes_and_budgets_are_read_as_written() {
    let folder = TempFolder::new("bench-sizes");
    let cases = no_cases(&folder);
    // The off-by-one counter answers every side wrongly and at once, so nothing is timed.
    for (text, budget, sizes) in [
        ("4..=6", "0.5", vec![4, 5, 6]),
        ("4..7", "60", vec![4, 5, 6]),
        ("8, 4,6", "2", vec![4, 6, 8]),
        ("5", "1", vec![5]),
        ("4..=5,5..6,12", "3600", vec![4, 5, 12]),
    ] {
        let (ran, report, _) = bench_json(
            &folder,
            &[
                "--with-fixtures",
                "--impl",
                "cses/broken-off-by-one",
                "--cases",
                &cases,
                "--sizes",
                text,
                "--budget",
                budget,
            ],
        );
        ran.expect_code(1);
        assert_eq!(report["sizes"], serde_json::json!(sizes), "{text}");
        assert_eq!(report["budget_seconds"], budget.parse::<f64>().expect("a number"), "{budget}");
        assert_eq!(report["empty_boards"].as_array().map(Vec::len), Some(sizes.len()));
        for n in sizes {
            never_a_time(find(&report["empty_boards"], "cses/broken-off-by-one", n));
        }
    }
}

#[test]
fn bad_sizes_and_budgets_are_one_line_errors() {
    let bound = "sides go from 1 to 27 (those whose count OEIS A000170 gives)";
    let list_form = "expected A..=B, A..B, N or a comma-separated list of these";
    for (text, reason) in [
        ("", list_form),
        ("4,,6", list_form),
        ("a..=5", "`a` is not a whole number"),
        ("4..=5..=6", "`5..=6` is not a whole number"),
        ("-3", "`-3` is not a whole number"),
        ("9..=4", "`9..=4` is empty"),
        ("4..4", "`4..4` is empty"),
        ("0", bound),
        ("0..=3", bound),
        ("4..=28", bound),
        ("4..=99", bound),
    ] {
        let option = format!("--sizes={text}");
        let ran = xtask(&["bench", "--in-place", &option]).ci().run();
        let line = ran.usage_error();
        assert!(line.contains(&format!("--sizes `{text}`: {reason}")), "{text}: {line}");
    }
    for text in ["0", "-1", "abc", "", "1e9", "NaN", "3601"] {
        let option = format!("--budget={text}");
        let ran = xtask(&["bench", "--in-place", &option]).ci().run();
        let line = ran.usage_error();
        assert!(line.contains(&format!("--budget `{text}`: expected ")), "{text}: {line}");
    }
}

#[test]
fn usage_errors_exit_with_status_2_and_one_line_before_any_build() {
    let folder = TempFolder::new("bench-usage");
    // A file where a folder is wanted: no folder can be made under it, on any Unix.
    let blocker = folder.write("not-a-folder", "");
    let out = blocker.join("plot");
    let out_error = format!("error: --out {}: cannot create the folder: ", out.display());
    let too_many = (cpus_available() + 1).to_string();
    let too_many_error = format!("--threads `1,{too_many}`: this process may use {} CPU", cpus_available());
    let runs: [(&[&str], &str); 16] = [
        (&["bench", "--impl", "nomatch"], "error: --impl `nomatch` matches no implementation"),
        // POJ 3239's built-ins take sides, where bench times boards: the judge is their place.
        (
            &["bench", "--impl", "poj3239/construction"],
            "error: --impl `poj3239/construction` matches poj3239/construction, whose input is sides, \
             where bench times boards: judge instead (`cargo xtask judge --problem poj3239`)",
        ),
        (&["bench", "--sizes", "0"], "--sizes `0`: sides go from 1 to 27"),
        (&["bench", "--sizes", "9..=4"], "--sizes `9..=4`: `9..=4` is empty"),
        (&["bench", "--budget", "zero"], "--budget `zero`: expected a number of seconds"),
        (&["bench", "--frobnicate"], "error: unexpected argument '--frobnicate'"),
        (&["bench", "--cases", "no/such/folder"], "error: --cases no/such/folder: not a folder"),
        (&["bench", "--sizes"], "error: a value is required for '--sizes <SIDES>'"),
        (&["bench", "--sizes", "4", "--impl", "cses/bitmask", "--out", path_arg(&out)], out_error.as_str()),
        (&["bench", "--threads", &format!("1,{too_many}")], too_many_error.as_str()),
        (&["bench", "--threads", "0"], "--threads `0`: a run needs at least 1 thread"),
        (&["bench", "--threads", "one"], "--threads `one`: `one` is not a whole number"),
        (&["bench", "--threads", ""], "--threads ``: expected thread counts, comma-separated (1,2)"),
        (
            &["bench", "--impl", "cses/bitmask", "--baseline", "cses/fastest"],
            "error: --baseline `cses/fastest` is none of the implementations timed (cses/bitmask); \
             --impl must select it",
        ),
        (
            &["bench", "--impl", "bitmask", "--baseline", "bitmask"],
            "error: --baseline `bitmask` matches 3 implementations \
             (cses/bitmask, leetcode51/bitmask, leetcode52/bitmask): name one",
        ),
        (&["bench", "--json", "--markdown"], "error: the argument '--json' cannot be used with '--markdown'"),
    ];
    for (arguments, expected) in runs {
        // Without --in-place: a debug build would build a release one next, which CARGO=false
        // turns into a quick failure with status 1.
        let ran = xtask(arguments).ci().env("CARGO", "false").run();
        let line = ran.usage_error();
        assert!(line.contains(expected), "{arguments:?}: {line}");
    }
    assert_eq!(folder.listing(), ["not-a-folder"], "nothing was made under the blocker");
}

/// Checks that `svg` is well-formed as XML goes for what the plot writes: one `svg` root, every
/// tag closed in order, attribute quotes paired. Returns the `path` tags.
fn well_formed_paths(svg: &str) -> Vec<String> {
    let mut open: Vec<String> = Vec::new();
    let mut roots = 0;
    let mut paths = Vec::new();
    let mut rest = svg;
    while let Some(start) = rest.find('<') {
        let end = rest[start..].find('>').expect("every tag ends") + start;
        let tag = &rest[start + 1..end];
        assert_eq!(tag.matches('"').count() % 2, 0, "unpaired quotes in <{tag}>");
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(open.pop().as_deref(), Some(name.trim()), "</{name}> closes nothing open");
        } else if !tag.starts_with('?') && !tag.starts_with('!') {
            let name = tag.split_whitespace().next().expect("a tag name").trim_end_matches('/').to_string();
            if open.is_empty() {
                roots += 1;
                assert_eq!(name, "svg", "the root is svg");
            }
            if name == "path" {
                paths.push(tag.to_string());
            }
            if !tag.ends_with('/') {
                open.push(name);
            }
        }
        rest = &rest[end + 1..];
    }
    assert!(open.is_empty(), "left open: {open:?}");
    assert_eq!(roots, 1);
    paths
}

/// One implementation of each kind, as `cargo xtask list` orders them: a counter that takes any
/// board, a LeetCode 51 and a LeetCode 52 implementation.
fn one_of_each() -> Vec<String> {
    let listed = list(false);
    ["queens", "leetcode51", "leetcode52"]
        .iter()
        .map(|problem| {
            listed
                .iter()
                .find(|entry| entry.solves(problem))
                .unwrap_or_else(|| panic!("none solves {problem}"))
                .id
                .clone()
        })
        .collect()
}

#[test]
fn a_tiny_run_has_right_answers_every_sample_and_a_plot() {
    let folder = TempFolder::new("bench-tiny");
    // One board with reserved squares; its count comes from the checker's brute-force oracle.
    let board_text = ".*...\n.....\n..*..\n.....\n...*.\n";
    let expected_reserved = oracle::count(&Board::parse(board_text).expect("a valid board"));
    folder.write(
        "cases/reserved/tiny.toml",
        &format!("board = \"\"\"\n{board_text}\"\"\"\nexpected = {expected_reserved}\n"),
    );
    folder.write("cases/empty/n05.toml", "n = 5\nexpected = 10\n");
    let implementations = one_of_each();
    let (ran, report, plot) = bench_json(
        &folder,
        &[
            "--sizes",
            "4..=5",
            "--impl",
            &implementations.join(","),
            "--cases",
            path_arg(&folder.path.join("cases")),
        ],
    );
    ran.expect_code(0);
    assert_eq!(report["passed"], true, "{report}");
    assert_eq!(report["release_build"], false, "a test run is the debug build, in place");
    assert_eq!(report["sizes"], serde_json::json!([4, 5]));
    assert_eq!(report["implementations"], serde_json::json!(implementations));
    assert_eq!(report["case_errors"], serde_json::json!([]));
    assert_eq!(report["empty_boards"].as_array().map(Vec::len), Some(6));
    // Without --threads, every run has every CPU available, and says so.
    let all = cpus_available();
    assert_eq!(report["threads"], serde_json::json!([all]));
    assert_eq!((&report["cpus_available"], &report["cpus_used"]), (&all.into(), &all.into()));
    assert_eq!(report["baseline"], Value::Null);

    for implementation in &implementations {
        for n in [4u64, 5] {
            let measurement = find(&report["empty_boards"], implementation, n);
            assert_eq!(measurement["status"], "measured", "{measurement}");
            assert_eq!(measurement["board"], "empty");
            let known = oracle::known_count(n as usize).expect("A000170");
            assert_eq!(measurement["expected"], known);
            assert_eq!(measurement["answer"], known, "{measurement}");
            let samples: Vec<u64> = measurement["samples_ns"]
                .as_array()
                .expect("every sample")
                .iter()
                .map(|sample| sample.as_u64().expect("nanoseconds"))
                .collect();
            assert!(samples.len() >= 5, "{measurement}");
            let median = measurement["median_ns"].as_u64().expect("a median");
            let (min, max) = (samples.iter().min().copied(), samples.iter().max().copied());
            assert_eq!((measurement["min_ns"].as_u64(), measurement["max_ns"].as_u64()), (min, max));
            assert!(min <= Some(median) && Some(median) <= max, "{measurement}");
            // Each problem has one implementation here, so each is its row's fastest.
            assert_eq!(measurement["ratio_to_fastest"], 1.0, "{measurement}");
            assert_eq!((&measurement["threads"], &measurement["cores_seen"]), (&all.into(), &all.into()));
            assert_eq!(measurement["ratio_to_baseline"], Value::Null, "no baseline: {measurement}");
        }
    }
    // The reserved board is timed for the counter only; the empty-board case is not.
    let reserved = report["reserved_boards"].as_array().expect("reserved boards");
    assert_eq!(reserved.len(), 1, "{reserved:?}");
    assert_eq!(reserved[0]["implementation"], implementations[0].as_str());
    assert_eq!(reserved[0]["board"], "reserved/tiny");
    assert_eq!(reserved[0]["status"], "measured", "{}", reserved[0]);
    assert_eq!(reserved[0]["answer"], expected_reserved);

    assert!(report["plot"].as_str().is_some_and(|path| path.ends_with("empty-boards.svg")));
    let paths = well_formed_paths(&plot);
    assert_eq!(paths.len(), implementations.len(), "one path per implementation: {paths:?}");
    for implementation in &implementations {
        let path = paths
            .iter()
            .find(|path| path.contains(&format!("data-implementation=\"{implementation}\"")))
            .unwrap_or_else(|| panic!("no path for {implementation}"));
        // A line through both sizes: a move, then a line.
        assert_eq!(path.matches('M').count() + path.matches('L').count(), 2, "{path}");
        assert!(plot.contains(&format!(">{implementation}</text>")), "{implementation} is in the legend");
    }
    assert!(plot.contains("time of one run") && plot.contains("µs"), "axes and ticks are labelled");
}

#[test]
fn a_wrong_answer_exits_1_and_is_never_shown_as_a_time() {
    let folder = TempFolder::new("bench-wrong");
    let cases = no_cases(&folder);
    let (ran, report, _) = bench_json(
        &folder,
        &["--with-fixtures", "--sizes", "5", "--impl", "cses/broken-off-by-one", "--cases", &cases],
    );
    ran.expect_code(1);
    assert_eq!(report["passed"], false);
    let wrong = find(&report["empty_boards"], "cses/broken-off-by-one", 5);
    never_a_time(wrong);
    assert_eq!(wrong["answer"], "11");
    assert_eq!(wrong["expected"], 10);
    assert_eq!(wrong["detail"], "answered 11, expected 10");

    let plot_folder = folder.path.join("text-plot");
    let text = xtask(&[
        "bench",
        "--in-place",
        "--with-fixtures",
        "--sizes",
        "5",
        "--impl",
        "cses/broken-off-by-one",
        "--cases",
        &cases,
        "--out",
        path_arg(&plot_folder),
    ])
    .run();
    text.expect_code(1);
    let out = &text.stdout;
    assert!(out.starts_with("DEBUG (not release) build; "), "{text}");
    let row = out.lines().find(|line| line.starts_with("5 ")).unwrap_or_else(|| panic!("{text}"));
    let all = cpus_available().to_string();
    assert_eq!(
        row.split_whitespace().collect::<Vec<_>>(),
        ["5", all.as_str(), "WRONG", "ANSWER", "11"],
        "the thread count, and no time in the cell"
    );
    assert!(
        out.lines().any(|line| line
            == "WRONG ANSWER: cses/broken-off-by-one on the empty 5x5 board: answered 11, expected 10"),
        "{text}"
    );
    // The header says what a cell holds; no line below it holds a time, a spread or a ratio.
    assert!(
        out.lines().skip(1).all(|line| !line.contains('±') && !line.contains('×') && !line.contains("µs")),
        "{text}"
    );
    assert!(!out.contains('\x1b'), "{text}");
}

#[test]
fn a_right_answer_beside_a_wrong_one_is_timed_and_the_wrong_one_is_not() {
    let folder = TempFolder::new("bench-beside");
    let cases = no_cases(&folder);
    let counter = one_of_each().swap_remove(0);
    let pattern = format!("cses/broken-off-by-one,{counter}");
    let (ran, report, plot) =
        bench_json(&folder, &["--with-fixtures", "--sizes", "5", "--impl", &pattern, "--cases", &cases]);
    ran.expect_code(1);
    never_a_time(find(&report["empty_boards"], "cses/broken-off-by-one", 5));
    let right = find(&report["empty_boards"], &counter, 5);
    assert_eq!(right["status"], "measured", "{right}");
    assert_eq!(right["answer"], 10);
    assert_eq!(right["ratio_to_fastest"], 1.0, "the wrong answer is no one's fastest: {right}");
    // Only the timed implementation has a point on the plot; the wrong one is in the legend, without.
    let paths = well_formed_paths(&plot);
    let path_of = |id: &str| {
        paths
            .iter()
            .find(|path| path.contains(&format!("data-implementation=\"{id}\"")))
            .unwrap_or_else(|| panic!("no path for {id}: {paths:?}"))
    };
    assert!(path_of("cses/broken-off-by-one").contains(" d=\"\""), "{paths:?}");
    assert!(path_of(&counter).contains(" d=\"M"), "{paths:?}");
    assert!(plot.contains("cses/broken-off-by-one (no figure)"), "{plot}");
}

#[test]
fn wrong_leetcode_51_boards_are_reported_with_their_fault_and_never_shown_as_a_time() {
    let folder = TempFolder::new("bench-wrong-boards");
    let cases = no_cases(&folder);
    let (ran, report, _) = bench_json(
        &folder,
        &[
            "--with-fixtures",
            "--sizes",
            "4",
            "--impl",
            "leetcode51/broken-attacking-board,leetcode51/broken-drops-a-board",
            "--cases",
            &cases,
        ],
    );
    ran.expect_code(1);
    assert_eq!(report["passed"], false);
    // n = 4 has 2 boards (A000170); the first, .Q.. / ...Q / Q... / ..Q., gets its second queen
    // moved under the first.
    let attacking = find(&report["empty_boards"], "leetcode51/broken-attacking-board", 4);
    never_a_time(attacking);
    assert_eq!(
        attacking["detail"],
        "board 1 of 2: queens at row 1, column 2 and row 2, column 2 attack along their column, expected 2"
    );
    let dropping = find(&report["empty_boards"], "leetcode51/broken-drops-a-board", 4);
    never_a_time(dropping);
    assert_eq!(dropping["answer"], "1 boards");
    assert_eq!(dropping["detail"], "answered 1 boards, expected 2");
}

#[test]
fn a_run_over_budget_is_killed_and_skipped_at_larger_sizes() {
    let folder = TempFolder::new("bench-budget");
    let cases = no_cases(&folder);
    let counter = one_of_each().swap_remove(0);
    let pattern = format!("cses/broken-never-returns,{counter}");
    // With one thread count, then (where the machine has more than one CPU) with two: the budget
    // is kept per thread count, so the second is not skipped for the first one's going over.
    for threads in [vec![1], one_and_all()] {
        let (ran, report, plot) = bench_json(
            &folder,
            &[
                "--with-fixtures",
                "--sizes",
                "4..=6",
                "--budget",
                "0.1",
                "--threads",
                &comma_list(&threads),
                "--impl",
                &pattern,
                "--cases",
                &cases,
            ],
        );
        ran.expect_code(0);
        assert_eq!(report["passed"], true, "over budget is a figure, not a failure: {report}");
        assert_eq!(report["budget_seconds"], 0.1);
        for &count in &threads {
            let killed = find_with(&report["empty_boards"], "cses/broken-never-returns", 4, count);
            assert_eq!(killed["status"], "over_budget", "{killed}");
            assert_eq!(killed["killed"], true);
            assert!(killed["ran_for_ns"].as_u64().is_some_and(|ns| ns >= 100_000_000), "{killed}");
            let reason = if threads.len() == 1 {
                "over budget at n = 4".to_string()
            } else {
                format!("over budget at n = 4, {count} thread{}", if count == 1 { "" } else { "s" })
            };
            for n in [5, 6] {
                let skipped = find_with(&report["empty_boards"], "cses/broken-never-returns", n, count);
                assert_eq!(skipped["status"], "skipped", "{skipped}");
                assert_eq!(skipped["reason"], reason.as_str());
                let measured = find_with(&report["empty_boards"], &counter, n, count);
                assert_eq!(measured["status"], "measured", "{measured}");
                assert_eq!(measured["answer"], oracle::known_count(n as usize).expect("A000170"));
            }
        }
        // The plot marks where each line stops, and has one path per implementation and thread count.
        assert_eq!(well_formed_paths(&plot).len(), 2 * threads.len());
        let label = if threads.len() == 1 {
            "cses/broken-never-returns".to_string()
        } else {
            "cses/broken-never-returns, 1 thread".to_string()
        };
        assert!(plot.contains(&format!("{label} n = 4: over budget")), "{plot}");
        if threads.len() == 1 {
            break;
        }
    }
}

#[test]
fn threads_pin_every_run_and_each_record_says_how_many() {
    let folder = TempFolder::new("bench-threads");
    let cases = no_cases(&folder);
    let threads = one_and_all();
    // cses/fastest sizes its thread pool by available_parallelism, the figure each child reports.
    let (ran, report, plot) = bench_json(
        &folder,
        &[
            "--sizes",
            "4..=8",
            "--impl",
            "cses/fastest",
            "--threads",
            &comma_list(&threads),
            "--cases",
            &cases,
        ],
    );
    ran.expect_code(0);
    assert_eq!(report["threads"], serde_json::json!(threads));
    assert_eq!(report["cpus_available"], cpus_available());
    assert_eq!(report["cpus_used"], threads.iter().max().copied().unwrap_or(1));
    assert_eq!(report["processor"], serde_json::json!(processor_name()));
    let measurements = report["empty_boards"].as_array().expect("measurements");
    assert_eq!(measurements.len(), 5 * threads.len(), "each size with each thread count");
    for &count in &threads {
        for n in 4..=8u64 {
            let measurement = find_with(&report["empty_boards"], "cses/fastest", n, count);
            assert_eq!(measurement["status"], "measured", "{measurement}");
            assert_eq!(measurement["cores_seen"], count, "pinned to {count} CPUs: {measurement}");
            assert_eq!(measurement["ratio_to_fastest"], 1.0, "alone in its row: {measurement}");
        }
    }
    // One line per thread count, each saying which it is.
    let paths = well_formed_paths(&plot);
    assert_eq!(paths.len(), threads.len(), "{paths:?}");
    for &count in &threads {
        let path = paths
            .iter()
            .find(|path| path.contains(&format!("data-threads=\"{count}\"")))
            .unwrap_or_else(|| panic!("no line for {count} threads: {paths:?}"));
        assert!(path.contains("data-implementation=\"cses/fastest\""), "{path}");
    }
}

#[test]
fn a_baseline_gives_each_row_its_ratio_and_the_tables_name_the_processor() {
    let folder = TempFolder::new("bench-baseline");
    let cases = no_cases(&folder);
    let arguments = |sizes| {
        [
            "--sizes",
            sizes,
            "--impl",
            "cses/bitmask,cses/diagonal_arrays",
            "--baseline",
            "cses/bitmask",
            "--threads",
            "1",
            "--cases",
            &cases,
        ]
    };
    let (ran, report, _) = bench_json(&folder, &arguments("4..=8"));
    ran.expect_code(0);
    assert_eq!(report["baseline"], "cses/bitmask");
    for n in 4..=8u64 {
        let baseline = find_with(&report["empty_boards"], "cses/bitmask", n, 1);
        assert_eq!(baseline["status"], "measured", "{baseline}");
        assert_eq!(baseline["ratio_to_baseline"], 1.0, "{baseline}");
        let other = find_with(&report["empty_boards"], "cses/diagonal_arrays", n, 1);
        assert_eq!(other["status"], "measured", "{other}");
        let median = |measurement: &Value| measurement["median_ns"].as_f64().expect("a median");
        let ratio = other["ratio_to_baseline"].as_f64().unwrap_or_else(|| panic!("a ratio: {other}"));
        let expected = median(other) / median(baseline);
        assert!((ratio - expected).abs() <= 1e-9 * expected, "{ratio} against {expected}: {other}");
        for measurement in [baseline, other] {
            assert_eq!(measurement["ratio_to_baseline_bound"], Value::Null, "{measurement}");
        }
    }

    // The same run as Markdown: the machine above the tables, each row with its ratio.
    let plot_folder = folder.path.join("markdown-plot");
    let mut markdown = vec!["bench", "--in-place", "--markdown", "--out", path_arg(&plot_folder)];
    markdown.extend_from_slice(&arguments("4..=5"));
    let text = xtask(&markdown).run();
    text.expect_code(0);
    let out = &text.stdout;
    let processor =
        processor_name().unwrap_or_else(|| "unknown (no model name in /proc/cpuinfo)".to_string());
    let machine = format!("processor: {processor}, 1 CPU used of {}; threads per run: 1", cpus_available());
    assert!(out.lines().any(|line| line == machine), "{text}");
    assert!(out.contains("× the median of cses/bitmask (the baseline)"), "{text}");
    let table: Vec<&str> = out.lines().filter(|line| line.starts_with('|')).collect();
    assert_eq!(
        table[..2],
        ["| n | threads | diagonal_arrays | bitmask |", "| :--- | ---: | ---: | ---: |"],
        "{text}"
    );
    assert_eq!(table.len(), 4, "a row for each size: {text}");
    for (row, n) in table[2..].iter().zip(["4", "5"]) {
        let cells: Vec<&str> = row.trim_matches('|').split(" | ").map(str::trim).collect();
        assert_eq!(cells[..2], [n, "1"], "{row}");
        assert!(cells[2].contains(" ×") && !cells[2].ends_with("×?"), "a ratio: {row}");
        assert!(cells[3].ends_with(" ×1.0"), "the baseline's own: {row}");
    }
}

/// The corpus's right CSES program in every language, and a wrong LeetCode 52 file.
fn corpus_files(pattern: &str) -> Vec<std::path::PathBuf> {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus");
    let (group, prefix) = pattern.split_once('/').expect("GROUP/PREFIX");
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(folder.join(group))
        .expect("a corpus folder")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.file_name().is_some_and(|name| name.to_string_lossy().starts_with(prefix)))
        .collect();
    files.sort();
    files
}

#[test]
fn files_of_every_language_are_timed_beside_a_builtin_and_a_wrong_one_is_never_a_time() {
    let folder = TempFolder::new("bench-files");
    let cases = no_cases(&folder);
    let mut files = corpus_files("cses/right.");
    assert!(files.len() >= 6, "a right CSES program in every language: {files:?}");
    files.extend(corpus_files("leetcode52/wrong.py"));
    let mut arguments = vec!["--impl", "cses/bitmask", "--sizes", "8", "--budget", "2", "--cases", &cases];
    arguments.extend(files.iter().map(|file| path_arg(file)));
    let (ran, report, _) = bench_json(&folder, &arguments);
    assert_eq!(ran.code, Some(1), "the wrong file fails the run: {ran}");
    let expected = oracle::known_count(8).expect("OEIS A000170");
    for file in &files[..files.len() - 1] {
        let name = file.file_name().expect("a name").to_string_lossy();
        let measurement = find(&report["empty_boards"], &format!("cses/{name}"), 8);
        assert_eq!(measurement["status"], "measured", "{measurement}");
        assert_eq!(measurement["answer"], expected, "{measurement}");
        assert_eq!(measurement["fresh_process_per_sample"], true, "{measurement}");
    }
    assert_eq!(find(&report["empty_boards"], "cses/bitmask", 8)["status"], "measured");
    let wrong = find(&report["empty_boards"], "leetcode52/wrong.py", 8);
    never_a_time(wrong);
    assert_eq!(wrong["status"], "wrong_answer", "{wrong}");
}

/// A LeetCode file is timed as LeetCode runs it: its answer is read from its session's frame.
#[test]
fn a_leetcode_file_is_timed_with_its_answer() {
    let folder = TempFolder::new("bench-leetcode-file");
    let cases = no_cases(&folder);
    let files = corpus_files("leetcode52/right.js");
    let mut arguments =
        vec!["--impl", "leetcode52/bitmask", "--sizes", "6", "--budget", "2", "--cases", &cases];
    arguments.extend(files.iter().map(|file| path_arg(file)));
    let (ran, report, _) = bench_json(&folder, &arguments);
    ran.expect_code(0);
    let measurement = find(&report["empty_boards"], "leetcode52/right.js", 6);
    assert_eq!(measurement["status"], "measured", "{measurement}");
    assert_eq!(measurement["answer"], oracle::known_count(6).expect("OEIS A000170"), "{measurement}");
}

#[test]
fn quiet_bench_says_nothing_of_the_release_build_it_makes() {
    // A debug xtask makes a release one first; CARGO=false makes that fail at once, and -q leaves
    // only that failure on stderr.
    let ran =
        xtask(&["bench", "-q", "--impl", "cses/bitmask", "--sizes", "4"]).ci().env("CARGO", "false").run();
    ran.expect_code(1);
    assert_eq!(ran.stderr, "error: the release build failed\n", "{ran}");
}

#[test]
fn the_html_page_holds_the_plot_and_every_measurement() {
    let folder = TempFolder::new("bench-html");
    let page = folder.path.join("bench.html");
    let cases = no_cases(&folder);
    let (_, report, _) = bench_json(
        &folder,
        &[
            "--impl",
            "cses/bitmask,leetcode52/bitmask",
            "--sizes",
            "4,5",
            "--budget",
            "1",
            "--cases",
            &cases,
            "--html",
            path_arg(&page),
        ],
    );
    let html = std::fs::read_to_string(&page).expect("the page is written");
    assert!(html.contains("<svg") && !html.contains("<?xml"), "the plot, inline");
    for outside in ["<script", " src=", "url(", "@import"] {
        assert!(!html.contains(outside), "the page holds `{outside}`");
    }
    let dom = tl::parse(&html, tl::ParserOptions::default()).expect("the page parses");
    let parser = dom.parser();
    let rows: Vec<(String, String)> = dom
        .get_elements_by_class_name("measurement")
        .filter_map(|handle| handle.get(parser).and_then(tl::Node::as_tag))
        .map(|tag| {
            let attribute = |name: &str| {
                tag.attributes()
                    .get(name)
                    .flatten()
                    .map(|value| value.as_utf8_str().into_owned())
                    .unwrap_or_default()
            };
            (attribute("data-implementation"), attribute("data-n"))
        })
        .collect();
    let measured: Vec<(String, String)> = report["empty_boards"]
        .as_array()
        .expect("measurements")
        .iter()
        .map(|measurement| {
            (measurement["implementation"].as_str().expect("an id").to_string(), measurement["n"].to_string())
        })
        .collect();
    assert_eq!(rows, measured, "a row a measurement, in order");
}
