//! Submissions: the files learners write, judged as the judges judge them.
//!
//! A submission is one source file in Rust (`.rs`), C++ (`.cpp`, `.cc`, `.cxx`) or Python (`.py`).
//! Its problem is read from the file: a LeetCode method name (`solve_n_queens`/`solveNQueens`,
//! `total_n_queens`/`totalNQueens`) makes it a LeetCode 51 or 52 solution (a file with both is
//! judged on both); otherwise a whole program (`fn main`, `main(`, or any Python script) is a CSES
//! 1624 submission. `--problem` overrides what the file says.
//!
//! A whole program is compiled as it is and reads the board on stdin. A LeetCode file is compiled
//! inside a driver that behaves as LeetCode's does, and that writes the answer on file descriptor 3
//! (the wire format of [`crate::answer`]), a channel the solution's own prints cannot corrupt:
//! - Rust: the file goes inside `mod user { ... }`, opened on the file's first line so that no line
//!   moves; `struct Solution` is supplied there only when the file has none; the file's own `fn
//!   main`, `use` lines and `#[cfg(test)]` modules stay the module's business.
//! - C++: `<bits/stdc++.h>` and `using namespace std;` come first, then `#line 1 "FILE"`, so the
//!   compiler names the user's file and lines; each call gets `new Solution()`.
//! - Python 3: the driver compiles the file under its own name and runs it in a namespace that has
//!   what LeetCode's has without an import (`typing`'s names, `collections`, `math`, `itertools`,
//!   `functools`, `heapq`, `bisect` and their contents); each call gets a new `Solution()`.
//!
//! Every build is cached under `target/judge-builds/HASH/`, HASH over the file's path (messages name
//! it), the language, the command, the driver and the file's bytes, so judging again after no change starts at once; a failed
//! build (CE) is cached too. A compiler's message names the user's file and lines.

use std::ffi::{OsStr, OsString};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use crate::problem::Problem;
use crate::runner::{Isolation, Job, Limits};
use crate::sandbox::{Layout, Sandbox, BOX};

/// The languages a submission may be written in.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    Rust,
    Cpp,
    Python,
}

impl Language {
    /// The language of a file, from its extension.
    pub fn of(path: &Path) -> Option<Language> {
        match path.extension()?.to_str()? {
            "rs" => Some(Language::Rust),
            "cpp" | "cc" | "cxx" => Some(Language::Cpp),
            "py" => Some(Language::Python),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Language::Rust => "Rust",
            Language::Cpp => "C++",
            Language::Python => "Python",
        }
    }
}

/// How a submission is written: a whole program, or LeetCode's class alone.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Shape {
    Program,
    LeetCode,
}

/// A source file to judge.
#[derive(Clone, Debug)]
pub struct Submission {
    pub path: PathBuf,
    /// Its column in the tables: the file's name (with its folder when two files share a name).
    pub name: String,
    pub language: Language,
    pub shape: Shape,
    pub problems: Vec<Problem>,
}

/// The commands that build and run submissions; each is a program and its first arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Toolchain {
    pub rust: Vec<String>,
    pub cpp: Vec<String>,
    pub python: Vec<String>,
}

impl Default for Toolchain {
    /// Close to the judges' own: CSES compiles Rust with `-O` and C++ with `-O2`.
    fn default() -> Toolchain {
        let words = |text: &str| text.split_whitespace().map(str::to_string).collect();
        Toolchain {
            rust: words("rustc --edition 2021 -O"),
            cpp: words("g++ -std=c++17 -O2"),
            python: words("python3"),
        }
    }
}

impl Toolchain {
    /// The defaults, with any of `JUDGE_RUST`, `JUDGE_CPP`, `JUDGE_PYTHON` from the environment in
    /// their place (for example `JUDGE_CPP="clang++ -std=c++20 -O2"`).
    pub fn from_environment() -> Toolchain {
        let mut toolchain = Toolchain::default();
        for (variable, command) in [
            ("JUDGE_RUST", &mut toolchain.rust),
            ("JUDGE_CPP", &mut toolchain.cpp),
            ("JUDGE_PYTHON", &mut toolchain.python),
        ] {
            if let Ok(text) = std::env::var(variable) {
                let words: Vec<String> = text.split_whitespace().map(str::to_string).collect();
                if !words.is_empty() {
                    *command = words;
                }
            }
        }
        toolchain
    }

