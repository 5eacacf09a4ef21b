//! The learner's loop, language by language (`cargo bench -p judge --bench edit_to_verdict`): from a
//! saved change to a verdict, what `--watch` does after each save (build the changed file in the
//! sandbox, then run it on a case), and one run of an unchanged build alone: a JVM's and Node's
//! start-up beside a compiled program's. C++ is the corpus's CSES program that includes
//! `<bits/stdc++.h>`, built with the precompiled header the judge keeps per compiler and flags
//! (made once, before the timing); the other languages are the corpus's right CSES programs.
//!
//! Every variant's verdict is checked (the CSES sample's 65, from the oracle) before it is timed.
//! Cost: some 2 minutes (a Java build takes a second or more).

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use checker::{oracle, Board};
use criterion::{criterion_group, criterion_main, Criterion};
use judge_core::answer::Answer;
use judge_core::contestant::{attempt, Contestant, Request};
use judge_core::problem::{Problem, TestInput};
use judge_core::runner::Limits;
use judge_core::sandbox::Sandbox;
use judge_core::submission::{build, detect, Build, Toolchain};

const SAMPLE: &str = "........\n........\n..*.....\n........\n........\n.....**.\n...*....\n........\n";

const LIMITS: Limits = Limits {
    cpu_time: Duration::from_secs(5),
    memory_bytes: 512 << 20,
    output_bytes: 1 << 20,
    wall_time: None,
};

/// The corpus's CSES programs the loop is timed with: the language's name, the file.
const PROGRAMS: [(&str, &str); 6] = [
    ("C++ (bits/stdc++.h)", "cses/right_bits.cpp"),
    ("C", "cses/right.c"),
    ("Rust", "cses/right.rs"),
    ("Python", "cses/right.py"),
    ("Java", "cses/right.java"),
    ("JavaScript", "cses/right.js"),
];

struct Loop {
    sandbox: Sandbox,
    toolchain: Toolchain,
    builds: PathBuf,
    folder: PathBuf,
    board: TestInput,
    expected: u64,
}

impl Loop {
    /// Saves `text` with a new last line (a comment), builds it and runs it on the sample: the
    /// verdict's answer.
    fn edit_and_judge(&self, name: &str, text: &str) -> Answer {
        static EDITS: AtomicU64 = AtomicU64::new(0);
        let edit = EDITS.fetch_add(1, Ordering::Relaxed);
        let comment = if name.ends_with(".py") { "#" } else { "//" };
        let path = self.folder.join(name);
        std::fs::write(&path, format!("{text}\n{comment} edit {edit} {}\n", std::process::id()))
            .expect("save");
        self.judge(&path)
    }

    fn judge(&self, path: &Path) -> Answer {
        let submission = detect(path, &[]).expect("a CSES program");
        let built = build(&submission, &self.toolchain, &self.builds, Some(&self.sandbox)).expect("a build");
        assert!(matches!(built, Build::Ready(_)), "{}: {built:?}", path.display());
        let contestant = Contestant::File { submission, build: built };
        let request = Request::judged(Problem::from_id("cses1624").expect("a problem"), &self.board, LIMITS);
        let ran = attempt(&contestant, &request, Path::new(""), Some(&self.sandbox));
        ran.result.unwrap_or_else(|failure| panic!("{}: {failure:?}", path.display()))
    }
}

fn edit_to_verdict(c: &mut Criterion) {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../xtask/tests/corpus");
    let board = Board::parse(SAMPLE).expect("the sample");
    let target = judge_core::install::target_folder();
    let this = Loop {
        sandbox: Sandbox::detect().expect("the sandbox works here"),
        toolchain: Toolchain::from_environment(),
        builds: target.join("bench-builds"),
        folder: target.join("bench-edits"),
        expected: oracle::count(&board),
        board: TestInput::Board(board),
    };
    std::fs::create_dir_all(&this.folder).expect("a folder for the edits");
    assert_eq!(this.expected, 65, "the CSES sample's count");
    let mut edits = c.benchmark_group("edit to verdict");
    edits.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(8));
    let mut runs = Vec::new();
    for (language, file) in PROGRAMS {
        let source = corpus.join(file);
        let text = std::fs::read_to_string(&source).expect("a corpus file");
        if file.ends_with(".cpp") {
            assert!(text.contains("bits/stdc++.h"), "{file} must include <bits/stdc++.h>");
        }
        let name = Path::new(file).file_name().expect("a name").to_string_lossy().into_owned();
        // The first edit makes the precompiled header (C++) and warms the caches; its verdict is
        // checked.
        let answer = this.edit_and_judge(&name, &text);
        assert_eq!(answer, Answer::Count(i128::from(this.expected)), "{language}");
        edits.bench_function(language, |b| b.iter(|| this.edit_and_judge(&name, &text)));
        runs.push((language, this.folder.join(&name)));
    }
    edits.finish();
    let mut group = c.benchmark_group("one run of a built program");
    group.sample_size(20).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(4));
    for (language, path) in &runs {
        group.bench_function(*language, |b| b.iter(|| this.judge(path)));
    }
    group.finish();
}

criterion_group!(benches, edit_to_verdict);
criterion_main!(benches);
