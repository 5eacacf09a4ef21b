//! Submissions: the files learners write, judged as the judges judge them.
//!
//! A submission is one source file in any language of `crate::executor::ALL`, known by its
//! extension. Its problem is read from the file by its language's executor: LeetCode's method
//! with LeetCode's signature (parameters and return type, so that a helper or an overload with the
//! same name does not count) makes it a LeetCode 51 or 52 solution (a file with both is judged on
//! both); otherwise a whole program is a CSES 1624 submission. `--problem` overrides what the file
//! says.
//!
//! A whole program is built as it is and reads the board on stdin. A LeetCode file is built inside
//! its language's driver, which behaves as LeetCode's does (a new `Solution` a call) and writes the
//! answer on file descriptor 3 (the wire format of [`crate::answer`]), a channel the solution's own
//! prints cannot corrupt. Every driver keeps the user's lines where they were, so that messages
//! name the user's file and lines.
//!
//! Every build is cached under `target/judge-builds/HASH/`, HASH over the file's path (messages name
//! it), the language, the command, the driver and the file's bytes, so judging again after no change
//! starts at once; a failed build (CE) is cached too, unless a limit or the machine stopped it.

use std::ffi::OsString;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use crate::error::Error;
use crate::executor::context::BuildContext;
use crate::executor::context::{fnv1a, Compiler, Seen, RUN_TMP_BYTES, SOURCE};
use crate::executor::{signature, Compiled, Language, Launch, RunContext};
use crate::problem::{Method, Problem};
use crate::sandbox::{Layout, Sandbox};

mod detect;
pub use detect::*;

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
    /// Said once in the report: a LeetCode method declared one step from LeetCode's signature.
    pub notes: Vec<String>,
}

/// The commands that build (or run, for a script) each language's files: a program and its
/// first arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Toolchain {
    commands: Vec<(Language, Vec<String>)>,
    strict: bool,
}

fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

impl Default for Toolchain {
    /// Every language's default command (see each executor).
    fn default() -> Toolchain {
        Toolchain {
            commands: Language::all().map(|language| (language, words(language.default_command()))).collect(),
            strict: false,
        }
    }
}

impl Toolchain {
    /// The defaults, with `JUDGE_<ID>` from the environment in their place (for example
    /// `JUDGE_CPP="clang++ -std=c++20 -O2"`, `JUDGE_PYTHON=pypy3`).
    pub fn from_environment() -> Toolchain {
        let mut toolchain = Toolchain::default();
        for language in Language::all() {
            if let Ok(text) = std::env::var(format!("JUDGE_{}", language.id().to_ascii_uppercase())) {
                let _ = toolchain.set(language, &text);
            }
        }
        toolchain
    }

    /// `--compiler ID=COMMAND`: that language's command.
    ///
    /// # Errors
    /// One line: no `=`, an unknown language, or an empty command.
    pub fn set_from_argument(&mut self, argument: &str) -> Result<(), Error> {
        let (id, command) = argument.split_once('=').ok_or_else(|| {
            Error::Usage(format!(
                "--compiler `{argument}`: expected LANGUAGE=COMMAND, for example cpp=\"g++ -O2\""
            ))
        })?;
        let language = Language::by_id(id.trim()).ok_or_else(|| {
            let ids: Vec<&str> = Language::all().map(Language::id).collect();
            Error::Usage(format!(
                "--compiler `{argument}`: no language `{id}` (languages: {})",
                ids.join(", ")
            ))
        })?;
        self.set(language, command).map_err(Error::Usage)
    }

    fn set(&mut self, language: Language, command: &str) -> Result<(), String> {
        let command = words(command);
        if command.is_empty() {
            return Err(format!("an empty command for {}", language.name()));
        }
        for (known, old) in &mut self.commands {
            if *known == language {
                *old = command.clone();
            }
        }
        Ok(())
    }

    /// The same commands with the checks judges leave off (each executor's `strict_flags`): Rust's
    /// overflow checks and debug assertions; for C and C++ the address and undefined-behaviour
    /// sanitizers (and libstdc++'s checked containers), stopping at the first fault.
    pub fn strict(&self) -> Toolchain {
        Toolchain { commands: self.commands.clone(), strict: true }
    }