    /// The same commands with the checks judges leave off: Rust's overflow checks and debug
    /// assertions; for C++ libstdc++'s checked containers with the address and undefined-behaviour
    /// sanitizers, stopping at the first fault. Python has none to add.
    pub fn strict(&self) -> Toolchain {
        let with = |command: &[String], extra: &[&str]| {
            let mut command = command.to_vec();
            command.extend(extra.iter().map(|word| word.to_string()));
            command
        };
        Toolchain {
            rust: with(&self.rust, &["-C", "overflow-checks=on", "-C", "debug-assertions=on"]),
            cpp: with(
                &self.cpp,
                &["-D_GLIBCXX_DEBUG", "-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-g"],
            ),
            python: self.python.clone(),
        }
    }

    fn command(&self, language: Language) -> &[String] {
        match language {
            Language::Rust => &self.rust,
            Language::Cpp => &self.cpp,
            Language::Python => &self.python,
        }
    }
}

/// The source files `paths` name: each file itself, each folder's `.rs`, `.cpp`, `.cc`, `.cxx` and
/// `.py` files (not below it), sorted.
///
/// # Errors
/// One line naming a path that is missing, or a file in no known language.
pub fn expand_paths(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    for path in paths {
        let metadata = std::fs::metadata(path).map_err(|error| format!("{}: {error}", path.display()))?;
        if metadata.is_dir() {
            let mut found: Vec<PathBuf> = std::fs::read_dir(path)
                .map_err(|error| format!("{}: {error}", path.display()))?
                .filter_map(|entry| entry.ok().map(|entry| entry.path()))
                .filter(|file| file.is_file() && Language::of(file).is_some())
                .collect();
            if found.is_empty() {
                return Err(format!(
                    "{}: no .rs, .cpp, .cc, .cxx or .py file in this folder",
                    path.display()
                ));
            }
            found.sort();
            files.extend(found);
        } else if Language::of(path).is_some() {
            files.push(path.clone());
        } else {
            return Err(format!("{}: not a .rs, .cpp, .cc, .cxx or .py file", path.display()));
        }
    }
    Ok(files)
}

/// Reads `path` and says what it is. `problems`, when not empty, overrides what the file says.
///
/// # Errors
/// One line: an unreadable file, or one that is neither a whole program nor a LeetCode solution.
pub fn detect(path: &Path, problems: &[Problem]) -> Result<Submission, String> {
    let language = Language::of(path)
        .ok_or_else(|| format!("{}: not a .rs, .cpp, .cc, .cxx or .py file", path.display()))?;
    let text =
        std::fs::read_to_string(path).map_err(|error| format!("{}: cannot read: {error}", path.display()))?;
    let code = strip_comments(&text, language);
    let mentions = |names: &[&str]| names.iter().any(|name| code.contains(name));
    let lists = mentions(&["solve_n_queens", "solveNQueens"]);
    let counts = mentions(&["total_n_queens", "totalNQueens"]);
    let is_program = match language {
        Language::Rust => code.contains("fn main"),
        Language::Cpp => code.contains("main("),
        Language::Python => !code.contains("class Solution"),
    };
    let shape = if lists || counts { Shape::LeetCode } else { Shape::Program };
    let found: Vec<Problem> = match shape {
        Shape::LeetCode => [(lists, Problem::LeetCode51), (counts, Problem::LeetCode52)]
            .into_iter()
            .filter_map(|(has, problem)| has.then_some(problem))
            .collect(),
        Shape::Program if is_program => vec![Problem::Cses1624],
        Shape::Program => {
            return Err(format!(
                "{}: neither a whole program (no main) nor a LeetCode solution (no solve_n_queens or total_n_queens): \
                 pass --problem cses1624, queens, leetcode51 or leetcode52",
                path.display()
            ))
        }
    };
    let problems = if problems.is_empty() { found } else { problems.to_vec() };
    let needs_driver =
        problems.iter().any(|problem| matches!(problem, Problem::LeetCode51 | Problem::LeetCode52));
    let needs_program = problems.iter().any(|problem| matches!(problem, Problem::Cses1624 | Problem::Queens));
    if needs_driver && needs_program {
        return Err(format!(
            "{}: --problem mixes whole-program problems (cses1624, queens) with LeetCode ones",
            path.display()
        ));
    }
    let shape = if needs_driver { Shape::LeetCode } else { Shape::Program };
    let name = path
        .file_name()
        .map_or_else(|| path.display().to_string(), |name| name.to_string_lossy().into_owned());
    Ok(Submission { path: path.to_path_buf(), name, language, shape, problems })
}

