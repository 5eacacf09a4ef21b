//! What the tests share: the built `cargo xtask` binary run as a black box (with a deadline, so that
//! a hang fails the test instead of stalling it), temporary folders, the implementations as
//! `cargo xtask list` names them, and a reader for the case files the binary writes.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use checker::Board;
use serde_json::Value;

/// A child process that ends with the value: killed and reaped when dropped, whatever the test did.
pub struct KilledOnDrop(pub Child);

impl Drop for KilledOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// How long any one run may take before the test kills it and fails: a guard against a hang, in
/// minutes, never a figure (a busy machine may take many times the quiet one's time).
pub const DEADLINE: Duration = Duration::from_secs(600);

/// A folder under the system's temporary folder, removed when dropped.
pub struct TempFolder {
    pub path: PathBuf,
}

impl TempFolder {
    pub fn new(label: &str) -> TempFolder {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let unique =
            format!("xtask-it-{label}-{}-{}", std::process::id(), COUNTER.fetch_add(1, Ordering::Relaxed));
        let path = std::env::temp_dir().join(unique);
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("create a temporary folder");
        TempFolder { path }
    }

    /// Writes `text` to `relative` under the folder, creating folders on the way.
    pub fn write(&self, relative: &str, text: &str) -> PathBuf {
        let path = self.path.join(relative);
        std::fs::create_dir_all(path.parent().expect("a file has a folder")).expect("create folders");
        std::fs::write(&path, text).expect("write a file");
        path
    }

    /// The folder as a command-line argument.
    pub fn arg(&self) -> &str {
        path_arg(&self.path)
    }

    /// Every file and folder under it, as sorted relative paths.
    pub fn listing(&self) -> Vec<String> {
        listing(&self.path)
    }
}

impl Drop for TempFolder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// Every file and folder under `root` (links not followed), as sorted `/`-separated relative paths.
pub fn listing(root: &Path) -> Vec<String> {
    fn walk(root: &Path, folder: &Path, found: &mut Vec<String>) {
        let Ok(entries) = std::fs::read_dir(folder) else { return };
        for entry in entries.flatten() {
            let path = entry.path();
            let relative =
                path.strip_prefix(root).expect("under the root").to_string_lossy().replace('\\', "/");
            let is_folder = entry.file_type().is_ok_and(|kind| kind.is_dir());
            found.push(if is_folder { format!("{relative}/") } else { relative });
            if is_folder {
                walk(root, &path, found);
            }
        }
    }
    let mut found = Vec::new();
    walk(root, root, &mut found);
    found.sort();
    found
}

pub fn path_arg(path: &Path) -> &str {
    path.to_str().expect("test paths are UTF-8")
}

/// The workspace's root folder.
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask/ is in the workspace").to_path_buf()
}

/// The repository's own cases folder.
pub fn repository_cases() -> PathBuf {
    workspace_root().join("cases")
}

/// One run of the binary, to be configured and then started with [`Xtask::run`].
pub struct Xtask {
    command: Command,
    shown: String,
}

/// What a finished run left: its exit status, its output, and how long it took.
#[derive(Debug)]
pub struct Ran {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
    pub elapsed: Duration,
    pub shown: String,
}

/// `cargo xtask ARGS` as the built binary, outside CI and with every colour setting removed.
pub fn xtask(args: &[&str]) -> Xtask {
    run_as(Path::new(env!("CARGO_BIN_EXE_xtask")), "cargo xtask", args)
}

/// `program ARGS`, shown as `shown ARGS`, outside CI and with every colour setting removed.
fn run_as(program: &Path, shown: &str, args: &[&str]) -> Xtask {
    let mut command = Command::new(program);
    command.args(args);
    for variable in ["CI", "NO_COLOR", "CLICOLOR", "CLICOLOR_FORCE", "INSTA_UPDATE", "INSTA_FORCE_PASS"] {
        command.env_remove(variable);
    }
    Xtask { command, shown: format!("{shown} {}", args.join(" ")) }
}

/// Starts `command`, again while its program is busy (ETXTBSY): a binary just copied for a test
/// stays open for writing in whatever another test thread forked meanwhile, until that child's exec.
fn start(command: &mut Command) -> std::io::Result<Child> {
    let mut tries = 0;
    loop {
        match command.spawn() {
            Err(error) if error.raw_os_error() == Some(libc::ETXTBSY) && tries < 100 => {
                tries += 1;
                std::thread::sleep(Duration::from_millis(10));
            }
            started => return started,
        }
    }
}

