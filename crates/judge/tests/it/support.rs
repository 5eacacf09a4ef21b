//! Helpers shared by the tests: a temporary folder, removed when dropped; a FIFO; a deadline.

use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

use judge_core::case::{load_cases, CaseError, Loaded};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A unique folder under the system's temporary folder, removed (with everything in it) on drop.
#[derive(Debug)]
pub struct TempFolder {
    pub path: PathBuf,
}

impl TempFolder {
    pub fn new(label: &str) -> TempFolder {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let unique =
            format!("judge-test-{label}-{}-{}", std::process::id(), COUNTER.fetch_add(1, Ordering::Relaxed));
        let path = std::env::temp_dir().join(unique);
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("create a temporary folder");
        TempFolder { path }
    }

    /// Writes `relative` (creating its folders) and returns its path.
    pub fn write(&self, relative: &str, contents: impl AsRef<[u8]>) -> PathBuf {
        let path = self.path.join(relative);
        std::fs::create_dir_all(path.parent().expect("a file has a folder")).expect("create folders");
        std::fs::write(&path, contents).expect("write a file");
        path
    }

    /// `relative` under this folder.
    pub fn join(&self, relative: impl AsRef<Path>) -> PathBuf {
        self.path.join(relative)
    }
}

impl Drop for TempFolder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// Loads `folder`, which must be readable as a whole.
pub fn load(folder: &Path) -> Loaded {
    load_cases(folder).expect("the folder itself is readable")
}

/// The ids of the cases loaded, in order.
pub fn ids(loaded: &Loaded) -> Vec<&str> {
    loaded.cases.iter().map(|case| case.id.as_str()).collect()
}

/// Every error of a load, one line each.
pub fn messages(loaded: &Loaded) -> Vec<String> {
    loaded.errors.iter().map(CaseError::to_string).collect()
}

/// Makes a FIFO at `path`.
pub fn make_fifo(path: &Path) {
    let c_path = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).expect("no NUL in the path");
    // SAFETY: `c_path` is a valid NUL-terminated string that outlives the call.
    let status = unsafe { libc::mkfifo(c_path.as_ptr(), 0o644) };
    assert_eq!(status, 0, "mkfifo {}: {}", path.display(), std::io::Error::last_os_error());
}

/// Runs `body` on another thread and returns its result, or fails after `limit`: a test of
/// something that must not hang must not hang either.
pub fn within<T: Send + 'static>(
    limit: Duration,
    what: &str,
    body: impl FnOnce() -> T + Send + 'static,
) -> T {
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = sender.send(body());
    });
    receiver.recv_timeout(limit).unwrap_or_else(|error| panic!("{what}: no answer within {limit:?}: {error}"))
}

/// A board's case's board.
pub fn board_of(case: &judge_core::case::Case) -> &checker::Board {
    case.board().expect("a board's case")
}

/// A board's case's count.
pub fn count_of(case: &judge_core::case::Case) -> u64 {
    case.expected.expect("a board's case")
}