/// The file's text without its comments (roughly: `//` and `/* */` for Rust and C++, `#` for
/// Python), so that a name in a comment does not decide what the file is.
fn strip_comments(text: &str, language: Language) -> String {
    let mut out = String::with_capacity(text.len());
    match language {
        Language::Python => {
            for line in text.lines() {
                out.push_str(line.split('#').next().unwrap_or(""));
                out.push('\n');
            }
        }
        Language::Rust | Language::Cpp => {
            let mut rest = text;
            while !rest.is_empty() {
                let line_comment = rest.find("//");
                let block_comment = rest.find("/*");
                match (line_comment, block_comment) {
                    (Some(at), block) if block.is_none_or(|block| at < block) => {
                        out.push_str(&rest[..at]);
                        rest = rest[at..].find('\n').map_or("", |end| &rest[at + end..]);
                    }
                    (_, Some(at)) => {
                        out.push_str(&rest[..at]);
                        rest = rest[at..].find("*/").map_or("", |end| &rest[at + end + 2..]);
                    }
                    _ => {
                        out.push_str(rest);
                        rest = "";
                    }
                }
            }
        }
    }
    out
}

/// A built submission: what to run for each of its problems.
#[derive(Clone, Debug)]
pub enum Build {
    Ready(Runnable),
    /// The compiler's message, its first lines, naming the user's file.
    CompileError(String),
}

/// How to run a built submission.
#[derive(Clone, Debug)]
pub struct Runnable {
    /// The build's folder, on the host.
    pub folder: PathBuf,
    /// The user's file, whose copy a run sees at this path (messages name it).
    pub user_path: PathBuf,
    pub language: Language,
    /// The interpreter's command and its installation (Python), or `None` (a built program).
    /// For a venv, its own prefix and its base installation's.
    pub interpreter: Option<(Vec<String>, PathBuf, Vec<PathBuf>)>,
    /// Whether the answer comes on file descriptor 3 (a LeetCode driver) rather than stdout.
    pub answer_channel: bool,
}

impl Runnable {
    /// What runs for `problem`: the program, its arguments and what the sandbox shows (the build
    /// read-only at [`BOX`], the copy of the file at the user's path, the interpreter), with
    /// host paths when there is no sandbox.
    pub fn launch(&self, sandboxed: bool, problem: Problem) -> (PathBuf, Vec<OsString>, Layout) {
        let seen = Seen { folder: &self.folder, user_path: &self.user_path, sandboxed };
        let (program, mut args, prefixes) = match &self.interpreter {
            None => (seen.at("program"), Vec::new(), &[][..]),
            Some((command, interpreter, prefixes)) => {
                let mut args: Vec<OsString> = command[1..].iter().map(OsString::from).collect();
                if self.answer_channel {
                    args.push(seen.at("driver.py").into());
                }
                args.push(seen.source().into());
                (interpreter.clone(), args, prefixes.as_slice())
            }
        };
        let layout = seen.layout(RUN_TMP_BYTES, false, prefixes);
        if self.answer_channel {
            args.push(if problem == Problem::LeetCode51 { "51".into() } else { "52".into() });
        }
        (program, args, layout)
    }
}

/// A build's folder and the user's file as a build or a run sees them: in the sandbox, the build at
/// [`BOX`] and the copy of the file at the file's own path (messages and panics name it); without
/// it, the host's paths.
#[derive(Clone, Copy, Debug)]
struct Seen<'a> {
    /// The build's folder, on the host.
    folder: &'a Path,
    user_path: &'a Path,
    sandboxed: bool,
}

impl Seen<'_> {
    /// The copy of the user's file, on the host.
    fn copy(&self) -> PathBuf {
        self.folder.join(SOURCE).join(file_name(self.user_path))
    }

    /// Where `name` in the build's folder is seen.
    fn at(&self, name: &str) -> PathBuf {
        if self.sandboxed {
            Path::new(BOX).join(name)
        } else {
            self.folder.join(name)
        }
    }

    /// Where the user's file is seen: its own path in the sandbox, which holds the copy there;
    /// else the copy itself.
    fn source(&self) -> PathBuf {
        if self.sandboxed {
            self.user_path.to_path_buf()
        } else {
            self.copy()
        }
    }

    /// What the sandbox shows: the build (writable for a compiler), the copy, the toolchain's
    /// installation folders, and a `/tmp` of `tmp_bytes`.
    fn layout(&self, tmp_bytes: u64, writable: bool, prefixes: &[PathBuf]) -> Layout {
        let mut layout = Layout::new(tmp_bytes);
        layout.mount(self.folder, Path::new(BOX), writable);
        layout.mount(&self.copy(), self.user_path, false);
        for prefix in prefixes {
            layout.toolchain(prefix);
        }
        layout
    }
}

/// How many lines of a compiler's message a CE shows.
pub const COMPILE_ERROR_LINES: usize = 20;

/// Bumped whenever a driver or the way a build is made changes, so that no cached build outlives
/// it.
const DRIVER_VERSION: &str = "2";

/// The folder of a build that holds the copy of the user's file.
const SOURCE: &str = "source";

