//! `queens-judge`: `cargo xtask` installed as a program of its own (`cargo install --path xtask`),
//! which works from any folder.

fn main() {
    xtask::main();
}
