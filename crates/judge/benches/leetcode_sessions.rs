//! What LeetCode's way of running a file costs here (`cargo bench -p judge --bench
//! leetcode_sessions`): the twelve tests LeetCode 52 gives within its constraints (the examples
//! n = 4 and 1, then n = 1..9 and 8), judged as LeetCode runs them, in one process, against the
//! same tests in a process each (the judge's way before sessions: twelve starts of a JVM, an
//! interpreter or a sanitized program). The files are the corpus's right LeetCode 52 files; C++ is
//! built under LeetCode's sanitizers, as every LeetCode C++ file now is, and its save-to-verdict
//! (a build with the precompiled `<bits/stdc++.h>` of those flags, then the twelve tests in one
//! process) is timed too.
//!
//! Every answer is checked against OEIS A000170 before anything is timed. Cost: some 2 minutes.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use checker::{oracle, Board};
use criterion::{criterion_group, criterion_main, Criterion};
use judge_core::answer::Answer;
use judge_core::contestant::{attempt_session, Contestant, Request};
use judge_core::problem::{Problem, TestInput};
use judge_core::runner::Limits;
use judge_core::sandbox::Sandbox;
use judge_core::submission::{build, detect, Build, Toolchain};

const LIMITS: Limits = Limits {
    cpu_time: Duration::from_secs(5),
    memory_bytes: 512 << 20,
    output_bytes: 1 << 20,
    wall_time: None,
};

/// LeetCode 52's tests within its constraints, in LeetCode's order.
const SIDES: [usize; 12] = [4, 1, 1, 2, 3, 4, 5, 6, 7, 8, 8, 9];

const FILES: [(&str, &str); 4] = [
    ("Java", "leetcode52/right.java"),
    ("Python", "leetcode52/right.py"),
    ("JavaScript", "leetcode52/right.js"),
    ("C++ (sanitized)", "leetcode52/right.cpp"),
];

struct Bench {
    sandbox: Sandbox,
    toolchain: Toolchain,
    builds: PathBuf,
    boards: Vec<TestInput>,
}

impl Bench {
    fn contestant(&self, path: &Path) -> Contestant {
        let submission =
            detect(path, &[Problem::from_id("leetcode52").expect("a problem")]).expect("a LeetCode 52 file");
        let built = build(&submission, &self.toolchain, &self.builds, Some(&self.sandbox)).expect("a build");
        assert!(matches!(built, Build::Ready(_)), "{}: {built:?}", path.display());
        Contestant::File { submission, build: built }
    }

    /// Runs `requests` as sessions of `per_process` tests each: the counts answered.
    fn judge(&self, contestant: &Contestant, per_process: usize) -> Vec<i128> {
        let requests: Vec<Request> = self
            .boards
            .iter()
            .map(|board| Request::judged(Problem::from_id("leetcode52").expect("a problem"), board, LIMITS))
            .collect();
        let mut counts = Vec::new();
        for chunk in requests.chunks(per_process) {
            attempt_session(contestant, chunk, Path::new(""), Some(&self.sandbox), &mut |_, attempt| {
                match attempt.result {
                    Ok(Answer::Count(count)) => counts.push(count),
                    other => panic!("{other:?}"),
                }
                true
            });
        }
        counts
    }
}

fn leetcode_sessions(c: &mut Criterion) {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../xtask/tests/corpus");
    let target = judge_core::install::target_folder();
    let this = Bench {
        sandbox: Sandbox::detect().expect("the sandbox works here"),
        toolchain: Toolchain::from_environment(),
        builds: target.join("bench-builds"),
        boards: SIDES.iter().map(|&n| TestInput::Board(Board::empty(n).expect("1 <= n <= 9"))).collect(),
    };
    let truth: Vec<i128> =
        SIDES.iter().map(|&n| i128::from(oracle::known_count(n).expect("OEIS A000170"))).collect();
    let mut group = c.benchmark_group("LeetCode 52's twelve tests");
    group.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(6));
    for (language, file) in FILES {
        let contestant = this.contestant(&corpus.join(file));
        for (way, per_process) in [("one process", SIDES.len()), ("a process each", 1)] {
            assert_eq!(this.judge(&contestant, per_process), truth, "{language}, {way}");
            group.bench_function(format!("{language}, {way}"), |b| {
                b.iter(|| this.judge(&contestant, per_process))
            });
        }
    }
    group.finish();

    // The learner's loop for a LeetCode C++ file that includes <bits/stdc++.h> itself, now built
    // under the sanitizers: a changed comment, then the build and the twelve tests.
    let folder = target.join("bench-edits");
    std::fs::create_dir_all(&folder).expect("a folder for the edits");
    let text =
        std::fs::read_to_string(corpus.join("leetcode51/right_includes_bits.cpp")).expect("a corpus file");
    let edited = |edit: u64| {
        let path = folder.join("right_includes_bits.cpp");
        std::fs::write(&path, format!("{text}\n// edit {edit} {}\n", std::process::id())).expect("save");
        let submission =
            detect(&path, &[Problem::from_id("leetcode51").expect("a problem")]).expect("a LeetCode 51 file");
        let built = build(&submission, &this.toolchain, &this.builds, Some(&this.sandbox)).expect("a build");
        let contestant = Contestant::File { submission, build: built };
        let requests: Vec<Request> = this
            .boards
            .iter()
            .map(|board| Request::judged(Problem::from_id("leetcode51").expect("a problem"), board, LIMITS))
            .collect();
        let mut boards = Vec::new();
        attempt_session(&contestant, &requests, Path::new(""), Some(&this.sandbox), &mut |_, attempt| {
            match attempt.result {
                Ok(Answer::Boards(found)) => boards.push(found.len() as i128),
                other => panic!("{other:?}"),
            }
            true
        });
        boards
    };
    static EDITS: AtomicU64 = AtomicU64::new(0);
    assert_eq!(edited(EDITS.fetch_add(1, Ordering::Relaxed)), truth, "the precompiled header is made here");
    let mut loop_group = c.benchmark_group("save to verdict, LeetCode C++ under the sanitizers");
    loop_group.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(8));
    loop_group.bench_function("right_includes_bits.cpp, twelve tests", |b| {
        b.iter(|| edited(EDITS.fetch_add(1, Ordering::Relaxed)))
    });
    loop_group.finish();
}

criterion_group!(benches, leetcode_sessions);
criterion_main!(benches);
