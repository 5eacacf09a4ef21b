//! The registry reads the solution crates' own lists: every CSES counter is `cses/NAME` and solves
//! CSES 1624 (and `queens`, unless it is for 8 x 8 boards only), every LeetCode module is
//! `leetcode51/NAME` when it has `solve_n_queens` and `leetcode52/NAME` when it has
//! `total_n_queens`; ids are unique, no fixture is among the real implementations, and `find`
//! finds each. Each kernel answers the CSES sample or the empty 8 x 8 board as the oracle does.

use std::collections::BTreeSet;

use checker::{oracle, Board};
use judge_core::answer::Answer;
use judge_core::problem::{Problem, TestInput};
use judge_core::registry::{find, fixtures, implementations, Entry, Kernel};
use pretty_assertions::assert_eq;

/// The CSES statement's sample, whose answer is 65.
const CSES_SAMPLE: &str = "........\n........\n..*.....\n........\n........\n.....**.\n...*....\n........\n";

fn entry_with_id(entries: &[Entry], id: &str) -> Entry {
    *entries.iter().find(|entry| entry.id() == id).unwrap_or_else(|| panic!("{id} is not registered"))
}

#[test]
fn every_cses_counter_is_registered_for_its_problems() {
    let entries = implementations();
    for implementation in cses::IMPLEMENTATIONS {
        let id = format!("cses/{}", implementation.name);
        let entry = entry_with_id(&entries, &id);
        assert!(matches!(entry.kernel, Kernel::Count(_)), "{id}: {:?}", entry.kernel);
        assert_eq!(entry.summary, implementation.summary, "{id}");
        let expected: &[Problem] = if implementation.eight_by_eight_only {
            &[Problem::from_id("cses1624").expect("a problem")]
        } else {
            // A general counter also counts each board of UVa 11195's input.
            &[
                Problem::from_id("cses1624").expect("a problem"),
                Problem::from_id("queens").expect("a problem"),
                Problem::from_id("uva11195").expect("a problem"),
            ]
        };
        assert_eq!(entry.problems, expected, "{id}");
        assert!(entry.solves(Problem::from_id("cses1624").expect("a problem")), "{id}");
        assert_eq!(
            entry.solves(Problem::from_id("queens").expect("a problem")),
            !implementation.eight_by_eight_only,
            "{id}"
        );
    }
    assert!(
        cses::IMPLEMENTATIONS.iter().any(|implementation| implementation.eight_by_eight_only),
        "fixed_board, declared for 8 x 8 boards only, is among them"
    );
}

#[test]
fn every_leetcode_module_is_registered_once_a_problem_it_answers() {
    let entries = implementations();
    for implementation in leetcode::IMPLEMENTATIONS {
        let name = implementation.name;
        let for_51 = entries.iter().find(|entry| entry.id() == format!("leetcode51/{name}"));
        assert_eq!(for_51.is_some(), implementation.solve_n_queens.is_some(), "leetcode51/{name}");
        if let Some(entry) = for_51 {
            assert!(matches!(entry.kernel, Kernel::Enumerate(_)), "leetcode51/{name}");
            assert_eq!(
                entry.problems,
                [Problem::from_id("leetcode51").expect("a problem")],
                "leetcode51/{name}"
            );
        }
        let for_52 = entries.iter().find(|entry| entry.id() == format!("leetcode52/{name}"));
        assert_eq!(for_52.is_some(), implementation.total_n_queens.is_some(), "leetcode52/{name}");
        if let Some(entry) = for_52 {
            assert!(matches!(entry.kernel, Kernel::Total(_)), "leetcode52/{name}");
            assert_eq!(
                entry.problems,
                [Problem::from_id("leetcode52").expect("a problem")],
                "leetcode52/{name}"
            );
        }
    }
}

#[test]
fn the_registry_holds_exactly_the_crates_implementations() {
    let mut expected: Vec<String> =
        cses::IMPLEMENTATIONS.iter().map(|implementation| format!("cses/{}", implementation.name)).collect();
    for implementation in leetcode::IMPLEMENTATIONS {
        if implementation.solve_n_queens.is_some() {
            expected.push(format!("leetcode51/{}", implementation.name));
        }
    }
    for implementation in leetcode::IMPLEMENTATIONS {
        if implementation.total_n_queens.is_some() {
            expected.push(format!("leetcode52/{}", implementation.name));
        }
    }
    expected
        .extend(poj::IMPLEMENTATIONS.iter().map(|implementation| format!("poj3239/{}", implementation.name)));
    expected.extend(
        aoj::IMPLEMENTATIONS.iter().map(|implementation| format!("aoj-alds1-13-a/{}", implementation.name)),
    );
    let ids: Vec<String> = implementations().iter().map(Entry::id).collect();
    assert_eq!(
        ids, expected,
        "CSES first, then LeetCode 51, then 52, then POJ 3239, then AOJ ALDS1_13_A, each in its crate's order"
    );
}

