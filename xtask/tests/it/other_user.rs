//! A second user on the machine: the installed judge (a copy of the binary, away from the clone)
//! run as a user who is not root. Run as root, the test takes a uid of its own for that user
//! ([`OTHER_UID`], no account needed: the kernel knows users by number) and gives it a folder of its
//! own; run as a user who is not root, it is that user. On cgroup v1 such a user has no cgroup, so
//! this is the fallback the judge falls back to on many machines.

use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use crate::support::{processes_of, workspace_root, KilledOnDrop};

/// The uid the test's second user has when the test runs as root: in no distribution's range of
/// system or login users.
const OTHER_UID: u32 = 60_077;

/// The second user's folder (`bin/`, `home/`, `files/`), readable by that user alone and its
/// parent, removed when dropped.
struct UserFolder {
    path: PathBuf,
    uid: u32,
}

impl UserFolder {
    fn new() -> UserFolder {
        // SAFETY: geteuid has no preconditions.
        let uid = if unsafe { libc::geteuid() } == 0 { OTHER_UID } else { unsafe { libc::geteuid() } };
        // Every folder above it must let the other user through, and none may be under /tmp: the
        // sandbox's /tmp is a private tmpfs, where the folders a file is shown in are writable (and
        // thrown away), which the hostile files would take for the host's.
        static COUNT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let count = COUNT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let path = PathBuf::from(format!("/var/tmp/queens-judge-second-user-{}-{count}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        for folder in ["bin", "home", "files"] {
            std::fs::create_dir_all(path.join(folder)).expect("the second user's folders");
        }
        std::fs::copy(env!("CARGO_BIN_EXE_xtask"), path.join("bin/queens-judge"))
            .expect("a copy of the judge");
        let folder = UserFolder { path, uid };
        folder.hand_over(&folder.path);
        folder
    }

    /// Copies the corpus files `names` into the user's `files/`: their paths there.
    fn files(&self, names: &[&str]) -> Vec<PathBuf> {
        let corpus = workspace_root().join("xtask/tests/corpus");
        names
            .iter()
            .map(|name| {
                let target = self.path.join("files").join(Path::new(name).file_name().expect("a file name"));
                std::fs::copy(corpus.join(name), &target).expect("a corpus file");
                self.hand_over(&target);
                target
            })
            .collect()
    }

    /// Makes `path` (and what is in it) the user's, mode 0755 for folders.
    fn hand_over(&self, path: &Path) {
        let mut pending = vec![path.to_path_buf()];
        while let Some(path) = pending.pop() {
            std::os::unix::fs::chown(&path, Some(self.uid), Some(self.uid))
                .expect("chown to the second user");
            if path.is_dir() {
                std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
                pending.extend(
                    std::fs::read_dir(&path).expect("a folder").map(|entry| entry.expect("entry").path()),
                );
            }
        }
    }

    /// The installed judge as the second user, with `HOME` at `home` (none when `None`).
    fn judge(&self, home: Option<&Path>, args: &[&str], files: &[PathBuf]) -> Output {
        let mut command = self.command(&self.path.join("bin/queens-judge"));
        command.args(args).args(files).current_dir(self.path.join("files"));
        if let Some(home) = home {
            command.env("HOME", home);
        }
        let child = command.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("the judge starts");
        child.wait_with_output().expect("the judge's output")
    }

    /// `program` as the second user, with nothing of the test's environment but `PATH` and `LANG`.
    fn command(&self, program: &Path) -> Command {
        let mut command = Command::new(program);
        command.env_clear().env("PATH", "/usr/local/bin:/usr/bin:/bin").env("LANG", "C.UTF-8");
        command.uid(self.uid).gid(self.uid);
        command
    }
}

impl Drop for UserFolder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// The text report's last line for `name`: `name: 1 AC`, say.
fn summary_of<'a>(stdout: &'a str, name: &str) -> &'a str {
    let prefix = format!("{name}: ");
    stdout.lines().rev().find(|line| line.starts_with(&prefix)).unwrap_or("")
}