/// What a build may use: a compiler gets far more than a run, and is stopped all the same.
pub const BUILD_CPU: Duration = Duration::from_secs(10);
pub const BUILD_WALL: Duration = Duration::from_secs(30);
pub const BUILD_MEMORY: u64 = 2 << 30;
/// The largest file a build may write (its program, an object file): far past any N-Queens
/// program, and a bound on what one build leaves in the cache.
pub const BUILD_FILE_BYTES: u64 = 64 << 20;
/// The compiler's messages kept (its standard output and error): the first half and the last.
pub const BUILD_MESSAGES_KEPT: usize = 64 << 10;
/// Past this much on standard output and error, the compiler is stopped.
pub const BUILD_OUTPUT_BYTES: u64 = 64 << 20;
pub const BUILD_PROCESSES: u32 = 256;
const BUILD_TMP_BYTES: u64 = 512 << 20;
const RUN_TMP_BYTES: u64 = 64 << 20;

fn file_name(path: &Path) -> &OsStr {
    path.file_name().unwrap_or(OsStr::new("source"))
}

/// Builds `submission` under `build_root`, or finds its build there. The compiler (and Python's
/// syntax check) runs through the one runner, in `sandbox` (unsandboxed where it is `None`), under
/// the `BUILD_` limits, seeing only a copy of the file, its build folder and the toolchain.
///
/// # Errors
/// One line when the build cannot even start (the compiler is missing, the folder unwritable,
/// the sandbox refused); a failed compilation is `Ok(Build::CompileError)`, cached only when the
/// compiler itself said no (a build stopped by a limit is tried again next time).
pub fn build(
    submission: &Submission,
    toolchain: &Toolchain,
    build_root: &Path,
    sandbox: Option<&Sandbox>,
) -> Result<Build, String> {
    let source = std::fs::read(&submission.path)
        .map_err(|error| format!("{}: cannot read: {error}", submission.path.display()))?;
    let command = toolchain.command(submission.language);
    let user_path = submission.path.canonicalize().unwrap_or_else(|_| submission.path.clone());
    // The path is part of the key: a compiler's messages and a panic's place name it.
    let mut key = user_path.as_os_str().as_encoded_bytes().to_vec();
    key.push(0);
    for part in [
        submission.language.name(),
        &command.join(" "),
        DRIVER_VERSION,
        &format!("{:?}", submission.shape),
        &format!("{:?}", submission.problems),
        if sandbox.is_some() { "sandboxed" } else { "unsandboxed" },
    ] {
        key.extend_from_slice(part.as_bytes());
        key.push(0);
    }
    key.extend_from_slice(&source);
    let folder = build_root.join(format!("{:016x}", fnv1a(&key)));
    let failure = folder.join("compile-error.txt");
    let done = folder.join("built");
    if let Ok(message) = std::fs::read_to_string(&failure) {
        return Ok(Build::CompileError(message));
    }
    let interpreter = (submission.language == Language::Python).then(|| {
        let (interpreter, prefixes) = resolve_python(command);
        (command.to_vec(), interpreter, prefixes)
    });
    let runnable = Runnable {
        folder: folder.clone(),
        user_path: user_path.clone(),
        language: submission.language,
        interpreter,
        answer_channel: submission.shape == Shape::LeetCode,
    };
    if done.exists() {
        return Ok(Build::Ready(runnable));
    }
    // One build of a key at a time, across judges (two tests, `--watch` beside a judge): the
    // second waits, then finds the first one's build.
    std::fs::create_dir_all(build_root)
        .map_err(|error| format!("{}: cannot create: {error}", build_root.display()))?;
    let lock_path = build_root.join(format!("{:016x}.lock", fnv1a(&key)));
    let lock = std::fs::File::create(&lock_path)
        .map_err(|error| format!("{}: cannot create: {error}", lock_path.display()))?;
    // SAFETY: flock on a descriptor this function owns; released when `lock` closes.
    unsafe { libc::flock(std::os::fd::AsRawFd::as_raw_fd(&lock), libc::LOCK_EX) };
    if let Ok(message) = std::fs::read_to_string(&failure) {
        return Ok(Build::CompileError(message));
    }
    if done.exists() {
        return Ok(Build::Ready(runnable));
    }
    // A half-made build of an earlier judge (killed mid-build) is made again from nothing.
    let _ = std::fs::remove_dir_all(&folder);
    let seen = Seen { folder: &folder, user_path: &user_path, sandboxed: sandbox.is_some() };
    std::fs::create_dir_all(folder.join(SOURCE))
        .map_err(|error| format!("{}: cannot create: {error}", folder.display()))?;
    std::fs::write(seen.copy(), &source)
        .map_err(|error| format!("{}: cannot write: {error}", folder.display()))?;
    let text = String::from_utf8_lossy(&source).into_owned();
    let compiler = Compiler { sandbox, seen };
    let outcome = match (submission.language, submission.shape) {
        (Language::Rust | Language::Cpp, Shape::Program) => compiler.compile(command, None),
        (Language::Rust, Shape::LeetCode) => {
            write(&folder.join("driver.rs"), &rust_driver(&text, &submission.problems))?;
            compiler.compile(command, Some("driver.rs"))
        }
        (Language::Cpp, Shape::LeetCode) => {
            write(&folder.join("driver.cpp"), &cpp_driver(&text, &user_path, &submission.problems))?;
            compiler.compile(command, Some("driver.cpp"))
        }
        (Language::Python, shape) => {
            if shape == Shape::LeetCode {
                write(&folder.join("driver.py"), PYTHON_DRIVER)?;
            }
            compiler.check_python(runnable.interpreter.as_ref().expect("Python has an interpreter"))
        }
    }?;
    match outcome {
        Compiled::Done => {
            write(&done, "")?;
            Ok(Build::Ready(runnable))
        }
        Compiled::Refused(message) => {
            write(&failure, &message)?;
            Ok(Build::CompileError(message))
        }
        Compiled::Stopped(message) => Ok(Build::CompileError(message)),
    }
}

