//! Tests of the `fastest` counter against truth from outside it: the checker's brute-force oracle
//! on random boards (many of them with symmetric reserved patterns, so that every symmetry subgroup
//! is exercised), OEIS A000170 on empty boards, and the sums of its shards and thread counts.

use checker::oracle;
use checker::Board;

use crate::oracle_count;
use cses::fastest::{self, Kernel, Options};
use proptest::prelude::*;

/// A map of the square, written out here independently of the code under test.
pub(crate) type SquareMap = fn(usize, (usize, usize)) -> (usize, usize);

const ROTATE_90: SquareMap = |n, (row, col)| (col, n - 1 - row);
const ROTATE_180: SquareMap = |n, (row, col)| (n - 1 - row, n - 1 - col);
const MIRROR_COLUMNS: SquareMap = |n, (row, col)| (row, n - 1 - col);
const MIRROR_ROWS: SquareMap = |n, (row, col)| (n - 1 - row, col);
const TRANSPOSE: SquareMap = |_, (row, col)| (col, row);
const ANTI_TRANSPOSE: SquareMap = |n, (row, col)| (n - 1 - col, n - 1 - row);

/// Generators of each of the 10 subgroups of the square's symmetry group.
pub(crate) const SUBGROUP_GENERATORS: [&[SquareMap]; 10] = [
    &[],
    &[ROTATE_180],
    &[ROTATE_90],
    &[MIRROR_COLUMNS],
    &[MIRROR_ROWS],
    &[TRANSPOSE],
    &[ANTI_TRANSPOSE],
    &[MIRROR_COLUMNS, MIRROR_ROWS],
    &[TRANSPOSE, ANTI_TRANSPOSE],
    &[ROTATE_90, TRANSPOSE],
];

/// Makes `reserved` invariant under the subgroup that `generators` span: every square takes the
/// value of the first square of its orbit in row-major order.
pub(crate) fn symmetrise(reserved: &[Vec<bool>], generators: &[SquareMap]) -> Vec<Vec<bool>> {
    let n = reserved.len();
    let first_of_orbit = |square: (usize, usize)| {
        let mut orbit = vec![square];
        let mut index = 0;
        while index < orbit.len() {
            for generator in generators {
                let image = generator(n, orbit[index]);
                if !orbit.contains(&image) {
                    orbit.push(image);
                }
            }
            index += 1;
        }
        orbit.into_iter().min().expect("an orbit holds its square")
    };
    (0..n)
        .map(|row| {
            (0..n)
                .map(|col| {
                    let (first_row, first_col) = first_of_orbit((row, col));
                    reserved[first_row][first_col]
                })
                .collect()
        })
        .collect()
}

fn threads(threads: usize) -> Options {
    Options { threads, ..Options::default() }
}

fn shard(shard_index: usize, shard_count: usize) -> Options {
    Options { threads: 2, shard_index, shard_count, ..Options::default() }
}

/// Both loops, each forced: the AVX2 one on every side it takes (where the processor has AVX2),
/// and the scalar one.
const KERNELS: [Kernel; 2] = [Kernel::Avx2, Kernel::Scalar];

fn with_kernel(kernel: Kernel, threads: usize) -> Options {
    Options { threads, kernel, ..Options::default() }
}

/// A board of side 1..=`max_n` with up to 60% of its squares reserved.
pub(crate) fn random_board(max_n: usize) -> impl Strategy<Value = Vec<Vec<bool>>> {
    (1..=max_n, 0u32..=60).prop_flat_map(|(n, percent)| {
        prop::collection::vec(prop::collection::vec((0u32..100).prop_map(move |roll| roll < percent), n), n)
    })
}

