//! Checks that keep the layout ARCHITECTURE.md describes: the engine's modules form no cycle, the
//! engine depends on no command-line crate, no engine code outside `executor/` names a language,
//! and in the front every command module uses only the shared `output` module. Plain tests, so
//! `cargo test` is the gate.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The modules each module of `src` names through `crate::NAME` (a submodule counts as its
/// parent; comments are skipped).
fn module_graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut files = vec![src.to_path_buf()];
    while let Some(path) = files.pop() {
        if path.is_dir() {
            files.extend(
                std::fs::read_dir(&path).expect("src is readable").map(|entry| entry.expect("entry").path()),
            );
            continue;
        }
        if path.extension().is_none_or(|extension| extension != "rs") {
            continue;
        }
        let relative = path.strip_prefix(src).expect("under src");
        let module =
            relative.components().next().expect("a file").as_os_str().to_string_lossy().replace(".rs", "");
        if module == "lib" || module == "main" || module == "tidy" {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a source file");
        let uses = graph.entry(module.clone()).or_default();
        for line in text.lines().filter(|line| !line.trim_start().starts_with("//")) {
            for (at, _) in line.match_indices("crate::") {
                let rest = &line[at + "crate::".len()..];
                let names: Vec<&str> = match rest.strip_prefix('{') {
                    Some(group) => group.split('}').next().unwrap_or("").split(',').collect(),
                    None => vec![rest],
                };
                for name in names {
                    let name: String =
                        name.trim().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                    let is_module = src.join(format!("{name}.rs")).exists() || src.join(&name).is_dir();
                    if is_module && name != module {
                        uses.insert(name);
                    }
                }
            }
        }
    }
    graph
}

/// A cycle in `graph`, as the modules along it, if there is one.
fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        module: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|seen| seen == module) {
            let mut cycle = path[at..].to_vec();
            cycle.push(module.to_string());
            return Some(cycle);
        }
        if done.contains(module) {
            return None;
        }
        path.push(module.to_string());
        for next in graph.get(module).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(module.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph.keys().find_map(|module| visit(module, graph, &mut Vec::new(), &mut done))
}

/// The domain crate, `judge-core`, below the commands.
fn core_crate() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../judge-core/src")
}

#[test]
fn the_engine_modules_form_no_cycle() {
    let core = module_graph(&core_crate());
    assert!(core.len() >= 10, "{core:?}");
    assert_eq!(find_cycle(&core), None, "judge-core's module graph: {core:#?}");
    let commands = module_graph(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    assert!(commands.len() >= 10, "{commands:?}");
    assert_eq!(find_cycle(&commands), None, "the commands' module graph: {commands:#?}");
    // The checks above see real edges: runs reach the child protocol through contestant, the
    // judge chooses its contestants in choose, nothing but its reports uses the judge.
    assert!(core["contestant"].contains("child") && commands["judge"].contains("choose"));
    let users_of_judge: Vec<&String> =
        commands.iter().filter(|(_, uses)| uses.contains("judge")).map(|(module, _)| module).collect();
    assert_eq!(users_of_judge, vec!["html", "report"]);
}

/// The run crate, the floor below the engine, beside it.
fn run_crate() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../run/src")
}

#[test]
fn the_run_crate_forms_no_cycle_and_knows_no_verdict_problem_or_language() {
    let graph = module_graph(&run_crate());
    assert_eq!(graph.keys().collect::<Vec<_>>(), ["runner", "sandbox"]);
    assert_eq!(find_cycle(&graph), None, "{graph:#?}");
    let files = sources(&run_crate());
    assert!(files.len() >= 10, "{} files", files.len());
    const ENGINE_WORDS: [&str; 4] = ["Verdict", "Problem", "Language", "judge::"];
    let named: Vec<String> = files
        .iter()
        .flat_map(|(path, text)| {
            let words = code_lines(text).flat_map(move |(line, code)| {
                ENGINE_WORDS.iter().filter(move |word| code.contains(*word)).map(move |word| (line, *word))
            });
            language_marks(text)
                .into_iter()
                .chain(words)
                .map(move |(line, mark)| format!("{path}:{line}: {mark}"))
        })
        .collect();
    assert_eq!(named, Vec::<String>::new(), "the run crate names what only the engine may know");
}