/// The judge as `cargo install` leaves it: the same binary named `queens-judge`, away from the
/// clone (in `folder`), its built-in cases written below `folder/home`.
pub fn queens_judge(folder: &TempFolder, args: &[&str]) -> Xtask {
    let binary = folder.path.join("bin/queens-judge");
    if !binary.exists() {
        std::fs::create_dir_all(folder.path.join("bin")).expect("a bin folder");
        std::fs::copy(env!("CARGO_BIN_EXE_xtask"), &binary).expect("a copy of the judge");
    }
    run_as(&binary, "queens-judge", args)
        .env("QUEENS_JUDGE_HOME", path_arg(&folder.path.join("home")))
        .env("CARGO_TARGET_DIR", path_arg(&folder.path.join("target")))
}

impl Xtask {
    /// As CI runs it: `CI=true`, so nothing is ever written.
    pub fn ci(mut self) -> Xtask {
        self.command.env("CI", "true");
        self
    }

    pub fn current_dir(mut self, folder: &Path) -> Xtask {
        self.command.current_dir(folder);
        self
    }

    pub fn env(mut self, key: &str, value: &str) -> Xtask {
        self.command.env(key, value);
        self
    }

    /// Starts it and returns at once, its output piped, for a test that reads it while it runs.
    pub fn spawn(mut self) -> Child {
        self.command.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
        start(&mut self.command).unwrap_or_else(|error| panic!("start {}: {error}", self.shown))
    }

    /// Runs it to its end, or kills it and fails the test past [`DEADLINE`].
    pub fn run(mut self) -> Ran {
        let started = Instant::now();
        self.command.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
        let mut child = start(&mut self.command).expect("start the xtask binary");
        let reader = |mut source: Box<dyn Read + Send>| {
            std::thread::spawn(move || {
                let mut bytes = Vec::new();
                let _ = source.read_to_end(&mut bytes);
                String::from_utf8_lossy(&bytes).into_owned()
            })
        };
        let stdout = reader(Box::new(child.stdout.take().expect("piped")));
        let stderr = reader(Box::new(child.stderr.take().expect("piped")));
        let status = loop {
            if let Some(status) = child.try_wait().expect("wait for the xtask binary") {
                break status;
            }
            if started.elapsed() > DEADLINE {
                let _ = child.kill();
                let _ = child.wait();
                panic!("`{}` still ran after {DEADLINE:?}: killed", self.shown);
            }
            std::thread::sleep(Duration::from_millis(5));
        };
        let elapsed = started.elapsed();
        Ran {
            code: status.code(),
            stdout: stdout.join().expect("read stdout"),
            stderr: stderr.join().expect("read stderr"),
            elapsed,
            shown: self.shown,
        }
    }
}

impl Ran {
    /// Asserts the exit status, showing the command and its output when it differs.
    #[track_caller]
    pub fn expect_code(&self, code: i32) -> &Ran {
        assert_eq!(self.code, Some(code), "{self}");
        self
    }

    /// The JSON report on stdout.
    #[track_caller]
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.stdout).unwrap_or_else(|error| panic!("not JSON ({error}): {self}"))
    }

    /// Asserts a usage error: status 2, nothing on stdout, exactly one line on stderr, starting
    /// with `error:`; returns that line.
    #[track_caller]
    pub fn usage_error(&self) -> &str {
        self.expect_code(2);
        assert!(self.stdout.is_empty(), "a usage error prints nothing on stdout: {self}");
        self.one_error_line()
    }

    /// Asserts exit status 4 (a file given cannot be used), told in one line; returns it.
    #[track_caller]
    pub fn input_error(&self) -> &str {
        self.expect_code(4);
        assert!(self.stdout.is_empty(), "an input error prints nothing on stdout: {self}");
        self.one_error_line()
    }

    /// Asserts exit status 3 (the machine lacks a tool), told in one line; returns it.
    #[track_caller]
    pub fn environment_error(&self) -> &str {
        self.expect_code(3);
        assert!(self.stdout.is_empty(), "an environment error prints nothing on stdout: {self}");
        self.one_error_line()
    }

    /// Asserts stderr is exactly one line starting with `error:`; returns it.
    #[track_caller]
    pub fn one_error_line(&self) -> &str {
        let lines: Vec<&str> = self.stderr.lines().collect();
        assert_eq!(lines.len(), 1, "expected one line on stderr: {self}");
        assert!(lines[0].starts_with("error: "), "{self}");
        assert!(self.stderr.ends_with('\n'), "{self}");
        lines[0]
    }
}

