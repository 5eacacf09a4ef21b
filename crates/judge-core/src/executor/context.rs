//! The base every executor builds on: how a build and a run see the build's folder and the user's
//! file ([`Seen`]), what an executor's `build` is given (a [`BuildContext`], whose one way to run a
//! compiler is the runner, in the sandbox, under the build limits) and what its `launch` is told
//! (a [`RunContext`]), and how a tool is found.

use std::ffi::{OsStr, OsString};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::error::Error;
use crate::problem::Problem;
use crate::runner::{Isolation, Job};
use crate::sandbox::{Layout, Sandbox, BOX};

mod tools;
pub use tools::*;

/// What an executor's `launch` is told.
#[derive(Debug)]
pub struct RunContext<'a> {
    pub(crate) seen: Seen<'a>,
    pub command: &'a [String],
    pub entry: &'a str,
    pub answer_channel: bool,
    pub problem: Problem,
    /// The run's memory limit (a JVM's heap is sized to it).
    pub memory_bytes: u64,
}

impl RunContext<'_> {
    /// Where `name` in the build's folder is seen by the run.
    pub fn at(&self, name: &str) -> PathBuf {
        self.seen.at(name)
    }

    /// Where the user's file is seen by the run.
    pub fn source(&self) -> PathBuf {
        self.seen.source()
    }

    /// An interpreter's arguments: the command's own, then for a LeetCode file the `driver` the
    /// build wrote, the user's file, and for a LeetCode file the problem.
    pub(crate) fn script_arguments(&self, driver: &str) -> Vec<OsString> {
        let mut args: Vec<OsString> = self.command[1..].iter().map(OsString::from).collect();
        if self.answer_channel {
            args.push(self.at(driver).into());
        }
        args.push(self.source().into());
        if self.answer_channel {
            args.push(self.problem_argument().into());
        }
        args
    }

    /// A compiled program's launch: the build's `program`, told its problem when it is a driver.
    pub(crate) fn compiled_program(&self) -> super::Launch {
        let mut args = Vec::new();
        if self.answer_channel {
            args.push(self.problem_argument().into());
        }
        super::Launch { program: self.at("program"), args, prefixes: Vec::new() }
    }

    /// The driver's argument that names the problem: its LeetCode number (`51`).
    pub(crate) fn problem_argument(&self) -> String {
        self.problem.leetcode_number().map(|number| number.to_string()).unwrap_or_default()
    }
}

/// A build's folder and the user's file as a build or a run sees them: in the sandbox, the build at
/// [`BOX`] and the copy of the file at the file's own path (messages and panics name it); without
/// it, the host's paths.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Seen<'a> {
    /// The build's folder, on the host.
    pub folder: &'a Path,
    pub user_path: &'a Path,
    pub sandboxed: bool,
}