#[test]
fn a_cycle_is_found_when_there_is_one() {
    let graph: BTreeMap<String, BTreeSet<String>> = [("a", "b"), ("b", "c"), ("c", "a")]
        .into_iter()
        .map(|(from, to)| (from.to_string(), BTreeSet::from([to.to_string()])))
        .collect();
    assert_eq!(find_cycle(&graph), Some(vec!["a".into(), "b".into(), "c".into(), "a".into()]));
}

#[test]
fn the_engine_knows_no_command_line() {
    let dependencies = |crate_folder: &str| {
        let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join(crate_folder).join("Cargo.toml");
        let text = std::fs::read_to_string(manifest).expect("manifest");
        let list =
            text.split("[dependencies]").nth(1).and_then(|rest| rest.split("\n[").next()).unwrap_or("");
        list.lines()
            .filter_map(|line| line.split(['.', ' ', '=']).next())
            .map(String::from)
            .collect::<Vec<_>>()
    };
    let commands = dependencies(".");
    let core = dependencies("../judge-core");
    assert!(
        commands.contains(&"judge-core".to_string()) && core.contains(&"checker".to_string()),
        "{core:?}"
    );
    for front_crate in ["clap", "lexopt", "indicatif", "anstream"] {
        assert!(!commands.contains(&front_crate.to_string()), "the commands depend on {front_crate}");
        assert!(!core.contains(&front_crate.to_string()), "judge-core depends on {front_crate}");
    }
    // The domain renders nothing and snapshots nothing: those are the commands'.
    for commands_crate in ["judge", "insta", "anstyle", "serde_json"] {
        assert!(!core.contains(&commands_crate.to_string()), "judge-core depends on {commands_crate}");
    }
}

#[test]
fn front_commands_use_only_the_shared_output_module() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../queens-judge/src");
    let graph = module_graph(&src);
    assert!(graph.contains_key("judge") && graph.contains_key("output"), "{graph:?}");
    for (module, uses) in &graph {
        let others: Vec<&String> = uses.iter().filter(|used| *used != "output").collect();
        assert!(
            others.is_empty(),
            "crates/queens-judge/src/{module}.rs uses {others:?}: a helper two commands need belongs below both"
        );
    }
}

/// What names a language or reads one runtime's report: a language's id as a string, and the
/// words runtimes print when they crash or run out of memory.
const LANGUAGE_MARKS: [&str; 14] = [
    "\"rust\"",
    "\"cpp\"",
    "\"c\"",
    "\"python\"",
    "\"java\"",
    "\"javascript\"",
    "panicked at",
    "has overflowed its stack",
    "memory allocation of",
    "bad_alloc",
    "OutOfMemoryError",
    "JavaScript heap",
    "MemoryError",
    "Exception in thread",
];

/// The lines of `text` that are code, with their numbers: not its comments, and nothing from its
/// tests on.
fn code_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(at, line)| (at + 1, line.trim_start()))
        .take_while(|(_, code)| !code.starts_with("#[cfg(test)]"))
        .filter(|(_, code)| !code.starts_with("//"))
        .map(|(number, code)| (number, code.split(" // ").next().unwrap_or(code)))
}

/// The lines of `text` (its code) that name a language: `(line number, mark)`.
fn language_marks(text: &str) -> Vec<(usize, &'static str)> {
    code_lines(text)
        .flat_map(|(number, code)| {
            LANGUAGE_MARKS.iter().filter(move |mark| code.contains(*mark)).map(move |mark| (number, *mark))
        })
        .collect()
}

#[test]
fn only_executors_name_a_language() {
    assert_eq!(
        language_marks("let x = \"python\"; // \"java\"\n// OutOfMemoryError\n"),
        vec![(1, "\"python\"")]
    );
    assert_eq!(language_marks("ok();\n#[cfg(test)]\nmod tests { \"cpp\" }\n"), Vec::new());
    let mut files: Vec<(String, String)> =
        sources(&core_crate()).into_iter().filter(|(path, _)| !path.starts_with("executor/")).collect();
    let commands = sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    files.extend(commands.into_iter().filter(|(path, _)| path != "tidy.rs"));
    assert!(files.len() > 20, "{} files", files.len());
    let named: Vec<String> = files
        .iter()
        .flat_map(|(path, text)| {
            language_marks(text).into_iter().map(move |(line, mark)| format!("{path}:{line}: {mark}"))
        })
        .collect();
    assert_eq!(named, Vec::<String>::new(), "a language named outside executor/: its executor should say it");
}