    /// Whether a `--strict` build of `language` differs from its judged build.
    pub fn has_strict_build(language: Language) -> bool {
        !language.strict_flags().is_empty()
    }

    /// The command for `language`.
    pub fn command(&self, language: Language) -> Vec<String> {
        let mut command = self
            .commands
            .iter()
            .find(|(known, _)| *known == language)
            .map_or_else(|| words(language.default_command()), |(_, command)| command.clone());
        if self.strict {
            command.extend(language.strict_flags().iter().map(|flag| flag.to_string()));
        }
        command
    }
}

/// The source files `paths` name: each file itself, each folder's files in a known language (not
/// below it), sorted.
///
/// # Errors
/// A missing path is an input error; a file in no known language a usage error; both one line.
pub fn expand_paths(paths: &[PathBuf]) -> Result<Vec<PathBuf>, Error> {
    let (files, mut refused) = expand_each(paths)?;
    match refused.is_empty() {
        true => Ok(files),
        false => Err(refused.swap_remove(0)),
    }
}

/// [`expand_paths`], with each path that cannot be read (missing, a folder without a source file)
/// refused alone: its one-line error beside the files found.
///
/// # Errors
/// A file in no known language: a usage error, the command line's.
pub(crate) fn expand_each(paths: &[PathBuf]) -> Result<(Vec<PathBuf>, Vec<Error>), Error> {
    let mut files = Vec::new();
    let mut refused = Vec::new();
    for path in paths {
        let metadata = match std::fs::metadata(path) {
            Ok(metadata) => metadata,
            Err(error) => {
                refused.push(Error::Input(format!("{}: {error}", path.display())));
                continue;
            }
        };
        if metadata.is_dir() {
            let mut found: Vec<PathBuf> = match std::fs::read_dir(path) {
                Ok(entries) => entries
                    .filter_map(|entry| entry.ok().map(|entry| entry.path()))
                    .filter(|file| file.is_file() && Language::of(file).is_some())
                    .collect(),
                Err(error) => {
                    refused.push(Error::Input(format!("{}: {error}", path.display())));
                    continue;
                }
            };
            if found.is_empty() {
                refused.push(Error::Input(format!(
                    "{}: no {} file in this folder",
                    path.display(),
                    crate::executor::extension_list()
                )));
                continue;
            }
            found.sort();
            files.extend(found);
        } else if Language::of(path).is_some() {
            files.push(path.clone());
        } else {
            return Err(not_a_known_language(path));
        }
    }
    Ok((files, refused))
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
    /// The command the file was built with (an interpreter's, for a script).
    pub command: Vec<String>,
    /// What the build found to run (a Java class), or empty.
    pub entry: String,
    /// Whether the answer comes on file descriptor 3 (a LeetCode driver) rather than stdout.
    pub answer_channel: bool,
    /// Built with the address sanitizer, which maps terabytes it never touches: its runs get no
    /// address-space cap (the run's cgroup holds their memory).
    pub sanitized: bool,
    /// The problems this build answers (fewer than asked when only one driver built).
    pub problems: Vec<Problem>,
    /// Said once in the report: why the build answers fewer problems than the file seemed to.
    pub note: Option<String>,
    /// A shared lock on the build's lease file, held while this value (or a clone) lives, so that
    /// no judge prunes a build that another one may run.
    pub lease: Option<Arc<File>>,
}

impl Runnable {
    /// What runs for `problem`: the program, its arguments and what the sandbox shows (the build
    /// read-only at [`BOX`](crate::sandbox::BOX), the copy of the file at the user's path, the toolchain), with
    /// host paths when there is no sandbox.
    ///
    /// # Errors
    /// The machine's ([`Error::Environment`]): one line when the tool that runs it is missing.
    pub(crate) fn launch(
        &self,
        sandboxed: bool,
        problem: Problem,
        memory_bytes: u64,
    ) -> Result<(PathBuf, Vec<OsString>, Layout), Error> {
        let seen = Seen { folder: &self.folder, user_path: &self.user_path, sandboxed };
        let context = RunContext {
            seen,
            command: &self.command,
            entry: &self.entry,
            answer_channel: self.answer_channel,
            problem,
            memory_bytes,
        };
        let Launch { program, args, prefixes } = self.language.launch(&context)?;
        Ok((program, args, seen.layout(RUN_TMP_BYTES, false, &prefixes)))
    }
}

