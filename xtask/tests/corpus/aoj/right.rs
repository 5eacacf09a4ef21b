// AOJ ALDS1_13_A "8 Queens Problem": the placed queens' rows are fixed, the others searched row
// by row with bit sets. Expected verdict: AC.
use std::io::Read;

fn place(fixed: &[Option<usize>; 8], row: usize, taken: (u32, u32, u32), chosen: &mut Vec<usize>) -> bool {
    if row == 8 {
        return true;
    }
    let (columns, rising, falling) = taken;
    for c in 0..8 {
        if fixed[row].is_some_and(|column| column != c) {
            continue;
        }
        let (bit, up, down) = (1 << c, 1 << (row + c), 1 << (row + 7 - c));
        if columns & bit != 0 || rising & up != 0 || falling & down != 0 {
            continue;
        }
        chosen.push(c);
        if place(fixed, row + 1, (columns | bit, rising | up, falling | down), chosen) {
            return true;
        }
        chosen.pop();
    }
    false
}

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).expect("stdin");
    let numbers: Vec<usize> = input.split_ascii_whitespace().filter_map(|token| token.parse().ok()).collect();
    let mut fixed = [None; 8];
    for pair in numbers[1..].chunks_exact(2).take(numbers[0]) {
        fixed[pair[0]] = Some(pair[1]);
    }
    let mut chosen = Vec::new();
    place(&fixed, 0, (0, 0, 0), &mut chosen);
    for column in chosen {
        let row: String = (0..8).map(|c| if c == column { 'Q' } else { '.' }).collect();
        println!("{row}");
    }
}
