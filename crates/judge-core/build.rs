//! Embeds the problems' descriptions, `problems/*.toml`, in the engine, after reading each one as the
//! engine will, so that a bad description stops the build with its file, line and column, and an
//! installed judge has its problems with it when the clone it came from is gone.

use std::fmt::Write as _;
use std::path::PathBuf;

#[path = "src/problem/description.rs"]
#[allow(dead_code)]
mod description;

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let root = manifest.join("../..");
    let folder = root.join("problems");
    println!("cargo:rerun-if-changed={}", folder.display());
    let mut problems: Vec<PathBuf> = std::fs::read_dir(&folder)
        .unwrap_or_else(|error| panic!("{}: {error}", folder.display()))
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.extension().is_some_and(|extension| extension == "toml"))
        .collect();
    problems.sort();
    let texts: Vec<(String, String)> = problems
        .iter()
        .map(|path| {
            let relative = path.strip_prefix(&root).unwrap_or(path).to_string_lossy().replace('\\', "/");
            let text =
                std::fs::read_to_string(path).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
            (relative, text)
        })
        .collect();
    let pairs: Vec<(&str, &str)> = texts.iter().map(|(path, text)| (path.as_str(), text.as_str())).collect();
    if let Err(error) = description::parse_all(&pairs) {
        eprintln!("error: {error}");
        std::process::exit(1);
    }
    let mut text =
        "// The repository's problems, embedded by build.rs.\npub static PROBLEMS: &[(&str, &str)] = &[\n"
            .to_string();
    for path in &problems {
        let name = path.file_name().expect("a file").to_string_lossy();
        let _ = writeln!(text, "    ({name:?}, include_str!({:?})),", path.display().to_string());
        println!("cargo:rerun-if-changed={}", path.display());
    }
    text.push_str("];\n");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets it")).join("embedded.rs");
    std::fs::write(out, text).expect("write embedded.rs");
}