/// How a build ended.
enum Compiled {
    Done,
    /// The compiler said no: the file's own compile error, cached.
    Refused(String),
    /// A limit stopped the compiler: a CE this time, not cached.
    Stopped(String),
}

/// One build's compiler runs.
struct Compiler<'a> {
    sandbox: Option<&'a Sandbox>,
    seen: Seen<'a>,
}

impl Compiler<'_> {
    /// `command SOURCE -o program`, where SOURCE is the user's file or a `driver` the build made.
    fn compile(&self, command: &[String], driver: Option<&str>) -> Result<Compiled, String> {
        let (name, args) = command.split_first().ok_or("an empty compiler command")?;
        let (program, prefix) = resolve_tool(name)?;
        let source = driver.map_or_else(|| self.seen.source(), |driver| self.seen.at(driver));
        let mut words: Vec<OsString> = args.iter().map(OsString::from).collect();
        let is_rustc =
            Path::new(name).file_name().is_some_and(|file| file.to_string_lossy().starts_with("rustc"));
        if is_rustc {
            // A panic names the user's file, not the driver it sits in (or the copy).
            let mut remap = OsString::from("--remap-path-prefix=");
            remap.push(&source);
            remap.push("=");
            remap.push(self.seen.user_path);
            words.push(remap);
        }
        words.extend([
            source.clone().into_os_string(),
            "-o".into(),
            self.seen.at("program").into_os_string(),
        ]);
        let outcome = self.run(&program, prefix.as_slice(), &words, command)?;
        Ok(match outcome {
            Compiled::Refused(message) => {
                let mut message = message
                    .replace(&source.display().to_string(), &self.seen.user_path.display().to_string());
                if self.sandbox.is_none() {
                    message = message.replace(&self.seen.folder.display().to_string(), "");
                }
                Compiled::Refused(message)
            }
            other => other,
        })
    }

    /// Compiles a Python file without running it: a syntax error is a CE, as LeetCode reports it.
    fn check_python(&self, interpreter: &(Vec<String>, PathBuf, Vec<PathBuf>)) -> Result<Compiled, String> {
        let (command, program, prefixes) = interpreter;
        let script = "import sys\nsource = open(sys.argv[1], encoding='utf-8').read()\ncompile(source, sys.argv[2], 'exec')\n";
        let mut words: Vec<OsString> = command[1..].iter().map(OsString::from).collect();
        words.extend([
            "-c".into(),
            script.into(),
            self.seen.source().into_os_string(),
            self.seen.user_path.into(),
        ]);
        Ok(match self.run(program, prefixes, &words, command)? {
            Compiled::Refused(message) => {
                // Python's traceback ends with the place and the error; the check's own frames go.
                let from = message.find(&format!("File \"{}\"", self.seen.user_path.display())).unwrap_or(0);
                Compiled::Refused(message[from..].to_string())
            }
            other => other,
        })
    }

    /// Runs a compiler under the build limits: `Done`, its message, or the limit that stopped it.
    fn run(
        &self,
        program: &Path,
        prefixes: &[PathBuf],
        args: &[OsString],
        command: &[String],
    ) -> Result<Compiled, String> {
        let layout = self.seen.layout(BUILD_TMP_BYTES, true, prefixes);
        let folder = self.seen.folder;
        if let Some(uid) = self.sandbox.and_then(Sandbox::host_uid) {
            // The compiler writes its program here as the sandbox's user.
            std::os::unix::fs::chown(folder, Some(uid), Some(uid)).map_err(|error| {
                format!("{}: cannot hand to the sandbox's user: {error}", folder.display())
            })?;
        }
        let limits = Limits {
            cpu_time: BUILD_CPU,
            memory_bytes: BUILD_MEMORY,
            output_bytes: BUILD_OUTPUT_BYTES,
            wall_time: Some(BUILD_WALL),
        };
        let job = Job {
            isolation: match self.sandbox {
                Some(sandbox) => Isolation::Sandboxed { sandbox, layout: &layout },
                None => Isolation::Unsandboxed,
            },
            program,
            args,
            answer_channel: false,
            max_processes: Some(BUILD_PROCESSES),
            env: crate::sandbox::ENV,
            stdin: b"",
            limits,
            // Compilers map far more than they touch; the cgroup holds their memory.
            address_space: Some(4 * BUILD_MEMORY),
            file_bytes: Some(BUILD_FILE_BYTES),
            answer_bytes: BUILD_MESSAGES_KEPT,
        };
        let finished = crate::runner::run(&job)
            .map_err(|error| format!("cannot run `{}`: {error}", command.join(" ")))?;
        let stopped = |why: String| Ok(Compiled::Stopped(why));
        if finished.killed_at_backstop {
            return stopped(format!(
                "the compiler ran past its {} s wall-clock backstop: stopped",
                BUILD_WALL.as_secs()
            ));
        }
        if finished.killed_over_cpu
            || finished.cpu_time > BUILD_CPU
            || finished.status.signal() == Some(libc::SIGXCPU)
        {
            return stopped(format!(
                "the compiler ran past its {} s of CPU time: stopped",
                BUILD_CPU.as_secs()
            ));
        }
        if finished.killed_for_memory {
            return stopped(format!(
                "the compiler used more than its {} GiB of memory: stopped",
                BUILD_MEMORY >> 30
            ));
        }
        if finished.status.signal() == Some(libc::SIGXFSZ) {
            return stopped(format!(
                "the compiler wrote a file past its {} MiB cap: stopped",
                BUILD_FILE_BYTES >> 20
            ));
        }
        if finished.output_over_limit {
            return stopped(format!(
                "the compiler printed more than {} MiB: stopped",
                BUILD_OUTPUT_BYTES >> 20
            ));
        }
        if finished.status.success() {
            return Ok(Compiled::Done);
        }
        let mut message = String::from_utf8_lossy(&finished.stderr).into_owned();
        if message.trim().is_empty() {
            message = String::from_utf8_lossy(&finished.stdout).into_owned();
        }
        if message.trim().is_empty() {
            message = crate::runner::crash_detail(finished.status, "");
        }
        Ok(Compiled::Refused(first_lines(&message)))
    }
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|error| format!("{}: cannot write: {error}", path.display()))
}