/// A random board made symmetric under a random subgroup.
pub(crate) fn symmetric_board(max_n: usize) -> impl Strategy<Value = Vec<Vec<bool>>> {
    (random_board(max_n), 0..SUBGROUP_GENERATORS.len())
        .prop_map(|(reserved, subgroup)| symmetrise(&reserved, SUBGROUP_GENERATORS[subgroup]))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn agrees_with_the_oracle_on_random_boards(reserved in random_board(10)) {
        prop_assert_eq!(fastest::count(&reserved), oracle_count(&reserved));
    }

    #[test]
    fn agrees_with_the_oracle_on_symmetric_boards(reserved in symmetric_board(10)) {
        prop_assert_eq!(fastest::count(&reserved), oracle_count(&reserved));
    }

    // `count` hands boards up to SMALL_BOARD_MAX_N to a plain search; `count_with` always runs the
    // symmetry search, which must be right on small boards too.
    #[test]
    fn the_symmetry_search_agrees_with_the_oracle_on_small_boards(
        reserved in prop_oneof![random_board(10), symmetric_board(10)],
    ) {
        prop_assert_eq!(fastest::count_with(&reserved, &Options::default()), oracle_count(&reserved));
    }

    #[test]
    fn both_loops_agree_with_the_oracle(
        reserved in prop_oneof![random_board(11), symmetric_board(11)],
        threads in 1usize..=2,
    ) {
        let expected = oracle_count(&reserved);
        for kernel in KERNELS {
            prop_assert_eq!(fastest::count_with(&reserved, &with_kernel(kernel, threads)), expected, "{:?}", kernel);
        }
    }

    #[test]
    fn shards_of_both_loops_add_up_to_the_whole(reserved in symmetric_board(10), shard_count in 1usize..=5) {
        let whole = oracle_count(&reserved);
        for kernel in KERNELS {
            let slice = |index| Options { shard_index: index, shard_count, ..with_kernel(kernel, 2) };
            let sum: u64 = (0..shard_count).map(|index| fastest::count_with(&reserved, &slice(index))).sum();
            prop_assert_eq!(sum, whole, "{:?}", kernel);
        }
    }

    #[test]
    fn shards_add_up_to_the_whole(reserved in symmetric_board(9), shard_count in 1usize..=6) {
        let whole = oracle_count(&reserved);
        let sum: u64 = (0..shard_count).map(|index| fastest::count_with(&reserved, &shard(index, shard_count))).sum();
        prop_assert_eq!(sum, whole);
    }
}

#[test]
fn empty_boards_give_a000170() {
    for n in 1..=14 {
        let expected = oracle::known_count(n).expect("A000170 covers n <= 27");
        assert_eq!(fastest::count(&vec![vec![false; n]; n]), expected, "n = {n}");
    }
}

#[test]
fn every_symmetry_subgroup_of_a_fixed_pattern_agrees_with_the_oracle() {
    // A lopsided pattern, so that each subgroup's symmetrisation gives a different board.
    let n = 9;
    let pattern: Vec<Vec<bool>> =
        (0..n).map(|row| (0..n).map(|col| (row * 7 + col * 3 + row * col) % 5 == 0).collect()).collect();
    for generators in SUBGROUP_GENERATORS {
        let reserved = symmetrise(&pattern, generators);
        assert_eq!(fastest::count(&reserved), oracle_count(&reserved));
    }
}

#[test]
fn the_cses_sample_gives_65() {
    let sample =
        Board::parse("........\n........\n..*.....\n........\n........\n.....**.\n...*....\n........\n")
            .expect("the sample parses");
    assert_eq!(oracle::count(&sample), 65, "the sample board is typed in right");
    assert_eq!(fastest::count(sample.reserved_rows()), 65);
}

#[test]
fn one_two_and_three_threads_agree() {
    let lopsided: Vec<Vec<bool>> =
        (0..11).map(|row| (0..11).map(|col| (row + 2 * col) % 7 == 3).collect()).collect();
    let mirrored = symmetrise(&lopsided, &[MIRROR_COLUMNS]);
    for reserved in [vec![vec![false; 12]; 12], lopsided, mirrored] {
        let single = fastest::count_with(&reserved, &threads(1));
        assert_eq!(single, fastest::count_with(&reserved, &threads(2)));
        assert_eq!(single, fastest::count_with(&reserved, &threads(3)));
        assert_eq!(single, fastest::count_with(&reserved, &threads(0)));
    }
    assert_eq!(fastest::count_with(&vec![vec![false; 12]; 12], &threads(3)), 14200);
}

