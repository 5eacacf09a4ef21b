//! Embeds the repository's cases (and their snapshots) in the commands, so that an installed judge
//! (`cargo install --path crates/queens-judge`, the `queens-judge` program) has its built-in cases with it when
//! the clone it came from is gone: `OUT_DIR/embedded.rs` lists every `cases/**/*.toml` and every
//! `crates/judge/tests/it/snapshots/*.snap`, each through `include_str!`. (The problems' descriptions
//! are embedded by `judge-core`'s build script.)

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn files_under(folder: &Path, extension: &str, found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(folder) else { return };
    let mut entries: Vec<PathBuf> =
        entries.filter_map(|entry| entry.ok().map(|entry| entry.path())).collect();
    entries.sort();
    for path in entries {
        let name = path.file_name().map(|name| name.to_string_lossy().into_owned()).unwrap_or_default();
        if name.starts_with('.') || name == "snapshots" {
            continue;
        }
        if path.is_dir() {
            files_under(&path, extension, found);
        } else if path.extension().is_some_and(|found| found == extension) {
            found.push(path);
        }
    }
}

fn list(name: &str, root: &Path, files: &[PathBuf]) -> String {
    let mut text = format!("pub static {name}: &[(&str, &str)] = &[\n");
    for file in files {
        let relative = file.strip_prefix(root).expect("below its root").to_string_lossy().replace('\\', "/");
        let _ = writeln!(text, "    ({relative:?}, include_str!({:?})),", file.display().to_string());
        println!("cargo:rerun-if-changed={}", file.display());
    }
    text.push_str("];\n");
    text
}

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let cases_root = manifest.join("../../cases");
    let snapshots_root = manifest.join("tests/it/snapshots");
    let mut cases = Vec::new();
    files_under(&cases_root, "toml", &mut cases);
    let mut snapshots = Vec::new();
    files_under(&snapshots_root, "snap", &mut snapshots);
    println!("cargo:rerun-if-changed={}", cases_root.display());
    println!("cargo:rerun-if-changed={}", snapshots_root.display());
    let text = format!(
        "// The repository's cases and snapshots, embedded by build.rs.\n{}{}",
        list("CASES", &cases_root, &cases),
        list("SNAPSHOTS", &snapshots_root, &snapshots)
    );
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets it")).join("embedded.rs");
    std::fs::write(out, text).expect("write embedded.rs");
}
