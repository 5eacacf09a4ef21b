//! Languages as executors: one module per language says everything the judge knows of it (its
//! extensions, how a file declares its problem, its drivers, its build and run commands, what the
//! sandbox must show it, and a self-test), behind the one [`Executor`] trait. The rest of the
//! engine asks [`ALL`] and never names a language.
//!
//! Adding a language is a module here and one line in [`ALL`]; the tests take their languages
//! from that list. DMOJ's judge-server `executors/` is the model: a small base, a small module a
//! language.

mod c;
pub mod context;
mod cpp;
mod crash;
mod java;
mod javascript;
mod python;
mod rust;
mod sanitizer;
pub mod signature;

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use crate::error::Error;
use crate::problem::{Method, Problem};
pub use context::{resolve_tool, BuildContext, Compiled, RunContext};

pub(crate) use signature::Declared;

/// Every language a submission may be written in, in the order `languages` lists them.
pub static ALL: &[&(dyn Executor + 'static)] =
    &[&rust::Rust, &cpp::Cpp, &c::C, &python::Python, &java::Java, &javascript::JavaScript];

/// One language: what the judge knows of it.
pub trait Executor: Sync {
    /// Its names, extensions, default command and install hint.
    fn about(&self) -> &'static About;
    /// Its short name: `--compiler ID=COMMAND`, `JUDGE_ID`, the JSON's `language`.
    fn id(&self) -> &'static str {
        self.about().id
    }
    /// Its name for people.
    fn name(&self) -> &'static str {
        self.about().name
    }
    /// The file extensions it owns, without the dot.
    fn extensions(&self) -> &'static [&'static str] {
        self.about().extensions
    }
    /// The command that builds (or, for a script, runs) a file, close to the judges' own.
    fn default_command(&self) -> &'static str {
        self.about().default_command
    }
    /// What to install when its tool is missing (on Debian's packages).
    fn install_hint(&self) -> &'static str {
        self.about().install_hint
    }
    /// What `--strict` adds to the command (the checks judges leave off); empty: nothing to add,
    /// and `--strict` builds nothing again.
    fn strict_flags(&self) -> &'static [&'static str] {
        &[]
    }
    /// What LeetCode adds to its build of a LeetCode file (C and C++: the sanitizers, always on
    /// there); nothing for a whole program, as CSES builds it.
    fn leetcode_flags(&self) -> &'static [&'static str] {
        &[]
    }
    /// A crash told from its runtime's own report (where a Rust program panicked, a JVM's or
    /// Node's uncaught exception, a sanitizer's finding), in a few lines, given `how` the process
    /// ended; `None` where the report holds nothing of the kind.
    fn explain_crash(&self, _how: &str, _stderr: &str) -> Option<String> {
        None
    }
    /// The first lines of what its `--strict` build's checks report in `stderr` (a sanitizer's
    /// finding, a checked container's, an overflow's panic), where they report anything.
    fn strict_fault(&self, _stderr: &str) -> Option<String> {
        None
    }
    /// What its runtime prints on stderr when an allocation fails at the memory limit: an MLE.
    fn out_of_memory_messages(&self) -> &'static [&'static str] {
        &[]
    }
    /// How its comments are written, so that a name in a comment decides nothing.
    fn comments(&self) -> signature::Comments {
        signature::Comments::CStyle
    }
    /// What the file's code (comments stripped) declares: LeetCode's methods with their exact
    /// signatures, or a whole program.
    fn read(&self, code: &str) -> Declared;
    /// LeetCode's signature of `method`, as people write it in this language.
    fn signature(&self, method: Method) -> &'static str;
    /// Why `problem`'s judge would refuse a whole program in this language, as written (`code`,
    /// comments stripped), or `None` where it takes it: the judge's own list of languages, from
    /// the problem's description (CSES and LeetCode take all six), and Java's executor adds the
    /// class the judge runs. Told as a note; this judge still runs the file.
    fn refused_by(&self, problem: Problem, _code: &str) -> Option<String> {
        refused_language(self.id(), self.name(), problem)
    }
    /// Builds the file (a compiler's run, a syntax check) as `context` says.
    ///
    /// # Errors
    /// One line when the build cannot even start (a missing tool, an unwritable folder).
    fn build(&self, context: &BuildContext) -> Result<Compiled, Error>;
    /// What runs a built file on one input.
    ///
    /// # Errors
    /// One line when the tool that runs it is missing.
    fn launch(&self, context: &RunContext) -> Result<Launch, Error>;
    /// Whether its runtime reserves far more address space than it uses (a JVM, V8): its runs
    /// and builds get no address-space cap, and their memory is what the cgroup (or the resident
    /// set) says they use.
    fn reserves_memory(&self) -> bool {
        false
    }
    /// A whole CSES program in this language that prints how many `*` its input holds: the
    /// self-test, built and run in the sandbox on first use.
    fn self_test(&self) -> &'static str;
    /// The self-test's file name, without its extension (Java's must be its public class's).
    fn self_test_name(&self) -> &'static str {
        "self_test"
    }
    /// The command that prints the tool's version, from the build command's first word (the
    /// first line of what it prints, on stdout or stderr).
    fn version_command(&self, command: &[String]) -> Vec<String> {
        vec![command.first().cloned().unwrap_or_default(), "--version".into()]
    }
}

