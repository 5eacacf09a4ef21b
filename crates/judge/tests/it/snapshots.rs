//! Every case of the repository's `cases/` whose count is small keeps its boards as an insta
//! snapshot. The boards come from the checker's brute-force oracle and are verified before they
//! are asserted ([`judge::snapshot::oracle_boards`]: their number equals the case's `expected`,
//! written down by a person or by `new-case`; each passes the checker; none is repeated), every
//! LeetCode 51 enumerator gives the same set on the empty boards, and the snapshot must hold them.
//!
//! insta's settings are its defaults here (this test never calls `judge::snapshot::configure`):
//! outside CI a changed or missing snapshot leaves a `.snap.new` for `cargo insta review`, and
//! `INSTA_UPDATE=always cargo test` writes it; either way this test fails, naming the case.

use crate::support::{board_of, count_of};
use checker::{oracle, solution_set, Placement};
use judge::snapshot::{
    already_matches, assert_case, has_snapshot, oracle_boards, SnapshotStatus, SNAPSHOT_LIMIT,
};
use judge_core::case::load_cases;
use pretty_assertions::assert_eq;

#[test]
fn boards_of_every_small_case() {
    let folder = judge::default_cases_folder();
    let loaded = load_cases(&folder).expect("the cases folder is readable");
    assert!(loaded.errors.is_empty(), "unreadable case files: {:#?}", loaded.errors);
    let small: Vec<_> = loaded.cases.iter().filter(|case| has_snapshot(case)).collect();
    assert!(small.len() >= 10, "expected at least 10 cases with snapshots, found {}", small.len());
    assert!(
        small.iter().all(|case| board_of(case).reserved_count() == 0),
        "only LeetCode 51's empty boards keep snapshots"
    );

    let mut enumerated = 0;
    let mut not_matching = Vec::new();
    for case in small {
        let boards = oracle_boards(case).unwrap_or_else(|reason| panic!("{}: {reason}", case.id));
        // The oracle's boards, checked once more here with what the checker offers directly.
        assert_eq!(boards.len() as u64, count_of(case), "{}: the oracle disagrees with `expected`", case.id);
        assert!(boards.len() as u64 <= SNAPSHOT_LIMIT, "{}", case.id);
        assert_eq!(solution_set::duplicates(&boards), Vec::<Placement>::new(), "{}", case.id);
        if board_of(case).reserved_count() == 0 {
            assert_eq!(Some(count_of(case)), oracle::known_count(board_of(case).n()), "{}: A000170", case.id);
            let n = i32::try_from(board_of(case).n()).expect("a small side");
            for implementation in leetcode::IMPLEMENTATIONS {
                let Some(solve_n_queens) = implementation.solve_n_queens else { continue };
                let placements: Vec<Placement> = solve_n_queens(n)
                    .iter()
                    .map(|rows| {
                        Placement::from_strings(rows).unwrap_or_else(|error| {
                            panic!("{} by leetcode51/{}: {error}", case.id, implementation.name)
                        })
                    })
                    .collect();
                let diff = solution_set::compare(&boards, &placements);
                assert!(diff.is_empty(), "{} by leetcode51/{}:\n{diff}", case.id, implementation.name);
                enumerated += 1;
            }
        }
        let quick = already_matches(&folder, case, &boards);
        let status = assert_case(&folder, case, &boards);
        // The judge's quick reading (without insta) agrees with insta's.
        assert_eq!(quick, status == SnapshotStatus::Matches, "{}: {status:?}", case.id);
        if status != SnapshotStatus::Matches {
            not_matching.push(format!("{}: {status:?}", case.id));
        }
    }
    assert!(enumerated > 0, "no LeetCode 51 enumerator was compared on an empty board");
    assert!(
        not_matching.is_empty(),
        "snapshots differ or are missing (review with `cargo insta review` or `cargo xtask judge --accept`):\n{}",
        not_matching.join("\n")
    );
}