impl Seen<'_> {
    /// The copy of the user's file, on the host.
    pub(crate) fn copy(&self) -> PathBuf {
        self.folder.join(SOURCE).join(file_name(self.user_path))
    }

    /// Where `name` in the build's folder is seen.
    pub(crate) fn at(&self, name: &str) -> PathBuf {
        if self.sandboxed {
            Path::new(BOX).join(name)
        } else {
            self.folder.join(name)
        }
    }

    /// Where the user's file is seen: its own path in the sandbox, which holds the copy there;
    /// else the copy itself.
    pub(crate) fn source(&self) -> PathBuf {
        if self.sandboxed {
            self.user_path.to_path_buf()
        } else {
            self.copy()
        }
    }

    /// What the sandbox shows: the build (writable for a compiler), the copy, the toolchain's
    /// installation folders, and a `/tmp` of `tmp_bytes`.
    pub(crate) fn layout(&self, tmp_bytes: u64, writable: bool, prefixes: &[PathBuf]) -> Layout {
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
pub(crate) const COMPILE_ERROR_LINES: usize = 20;

/// The folder of a build that holds the copy of the user's file.
pub(crate) const SOURCE: &str = "source";

/// What a build may use is `limits::build`'s.
pub(crate) use crate::limits::{BUILD_CPU, BUILD_MEMORY, BUILD_OUTPUT_BYTES, BUILD_WALL};
/// The largest file a build may write (its program, an object file): far past any N-Queens
/// program, and a bound on what one build leaves in the cache.
pub(crate) const BUILD_FILE_BYTES: u64 = 64 << 20;
/// The compiler's messages kept (its standard output and error): the first half and the last.
pub(crate) const BUILD_MESSAGES_KEPT: usize = 64 << 10;
pub(crate) const BUILD_PROCESSES: u32 = 256;
const BUILD_TMP_BYTES: u64 = 512 << 20;
pub(crate) const RUN_TMP_BYTES: u64 = 64 << 20;

fn file_name(path: &Path) -> &OsStr {
    path.file_name().unwrap_or(OsStr::new("source"))
}

/// How a build ended.
#[derive(Debug)]
pub enum Compiled {
    /// Built; `entry` is what the run needs to know of the build (a Java class), else empty.
    Done { entry: String },
    /// The compiler said no: the file's own compile error, cached.
    Refused(String),
    /// A limit stopped the compiler: a CE this time, not cached.
    Stopped(String),
}

/// What an executor's `build` is given: the file's text, what to build it for, and the one way to
/// run a compiler (in the sandbox, under the build limits).
#[derive(Debug)]
pub struct BuildContext<'a> {
    pub(crate) compiler: Compiler<'a>,
    /// The file's text.
    pub text: &'a str,
    /// The problems to build its driver for.
    pub problems: &'a [Problem],
    /// A LeetCode file, built inside its language's driver.
    pub leetcode: bool,
    /// The language's command.
    pub command: &'a [String],
    /// Where builds are cached (precompiled headers live below it, in `pch/`).
    pub(crate) build_root: &'a Path,
}