/// What a language is called and where its tool comes from.
#[derive(Debug)]
pub struct About {
    /// Its short name: `--compiler ID=COMMAND`, `JUDGE_ID`, the JSON's `language`.
    pub id: &'static str,
    /// Its name for people.
    pub name: &'static str,
    /// The file extensions it owns, without the dot.
    pub extensions: &'static [&'static str],
    /// The command that builds (or, for a script, runs) a file, close to the judges' own.
    pub default_command: &'static str,
    /// What to install when its tool is missing (on Debian's packages).
    pub install_hint: &'static str,
}

/// Why `problem`'s judge refuses a language (`id`, `name`): not in the description's list.
pub(crate) fn refused_language(id: &str, name: &str, problem: Problem) -> Option<String> {
    let languages = problem.languages()?;
    if languages.takes.iter().any(|taken| taken == id) {
        return None;
    }
    Some(format!("{} takes no {name} (its languages are {})", problem.judge(), languages.named))
}

/// What runs one input: a program, its arguments and the folders beyond `/usr` it needs to see.
#[derive(Clone, Debug, Default)]
pub struct Launch {
    pub program: PathBuf,
    pub args: Vec<OsString>,
    pub prefixes: Vec<PathBuf>,
}

/// A language, compared and shown by its id.
#[derive(Clone, Copy)]
pub struct Language(pub &'static dyn Executor);

impl Language {
    /// The language of a file, from its extension.
    pub fn of(path: &Path) -> Option<Language> {
        let extension = path.extension()?.to_str()?;
        ALL.iter()
            .find(|executor| executor.extensions().contains(&extension))
            .map(|executor| Language(*executor))
    }

    /// The language whose id is `id`.
    pub(crate) fn by_id(id: &str) -> Option<Language> {
        ALL.iter().find(|executor| executor.id() == id).map(|executor| Language(*executor))
    }

    pub fn all() -> impl Iterator<Item = Language> {
        ALL.iter().map(|executor| Language(*executor))
    }

    pub fn name(self) -> &'static str {
        self.0.name()
    }

    pub fn id(self) -> &'static str {
        self.0.id()
    }
}

impl crate::runner::Runtime for Language {
    fn out_of_memory_messages(&self) -> &'static [&'static str] {
        self.0.out_of_memory_messages()
    }

    fn explain_crash(&self, how: &str, stderr: &str) -> Option<String> {
        self.0.explain_crash(how, stderr)
    }

    fn headline(&self, detail: &str) -> Option<String> {
        crash::headline(detail)
    }
}

/// The runtime of the judge's own implementations (built-ins are Rust), for reading their crashes.
pub(crate) fn builtin_runtime() -> Language {
    Language(&rust::Rust)
}

impl std::ops::Deref for Language {
    type Target = dyn Executor;
    fn deref(&self) -> &Self::Target {
        self.0
    }
}

impl PartialEq for Language {
    fn eq(&self, other: &Language) -> bool {
        self.0.id() == other.0.id()
    }
}

impl Eq for Language {}

impl std::fmt::Debug for Language {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0.id())
    }
}

impl serde::Serialize for Language {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.0.id())
    }
}

/// Every extension the judge takes, for messages: `.rs, .cpp, ... or .js`.
pub(crate) fn extension_list() -> String {
    let all: Vec<String> = ALL
        .iter()
        .flat_map(|executor| executor.extensions())
        .map(|extension| format!(".{extension}"))
        .collect();
    match all.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => all.join(""),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A description's `languages` names executors by id: a typo there would refuse a language no
    /// judge refuses.
    #[test]
    fn every_language_a_description_names_is_an_executor() {
        let ids: Vec<&str> = ALL.iter().map(|executor| executor.id()).collect();
        for problem in Problem::all() {
            for taken in problem.languages().map_or(&[][..], |languages| &languages.takes) {
                assert!(ids.contains(&taken.as_str()), "{problem}: `{taken}` is none of {ids:?}");
            }
        }
        assert!(Problem::all().any(|problem| problem.languages().is_some()), "POJ names its languages");
    }

    #[test]
    fn every_language_has_its_own_id_and_extensions() {
        let mut ids: Vec<&str> = ALL.iter().map(|executor| executor.id()).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), ALL.len(), "two languages share an id");
        let mut extensions: Vec<&str> =
            ALL.iter().flat_map(|executor| executor.extensions().iter().copied()).collect();
        let count = extensions.len();
        extensions.sort_unstable();
        extensions.dedup();
        assert_eq!(extensions.len(), count, "two languages claim one extension");
        for executor in ALL {
            assert_eq!(
                Language::of(Path::new(&format!("x.{}", executor.extensions()[0]))),
                Some(Language(*executor))
            );
            assert!(!executor.default_command().is_empty() && !executor.install_hint().is_empty());
        }
        assert_eq!(Language::of(Path::new("notes.txt")), None);
    }

    #[test]
    fn every_language_reads_its_own_self_test_as_a_whole_program() {
        for executor in ALL {
            let code = signature::strip_comments(executor.self_test(), executor.comments());
            let declared = executor.read(&code);
            assert!(
                declared.program
                    && !declared.declares(Method::SolveNQueens)
                    && !declared.declares(Method::TotalNQueens),
                "{}: {declared:?}",
                executor.id()
            );
        }
    }
}