impl std::fmt::Display for Ran {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "`{}` exited with {:?} after {:?}\n--- stdout\n{}\n--- stderr\n{}",
            self.shown, self.code, self.elapsed, self.stdout, self.stderr
        )
    }
}

/// One line of `cargo xtask list`: an implementation and the problems it solves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listed {
    pub id: String,
    pub problems: Vec<String>,
}

impl Listed {
    pub fn solves(&self, problem: &str) -> bool {
        self.problems.iter().any(|solved| solved == problem)
    }

    /// The name the judge's table heads its column with: the id without its prefix.
    pub fn name(&self) -> &str {
        self.id.split_once('/').map_or(self.id.as_str(), |(_, name)| name)
    }
}

/// The implementations `cargo xtask list` prints (with the fixtures when asked), in its order.
pub fn list(with_fixtures: bool) -> Vec<Listed> {
    let args: &[&str] = if with_fixtures { &["list", "--with-fixtures"] } else { &["list"] };
    let ran = xtask(args).run();
    ran.expect_code(0);
    ran.stdout
        .lines()
        .map(|line| {
            let mut fields = line.split_whitespace();
            let id = fields.next().unwrap_or_else(|| panic!("an empty line in {ran}")).to_string();
            let problems: Vec<String> = fields
                .next()
                .unwrap_or_else(|| panic!("no problems on `{line}`"))
                .split(',')
                .map(String::from)
                .collect();
            assert_eq!(fields.next(), None, "`{line}`: an id and its problems");
            Listed { id, problems }
        })
        .collect()
}

/// The problems the judge knows, as `--problem` and the JSON name them.
pub const PROBLEMS: [&str; 7] =
    ["cses1624", "queens", "leetcode51", "leetcode52", "poj3239", "uva11195", "aoj-alds1-13-a"];

/// The problems whose input is one board: every one but POJ 3239 (sides), UVa 11195 (several
/// boards) and AOJ ALDS1_13_A (placed queens).
pub const BOARD_PROBLEMS: [&str; 4] = ["cses1624", "queens", "leetcode51", "leetcode52"];

/// A case file as the binary writes it (`cases/README.md`): its board, whether it is written as
/// `n = N`, and its `expected`.
#[derive(Clone, Debug)]
pub struct CaseFile {
    pub board: Board,
    pub as_n: bool,
    pub expected: u64,
}

/// Reads a case file in the layout `new-case` and `stress` write and the repository's cases use.
pub fn read_case(path: &Path) -> CaseFile {
    let text = std::fs::read_to_string(path).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
    parse_case_text(&text).unwrap_or_else(|| panic!("{}: not a case file:\n{text}", path.display()))
}

/// Parses the case text [`read_case`] reads; `None` when it is not in that layout.
pub fn parse_case_text(text: &str) -> Option<CaseFile> {
    let value = |key: &str| {
        text.lines()
            .find_map(|line| line.strip_prefix(&format!("{key} = ")).map(|value| value.trim().to_string()))
    };
    let expected = value("expected")?.parse().ok()?;
    if let Some(n) = value("n") {
        return Some(CaseFile { board: Board::empty(n.parse().ok()?).ok()?, as_n: true, expected });
    }
    let start = text.find("board = \"\"\"\n")? + "board = \"\"\"\n".len();
    let end = start + text[start..].find("\"\"\"")?;
    Some(CaseFile { board: Board::parse(&text[start..end]).ok()?, as_n: false, expected })
}

/// Every case of a board in a cases folder, by id (its path without `.toml`), in the layout
/// [`parse_case_text`] reads; the `snapshots/` folder and the cases of several tests or of placed
/// queens ([`sides_cases_in`], and those with `boards` or `placed`) are skipped.
pub fn cases_in(folder: &Path) -> Vec<(String, CaseFile)> {
    let mut sides = sides_cases_in(folder);
    sides.extend(cases_with_key(folder, "boards"));
    sides.extend(cases_with_key(folder, "placed"));
    listing(folder)
        .into_iter()
        .filter(|path| path.ends_with(".toml") && !path.starts_with("snapshots/"))
        .filter(|path| !sides.iter().any(|id| *id == path.trim_end_matches(".toml")))
        .map(|path| {
            let case = read_case(&folder.join(&path));
            (path.trim_end_matches(".toml").to_string(), case)
        })
        .collect()
}

