// CSES 1624: panics -- an off-by-one reads row 8 of an 8-row board ("index out of bounds:
// the len is 8 but the index is 8") on line 14 of this file. Expected verdict: RE, the detail
// naming "panicked at", this file (crash.rs) and line 14.
use std::io::Read;

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).expect("read stdin");
    let rows: Vec<&[u8]> = input.lines().map(str::as_bytes).collect();
    let mut free_squares = 0;
    let mut row = 0;
    // Bug: `<=` instead of `<`.
    while row <= 8 {
        free_squares += rows[row].iter().filter(|&&square| square == b'.').count();
        row += 1;
    }
    println!("{free_squares}");
}