impl BuildContext<'_> {
    /// The user's file, as messages name it.
    pub(crate) fn user_path(&self) -> &Path {
        self.compiler.seen.user_path
    }

    /// Where `name` in the build's folder is seen by the compiler.
    pub fn at(&self, name: &str) -> PathBuf {
        self.compiler.seen.at(name)
    }

    /// Where the user's file is seen by the compiler.
    pub fn source(&self) -> PathBuf {
        self.compiler.seen.source()
    }

    /// Whether the build folder is the driver's business: a LeetCode file.
    pub(crate) fn is_leetcode(&self) -> bool {
        self.leetcode
    }

    /// Writes `name` (folders made) in the build's folder.
    ///
    /// # Errors
    /// The machine's ([`Error::Environment`]), one line naming the file: the build's folder is the
    /// judge's own.
    pub fn write(&self, name: &str, text: &str) -> Result<(), Error> {
        let path = self.compiler.seen.folder.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|error| {
                Error::Environment(format!("{}: cannot create: {error}", parent.display()))
            })?;
        }
        write(&path, text)
    }

    /// The command's first word, resolved to its real program and the folder it is installed in.
    ///
    /// # Errors
    /// The machine's ([`Error::Environment`]): one line naming the missing tool.
    pub fn tool(&self) -> Result<Tool, Error> {
        resolve_tool(self.command.first().map_or("", String::as_str))
    }

    /// `-fuse-ld=gold` where binutils' gold is installed with the system, the compiler is GCC's and
    /// the command names no linker (nor link-time optimisation) of its own: gcc and g++ link with it, the learner's loop a twentieth of a second
    /// quicker (0.02 s a link against ld.bfd's 0.08 s), the program the same.
    pub(crate) fn quick_linker(&self) -> Option<&'static str> {
        static GOLD: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
        let installed =
            *GOLD.get_or_init(|| resolve_tool("ld.gold").is_ok_and(|tool| tool.program.starts_with("/usr")));
        // GCC's own drivers only (clang's link-time optimisation would need gold's LLVM plugin),
        // and never where the command chooses its linker or how it links.
        let gcc = self.tool().is_ok_and(|tool| {
            let name = tool.program.file_name().map(|name| name.to_string_lossy().into_owned());
            name.is_some_and(|name| (name.contains("gcc") || name.contains("g++")) && !name.contains("clang"))
        });
        let own_link = ["-fuse-ld", "--ld-path", "-B", "-flto"];
        let chooses = self.command.iter().any(|word| own_link.iter().any(|flag| word.starts_with(flag)));
        (installed && gcc && !chooses).then_some("-fuse-ld=gold")
    }

    /// `command SOURCE -o program` (then `after`), where SOURCE is the user's file or a `driver` the
    /// build wrote: what gcc, g++ and rustc take.
    ///
    /// # Errors
    /// The machine's ([`Error::Environment`]): one line when the compiler cannot be started.
    pub fn compile(&self, driver: Option<&str>, after: &[&str]) -> Result<Compiled, Error> {
        self.compile_with(driver, &[], after)
    }

    /// [`BuildContext::compile`], with `folders` put first on the include path (and shown to the
    /// compiler, read-only): a precompiled header's.
    ///
    /// # Errors
    /// The machine's ([`Error::Environment`]): one line when the compiler cannot be started.
    pub(crate) fn compile_with(
        &self,
        driver: Option<&str>,
        folders: &[PathBuf],
        after: &[&str],
    ) -> Result<Compiled, Error> {
        let tool = self.tool()?;
        let source = driver.map_or_else(|| self.source(), |driver| self.at(driver));
        let mut words: Vec<OsString> = self.command[1..].iter().map(OsString::from).collect();
        for folder in folders {
            words.extend(["-I".into(), folder.clone().into_os_string()]);
        }
        if tool.is_rustc() {
            // A panic names the user's file, not the driver it sits in (or the copy).
            let mut remap = OsString::from("--remap-path-prefix=");
            remap.push(&source);
            remap.push("=");
            remap.push(self.user_path());
            words.push(remap);
        }
        words.extend([source.clone().into_os_string(), "-o".into(), self.at("program").into_os_string()]);
        words.extend(after.iter().map(OsString::from));
        let prefixes: Vec<PathBuf> = tool.prefixes.iter().chain(folders).cloned().collect();
        self.run(&tool.program, &prefixes, &words, &[source])
    }

    /// A precompiled `header` (`bits/stdc++.h`) for this command, made once per compiler and flags
    /// (in the sandbox, under the build limits but a larger file cap: GCC's is some 100 MB) and
    /// kept under the build folder's `pch/`: the folder to put first on the include path, or
    /// `None` where it cannot be made (the build is then only slower). GCC uses it only when the
    /// flags match and it is the first include, and falls back on the header itself otherwise.
    pub(crate) fn precompiled_header(&self, header: &str) -> Option<PathBuf> {
        let tool = self.tool().ok()?;
        let real = locate_header(&tool, self.command, header)?;
        let stamp = std::fs::metadata(&tool.program).and_then(|metadata| metadata.modified()).ok()?;
        let name = pch_name(&tool.program, self.command, header, stamp, self.compiler.seen.sandboxed);
        let root = self.build_root.join("pch");
        let folder = root.join(&name);
        let done = folder.join("done");
        if done.exists() {
            return Some(folder);
        }
        std::fs::create_dir_all(&root).ok()?;
        let _lock = crate::files::lock_file(&root.join(format!("{name}.lock")), libc::LOCK_EX).ok()?;
        if done.exists() {
            return Some(folder);
        }
        let _ = std::fs::remove_dir_all(&folder);
        let output = format!("{header}.gch");
        std::fs::create_dir_all(folder.join(&output).parent()?).ok()?;
        std::fs::create_dir_all(folder.join(SOURCE)).ok()?;
        std::fs::copy(&real, folder.join(SOURCE).join(real.file_name()?)).ok()?;
        let seen = Seen { folder: &folder, user_path: &real, sandboxed: self.compiler.seen.sandboxed };
        let compiler = Compiler {
            sandbox: self.compiler.sandbox,
            seen,
            reserves_memory: false,
            file_bytes: PCH_FILE_BYTES,
        };
        let mut words: Vec<OsString> = self.command[1..].iter().map(OsString::from).collect();
        words.extend([
            "-x".into(),
            "c++-header".into(),
            seen.source().into_os_string(),
            "-o".into(),
            seen.at(&output).into_os_string(),
        ]);
        match compiler.run(&tool.program, &tool.prefixes, &words, self.command) {
            Ok(Compiled::Done { .. }) => {
                // Where GCC finds a `.gch` it cannot use (a second `#include <bits/stdc++.h>`, a
                // file that includes it after another header), it reads the header from the same
                // folder, and fails if it is not there.
                std::fs::copy(&real, folder.join(header)).ok()?;
                write(&done, "").ok()?;
                Some(folder)
            }
            _ => None,
        }
    }

    /// Runs a compiler (or a checker) under the build limits: `Done`, its message (each of
    /// `renamed`, the paths it was given the file under, shown as the user's file), or the limit
    /// that stopped it.
    ///
    /// # Errors
    /// The machine's ([`Error::Environment`]): one line when it cannot be started.
    pub fn run(
        &self,
        program: &Path,
        prefixes: &[PathBuf],
        args: &[OsString],
        renamed: &[PathBuf],
    ) -> Result<Compiled, Error> {
        let outcome = self.compiler.run(program, prefixes, args, self.command).map_err(Error::Environment)?;
        Ok(match outcome {
            Compiled::Refused(mut message) => {
                let user = self.user_path().display().to_string();
                for path in renamed {
                    message = message.replace(&path.display().to_string(), &user);
                }
                if !self.compiler.seen.sandboxed {
                    message = message.replace(&self.compiler.seen.folder.display().to_string(), "");
                }
                Compiled::Refused(message)
            }
            other => other,
        })
    }
}