/// The problems' ids, from their description files' names (`problems/ID.toml`).
fn problem_ids() -> Vec<String> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../problems");
    let mut ids: Vec<String> = std::fs::read_dir(&folder)
        .expect("the problems folder")
        .filter_map(|entry| entry.ok()?.file_name().to_str()?.strip_suffix(".toml").map(String::from))
        .collect();
    ids.sort();
    ids
}

/// The lines of `text` (its code) that name a problem, with what names it: a `Problem::X` that is
/// not a function (a variant, a constant), or a string literal holding one of `ids` as a word of
/// its own (letters, digits, `_` and `-` around it make another word). An id without a digit is
/// also an English word (`queens`): it counts only in a literal without spaces, a bare name.
fn problem_names(text: &str, ids: &[String]) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (number, code) in code_lines(text) {
        for after in code.split("Problem::").skip(1) {
            let name: String = after.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
            if name.starts_with(|c: char| c.is_ascii_uppercase()) {
                found.push((number, format!("Problem::{name}")));
            }
        }
        // The literals are every other piece between unescaped quotes.
        let unescaped = code.replace("\\\\", "").replace("\\\"", "");
        for literal in unescaped.split('"').skip(1).step_by(2) {
            let bare = !literal.contains(char::is_whitespace);
            let words = literal.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'));
            // An id that is also an English word (`queens`) counts in a bare name only, not in prose.
            let named = |word: &&str| {
                ids.iter().any(|id| id == word) && (bare || word.contains(|c: char| c.is_ascii_digit()))
            };
            for word in words.filter(named) {
                found.push((number, format!("\"{word}\"")));
            }
        }
    }
    found
}

#[test]
fn no_code_names_a_problem_but_its_description() {
    let ids = vec!["cses1624".to_string(), "queens".to_string()];
    let sample = "let a = Problem::Cses1624;\nlet b = Problem::all();\nlet c = \"x (cses1624, y)\";\n\
                  let d = \"queens-judge\"; // \"queens\"\nlet e = \"cses1624/\";\nlet g = \"8 queens\";\n\
                  let h = [\"queens\", \"solve_n_queens\"];\n#[cfg(test)]\nlet f = \"queens\";\n";
    let lines: Vec<usize> = problem_names(sample, &ids).into_iter().map(|(line, _)| line).collect();
    assert_eq!(lines, [1, 3, 5, 7]);
    let ids = problem_ids();
    assert!(ids.len() >= 5, "{ids:?}");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut found = Vec::new();
    let excepted = ["crates/judge-core/src/problem.rs", "crates/judge-core/src/problem/description.rs"];
    let folders = [
        "crates/judge-core/src",
        "crates/judge/src",
        "crates/queens-judge/src",
        "crates/run/src",
        "xtask/src",
    ];
    for folder in folders {
        for (path, text) in sources(&root.join(folder)) {
            let whole = format!("{folder}/{path}");
            if excepted.contains(&whole.as_str()) || whole == "crates/judge/src/tidy.rs" {
                continue;
            }
            found.extend(
                problem_names(&text, &ids)
                    .into_iter()
                    .map(|(line, what)| format!("{folder}/{path}:{line}: {what}")),
            );
        }
    }
    assert_eq!(found, Vec::<String>::new(), "a problem named in code: its description file should say it");
}

/// A verdict is chosen in one place: in `judge-core`, no code but the grading step
/// (`contestant/grade.rs`) and the verdicts' own definition (`answer.rs`) names one; the commands
/// only read the verdicts of the `Run`s they get.
#[test]
fn verdicts_are_chosen_in_the_grading_step_alone() {
    let named: Vec<String> = sources(&core_crate())
        .iter()
        .filter(|(path, _)| path != "contestant/grade.rs" && path != "answer.rs")
        .flat_map(|(path, text)| {
            code_lines(text)
                .filter(|(_, code)| code.contains("Verdict::"))
                .map(move |(line, _)| format!("{path}:{line}"))
        })
        .collect();
    assert_eq!(named, Vec::<String>::new(), "a verdict chosen outside the grading step");
    let grading = std::fs::read_to_string(core_crate().join("contestant/grade.rs")).expect("grade.rs");
    assert!(code_lines(&grading).filter(|(_, code)| code.contains("Verdict::")).count() >= 7);
}