/// Bumped whenever a driver or the way a build is made changes, so that no cached build outlives
/// it.
const DRIVER_VERSION: &str = "8";

/// Builds `submission` under `build_root`, or finds its build there. The compiler (or a script's
/// syntax check) runs through the one runner, in `sandbox` (unsandboxed where it is `None`), under
/// the `BUILD_` limits, seeing only a copy of the file, its build folder and the toolchain.
///
/// A LeetCode file that seems to solve both problems, but whose build fails, is built again for
/// each alone: where only one builds, the file is judged on that one, with a note.
///
/// # Errors
/// One line when the build cannot even start: the compiler is missing (an environment error), the
/// folder unwritable; a failed compilation is `Ok(Build::CompileError)`, cached only when the
/// compiler itself said no (a build stopped by a limit is tried again next time).
pub fn build(
    submission: &Submission,
    toolchain: &Toolchain,
    build_root: &Path,
    sandbox: Option<&Sandbox>,
) -> Result<Build, Error> {
    let built = build_for(submission, &submission.problems, toolchain, build_root, sandbox)?;
    let both = submission.shape == Shape::LeetCode && submission.problems.len() > 1;
    let Build::CompileError(message) = &built else { return Ok(built) };
    if !both {
        return Ok(built);
    }
    let mut alone = Vec::new();
    for &problem in &submission.problems {
        if let Build::Ready(runnable) = build_for(submission, &[problem], toolchain, build_root, sandbox)? {
            alone.push((problem, runnable));
        }
    }
    match <[_; 1]>::try_from(alone) {
        Ok([(problem, mut runnable)]) => {
            let first = message.lines().next().unwrap_or("").trim();
            runnable.note = Some(format!(
                "{}: judged on {} only: its driver for the other problem does not build ({first}); \
                 --problem {} says so and silences this",
                submission.name,
                problem.id(),
                problem.id()
            ));
            Ok(Build::Ready(runnable))
        }
        _ => Ok(built),
    }
}

/// What a build depends on, its cache's key: the file's path (a compiler's messages and a panic's
/// place name it), the tool itself (an upgraded compiler builds again, rather than reuse an old
/// build or CE), the language, the command, the drivers' version, the shape, the problems, the
/// isolation, and the source.
fn build_key(
    submission: &Submission,
    problems: &[Problem],
    command: &[String],
    user_path: &Path,
    source: &[u8],
    sandboxed: bool,
) -> Vec<u8> {
    let mut key = user_path.as_os_str().as_encoded_bytes().to_vec();
    key.push(0);
    if let Ok(tool) = crate::executor::resolve_tool(command.first().map_or("", String::as_str)) {
        let stamp = std::fs::metadata(&tool.program).and_then(|metadata| metadata.modified()).ok();
        key.extend_from_slice(format!("{}\0{stamp:?}\0", tool.program.display()).as_bytes());
    }
    for part in [
        submission.language.id(),
        &command.join(" "),
        DRIVER_VERSION,
        &format!("{:?}", submission.shape),
        &format!("{problems:?}"),
        if sandboxed { "sandboxed" } else { "unsandboxed" },
    ] {
        key.extend_from_slice(part.as_bytes());
        key.push(0);
    }
    key.extend_from_slice(source);
    key
}