/// Every count case of `cases/` (a board with reserved squares keeps no snapshot) holds the count
/// the oracle finds; every empty board OEIS A000170's.
#[test]
fn every_case_expects_what_the_oracle_or_oeis_counts() {
    let loaded = load_cases(&judge::default_cases_folder()).expect("the cases folder is readable");
    let mut counted = 0;
    // A case of sides (POJ 3239) has no count: any right placement is accepted.
    for case in loaded.cases.iter().filter(|case| case.board().is_some()) {
        let truth = if board_of(case).reserved_count() == 0 {
            oracle::known_count(board_of(case).n())
        } else {
            (board_of(case).n() <= judge_core::case::ORACLE_MAX_N).then(|| oracle::count(board_of(case)))
        };
        if let Some(truth) = truth {
            assert_eq!(count_of(case), truth, "{}", case.id);
            counted += 1;
        }
    }
    let boards = loaded.cases.iter().filter(|case| case.board().is_some()).count();
    assert!(counted >= 30 && counted + 2 >= boards, "{counted} of {boards} boards' cases checked");
}

/// The CSES statement's sample, whose answer is 65.
const CSES_SAMPLE: &str = "........\n........\n..*.....\n........\n........\n.....**.\n...*....\n........\n";

#[test]
fn a_missing_or_different_snapshot_is_not_a_match() {
    // A cases folder of its own keeps its snapshots in its own `snapshots/`, so nothing here can
    // touch the repository's.
    let folder = crate::support::TempFolder::new("snapshot-mismatch");
    let case_path = folder.write(
        "cses/empty-8x8.toml",
        format!("board = \"\"\"\n{}\"\"\"\nexpected = 92\n", "........\n".repeat(8)),
    );
    let loaded = load_cases(&folder.path).expect("the temporary folder is readable");
    assert_eq!((loaded.cases.len(), loaded.errors.len()), (1, 0));
    let case = &loaded.cases[0];
    assert_eq!(case.path, case_path);
    let boards = oracle_boards(case).expect("the empty board's 92 boards");
    let snapshot = folder.join("snapshots/cses__empty-8x8.snap");
    assert_eq!(judge::snapshot::snapshot_folder(&folder.path), folder.join("snapshots"));

    // No snapshot yet: whatever insta's update setting, not a match.
    assert!(!already_matches(&folder.path, case, &boards));
    let status = assert_case(&folder.path, case, &boards);
    assert_ne!(status, SnapshotStatus::Matches, "a missing snapshot");

    // The repository's snapshot of the same board: a match.
    let repository = judge_core::install::workspace_root().join(judge::snapshot::REPOSITORY_SNAPSHOT_FOLDER);
    std::fs::create_dir_all(folder.join("snapshots")).expect("create the snapshot folder");
    std::fs::copy(repository.join("cses__empty-8x8.snap"), &snapshot)
        .expect("copy the empty board's snapshot");
    // A pending snapshot beside it is for insta to remove: the quick reading leaves it to insta.
    std::fs::write(folder.join("snapshots/cses__empty-8x8.snap.new"), "stale").expect("a pending file");
    assert!(!already_matches(&folder.path, case, &boards));
    assert_eq!(assert_case(&folder.path, case, &boards), SnapshotStatus::Matches);
    assert!(!folder.join("snapshots/cses__empty-8x8.snap.new").exists());
    assert!(already_matches(&folder.path, case, &boards));

    // One board short: not a match, and the pending file, if any, is where the status says.
    assert!(!already_matches(&folder.path, case, &boards[1..]));
    let status = assert_case(&folder.path, case, &boards[1..]);
    assert_ne!(status, SnapshotStatus::Matches, "a snapshot with one board more");
    if let SnapshotStatus::Pending { path } = &status {
        assert!(path.ends_with("snapshots/cses__empty-8x8.snap.new"), "{path}");
        assert!(folder.join("snapshots/cses__empty-8x8.snap.new").exists());
    }
}

