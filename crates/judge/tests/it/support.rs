//! Helpers shared by the tests: a temporary folder, removed when dropped.

use std::path::{Path, PathBuf};
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