fn build_for(
    submission: &Submission,
    problems: &[Problem],
    toolchain: &Toolchain,
    build_root: &Path,
    sandbox: Option<&Sandbox>,
) -> Result<Build, Error> {
    let source = read_source(&submission.path)?;
    let mut command = toolchain.command(submission.language);
    if submission.shape == Shape::LeetCode {
        // LeetCode's own build of the file (its C and C++ with the sanitizers); a whole program
        // is built as CSES builds it.
        for flag in submission.language.leetcode_flags() {
            if !command.iter().any(|word| word == flag) {
                command.push(flag.to_string());
            }
        }
    }
    let sanitized = command.iter().any(|word| word.starts_with("-fsanitize=") && word.contains("address"));
    let user_path = submission.path.canonicalize().unwrap_or_else(|_| submission.path.clone());
    let key = build_key(submission, problems, &command, &user_path, &source, sandbox.is_some());
    let folder = build_root.join(format!("{:016x}", fnv1a(&key)));
    let failure = folder.join("compile-error.txt");
    let done = folder.join("built");
    let runnable = |entry: String, lease: &Arc<File>| Runnable {
        folder: folder.clone(),
        user_path: user_path.clone(),
        language: submission.language,
        command: command.clone(),
        entry,
        answer_channel: submission.shape == Shape::LeetCode,
        sanitized,
        problems: problems.to_vec(),
        note: None,
        lease: Some(Arc::clone(lease)),
    };
    // A build found is marked as used (its record's time), so that pruning keeps it; the caller
    // holds the build's lease, so that pruning cannot take it away meanwhile.
    let cached = |lease: &Arc<File>| -> Option<Build> {
        if let Ok(message) = std::fs::read_to_string(&failure) {
            mark_used(&failure);
            return Some(Build::CompileError(message));
        }
        let entry = std::fs::read_to_string(&done).ok()?;
        mark_used(&done);
        Some(Build::Ready(runnable(entry, lease)))
    };
    std::fs::create_dir_all(build_root)
        .map_err(|error| Error::Environment(format!("{}: cannot create: {error}", build_root.display())))?;
    // Two locks a key: `.lock`, exclusive while the build is made (a second judge waits, then finds
    // it made); `.lease`, shared by every judge that may run the build, so that pruning (which
    // takes both, without waiting) never removes a build in use. No judge waits for a lease
    // while it holds a build's lock, so no two judges can wait for each other.
    let (lock_path, lease_path) = (folder.with_extension("lock"), folder.with_extension("lease"));
    let leased = || lock_key(&lease_path, libc::LOCK_SH).map(Arc::new);
    if done.exists() || failure.exists() {
        if let Some(build) = cached(&leased()?) {
            return Ok(build);
        }
    }
    let lock = lock_key(&lock_path, libc::LOCK_EX)?;
    // Made by another judge while this one waited (a record that cannot be read is made again).
    if done.exists() || failure.exists() {
        if let Some(build) = cached(&leased()?) {
            return Ok(build);
        }
    }
    let built =
        make_build(submission, problems, &command, &user_path, &folder, &source, build_root, sandbox)?;
    let lease = leased()?;
    drop(lock);
    prune_builds(build_root, KEPT_BUILDS, KEPT_WHILE_IDLE);
    Ok(match built {
        Compiled::Done { entry } => Build::Ready(runnable(entry, &lease)),
        Compiled::Refused(message) | Compiled::Stopped(message) => Build::CompileError(message),
    })
}

/// Makes the build of `submission` in `folder` (its caller holds the key's lock) and writes its
/// record: `built` (what to run) or `compile-error.txt`; a build stopped by a limit leaves none,
/// as its failure is the machine's.
#[allow(clippy::too_many_arguments)]
fn make_build(
    submission: &Submission,
    problems: &[Problem],
    command: &[String],
    user_path: &Path,
    folder: &Path,
    source: &[u8],
    build_root: &Path,
    sandbox: Option<&Sandbox>,
) -> Result<Compiled, Error> {
    // A half-made build of an earlier judge (killed mid-build) is made again from nothing.
    let _ = std::fs::remove_dir_all(folder);
    let seen = Seen { folder, user_path, sandboxed: sandbox.is_some() };
    std::fs::create_dir_all(folder.join(SOURCE))
        .map_err(|error| Error::Environment(format!("{}: cannot create: {error}", folder.display())))?;
    std::fs::write(seen.copy(), source)
        .map_err(|error| Error::Environment(format!("{}: cannot write: {error}", folder.display())))?;
    let text = String::from_utf8_lossy(source).into_owned();
    let context = BuildContext {
        compiler: Compiler {
            sandbox,
            seen,
            reserves_memory: submission.language.reserves_memory(),
            file_bytes: crate::executor::context::BUILD_FILE_BYTES,
        },
        text: &text,
        problems,
        leetcode: submission.shape == Shape::LeetCode,
        command,
        build_root,
    };
    let compiled = submission.language.build(&context)?;
    // Written whole: another judge reads them before it takes the lock.
    match &compiled {
        Compiled::Done { entry } => crate::files::write_atomically(&folder.join("built"), entry),
        Compiled::Refused(message) => {
            crate::files::write_atomically(&folder.join("compile-error.txt"), message)
        }
        Compiled::Stopped(_) => Ok(()),
    }
    .map_err(|error| Error::Environment(error.to_string()))?;
    Ok(compiled)
}

