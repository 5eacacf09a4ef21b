//! Who a command runs, chosen in one place for judge, stress and bench: the files given (read,
//! their languages' toolchains checked, built) and the built-in implementations a pattern selects.

use std::path::{Path, PathBuf};

use judge_core::contestant::{build_all, detect_all, Contestant};
use judge_core::error::Error;
use judge_core::problem::Problem;
use judge_core::registry::Entry;
use judge_core::sandbox::Sandbox;
use judge_core::submission::Toolchain;

/// Who a command runs: the files it was given, and the built-in implementations `impl_pattern`
/// selects (all of them when there is no file; none when there are files and no pattern), of
/// the problems asked (all when none).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Choice<'a> {
    pub files: &'a [PathBuf],
    pub impl_pattern: Option<&'a str>,
    pub problems: &'a [Problem],
    pub with_fixtures: bool,
    pub toolchain: &'a Toolchain,
    pub build_folder: &'a Path,
    pub sandbox: Option<&'a Sandbox>,
    pub jobs: usize,
}

/// The contestants chosen, files first (built), and the notes their builds left.
#[derive(Debug)]
pub(crate) struct Chosen {
    pub contestants: Vec<Contestant>,
    pub notes: Vec<String>,
    /// The files refused alone (unreadable, too large, ...), each its one-line error; the others
    /// are judged all the same.
    pub refused: Vec<Error>,
}

impl Chosen {
    /// Every contestant, for a command that holds every file it is given (stress, bench): the
    /// first file refused stops it.
    ///
    /// # Errors
    /// That file's one line.
    pub(crate) fn every_file(self) -> Result<Vec<Contestant>, Error> {
        match self.refused.into_iter().next() {
            Some(first) => Err(first),
            None => Ok(self.contestants),
        }
    }
}

/// Chooses the contestants of judge, stress and bench: the one place that does.
///
/// # Errors
/// A pattern that selects nothing (usage; naming an implementation it matches of another problem,
/// when there is one), a file that cannot be read, a toolchain that does not work here.
pub(crate) fn choose(choice: &Choice, progress: &(dyn Fn(usize, usize) + Sync)) -> Result<Chosen, Error> {
    let solves_asked = |entry: &Entry| {
        choice.problems.is_empty() || choice.problems.iter().any(|&problem| entry.solves(problem))
    };
    let builtins: Vec<Entry> = if choice.files.is_empty() || choice.impl_pattern.is_some() {
        judge_core::registry::entries(choice.with_fixtures)
            .into_iter()
            .filter(|entry| crate::pattern::matches(choice.impl_pattern, &entry.id()))
            .collect()
    } else {
        Vec::new()
    };
    let (asked, other): (Vec<Entry>, Vec<Entry>) =
        builtins.into_iter().partition(|entry| solves_asked(entry));
    // A pattern that selects nothing is a typo, not a green run.
    if let (Some(pattern), true) = (choice.impl_pattern, asked.is_empty()) {
        let problems: Vec<&str> = choice.problems.iter().map(|problem| problem.id()).collect();
        return Err(Error::Usage(match other.first() {
            Some(entry) => {
                let solves: Vec<&str> = entry.problems.iter().map(|problem| problem.id()).collect();
                // `a and b`, `a, b and c`.
                let solves = match solves.split_last() {
                    Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
                    _ => solves.join(""),
                };
                format!(
                    "--impl `{pattern}` matches {}, which solves {solves}, not {}",
                    entry.id(),
                    problems.join(" or ")
                )
            }
            None => format!(
                "--impl `{pattern}` matches no implementation (`{} list` shows them)",
                judge_core::install::invocation()
            ),
        }));
    }
    let mut chosen = Chosen { contestants: Vec::new(), notes: Vec::new(), refused: Vec::new() };
    if !choice.files.is_empty() {
        let (submissions, mut refused) = detect_all(choice.files, choice.problems)?;
        // Nothing left to judge: the (first) reason, as one line, is the whole answer.
        if submissions.is_empty() && asked.is_empty() && !refused.is_empty() {
            return Err(refused.swap_remove(0));
        }
        chosen.refused = refused;
        crate::languages::ensure_ready(&submissions, choice.toolchain, choice.build_folder, choice.sandbox)?;
        let (files, notes, refused_at_build) = build_all(
            submissions,
            choice.toolchain,
            choice.build_folder,
            choice.sandbox,
            choice.jobs,
            progress,
        )?;
        chosen.contestants = files;
        chosen.notes = notes;
        chosen.refused.extend(refused_at_build);
    }
    chosen.contestants.extend(asked.into_iter().map(Contestant::Builtin));
    Ok(chosen)
}
