//! `queens-judge`: the judge installed as a program of its own (`cargo install --path
//! crates/queens-judge`), which works from any folder.

fn main() {
    queens_judge::main();
}