/// [`crate::files::lock_file`], its failure the machine's.
fn lock_key(path: &Path, operation: libc::c_int) -> Result<File, Error> {
    crate::files::lock_file(path, operation).map_err(|error| Error::Environment(error.to_string()))
}

/// How many builds the cache keeps beyond those used lately: every save under `--watch` is a new
/// build (a Rust one some 4 MB), and a learner's loop makes hundreds.
const KEPT_BUILDS: usize = 200;

/// A build used this recently is never pruned: another judge may be running it.
const KEPT_WHILE_IDLE: Duration = Duration::from_secs(15 * 60);

/// Marks a build's record as used now (its modification time, which pruning reads).
fn mark_used(record: &Path) {
    if let Ok(file) = File::options().append(true).open(record) {
        let _ = file.set_modified(SystemTime::now());
    }
}

/// Removes the builds under `build_root` beyond the `keep` last used, but none used within `idle`
/// nor any a judge is making or holds (a judge keeps a shared lease on each build it may run),
/// with their lock and lease files; the precompiled headers (`pch/`) stay. A build is a folder
/// named by its key's 16 hex digits; when it was last used is its record's time (`built` or
/// `compile-error.txt`; a folder without one, a build cut short, by the folder's own), read again
/// under the build's locks.
fn prune_builds(build_root: &Path, keep: usize, idle: Duration) {
    let Ok(entries) = std::fs::read_dir(build_root) else { return };
    let is_key = |name: &str| name.len() == 16 && name.bytes().all(|byte| byte.is_ascii_hexdigit());
    let mut builds: Vec<(SystemTime, PathBuf)> = entries
        .flatten()
        .filter(|entry| entry.file_name().to_str().is_some_and(is_key))
        .filter(|entry| entry.file_type().is_ok_and(|kind| kind.is_dir()))
        .map(|entry| (last_used(&entry.path()), entry.path()))
        .collect();
    if builds.len() <= keep {
        return;
    }
    builds.sort_by_key(|(used, _)| std::cmp::Reverse(*used));
    let idle_since =
        |folder: &Path| SystemTime::now().duration_since(last_used(folder)).is_ok_and(|age| age >= idle);
    for (_, folder) in builds.into_iter().skip(keep) {
        if !idle_since(&folder) {
            continue;
        }
        // Neither being made nor leased: both locks, taken without waiting.
        let (lock_path, lease_path) = (folder.with_extension("lock"), folder.with_extension("lease"));
        let Ok(lock) = lock_key(&lock_path, libc::LOCK_EX | libc::LOCK_NB) else { continue };
        let Ok(lease) = lock_key(&lease_path, libc::LOCK_EX | libc::LOCK_NB) else { continue };
        if idle_since(&folder) {
            let _ = std::fs::remove_dir_all(&folder);
            let _ = std::fs::remove_file(&lease_path);
            let _ = std::fs::remove_file(&lock_path);
        }
        drop((lease, lock));
    }
}

