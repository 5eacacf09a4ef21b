//! `cargo xtask`: see the library, which `queens-judge` shares.

fn main() {
    xtask::main();
}