/// A temporary cases folder holding the CSES sample as `cses/sample.toml`, with its case and the
/// oracle's boards.
fn sample_folder(label: &str) -> (crate::support::TempFolder, judge_core::case::Case, Vec<Placement>) {
    let folder = crate::support::TempFolder::new(label);
    folder.write("cses/sample.toml", format!("board = \"\"\"\n{CSES_SAMPLE}\"\"\"\nexpected = 65\n"));
    let loaded = load_cases(&folder.path).expect("the temporary folder is readable");
    assert_eq!((loaded.cases.len(), loaded.errors.len()), (1, 0));
    let case = loaded.cases[0].clone();
    let boards = oracle_boards(&case).expect("the sample's 65 boards");
    (folder, case, boards)
}

/// Every file and folder under `folder`, links not followed.
fn everything_under(folder: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(folder).expect("list a folder") {
        let entry = entry.expect("an entry");
        found.push(entry.path());
        if entry.file_type().expect("a type").is_dir() {
            found.extend(everything_under(&entry.path()));
        }
    }
    found.sort();
    found
}

#[test]
fn a_snapshot_is_never_written_through_a_linked_folder() {
    let (folder, case, boards) = sample_folder("snapshot-linked-folder");
    let outside = crate::support::TempFolder::new("snapshot-linked-folder-target");
    let link = folder.join("snapshots");
    std::os::unix::fs::symlink(&outside.path, &link).expect("link the snapshot folder out");
    // Whatever insta's update setting (pending outside CI, nothing in it), the link is refused
    // before insta is asked anything.
    assert_eq!(
        assert_case(&folder.path, &case, &boards),
        SnapshotStatus::Failed {
            reason: format!("{}: a symbolic link: refused (nothing was written)", link.display())
        }
    );
    assert_eq!(everything_under(&outside.path), Vec::<std::path::PathBuf>::new());
    // The snapshot file a link, in a real folder: refused, and what it leads to unchanged.
    std::fs::remove_file(&link).expect("remove the link");
    std::fs::create_dir(&link).expect("a real snapshot folder");
    let target = outside.write("victim.snap", "unchanged\n");
    let snapshot = link.join("cses__sample.snap");
    std::os::unix::fs::symlink(&target, &snapshot).expect("link the snapshot file out");
    assert_eq!(
        assert_case(&folder.path, &case, &boards),
        SnapshotStatus::Failed {
            reason: format!("{}: a symbolic link: refused (nothing was written)", snapshot.display())
        }
    );
    assert_eq!(std::fs::read_to_string(&target).expect("the target"), "unchanged\n");
    assert_eq!(everything_under(&link), std::slice::from_ref(&snapshot));
    // So is a pending snapshot that is a link.
    std::fs::remove_file(&snapshot).expect("remove the link");
    let pending = link.join("cses__sample.snap.new");
    std::os::unix::fs::symlink(&target, &pending).expect("link the pending snapshot out");
    assert_eq!(
        assert_case(&folder.path, &case, &boards),
        SnapshotStatus::Failed {
            reason: format!("{}: a symbolic link: refused (nothing was written)", pending.display())
        }
    );
    assert_eq!(std::fs::read_to_string(&target).expect("the target"), "unchanged\n");
}

#[test]
fn a_snapshot_that_is_a_fifo_is_refused_unread() {
    let (folder, case, boards) = sample_folder("snapshot-fifo");
    std::fs::create_dir(folder.join("snapshots")).expect("the snapshot folder");
    let fifo = folder.join("snapshots/cses__sample.snap");
    crate::support::make_fifo(&fifo);
    let root = folder.path.clone();
    let status = crate::support::within(std::time::Duration::from_secs(20), "a FIFO snapshot", move || {
        assert_case(&root, &case, &boards)
    });
    assert_eq!(
        status,
        SnapshotStatus::Failed {
            reason: format!("{}: not a regular file (nothing was written)", fifo.display())
        }
    );
}
