//! `cargo xtask`: this repository's tooling, which runs the product, `queens-judge`
//! (`crates/queens-judge`), from the clone: every command, under the name `cargo xtask`.

fn main() {
    queens_judge::main();
}