#[test]
fn shards_of_empty_boards_add_up_to_a000170() {
    for n in [1, 4, 8, 11, 12] {
        let expected = oracle::known_count(n).expect("A000170 covers n <= 27");
        let empty = vec![vec![false; n]; n];
        for shard_count in [1, 2, 3, 7, 64] {
            let sum: u64 =
                (0..shard_count).map(|index| fastest::count_with(&empty, &shard(index, shard_count))).sum();
            assert_eq!(sum, expected, "n = {n}, {shard_count} shards");
        }
    }
}

#[test]
fn slices_of_a_board_are_not_all_the_same() {
    // Disjointness shows in the numbers: a slice of a split search counts less than the whole.
    let empty = vec![vec![false; 12]; 12];
    let slices: Vec<u64> = (0..3).map(|index| fastest::count_with(&empty, &shard(index, 3))).collect();
    assert!(slices.iter().all(|&slice| 0 < slice && slice < 14200), "{slices:?}");
}

#[test]
fn edge_boards_agree_with_the_oracle() {
    let n = 8;
    let all_reserved = vec![vec![true; n]; n];
    let mut one_row_reserved = vec![vec![false; n]; n];
    one_row_reserved[3] = vec![true; n];
    let diagonals: Vec<Vec<bool>> =
        (0..n).map(|row| (0..n).map(|col| row == col || row + col == n - 1).collect()).collect();
    let checkerboard: Vec<Vec<bool>> =
        (0..n).map(|row| (0..n).map(|col| (row + col) % 2 == 0).collect()).collect();
    let only_border_free: Vec<Vec<bool>> = (0..n)
        .map(|row| (0..n).map(|col| 0 < row && row < n - 1 && 0 < col && col < n - 1).collect())
        .collect();
    for reserved in [all_reserved, one_row_reserved, diagonals, checkerboard, only_border_free] {
        assert_eq!(fastest::count(&reserved), oracle_count(&reserved));
    }
}

/// The board of side n whose free squares are those of the modular solutions `col = k * row mod n`
/// for each k in `multipliers` (solutions when k - 1, k and k + 1 are prime to n).
fn modular_solutions_board(n: usize, multipliers: &[usize]) -> Vec<Vec<bool>> {
    (0..n).map(|row| (0..n).map(|col| !multipliers.iter().any(|&k| k * row % n == col)).collect()).collect()
}

#[test]
fn boards_near_the_size_bound_agree_with_the_oracle() {
    // n = 31 is prime, so col = 2 row and col = 3 row (mod 31) are solutions; their union holds
    // those two and whatever mixes of them the oracle finds.
    for reserved in [
        modular_solutions_board(31, &[2]),
        modular_solutions_board(31, &[2, 3]),
        modular_solutions_board(29, &[3, 5, 7]),
    ] {
        let expected = oracle_count(&reserved);
        assert!(expected >= 1);
        assert_eq!(fastest::count(&reserved), expected);
    }
    // n = 32 has no modular solution; the explicit one for n = 6k + 2 (evens 2, 4, .., n, then
    // 3, 1, 7, 9, .., n - 1, 5, 1-based) as the only free square of each row reaches the bottom
    // row of the largest board.
    let odds = [3, 1].into_iter().chain((7..32).step_by(2)).chain([5]);
    let columns: Vec<usize> = (2..=32).step_by(2).chain(odds).map(|col| col - 1).collect();
    let reserved: Vec<Vec<bool>> =
        columns.iter().map(|&queen| (0..32).map(|col| col != queen).collect()).collect();
    assert_eq!(oracle_count(&reserved), 1, "the construction is a solution");
    assert_eq!(fastest::count(&reserved), 1);
    assert_eq!(fastest::count(&vec![vec![true; 32]; 32]), 0);
    let mut one_free = vec![vec![true; 32]; 32];
    one_free[0][0] = false;
    assert_eq!(fastest::count(&one_free), 0);
}