/// The ids of a cases folder's cases of sides (POJ 3239's: a `sides = ` line).
pub fn sides_cases_in(folder: &Path) -> Vec<String> {
    cases_with_key(folder, "sides")
}

/// The ids of a cases folder's cases with a `KEY = ` line.
pub fn cases_with_key(folder: &Path, key: &str) -> Vec<String> {
    listing(folder)
        .into_iter()
        .filter(|path| path.ends_with(".toml") && !path.starts_with("snapshots/"))
        .filter(|path| {
            let text = std::fs::read_to_string(folder.join(path)).unwrap_or_default();
            text.lines().any(|line| line.starts_with(&format!("{key} = ")))
        })
        .map(|path| path.trim_end_matches(".toml").to_string())
        .collect()
}

/// The runs of a judge report (every problem's table), with a field of each.
pub fn runs(report: &Value) -> Vec<&Value> {
    report["problems"]
        .as_array()
        .expect("problems")
        .iter()
        .flat_map(|problem| problem["runs"].as_array().expect("runs"))
        .collect()
}

/// The problems a judge report has a table for, in its order.
pub fn problem_ids(report: &Value) -> Vec<&str> {
    report["problems"]
        .as_array()
        .expect("problems")
        .iter()
        .map(|table| table["problem"].as_str().expect("id"))
        .collect()
}

/// The table of `problem` in a judge report, if it has one.
pub fn table<'a>(report: &'a Value, problem: &str) -> Option<&'a Value> {
    report["problems"].as_array().expect("problems").iter().find(|table| table["problem"] == problem)
}

/// The strings of a JSON array.
pub fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .unwrap_or_else(|| panic!("not an array: {value}"))
        .iter()
        .map(|item| item.as_str().unwrap_or_else(|| panic!("not a string: {item}")).to_string())
        .collect()
}

/// The run of `implementation` on `case` in `problem`'s table.
#[track_caller]
pub fn run_of<'a>(report: &'a Value, problem: &str, implementation: &str, case: &str) -> &'a Value {
    let table = table(report, problem).unwrap_or_else(|| panic!("no {problem} table"));
    table["runs"]
        .as_array()
        .expect("runs")
        .iter()
        .find(|run| run["implementation"] == implementation && run["case"] == case)
        .unwrap_or_else(|| panic!("no run of {implementation} on {case} in the {problem} table"))
}

/// A run's verdict and detail (empty when it has none).
pub fn verdict(run: &Value) -> (&str, &str) {
    (run["verdict"].as_str().expect("a verdict"), run["detail"].as_str().unwrap_or(""))
}

/// Kills its busy loops when dropped, whatever the test's outcome.
pub struct BusyLoops(Vec<Child>);

impl BusyLoops {
    /// Starts `count` shell loops that each keep a core busy.
    pub fn start(count: usize) -> BusyLoops {
        BusyLoops(
            (0..count)
                .map(|_| {
                    Command::new("sh")
                        .args(["-c", "while :; do :; done"])
                        .stdin(Stdio::null())
                        .spawn()
                        .expect("start a busy loop")
                })
                .collect(),
        )
    }
}

impl Drop for BusyLoops {
    fn drop(&mut self) {
        for child in &mut self.0 {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// The pids of the live processes named `comm` (/proc/PID/comm), of the user `uid` where one is
/// given. A zombie is dead already, waiting for whoever it was handed to (PID 1) to reap it.
pub fn processes_named(comm: &str) -> Vec<String> {
    processes_of(None, comm)
}

/// [`processes_named`], of the user `uid` alone where one is given.
pub fn processes_of(uid: Option<u32>, comm: &str) -> Vec<String> {
    use std::os::unix::fs::MetadataExt;
    let Ok(entries) = std::fs::read_dir("/proc") else { return Vec::new() };
    entries
        .flatten()
        .filter(|entry| entry.file_name().to_string_lossy().bytes().all(|byte| byte.is_ascii_digit()))
        .filter(|entry| uid.is_none_or(|uid| entry.metadata().is_ok_and(|metadata| metadata.uid() == uid)))
        .filter(|entry| {
            std::fs::read_to_string(entry.path().join("comm")).is_ok_and(|name| name.trim_end() == comm)
        })
        .filter(|entry| {
            std::fs::read_to_string(entry.path().join("stat"))
                .is_ok_and(|stat| !stat.rsplit_once(") ").is_some_and(|(_, rest)| rest.starts_with('Z')))
        })
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect()
}