/// One build's compiler runs.
#[derive(Debug)]
pub(crate) struct Compiler<'a> {
    pub(crate) sandbox: Option<&'a Sandbox>,
    pub(crate) seen: Seen<'a>,
    /// A JVM's compiler: no address-space cap.
    pub(crate) reserves_memory: bool,
    /// The largest file it may write.
    pub(crate) file_bytes: u64,
}

impl Compiler<'_> {
    /// The build limit that stopped a compiler's run, told; `None` when none did.
    fn stopped(&self, finished: &crate::runner::Finished) -> Option<String> {
        if finished.killed_at_backstop {
            return Some(format!(
                "the compiler ran past its {} s wall-clock backstop: stopped",
                BUILD_WALL.as_secs()
            ));
        }
        if finished.killed_over_cpu
            || finished.cpu_time > BUILD_CPU
            || finished.status.signal() == Some(libc::SIGXCPU)
        {
            return Some(format!("the compiler ran past its {} s of CPU time: stopped", BUILD_CPU.as_secs()));
        }
        if finished.killed_for_memory {
            return Some(format!(
                "the compiler used more than its {} GiB of memory: stopped",
                BUILD_MEMORY >> 30
            ));
        }
        if finished.status.signal() == Some(libc::SIGXFSZ) {
            return Some(format!(
                "the compiler wrote a file past its {} MiB cap: stopped",
                self.file_bytes >> 20
            ));
        }
        finished
            .output_over_limit
            .then(|| format!("the compiler printed more than {} MiB: stopped", BUILD_OUTPUT_BYTES >> 20))
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
            for entry in walk(folder) {
                std::os::unix::fs::chown(&entry, Some(uid), Some(uid)).map_err(|error| {
                    format!("{}: cannot hand to the sandbox's user: {error}", entry.display())
                })?;
            }
        }
        let limits = crate::limits::build();
        let job = Job {
            isolation: match self.sandbox {
                Some(sandbox) => Isolation::Sandboxed { sandbox, layout: &layout },
                None => Isolation::Unsandboxed { layout: &layout },
            },
            program,
            args,
            answer_channel: false,
            max_processes: Some(BUILD_PROCESSES),
            processes: crate::sandbox::Processes::Many,
            env: crate::sandbox::ENV,
            stdin: b"",
            limits,
            // Compilers map far more than they touch; the cgroup holds their memory. A JVM maps
            // more still.
            address_space: Some(if self.reserves_memory { u64::MAX } else { 4 * BUILD_MEMORY }),
            file_bytes: Some(self.file_bytes),
            answer_bytes: BUILD_MESSAGES_KEPT,
        };
        let finished = crate::runner::run(&job)
            .map_err(|error| format!("cannot run `{}`: {error}", command.join(" ")))?;
        if let Some(why) = self.stopped(&finished) {
            return Ok(Compiled::Stopped(why));
        }
        if finished.status.success() {
            return Ok(Compiled::Done { entry: String::new() });
        }
        let mut message = String::from_utf8_lossy(&finished.stderr).into_owned();
        if message.trim().is_empty() {
            message = String::from_utf8_lossy(&finished.stdout).into_owned();
        }
        if message.trim().is_empty() {
            message = crate::runner::crash_detail(finished.status, "", &crate::runner::UnknownRuntime);
        }
        Ok(Compiled::Refused(first_lines(&message)))
    }
}

