//! Criterion benchmarks of every LeetCode implementation (`cargo bench -p leetcode`): each entry of
//! [`leetcode::IMPLEMENTATIONS`], its `solve_n_queens` (LeetCode 51, every board as strings) and its
//! `total_n_queens` (LeetCode 52, the count), for n = 8. A module that answers one problem only is
//! timed on that one.
//!
//! These are the statistician's figures for the kernels that `cargo xtask bench` compares side by
//! side. Each answer is checked once before it is timed (every board with the checker, none twice,
//! as many as OEIS A000170 says), so a fast wrong answer never produces a figure. Criterion's
//! default features (plots, rayon) stay off, as the workspace declares it; the reports are text.
//!
//! Cost: criterion's default 3 s warm-up and 5 s measurement per (implementation, problem), under
//! a minute in all.

use std::hint::black_box;

use checker::{check_strings, oracle, solution_set, Board};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};

const N: i32 = 8;

fn expected_count() -> u64 {
    oracle::known_count(N as usize).expect("A000170 holds n = 8")
}

fn solve_n_queens(criterion: &mut Criterion) {
    let board = Board::empty(N as usize).expect("a side within the checker's bound");
    let mut group = criterion.benchmark_group(format!("leetcode51/n{N}"));
    for implementation in leetcode::IMPLEMENTATIONS {
        let Some(solve) = implementation.solve_n_queens else { continue };
        let boards = solve(N);
        assert_eq!(
            boards.len() as u64,
            expected_count(),
            "leetcode51/{} lists too few or too many boards",
            implementation.name
        );
        let placements: Vec<_> = boards
            .iter()
            .map(|rows| {
                check_strings(&board, rows).unwrap_or_else(|error| {
                    panic!("leetcode51/{} lists a wrong board: {error}", implementation.name)
                })
            })
            .collect();
        assert!(
            solution_set::duplicates(&placements).is_empty(),
            "leetcode51/{} lists a board twice",
            implementation.name
        );
        group.bench_with_input(BenchmarkId::from_parameter(implementation.name), &N, |bencher, &n| {
            bencher.iter(|| solve(black_box(n)))
        });
    }
    group.finish();
}

fn total_n_queens(criterion: &mut Criterion) {
    let mut group = criterion.benchmark_group(format!("leetcode52/n{N}"));
    for implementation in leetcode::IMPLEMENTATIONS {
        let Some(count) = implementation.total_n_queens else { continue };
        let total = count(N);
        assert_eq!(
            u64::try_from(total).ok(),
            Some(expected_count()),
            "leetcode52/{} counts wrongly",
            implementation.name
        );
        group.bench_with_input(BenchmarkId::from_parameter(implementation.name), &N, |bencher, &n| {
            bencher.iter(|| count(black_box(n)))
        });
    }
    group.finish();
}

criterion_group!(benches, solve_n_queens, total_n_queens);
criterion_main!(benches);
