//! A language's tools found on the machine: the real program behind a command and the installation
//! folders the sandbox must show it.

use super::*;

/// A tool's real program and the installation folders it needs beyond `/usr`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tool {
    pub program: PathBuf,
    pub prefixes: Vec<PathBuf>,
}

impl Tool {
    pub(super) fn is_rustc(&self) -> bool {
        self.program.file_name().is_some_and(|file| file.to_string_lossy().starts_with("rustc"))
    }
}

/// A tool's real program and the installation it needs (beyond `/usr`), asked once per process:
/// rustc through `rustc --print sysroot` (rustup's `rustc` is a proxy that would not find its
/// toolchain in the sandbox), anything else through `PATH`, links followed.
///
/// # Errors
/// The machine's ([`Error::Environment`]): one line naming the missing tool.
pub fn resolve_tool(name: &str) -> Result<Tool, Error> {
    static RESOLVED: std::sync::Mutex<Vec<(String, Tool)>> = std::sync::Mutex::new(Vec::new());
    let mut resolved = RESOLVED.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some((_, tool)) = resolved.iter().find(|(known, _)| known == name) {
        return Ok(tool.clone());
    }
    let missing = || Error::Environment(format!("`{name}` is not installed (not found on PATH)"));
    let found = find_program(name).ok_or_else(missing)?;
    let base =
        Path::new(name).file_name().map(|file| file.to_string_lossy().into_owned()).unwrap_or_default();
    let tool = if base == "rustc" {
        let sysroot = Command::new(&found)
            .args(["--print", "sysroot"])
            .output()
            .ok()
            .filter(|output| output.status.success())
            .and_then(|output| std::fs::canonicalize(String::from_utf8_lossy(&output.stdout).trim()).ok())
            .ok_or_else(|| Error::Environment(format!("`{name} --print sysroot` gave no toolchain")))?;
        Tool { program: sysroot.join("bin/rustc"), prefixes: vec![sysroot] }
    } else {
        let program = std::fs::canonicalize(&found).unwrap_or(found);
        let prefixes = program.parent().and_then(Path::parent).map(Path::to_path_buf).into_iter().collect();
        Tool { program, prefixes }
    };
    resolved.push((name.to_string(), tool.clone()));
    Ok(tool)
}

/// `name` itself when it holds a slash, else the first match on `PATH`.
pub(super) fn find_program(name: &str) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let runnable = |path: &Path| {
        std::fs::metadata(path)
            .is_ok_and(|metadata| metadata.is_file() && metadata.permissions().mode() & 0o111 != 0)
    };
    if name.is_empty() {
        return None;
    }
    if name.contains('/') {
        return runnable(Path::new(name)).then(|| PathBuf::from(name));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|folder| folder.join(name)).find(|candidate| runnable(candidate))
}