/// A compiler's real program and the installation it needs (beyond `/usr`), asked once per
/// process: rustc through `rustc --print sysroot` (rustup's `rustc` is a proxy that would not
/// find its toolchain in the sandbox), anything else through `PATH`, links followed.
///
/// # Errors
/// One line naming the missing tool.
fn resolve_tool(name: &str) -> Result<(PathBuf, Option<PathBuf>), String> {
    type Resolved = (String, PathBuf, Option<PathBuf>);
    static RESOLVED: std::sync::Mutex<Vec<Resolved>> = std::sync::Mutex::new(Vec::new());
    let mut resolved = RESOLVED.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some((_, program, prefix)) = resolved.iter().find(|(known, _, _)| known == name) {
        return Ok((program.clone(), prefix.clone()));
    }
    let found = find_program(name).ok_or_else(|| format!("`{name}` is not installed (not found on PATH)"))?;
    let base =
        Path::new(name).file_name().map(|file| file.to_string_lossy().into_owned()).unwrap_or_default();
    let (program, prefix) = if base == "rustc" {
        let sysroot = Command::new(&found)
            .args(["--print", "sysroot"])
            .output()
            .ok()
            .filter(|output| output.status.success())
            .and_then(|output| std::fs::canonicalize(String::from_utf8_lossy(&output.stdout).trim()).ok())
            .ok_or_else(|| format!("`{name} --print sysroot` gave no toolchain"))?;
        (sysroot.join("bin/rustc"), Some(sysroot))
    } else {
        let program = std::fs::canonicalize(&found).unwrap_or(found);
        let prefix = program.parent().and_then(Path::parent).map(Path::to_path_buf);
        (program, prefix)
    };
    resolved.push((name.to_string(), program.clone(), prefix.clone()));
    Ok((program, prefix))
}

