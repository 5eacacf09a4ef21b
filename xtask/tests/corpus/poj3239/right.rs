// POJ 3239 Solution to the n Queens Puzzle: a right whole Rust program, the explicit construction
// (even rows, then odd rows, adjusted when n % 6 is 2 or 3). Expected verdict: AC.
use std::io::{self, Read, Write};

fn place(n: usize) -> Vec<usize> {
    let mut evens: Vec<usize> = (2..=n).step_by(2).collect();
    let mut odds: Vec<usize> = (1..=n).step_by(2).collect();
    if n % 6 == 2 {
        odds.swap(0, 1);
        odds.remove(2);
        odds.push(5);
    } else if n % 6 == 3 {
        evens.remove(0);
        evens.push(2);
        odds.drain(0..2);
        odds.push(1);
        odds.push(3);
    }
    evens.extend(odds);
    evens
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    for token in input.split_whitespace() {
        let n: usize = token.parse().unwrap();
        if n == 0 {
            break;
        }
        let line: Vec<String> = place(n).iter().map(|row| row.to_string()).collect();
        writeln!(out, "{}", line.join(" ")).unwrap();
    }
}
