//! The sandbox a submitted program runs in (filled in below once its command line is proven).

use std::ffi::OsString;
use std::path::PathBuf;

/// The environment a submitted program gets, and nothing else.
/// (The sanitizers' settings matter to `--strict` builds only: a leak is no judge's fault, and one
/// line of a report is enough.)
pub const ENV: &[(&str, &str)] = &[
    ("PATH", "/usr/local/bin:/usr/bin:/bin"),
    ("LANG", "C.UTF-8"),
    ("HOME", "/tmp"),
    ("ASAN_OPTIONS", "detect_leaks=0"),
    ("UBSAN_OPTIONS", "print_stacktrace=0"),
];

/// bubblewrap, found and working.
#[derive(Clone, Debug)]
pub struct Sandbox {
    pub bwrap: PathBuf,
}

impl Sandbox {
    /// bubblewrap, if it is installed and works here.
    ///
    /// # Errors
    /// One line saying why there is no sandbox and how to get one.
    pub fn detect() -> Result<Sandbox, String> {
        Err("bubblewrap (bwrap) is not installed: `apt-get install bubblewrap`".to_string())
    }

    /// The arguments that run a program inside the sandbox, `reads` readable.
    pub fn wrapper(&self, reads: &[PathBuf]) -> Vec<OsString> {
        let _ = reads;
        vec![self.bwrap.clone().into()]
    }
}
