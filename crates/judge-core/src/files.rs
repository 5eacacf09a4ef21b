//! Files written and locked safely, and paths shown as a user reads them.

use std::path::Path;

/// A path as the user should read it: relative to the current folder when under it.
pub fn display_relative(path: &Path) -> String {
    let relative =
        std::env::current_dir().ok().and_then(|here| path.strip_prefix(here).ok().map(Path::to_path_buf));
    let shown = relative.unwrap_or_else(|| path.to_path_buf()).display().to_string().replace('\\', "/");
    // The current folder itself is `.`, never an empty word in a command.
    if shown.is_empty() {
        ".".to_string()
    } else {
        shown
    }
}

/// Opens a lock file (made if missing) and locks it (`operation`: `LOCK_SH` or `LOCK_EX`, perhaps
/// with `LOCK_NB`); again when the file was removed meanwhile (pruning the build cache removes the
/// lock files of a build it removes, while holding them), so that every holder of a lock holds one
/// file. The lock goes when the file is closed.
///
/// # Errors
/// The I/O error, its message one line naming the file, when the file cannot be made or locked
/// (`LOCK_NB`: when another holds it).
pub(crate) fn lock_file(path: &Path, operation: libc::c_int) -> Result<std::fs::File, std::io::Error> {
    use std::os::unix::fs::MetadataExt;
    let named = |what: &str, error: std::io::Error| {
        std::io::Error::new(error.kind(), format!("{}: {what}{error}", path.display()))
    };
    loop {
        let file = std::fs::File::options()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(|error| named("cannot create: ", error))?;
        // SAFETY: flock on a descriptor this function owns; released when `file` closes.
        if unsafe { libc::flock(std::os::fd::AsRawFd::as_raw_fd(&file), operation) } != 0 {
            return Err(named("cannot lock: ", std::io::Error::last_os_error()));
        }
        let held = file.metadata().map_err(|error| named("", error))?;
        if std::fs::metadata(path).is_ok_and(|now| now.ino() == held.ino() && now.dev() == held.dev()) {
            return Ok(file);
        }
    }
}

/// Writes a whole file under a temporary name beside it, then renames it into place, so that a
/// reader never sees it half-written; on failure the temporary file is removed and the target is
/// left as it was. The folder must exist: a mistyped one is an error, not a new folder.
///
/// # Errors
/// The I/O error, its message one line naming the file; the temporary file is removed.
pub fn write_atomically(path: &Path, text: &str) -> Result<(), std::io::Error> {
    use std::io::Write as _;
    let not_a_name = || {
        std::io::Error::new(std::io::ErrorKind::InvalidInput, format!("{}: not a file name", path.display()))
    };
    let file_name = path.file_name().ok_or_else(not_a_name)?.to_string_lossy();
    let folder = path.parent().filter(|folder| !folder.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let temporary = folder.join(format!(".{file_name}.{}.tmp", std::process::id()));
    let written = std::fs::File::create_new(&temporary)
        .and_then(|mut file| file.write_all(text.as_bytes()).and_then(|()| file.sync_all()))
        .and_then(|()| std::fs::rename(&temporary, path));
    written.map_err(|error| {
        let _ = std::fs::remove_file(&temporary);
        std::io::Error::new(error.kind(), format!("{}: cannot write: {error}", path.display()))
    })
}
