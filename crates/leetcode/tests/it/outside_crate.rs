//! The "done when": a small crate outside the workspace depends on `crates/leetcode` by path,
//! calls `leetcode::Solution::solve_n_queens(8)` and gets 92 boards.
//!
//! The crate is written into a fresh directory under the system's temp dir, built and run with the
//! cargo that runs this test (`CARGO`), offline, with its own target dir, and removed afterwards.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{SystemTime, UNIX_EPOCH};
use std::{env, fs, process};

/// A directory removed when dropped, also when the test fails.
struct TempDir(PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

fn fresh_temp_dir() -> TempDir {
    let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |since| since.as_nanos());
    let dir = env::temp_dir().join(format!("leetcode-outside-crate-{}-{nanos}", process::id()));
    fs::create_dir_all(dir.join("src")).unwrap();
    TempDir(dir)
}

/// A TOML basic string holding `path`, with the characters TOML escapes escaped.
fn toml_string(path: &Path) -> String {
    let text = path.to_str().expect("the crate's path is UTF-8");
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

#[test]
fn a_crate_outside_the_workspace_gets_92_boards_for_n_8() {
    let temp = fresh_temp_dir();
    let leetcode_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    // The empty `[workspace]` makes the crate its own workspace root, whatever directory holds it.
    let manifest = format!(
        "[package]\nname = \"uses-leetcode\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
         [dependencies]\nleetcode = {{ path = {} }}\n\n[workspace]\n",
        toml_string(leetcode_dir)
    );
    fs::write(temp.0.join("Cargo.toml"), manifest).unwrap();
    let main = "fn main() {\n    let boards = leetcode::Solution::solve_n_queens(8);\n    \
                println!(\"{} boards, the first {:?}\", boards.len(), boards[0]);\n}\n";
    fs::write(temp.0.join("src").join("main.rs"), main).unwrap();

    let cargo = env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = Command::new(cargo)
        .args(["run", "--quiet", "--offline", "--manifest-path"])
        .arg(temp.0.join("Cargo.toml"))
        .arg("--target-dir")
        .arg(temp.0.join("target"))
        .output()
        .expect("cargo starts");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "cargo run failed: {}\nstdout:\n{stdout}\nstderr:\n{stderr}",
        output.status
    );
    assert_eq!(
        stdout,
        "92 boards, the first [\"Q.......\", \"....Q...\", \".......Q\", \".....Q..\", \"..Q.....\", \
         \"......Q.\", \".Q......\", \"...Q....\"]\n"
    );
}
