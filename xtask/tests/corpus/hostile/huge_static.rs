// HOSTILE (build), CSES 1624 whole program: a 1 GiB initialised static, which rustc builds in
// memory and writes into the program. The compiler is stopped by a build limit (its memory, its
// time, or the size of a file it writes): CE, not cached.
static BIG: [u8; 1 << 30] = [1; 1 << 30];
fn main() {
    println!("{}", BIG[12345]);
}