/// Every run's limits are built in `limits.rs`: no other code of the engine or the front writes a
/// `Limits { .. }` (tests apart).
#[test]
fn limits_are_built_in_one_place() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut found = Vec::new();
    for folder in ["crates/judge-core/src", "crates/judge/src", "crates/queens-judge/src", "xtask/src"] {
        for (path, text) in sources(&root.join(folder)) {
            if folder == "crates/judge-core/src" && path == "limits.rs" {
                continue;
            }
            // A struct literal: not a type before a block (`impl Limits {`, `-> Limits {`).
            let built = code_lines(&text).filter(|(_, code)| {
                code.contains("Limits {") && !code.contains("impl ") && !code.contains("-> ")
            });
            found.extend(built.map(|(line, _)| format!("{folder}/{path}:{line}")));
        }
    }
    assert_eq!(found, Vec::<String>::new(), "limits built outside limits.rs");
}

/// The most lines a source file of the engine or the front may have, its tests apart.
const MAX_FILE_LINES: usize = 600;
/// The most lines a function may have.
const MAX_FUNCTION_LINES: usize = 80;

/// Each function of `text` (its tests apart) with its length in lines, from its `fn` line to the
/// brace that closes it at the same indentation.
fn function_lengths(text: &str) -> Vec<(String, usize)> {
    let lines: Vec<&str> = text.lines().take_while(|line| !line.starts_with("#[cfg(test)]")).collect();
    let mut found = Vec::new();
    for (at, line) in lines.iter().enumerate() {
        let code = line.trim_start();
        let indent = &line[..line.len() - code.len()];
        let Some(after) = ["", "pub ", "pub(crate) ", "pub(super) "].iter().find_map(|visibility| {
            let rest = code.strip_prefix(visibility)?;
            let rest = rest.strip_prefix("const ").unwrap_or(rest);
            let rest = rest.strip_prefix("unsafe ").unwrap_or(rest);
            let rest = rest.strip_prefix("extern \"C\" ").unwrap_or(rest);
            rest.strip_prefix("fn ")
        }) else {
            continue;
        };
        if line.trim_end().ends_with(';') {
            continue;
        }
        let name: String = after.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
        let closing = format!("{indent}}}");
        let end =
            lines[at..].iter().position(|line| *line == closing).map_or(lines.len() - at, |end| end + 1);
        found.push((name, end));
    }
    found
}

/// Every `.rs` file under `root`, with its path relative to it.
fn sources(root: &Path) -> Vec<(String, String)> {
    let mut files = vec![root.to_path_buf()];
    let mut found = Vec::new();
    while let Some(path) = files.pop() {
        if path.is_dir() {
            files.extend(
                std::fs::read_dir(&path).expect("readable").map(|entry| entry.expect("entry").path()),
            );
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            let relative = path.strip_prefix(root).expect("under root").display().to_string();
            found.push((relative, std::fs::read_to_string(&path).expect("a source file")));
        }
    }
    found
}

#[test]
fn no_file_or_function_grows_past_its_bound() {
    assert_eq!(function_lengths("fn a() {\n    x();\n}\n    pub(crate) fn b();\n"), [("a".to_string(), 3)]);
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut faults = Vec::new();
    for root in [
        manifest.join("src"),
        core_crate(),
        run_crate(),
        manifest.join("../queens-judge/src"),
        manifest.join("../../xtask/src"),
    ] {
        for (path, text) in sources(&root) {
            let lines = text.lines().take_while(|line| !line.starts_with("#[cfg(test)]")).count();
            if lines > MAX_FILE_LINES {
                faults.push(format!("{path}: {lines} lines, past {MAX_FILE_LINES}"));
            }
            for (name, length) in function_lengths(&text) {
                if length > MAX_FUNCTION_LINES {
                    faults.push(format!("{path} {name}: {length} lines, past {MAX_FUNCTION_LINES}"));
                }
            }
        }
    }
    assert_eq!(faults, Vec::<String>::new(), "split what grew (ARCHITECTURE.md's code map says where)");
}