/// When the build in `folder` was last used (see [`prune_builds`]).
fn last_used(folder: &Path) -> SystemTime {
    ["built", "compile-error.txt", "."]
        .iter()
        .find_map(|record| std::fs::metadata(folder.join(record)).and_then(|meta| meta.modified()).ok())
        .unwrap_or(SystemTime::UNIX_EPOCH)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_of_another_users_is_not_followed() {
        use std::os::unix::fs::MetadataExt;
        let folder = std::env::temp_dir().join(format!("judge-links-{}", std::process::id()));
        std::fs::create_dir_all(folder.join("real")).expect("a folder");
        std::fs::write(folder.join("real/mine.cpp"), "int main() {}\n").expect("a file");
        std::os::unix::fs::symlink(folder.join("real/mine.cpp"), folder.join("link.cpp")).expect("a link");
        std::os::unix::fs::symlink(folder.join("real"), folder.join("linked")).expect("a folder link");
        let owner = std::fs::symlink_metadata(folder.join("link.cpp")).expect("the link").uid();
        // Its owner may follow it; to anyone else (root's own links aside) it is another user's.
        assert_eq!(foreign_link(&folder.join("link.cpp"), owner), None);
        assert_eq!(foreign_link(&folder.join("real/mine.cpp"), owner + 1), None);
        if owner != 0 {
            assert_eq!(
                foreign_link(&folder.join("link.cpp"), owner + 1),
                Some((folder.join("link.cpp"), owner))
            );
            assert_eq!(
                foreign_link(&folder.join("linked/mine.cpp"), owner + 1),
                Some((folder.join("linked"), owner))
            );
        } else {
            // As root, a link made for another user (as a student's would be) is that user's.
            std::os::unix::fs::lchown(folder.join("link.cpp"), Some(12345), None).expect("lchown");
            assert_eq!(foreign_link(&folder.join("link.cpp"), 0), Some((folder.join("link.cpp"), 12345)));
            assert!(read_source(&folder.join("link.cpp"))
                .is_err_and(|error| error.to_string().contains("not followed")));
        }
        let _ = std::fs::remove_dir_all(&folder);
    }

    #[test]
    fn pruning_keeps_the_builds_used_last_and_lately() {
        let root = std::env::temp_dir().join(format!("judge-prune-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let hour = Duration::from_secs(3600);
        // Twelve builds, used 1 to 12 hours ago (the 12th a build cut short, without a record),
        // two used just now, and what is not a build.
        let mut made = Vec::new();
        for age in 1..=14u32 {
            let folder = root.join(format!("{:016x}", age));
            std::fs::create_dir_all(&folder).expect("a build folder");
            std::fs::write(folder.with_extension("lock"), "").expect("a lock file");
            let used = if age > 12 { SystemTime::now() } else { SystemTime::now() - hour * age };
            let record = if age == 12 { folder.clone() } else { folder.join("built") };
            if age != 12 {
                std::fs::write(&record, "program").expect("a record");
            }
            File::open(&record).and_then(|file| file.set_modified(used)).expect("a time set");
            made.push(folder);
        }
        std::fs::create_dir_all(root.join("pch/0123456789abcdef")).expect("a header's folder");
        // A judge runs the 8 hours old one: it holds its lease, shared; another makes the 9 hours
        // old one again (a build cut short): it holds its lock.
        let lease = lock_key(&made[7].with_extension("lease"), libc::LOCK_SH).expect("a lease");
        let making = lock_key(&made[8].with_extension("lock"), libc::LOCK_EX).expect("a lock");
        prune_builds(&root, 5, 5 * hour + Duration::from_secs(60));
        drop((lease, making));
        let left: Vec<bool> = made.iter().map(|folder| folder.exists()).collect();
        let locks: Vec<bool> = made.iter().map(|folder| folder.with_extension("lock").exists()).collect();
        assert!(root.join("pch/0123456789abcdef").exists());
        let _ = std::fs::remove_dir_all(&root);
        // Kept: the 5 used last (the two just now, and 1 to 3 hours ago), beyond them those used
        // within 5 hours (4 and 5 hours ago) and the two held; the others go, with their locks.
        let kept = [true, true, true, true, true, false, false, true, true, false, false, false, true, true];
        assert_eq!(left, kept);
        assert_eq!(locks, kept);
    }

    #[test]
    fn a_signature_names_its_method() {
        for language in Language::all() {
            for method in Method::ALL {
                let name = method_name(language.signature(method));
                assert!(
                    ["solveNQueens", "totalNQueens", "solve_n_queens", "total_n_queens"].contains(&name),
                    "{}: `{name}` from `{}`",
                    language.id(),
                    language.signature(method)
                );
            }
        }
    }

    #[test]
    fn a_compiler_flag_replaces_one_language() {
        let mut toolchain = Toolchain::default();
        toolchain.set_from_argument("cpp=clang++ -O2").unwrap();
        let cpp = Language::by_id("cpp").unwrap();
        assert_eq!(toolchain.command(cpp), ["clang++", "-O2"]);
        assert!(toolchain
            .set_from_argument("cobol=cobc")
            .unwrap_err()
            .message()
            .contains("no language `cobol`"));
        assert!(toolchain.set_from_argument("cpp").is_err() && toolchain.set_from_argument("cpp= ").is_err());
        assert!(toolchain.strict().command(cpp).len() > 2);
    }
}