fn shown(output: &Output) -> String {
    format!(
        "exit {:?}\n--- stdout\n{}\n--- stderr\n{}",
        output.status.code(),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// The second user judges with the sandbox and with `--no-sandbox`: the verdicts are the
/// sandbox's, no daemon of theirs is left, none of their other processes is touched, their builds
/// go to their own cache, and with no `HOME` at all, to a folder of `/tmp` that is theirs alone.
#[test]
fn a_second_user_on_the_machine_judges_in_their_own_folders_and_is_fenced() {
    let folder = UserFolder::new();
    let home = folder.path.join("home");
    let files = folder.files(&[
        "cses/right.py",
        "hostile/daemon_setsid.py",
        "hostile/other_abi.c",
        "hostile/proc_mem.py",
        "hostile/poison_cache.py",
        "hostile/leave_cgroup.py",
        "hostile/write_outside.py",
    ]);
    // A process of the second user's own (`sleep`), which no run of theirs may end: i386's
    // `kill(-1)` through `int 0x80` once ended every process of the user.
    let mut bystander = KilledOnDrop(
        folder.command(Path::new("/bin/sleep")).arg("120").spawn().expect("the user's own sleep starts"),
    );
    for extra in [
        &["--jobs", "2", "--case", "cses/sample"][..],
        &["--jobs", "2", "--case", "cses/sample", "--no-sandbox"],
    ] {
        let output = folder.judge(Some(&home), extra, &files);
        let stdout = String::from_utf8_lossy(&output.stdout);
        for file in &files {
            let name = file.file_name().expect("a name").to_string_lossy();
            // The daemon's first fork ends its run: a run is one process.
            let verdict = if name == "daemon_setsid.py" { "RE" } else { "AC" };
            let summary = summary_of(&stdout, &name);
            assert!(summary.starts_with(&format!("{name}: 1 {verdict}")), "{extra:?}: {}", shown(&output));
        }
        assert_eq!(output.status.code(), Some(1), "{extra:?}: {}", shown(&output));
        assert_eq!(
            processes_of(Some(folder.uid), "qj-daemon-sid"),
            Vec::<String>::new(),
            "{extra:?}: a daemon was left"
        );
        assert_eq!(
            bystander.0.try_wait().expect("the sleep's state"),
            None,
            "{extra:?}: the user's sleep was ended"
        );
    }
    let cache = home.join(".cache/queens-judge");
    assert!(cache.is_dir(), "the builds went to {}", cache.display());
    assert!(
        std::fs::metadata(&cache).is_ok_and(|metadata| metadata.uid() == folder.uid),
        "the cache is the user's"
    );
    // No HOME: a folder of /tmp of the user's own, mode 0700.
    let output = folder.judge(None, &["--case", "cses/sample"], &files[..1]);
    assert_eq!(output.status.code(), Some(0), "{}", shown(&output));
    let private = PathBuf::from(format!("/tmp/queens-judge-{}", folder.uid));
    let metadata = std::fs::metadata(&private).expect("the private folder");
    assert_eq!((metadata.uid(), metadata.mode() & 0o777), (folder.uid, 0o700), "{}", private.display());
    if folder.uid == OTHER_UID {
        let _ = std::fs::remove_dir_all(&private);
    }
    let _ = bystander.0.kill();
}

/// A teacher judges a student's folder as root: the student's link to `/etc/shadow` is refused in
/// one line (exit 4), never read with root's rights into a CE. (Run as a user who is not root, the
/// test's own links are that user's, and the judge follows them: this needs root.)
#[test]
fn a_root_judge_follows_no_link_of_another_users() {
    // SAFETY: geteuid has no preconditions.
    assert_eq!(unsafe { libc::geteuid() }, 0, "this test judges as root, as a teacher would");
    let folder = UserFolder::new();
    let link = folder.path.join("files/shadow.cpp");
    std::os::unix::fs::symlink("/etc/shadow", &link).expect("a link");
    std::os::unix::fs::lchown(&link, Some(folder.uid), Some(folder.uid)).expect("the student's link");
    let right = folder.files(&["cses/right.py"]);
    let output = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["judge", "--case", "cses/sample"])
        .arg(&link)
        .args(&right)
        .env("CI", "true")
        .output()
        .expect("the judge runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(4), "{}", shown(&output));
    let refusals: Vec<&str> =
        stdout.lines().chain(stderr.lines()).filter(|line| line.contains("symbolic link")).collect();
    assert_eq!(refusals.len(), 1, "{}", shown(&output));
    assert!(
        refusals[0].contains(&format!("a symbolic link of another user's (uid {})", folder.uid)),
        "{}",
        shown(&output)
    );
    assert!(
        !stdout.contains("root:") && !stderr.contains("root:"),
        "a line of /etc/shadow shown: {}",
        shown(&output)
    );
    // The other file is judged all the same.
    assert_eq!(summary_of(&stdout, "right.py"), "right.py: 1 AC", "{}", shown(&output));
}