/// `name` itself when it holds a slash, else the first match on `PATH`.
fn find_program(name: &str) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let runnable = |path: &Path| {
        std::fs::metadata(path)
            .is_ok_and(|metadata| metadata.is_file() && metadata.permissions().mode() & 0o111 != 0)
    };
    if name.contains('/') {
        return runnable(Path::new(name)).then(|| PathBuf::from(name));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|folder| folder.join(name)).find(|candidate| runnable(candidate))
}

/// The Python command's real interpreter and installation prefixes, asked of the interpreter once
/// per process (`sys.executable`, `sys.prefix` and, for a venv, `sys.base_prefix`, which holds the
/// standard library; canonical); the command's own program where it cannot say.
fn resolve_python(command: &[String]) -> (PathBuf, Vec<PathBuf>) {
    /// A command, and what it resolved to.
    type Resolved = (Vec<String>, PathBuf, Vec<PathBuf>);
    static RESOLVED: std::sync::Mutex<Vec<Resolved>> = std::sync::Mutex::new(Vec::new());
    let mut resolved = RESOLVED.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some((_, interpreter, prefix)) = resolved.iter().find(|(known, _, _)| known == command) {
        return (interpreter.clone(), prefix.clone());
    }
    let (program, args) =
        command.split_first().map_or(("python3", &[][..]), |(program, args)| (program.as_str(), args));
    let asked = Command::new(program)
        .args(args)
        .args(["-c", "import sys; print(sys.executable); print(sys.prefix); print(sys.base_prefix)"])
        .output()
        .ok()
        .filter(|output| output.status.success())
        .map(|output| String::from_utf8_lossy(&output.stdout).into_owned());
    let mut lines =
        asked.as_deref().unwrap_or("").lines().map(|line| std::fs::canonicalize(line.trim()).ok());
    let interpreter = lines.next().flatten().unwrap_or_else(|| PathBuf::from(program));
    let mut prefixes: Vec<PathBuf> = lines.flatten().collect();
    prefixes.dedup();
    resolved.push((command.to_vec(), interpreter.clone(), prefixes.clone()));
    (interpreter, prefixes)
}

fn first_lines(message: &str) -> String {
    let lines: Vec<&str> = message.lines().take(COMPILE_ERROR_LINES).collect();
    lines.join("\n")
}

/// FNV-1a, 64 bits: the same key on every machine and every Rust version.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .fold(0xcbf2_9ce4_8422_2325, |hash, &byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3))
}

/// The Rust driver: the file inside `mod user`, opened on its first line so that no line moves.
fn rust_driver(user: &str, problems: &[Problem]) -> String {
    let has_struct = strip_comments(user, Language::Rust).contains("struct Solution");
    let mut text = String::from(
        "#[allow(dead_code, unused_imports, unused_mut, unused_variables, non_snake_case)] mod user { ",
    );
    if !has_struct {
        text.push_str("pub struct Solution; ");
    }
    text.push_str(user);
    text.push_str("\n// The judge's driver, after the file: its lines move nothing above.\npub fn judge_run(problem: &str, n: i32) -> String {\n    match problem {\n");
    if problems.contains(&Problem::LeetCode51) {
        text.push_str(
            "        \"51\" => {\n            let boards: Vec<Vec<String>> = Solution::solve_n_queens(n);\n            let mut out = format!(\"{}\\n\", boards.len());\n            for board in &boards {\n                out.push_str(&format!(\"{}\\n\", board.len()));\n                for row in board {\n                    out.push_str(&row.replace('\\n', \"\\\\n\").replace('\\r', \"\\\\r\"));\n                    out.push('\\n');\n                }\n            }\n            out\n        }\n",
        );
    }
    if problems.contains(&Problem::LeetCode52) {
        text.push_str("        \"52\" => format!(\"{}\\n\", Solution::total_n_queens(n)),\n");
    }
    text.push_str("        _ => String::new(),\n    }\n}\n}\n");
    text.push_str(
        "fn main() {\n    use std::io::{Read, Write};\n    use std::os::fd::FromRawFd;\n    let problem = std::env::args().nth(1).unwrap_or_default();\n    let mut input = String::new();\n    std::io::stdin().read_to_string(&mut input).expect(\"the judge's input\");\n    let n: i32 = input.trim().parse().expect(\"the judge's n\");\n    let answer = user::judge_run(&problem, n);\n    let _ = std::io::stdout().flush();\n    // SAFETY: the judge opens descriptor 3 for the answer and nothing else uses it.\n    let mut channel = unsafe { std::fs::File::from_raw_fd(3) };\n    channel.write_all(answer.as_bytes()).expect(\"the answer channel\");\n}\n",
    );
    text
}

