//! Waiting for a save, for `--watch`: the kernel's inotify on the folders that hold the files, so
//! that a save is seen at once rather than at the next look. The caller still compares the files'
//! sizes and times after each wake-up (an event says only that something in a folder changed), and
//! where inotify cannot be had, the wait is a plain sleep: polling, as before.

use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The folders of some files, watched for files written, moved in, made or removed.
#[derive(Debug)]
pub struct Watcher {
    inotify: Option<OwnedFd>,
}

impl Watcher {
    /// Watches the folders holding `paths` (a folder given is watched itself).
    pub fn new(paths: &[PathBuf]) -> Watcher {
        // SAFETY: inotify_init1 has no preconditions; a negative result is an error, checked.
        let fd = unsafe { libc::inotify_init1(libc::IN_CLOEXEC | libc::IN_NONBLOCK) };
        if fd < 0 {
            return Watcher { inotify: None };
        }
        // SAFETY: `fd` is a new descriptor that nothing else owns.
        let inotify = unsafe { OwnedFd::from_raw_fd(fd) };
        let mut folders: Vec<PathBuf> = paths
            .iter()
            .map(|path| {
                if path.is_dir() {
                    path.clone()
                } else {
                    path.parent()
                        .filter(|parent| !parent.as_os_str().is_empty())
                        .unwrap_or(Path::new("."))
                        .to_path_buf()
                }
            })
            .collect();
        folders.sort();
        folders.dedup();
        let mask =
            libc::IN_CLOSE_WRITE | libc::IN_MOVED_TO | libc::IN_CREATE | libc::IN_DELETE | libc::IN_ATTRIB;
        let mut watched = 0;
        for folder in folders {
            let Ok(name) = std::ffi::CString::new(folder.as_os_str().as_encoded_bytes()) else { continue };
            // SAFETY: a valid descriptor and a NUL-terminated path.
            if unsafe { libc::inotify_add_watch(inotify.as_raw_fd(), name.as_ptr(), mask) } >= 0 {
                watched += 1;
            }
        }
        Watcher { inotify: (watched > 0).then_some(inotify) }
    }

    /// Whether saves wake the wait (else it is a sleep).
    #[cfg(test)]
    fn is_event_driven(&self) -> bool {
        self.inotify.is_some()
    }

    /// Waits until something changes in a watched folder, or `at_most` has passed; then reads
    /// away every event waiting.
    pub fn wait(&self, at_most: Duration) {
        let Some(inotify) = &self.inotify else {
            std::thread::sleep(at_most);
            return;
        };
        let mut poll = libc::pollfd { fd: inotify.as_raw_fd(), events: libc::POLLIN, revents: 0 };
        let millis = libc::c_int::try_from(at_most.as_millis()).unwrap_or(libc::c_int::MAX);
        // SAFETY: one valid pollfd; the result only says whether to read.
        unsafe { libc::poll(&mut poll, 1, millis) };
        let mut buffer = [0u8; 4096];
        // SAFETY: reads into a buffer of its own length; the descriptor is non-blocking.
        while unsafe { libc::read(inotify.as_raw_fd(), buffer.as_mut_ptr().cast(), buffer.len()) } > 0 {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    #[test]
    fn a_save_ends_the_wait_at_once() {
        let folder = std::env::temp_dir().join(format!("judge-watch-{}", std::process::id()));
        std::fs::create_dir_all(&folder).expect("a folder");
        let file = folder.join("mine.cpp");
        std::fs::write(&file, "int main() {}\n").expect("a file");
        let watcher = Watcher::new(std::slice::from_ref(&file));
        assert!(watcher.is_event_driven());
        let saver = std::thread::spawn({
            let file = file.clone();
            move || {
                std::thread::sleep(Duration::from_millis(50));
                std::fs::write(&file, "int main() { return 0; }\n").expect("a save");
            }
        });
        let started = Instant::now();
        watcher.wait(Duration::from_secs(600));
        // Woken by the save, not by the 600 s: anything under minutes says so, however busy the
        // machine.
        assert!(started.elapsed() < Duration::from_secs(300), "{:?}", started.elapsed());
        saver.join().expect("the saver");
        let _ = std::fs::remove_dir_all(&folder);
    }
}
