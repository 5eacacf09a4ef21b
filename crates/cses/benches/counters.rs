//! Criterion benchmarks of every CSES counter (`cargo bench -p cses`): each entry of
//! [`cses::IMPLEMENTATIONS`] on the CSES sample board and on the empty 8 x 8 and 10 x 10 boards; one
//! registered as `eight_by_eight_only` is timed on the 8 x 8 boards alone.
//!
//! These are the statistician's figures for the kernels that `cargo xtask bench` compares side by
//! side: criterion warms up, picks an iteration count, and reports a confidence interval and the
//! change since the last run. Each counter's answer is checked once against the known count before
//! it is timed, so a fast wrong counter never produces a figure. Criterion's default features
//! (plots, rayon) stay off, as the workspace declares it; the reports are text.
//!
//! Cost: criterion's default 3 s warm-up and 5 s measurement per (counter, board), some two and a
//! half minutes in all; `cargo bench -p cses -- sample` runs one board.

use std::hint::black_box;

use checker::Board;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};

/// The sample board of the CSES 1624 statement, which has 65 placements.
const CSES_SAMPLE: &str = "\
........
........
..*.....
........
........
.....**.
...*....
........
";

/// The boards, each with its name in the report and its known count (the CSES statement's answer,
/// or OEIS A000170 for an empty board).
fn boards() -> Vec<(&'static str, Board, u64)> {
    let sample = Board::parse(CSES_SAMPLE).expect("the CSES sample is a valid board");
    let empty = |n| Board::empty(n).expect("a side within the checker's bound");
    vec![("sample", sample, 65), ("empty-8x8", empty(8), 92), ("empty-10x10", empty(10), 724)]
}

fn counters(criterion: &mut Criterion) {
    for (board_name, board, expected) in boards() {
        let mut group = criterion.benchmark_group(format!("cses/{board_name}"));
        for implementation in cses::IMPLEMENTATIONS {
            if implementation.eight_by_eight_only && board.n() != 8 {
                continue;
            }
            let reserved = board.reserved_rows();
            let answer = (implementation.count)(reserved);
            assert_eq!(answer, expected, "cses/{} answers {board_name} wrongly", implementation.name);
            group.bench_with_input(
                BenchmarkId::from_parameter(implementation.name),
                reserved,
                |bencher, reserved| bencher.iter(|| (implementation.count)(black_box(reserved))),
            );
        }
        group.finish();
    }
}

criterion_group!(benches, counters);
criterion_main!(benches);