#[test]
fn ids_are_unique_and_no_fixture_is_a_real_implementation() {
    let real = implementations();
    let fixtures = fixtures();
    assert!(!fixtures.is_empty());
    let mut seen = BTreeSet::new();
    for entry in real.iter().chain(&fixtures) {
        assert!(seen.insert(entry.id()), "{} is registered twice", entry.id());
    }
    for entry in &real {
        assert!(!entry.is_fixture, "{} is marked a fixture", entry.id());
        assert!(!entry.name.starts_with("broken"), "{} looks like a fixture", entry.id());
    }
    for entry in &fixtures {
        assert!(entry.is_fixture, "{} is not marked a fixture", entry.id());
    }
    assert_eq!(judge_core::registry::entries(false).len(), real.len());
    assert_eq!(judge_core::registry::entries(true).len(), real.len() + fixtures.len());
}

#[test]
fn find_finds_each_implementation_and_fixture_and_nothing_else() {
    for entry in implementations().into_iter().chain(fixtures()) {
        let found = find(&entry.id()).unwrap_or_else(|| panic!("find({}) finds nothing", entry.id()));
        assert_eq!(
            (found.id(), found.problems, found.is_fixture),
            (entry.id(), entry.problems, entry.is_fixture)
        );
    }
    for id in ["cses/nope", "bitmask", "leetcode/bitmask", "leetcode53/bitmask", "cses/", ""] {
        assert!(find(id).is_none(), "find({id:?}) finds {:?}", find(id).map(|entry| entry.id()));
    }
}

#[test]
fn every_kernel_answers_an_input_of_its_problems_as_the_oracle_does() {
    let sample = TestInput::Board(Board::parse(CSES_SAMPLE).expect("the sample"));
    let empty = TestInput::Board(Board::empty(8).expect("8 x 8"));
    // POJ 3239's sample, and the sides a first-solution search still finds at once.
    let sides: Vec<usize> = (8..=20).collect();
    let known = i128::from(oracle::known_count(8).expect("A000170(8)"));
    assert_eq!(sample.board().map(oracle::count), Some(65), "the statement's answer");
    // UVa 11195's sample (the empty 8 x 8 board, then 4 x 4 with one bad square) and its answer.
    let uva = Problem::from_id("uva11195").expect("a problem");
    let bad_square = Board::parse(".*..\n....\n....\n....\n").expect("4 x 4");
    assert_eq!(oracle::count(&bad_square), 1, "the statement's second answer");
    let uva_sample = TestInput::Boards(vec![Board::empty(8).expect("8 x 8"), bad_square]);
    let uva_answer = Answer::Lines(vec!["Case 1: 92".to_string(), "Case 2: 1".to_string()]);
    // AOJ ALDS1_13_A's sample: queens at (2, 2) and (5, 3), and the statement's board.
    let aoj = Problem::from_id("aoj-alds1-13-a").expect("a problem");
    let placed = TestInput::Placed { side: 8, queens: vec![(2, 2), (5, 3)] };
    let rows =
        ["......Q.", "Q.......", "..Q.....", ".......Q", ".....Q..", "...Q....", ".Q......", "....Q..."];
    let aoj_answer = Answer::Lines(rows.iter().map(|row| row.to_string()).collect());
    for entry in implementations() {
        let id = entry.id();
        let first = entry.problems[0];
        match entry.kernel {
            Kernel::Count(_) => {
                assert_eq!(entry.kernel.run(first, &sample), Answer::Count(65), "{id} on the sample");
                assert_eq!(entry.kernel.run(first, &empty), Answer::Count(known), "{id} on the empty board");
                if entry.solves(uva) {
                    assert_eq!(entry.kernel.run(uva, &uva_sample), uva_answer, "{id} on UVa's sample");
                }
            }
            Kernel::Total(_) => assert_eq!(entry.kernel.run(first, &empty), Answer::Count(known), "{id}"),
            Kernel::Enumerate(_) => {
                let Answer::Boards(boards) = entry.kernel.run(first, &empty) else {
                    panic!("{id} answers with a count")
                };
                assert_eq!(boards.len() as i128, known, "{id}");
            }
            Kernel::Place(_) => {
                let Answer::Placements(placements) =
                    entry.kernel.run(first, &TestInput::Sides(sides.clone()))
                else {
                    panic!("{id} answers with no placements")
                };
                assert_eq!(placements.len(), sides.len(), "{id}: one a side");
                for (&n, rows) in sides.iter().zip(&placements) {
                    assert_eq!(checker::check_rows(n, rows), Ok(()), "{id}, n = {n}");
                }
            }
            Kernel::Complete(_) => {
                assert_eq!(first, aoj, "{id}");
                assert_eq!(entry.kernel.run(aoj, &placed), aoj_answer, "{id} on AOJ's sample");
            }
        }
    }
    // Every general counter answers UVa 11195, and a counter for 8 x 8 boards alone does not.
    let counters: Vec<_> =
        implementations().into_iter().filter(|entry| matches!(entry.kernel, Kernel::Count(_))).collect();
    assert!(counters.iter().any(|entry| entry.solves(uva)));
    assert!(counters.iter().any(|entry| !entry.solves(uva)), "an 8 x 8 counter");
}