/// A precompiled header's folder name: its compiler (and when it was installed), command and
/// header, the layout's version (2 keeps the header itself beside its precompiled form), and the
/// isolation it was made under: one made without the sandbox, in a folder an unsandboxed run of
/// the same user could have replaced, is never used by a sandboxed build.
fn pch_name(
    program: &Path,
    command: &[String],
    header: &str,
    stamp: std::time::SystemTime,
    sandboxed: bool,
) -> String {
    let isolation = if sandboxed { "sandboxed" } else { "unsandboxed" };
    let key =
        format!("{}\0{}\0{header}\0{stamp:?}\0layout 2\0{isolation}", program.display(), command.join(" "));
    format!("{:016x}", fnv1a(key.as_bytes()))
}

/// The largest file a precompiled header's build may write: GCC's `bits/stdc++.h.gch` is some
/// 100 MB.
const PCH_FILE_BYTES: u64 = 512 << 20;

/// Where the compiler finds `header` (`#include <header>`), asked of the compiler once per process
/// and command (on the host: the judge's own tool and no input of the user's).
fn locate_header(tool: &Tool, command: &[String], header: &str) -> Option<PathBuf> {
    type Found = (Vec<String>, Option<PathBuf>);
    static FOUND: std::sync::Mutex<Vec<Found>> = std::sync::Mutex::new(Vec::new());
    let mut found = FOUND.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let key: Vec<String> = command.iter().cloned().chain([header.to_string()]).collect();
    if let Some((_, path)) = found.iter().find(|(known, _)| *known == key) {
        return path.clone();
    }
    // The compiler's include path (`-E -v` on empty input, some 10 ms), searched in its order:
    // asking for the header's dependencies (`-M`) parsed all of `<bits/stdc++.h>`, 0.4 s.
    let path = (|| {
        let output = Command::new(&tool.program)
            .args(&command[1..])
            .args(["-x", "c++", "-E", "-v", "-"])
            // Its messages untranslated, so that the search list's markers are found.
            .env("LC_ALL", "C")
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .output()
            .ok()?;
        let text = String::from_utf8_lossy(&output.stderr);
        let listed = text.lines().skip_while(|line| !line.starts_with("#include <...> search starts here"));
        listed
            .skip(1)
            .take_while(|line| !line.starts_with("End of search list"))
            .map(|line| Path::new(line.trim().trim_end_matches(" (framework directory)")).join(header))
            .find(|candidate| candidate.is_file())
    })();
    found.push((key, path.clone()));
    path
}

/// `folder` and everything below it (links not followed).
fn walk(folder: &Path) -> Vec<PathBuf> {
    let mut found = vec![folder.to_path_buf()];
    let mut index = 0;
    while index < found.len() {
        let path = found[index].clone();
        index += 1;
        if std::fs::symlink_metadata(&path).is_ok_and(|metadata| metadata.is_dir()) {
            if let Ok(entries) = std::fs::read_dir(&path) {
                found.extend(entries.filter_map(|entry| entry.ok().map(|entry| entry.path())));
            }
        }
    }
    found
}

pub(crate) fn write(path: &Path, text: &str) -> Result<(), Error> {
    std::fs::write(path, text)
        .map_err(|error| Error::Environment(format!("{}: cannot write: {error}", path.display())))
}

fn first_lines(message: &str) -> String {
    let lines: Vec<&str> = message.lines().take(COMPILE_ERROR_LINES).collect();
    lines.join("\n")
}

/// A path as a C or C++ `#line` directive quotes it.
pub(crate) fn quoted_for_line(path: &Path) -> String {
    path.display().to_string().replace('\\', "\\\\").replace('"', "\\\"")
}

/// FNV-1a, 64 bits: the same key on every machine and every Rust version.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .fold(0xcbf2_9ce4_8422_2325, |hash, &byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_precompiled_header_made_without_the_sandbox_is_never_a_sandboxed_ones() {
        let command = ["g++".to_string(), "-O2".to_string()];
        let stamp = std::time::SystemTime::UNIX_EPOCH;
        let name =
            |sandboxed| pch_name(Path::new("/usr/bin/g++"), &command, "bits/stdc++.h", stamp, sandboxed);
        assert_ne!(name(true), name(false));
        assert_eq!(name(true), name(true));
    }
}