/// The C++ driver: LeetCode's headers, then the file under its own name and lines.
fn cpp_driver(user: &str, user_path: &Path, problems: &[Problem]) -> String {
    let quoted = user_path.display().to_string().replace('\\', "\\\\").replace('"', "\\\"");
    let mut text = format!("#include <bits/stdc++.h>\nusing namespace std;\n#line 1 \"{quoted}\"\n{user}\n#line 1 \"queens-judge-driver.cpp\"\n");
    text.push_str("#include <unistd.h>\nint main(int argc, char** argv) {\n    string problem = argc > 1 ? argv[1] : \"\";\n    int n = 0;\n    cin >> n;\n    string out;\n");
    if problems.contains(&Problem::LeetCode51) {
        text.push_str("    if (problem == \"51\") {\n        Solution* solution = new Solution();\n        vector<vector<string>> boards = solution->solveNQueens(n);\n        out += to_string(boards.size()) + \"\\n\";\n        for (const auto& board : boards) {\n            out += to_string(board.size()) + \"\\n\";\n            for (const auto& row : board) {\n                for (char c : row) {\n                    if (c == '\\n') out += \"\\\\n\"; else if (c == '\\r') out += \"\\\\r\"; else out += c;\n                }\n                out += \"\\n\";\n            }\n        }\n    }\n");
    }
    if problems.contains(&Problem::LeetCode52) {
        text.push_str("    if (problem == \"52\") {\n        Solution* solution = new Solution();\n        out += to_string(solution->totalNQueens(n)) + \"\\n\";\n    }\n");
    }
    text.push_str("    cout.flush();\n    size_t written = 0;\n    while (written < out.size()) {\n        ssize_t wrote = write(3, out.data() + written, out.size() - written);\n        if (wrote <= 0) return 3;\n        written += (size_t)wrote;\n    }\n    return 0;\n}\n");
    text
}

/// The Python driver: `python3 driver.py FILE PROBLEM`, n on stdin, the answer on descriptor 3.
const PYTHON_DRIVER: &str = r#"# The judge's LeetCode driver: runs a Solution class as LeetCode's Python 3 does.
import sys, os
path, problem = sys.argv[1], sys.argv[2]
namespace = {"__name__": "solution", "__file__": path}
exec(
    "from typing import *\n"
    "import collections, math, itertools, functools, heapq, bisect, string, re, random, operator\n"
    "from collections import *\nfrom math import *\nfrom itertools import *\n"
    "from functools import *\nfrom heapq import *\nfrom bisect import *\n",
    namespace,
)
with open(path, encoding="utf-8") as source:
    code = compile(source.read(), path, "exec")
exec(code, namespace)
n = int(sys.stdin.read())
solution = namespace["Solution"]()
def method(*names):
    for name in names:
        if hasattr(solution, name):
            return getattr(solution, name)
    raise AttributeError("Solution has no " + " or ".join(names))
if problem == "51":
    boards = method("solveNQueens", "solve_n_queens")(n)
    lines = [str(len(boards))]
    for board in boards:
        lines.append(str(len(board)))
        lines.extend(str(row).replace("\n", "\\n").replace("\r", "\\r") for row in board)
    answer = "\n".join(lines) + "\n"
else:
    answer = str(method("totalNQueens", "total_n_queens")(n)) + "\n"
sys.stdout.flush()
with os.fdopen(3, "w") as channel:
    channel.write(answer)
"#;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_do_not_decide_what_a_file_is() {
        let code = strip_comments("// fn solve_n_queens\n/* totalNQueens */ fn main() {}\n", Language::Rust);
        assert!(
            !code.contains("solve_n_queens") && !code.contains("totalNQueens") && code.contains("fn main")
        );
        let code = strip_comments("# def solveNQueens\nprint(92)\n", Language::Python);
        assert!(!code.contains("solveNQueens"));
    }

    #[test]
    fn the_rust_driver_moves_no_line() {
        let user = "impl Solution {\n    pub fn total_n_queens(n: i32) -> i32 { n }\n}\n";
        let driver = rust_driver(user, &[Problem::LeetCode52]);
        let lines: Vec<&str> = driver.lines().collect();
        assert!(lines[0].ends_with("impl Solution {") && lines[0].contains("pub struct Solution;"));
        assert_eq!(lines[1], "    pub fn total_n_queens(n: i32) -> i32 { n }");
        let with_struct = rust_driver("pub struct Solution;\nimpl Solution {}\n", &[]);
        assert_eq!(with_struct.matches("struct Solution").count(), 1);
    }
}
