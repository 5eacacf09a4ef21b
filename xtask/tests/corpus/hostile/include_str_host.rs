// HOSTILE (build), CSES 1624 whole program: puts a host file into the program at compile time, to
// print it at run time. The build sees no /etc: CE.
const SECRET: &str = include_str!("/etc/passwd");
fn main() {
    print!("{SECRET}");
}
