//! `cargo xtask`: the workspace's tasks (see `xtask::cli` for the commands).

fn main() {
    std::process::exit(xtask::cli::main(std::env::args_os().skip(1).collect()));
}
