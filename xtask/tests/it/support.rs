//! Helpers shared by the tests: a temporary cases folder and a way to run the xtask binary.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A folder under the system's temporary folder, removed when dropped.
pub struct TempFolder {
    pub path: PathBuf,
}

impl TempFolder {
    pub fn new(label: &str) -> TempFolder {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let unique =
            format!("xtask-test-{label}-{}-{}", std::process::id(), COUNTER.fetch_add(1, Ordering::Relaxed));
        let path = std::env::temp_dir().join(unique);
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("create a temporary folder");
        TempFolder { path }
    }

    pub fn write(&self, relative: &str, text: &str) -> PathBuf {
        let path = self.path.join(relative);
        std::fs::create_dir_all(path.parent().expect("a file has a folder")).expect("create folders");
        std::fs::write(&path, text).expect("write a file");
        path
    }
}

impl Drop for TempFolder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// Runs `cargo xtask ARGS` as the built binary, outside CI unless `ci` is set.
pub fn xtask(args: &[&str], ci: bool) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_xtask"));
    command.args(args).env_remove("NO_COLOR");
    if ci {
        command.env("CI", "true");
    } else {
        command.env_remove("CI");
    }
    command.output().expect("run the xtask binary")
}

pub fn stdout_of(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

pub fn stderr_of(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

pub fn path_arg(path: &Path) -> &str {
    path.to_str().expect("temporary paths are UTF-8")
}