#[test]
fn larger_symmetric_boards_agree_with_the_oracle() {
    // Bigger than the property tests reach, so that starts run deep and the lanes interleave.
    for n in [11, 12] {
        let pattern: Vec<Vec<bool>> = (0..n)
            .map(|row| (0..n).map(|col| (row * 5 + col * 11 + row * col) % 13 == 0).collect())
            .collect();
        for generators in [&[][..], &[MIRROR_COLUMNS][..], &[TRANSPOSE][..], &[ROTATE_90, TRANSPOSE][..]] {
            let reserved = symmetrise(&pattern, generators);
            assert_eq!(fastest::count(&reserved), oracle_count(&reserved), "n = {n}");
        }
    }
}

#[test]
fn short_and_long_rows_read_as_every_other_counter_reads_them() {
    // Row 1 is short (its missing squares are free), row 2 long (its extra square is off the board).
    let ragged = vec![
        vec![false; 6],
        vec![true, false],
        vec![false, false, false, true, false, false, true],
        vec![false; 6],
        vec![false; 6],
        vec![false; 6],
    ];
    let squared: Vec<Vec<bool>> =
        ragged.iter().map(|row| (0..6).map(|col| row.get(col).copied().unwrap_or(false)).collect()).collect();
    let expected = oracle_count(&squared);
    assert_eq!(fastest::count(&ragged), expected);
    assert_eq!(fastest::count_with(&ragged, &Options::default()), expected);
    assert_eq!(cses::bitmask::count(&ragged), expected);
}

#[test]
fn both_loops_give_a000170_up_to_16() {
    for n in 1..=16 {
        let expected = oracle::known_count(n).expect("A000170 covers n <= 27");
        for kernel in KERNELS {
            let count = fastest::count_with(&vec![vec![false; n]; n], &with_kernel(kernel, 0));
            assert_eq!(count, expected, "n = {n}, {kernel:?}");
        }
    }
}

#[test]
fn the_avx2_loop_runs_wherever_the_processor_has_avx2() {
    // Not a skip: where the processor lacks AVX2 the forced loop is the scalar one, and the tests
    // above check that; here, that the choice follows the processor and the sides.
    #[cfg(target_arch = "x86_64")]
    let has_avx2 = std::arch::is_x86_feature_detected!("avx2");
    #[cfg(not(target_arch = "x86_64"))]
    let has_avx2 = false;
    for n in 1..=32 {
        assert!(!Kernel::Scalar.is_wide_for(n), "n = {n}");
        let avx2 = (5..=fastest::WIDE_MAX_N).contains(&n) && has_avx2;
        assert_eq!(Kernel::Avx2.is_wide_for(n), avx2, "n = {n}");
        let widest = (fastest::WIDE_MIN_N..=fastest::WIDE_MAX_N).contains(&n) && has_avx2;
        assert_eq!(Kernel::Widest.is_wide_for(n), widest, "n = {n}");
    }
}

#[test]
fn both_loops_agree_with_the_oracle_at_the_avx2_loops_largest_sides() {
    // The side queens' rows ride above the columns up to n = 22: boards of sides 19 to 23 whose
    // free squares are a few solutions' (so that the oracle is quick) reach the bottom row, through
    // every side column.
    let mut boards = vec![modular_solutions_board(19, &[2, 3, 5]), modular_solutions_board(23, &[2, 3, 4])];
    for n in [20, 22] {
        // n mod 6 = 2 or 4: the evens, then the odds (1-based), with n mod 6 = 2's adjustment.
        let evens = (2..=n).step_by(2);
        let columns: Vec<usize> = if n % 6 == 2 {
            let odds = [3, 1].into_iter().chain((7..n).step_by(2)).chain([5]);
            evens.chain(odds).map(|col| col - 1).collect()
        } else {
            evens.chain((1..n).step_by(2)).map(|col| col - 1).collect()
        };
        let mirrored: Vec<usize> = columns.iter().map(|&col| n - 1 - col).collect();
        boards.push(
            (0..n)
                .map(|row| (0..n).map(|col| col != columns[row] && col != mirrored[row]).collect())
                .collect(),
        );
    }
    for reserved in boards {
        let expected = oracle_count(&reserved);
        assert!(expected >= 1, "n = {}", reserved.len());
        for kernel in KERNELS {
            assert_eq!(
                fastest::count_with(&reserved, &with_kernel(kernel, 2)),
                expected,
                "n = {}",
                reserved.len()
            );
        }
    }
}
