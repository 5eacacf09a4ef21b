//! `--strict`: each AC run made again with the file's checked build.

use super::*;

pub use judge_core::limits::STRICT_MEMORY_FACTOR;

/// The files among `tasks` that built and whose language has a checked build, each once.
fn files_with_strict_builds<'a>(tasks: &[Task<'a>]) -> Vec<&'a Submission> {
    let mut files: Vec<&Submission> = Vec::new();
    for task in tasks {
        if let Contestant::File { submission, build: Build::Ready(_) } = task.contestant {
            if Toolchain::has_strict_build(submission.language)
                && !files.iter().any(|other| other.path == submission.path)
            {
                files.push(submission);
            }
        }
    }
    files
}

/// `--strict`: every Rust and C++ file built again with [`Toolchain::strict`], and each of its AC
/// runs made again with that build; a fault there is the run's `strict_fault`. The runs get ten
/// times the CPU time and [`STRICT_MEMORY_FACTOR`] times the memory (the sanitizers are slow and
/// keep shadow memory), held on the run's cgroup; no address-space cap (the address sanitizer
/// maps terabytes it never touches). A file whose checked build fails, where its plain build
/// succeeded, is the machine's matter (no sanitizer library, a build past its limits): its runs
/// are left unchecked, and a note (returned) says so, rather than blame the file.
pub(super) fn strict_pass(
    tasks: &[Task],
    outcomes: &mut [Option<Ran>],
    options: &JudgeOptions,
    child_program: &Path,
) -> Vec<String> {
    let toolchain = options.toolchain.strict();
    let files = files_with_strict_builds(tasks);
    let rebuilt: Vec<Contestant> = judge_core::pool::map(
        &files,
        options.jobs,
        None,
        |submission| {
            let build = judge_core::submission::build(
                submission,
                &toolchain,
                &options.build_folder,
                options.sandbox.as_ref(),
            )
            .unwrap_or_else(|error| Build::CompileError(error.to_string()));
            Contestant::File { submission: (*submission).clone(), build }
        },
        |_| {},
    );
    let notes = rebuilt
        .iter()
        .filter_map(|contestant| match contestant {
            Contestant::File { submission, build: Build::CompileError(message) } => Some(format!(
                "{}: not checked under --strict: its checked build fails here ({})",
                submission.name,
                message.lines().map(str::trim).find(|line| !line.is_empty()).unwrap_or("no message")
            )),
            _ => None,
        })
        .collect();
    let again: Vec<usize> = (0..tasks.len())
        .filter(|&index| outcomes[index].as_ref().is_some_and(|ran| ran.run.verdict == Verdict::AC))
        .filter(|&index| matches!(tasks[index].contestant, Contestant::File { .. }))
        .collect();
    let faults: Vec<Option<String>> = judge_core::pool::map(
        &again,
        options.jobs,
        None,
        |&index| {
            let task = &tasks[index];
            let strict = rebuilt.iter().find(|contestant| {
                contestant.id() == task.contestant.id()
                    && matches!(contestant, Contestant::File { build: Build::Ready(_), .. })
            })?;
            let limits = judge_core::limits::strict(task.case.limits());
            let (problem, _) = task.problems[0];
            let request = Request {
                address_space: Some(u64::MAX),
                ..Request::judged(problem, &task.case.input, limits)
            };
            let attempt = attempt(strict, &request, child_program, options.sandbox.as_ref());
            fault_of(task, &attempt)
        },
        |_| {},
    );
    for (index, fault) in again.into_iter().zip(faults) {
        if let Some(ran) = &mut outcomes[index] {
            ran.additions.strict_fault = fault;
        }
    }
    notes
}

/// What a `--strict` run of `task` found: nothing when it is AC (or the judge could not make it:
/// no fault of the file's), a wrong answer under the checks, or the first lines of what the checks
/// report.
fn fault_of(task: &Task, attempt: &Attempt) -> Option<String> {
    let first_line = |text: &str| text.lines().next().unwrap_or_default().to_string();
    match attempt.grade(&truth_of(task, None), &Additions::default()) {
        Ok(Run { verdict: Verdict::AC, .. }) | Err(_) => None,
        // An answer read, and wrong under the checks.
        Ok(Run { verdict: Verdict::WA, received: Some(_), detail, .. }) => Some(format!(
            "a wrong answer under the checks: {}",
            first_line(detail.as_deref().unwrap_or_default())
        )),
        Ok(Run { detail, .. }) => Some(
            match task.contestant {
                Contestant::File { submission, .. } => submission.language.strict_fault(&attempt.stderr),
                Contestant::Builtin(_) => None,
            }
            .unwrap_or_else(|| first_line(detail.as_deref().unwrap_or_default())),
        ),
    }
}
