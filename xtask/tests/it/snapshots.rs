//! Every case of the repository's `cases/` whose count is small keeps its boards as an insta
//! snapshot. The boards come from the checker's brute-force oracle and are verified here before
//! they are snapshotted: their number equals the case's `expected` (written down by a person or by
//! `new-case`), each passes the checker, none is repeated, and every LeetCode enumerator gives the
//! same set. A changed or missing snapshot fails this test; outside CI insta leaves a `.snap.new`.

use std::panic::{catch_unwind, AssertUnwindSafe};

use checker::{check, oracle, solution_set, Placement};
use xtask::cases::load_cases;
use xtask::snapshot::{has_snapshot, render, snapshot_name};

#[test]
fn boards_of_every_small_case() {
    let folder = xtask::default_cases_folder();
    let (cases, errors) = load_cases(&folder).expect("the cases folder is readable");
    assert!(errors.is_empty(), "unreadable case files: {errors:#?}");
    let small: Vec<_> = cases.iter().filter(|case| has_snapshot(case)).collect();
    assert!(small.len() >= 20, "expected at least 20 cases with snapshots, found {}", small.len());

    let mut failed = Vec::new();
    for case in small {
        let mut boards = oracle::solutions(&case.board);
        solution_set::canonical_order(&mut boards);
        assert_eq!(boards.len() as u64, case.expected, "{}: the oracle disagrees with `expected`", case.id);
        for placement in &boards {
            assert_eq!(
                check(&case.board, placement),
                Ok(()),
                "{}: an oracle board fails the checker",
                case.id
            );
        }
        assert_eq!(solution_set::duplicates(&boards), Vec::<Placement>::new(), "{}", case.id);
        if case.is_empty_board {
            let n = i32::try_from(case.board.n()).expect("small");
            for implementation in leetcode::IMPLEMENTATIONS {
                let answer = (implementation.solve_n_queens)(n);
                let placements: Vec<Placement> = answer
                    .iter()
                    .map(|rows| Placement::from_strings(rows).expect("a well-formed LeetCode board"))
                    .collect();
                let diff = solution_set::compare(&boards, &placements);
                assert!(diff.is_empty(), "{} by leetcode51/{}:\n{diff}", case.id, implementation.name);
            }
        }
        let body = render(&case.board, &boards);
        let asserted = catch_unwind(AssertUnwindSafe(|| {
            insta::with_settings!({
                snapshot_path => xtask::snapshot::snapshot_folder(&folder),
                prepend_module_to_snapshot => false,
                omit_expression => true,
                input_file => &case.path,
            }, {
                insta::assert_snapshot!(snapshot_name(case), body);
            });
        }));
        if asserted.is_err() {
            failed.push(case.id.clone());
        }
    }
    assert!(
        failed.is_empty(),
        "snapshots differ or are missing for {failed:?}: review with `cargo insta review` or `cargo xtask judge --accept`"
    );
}
