//! The engine's errors, typed by whose fault they are, so that the front gives each its own exit
//! status (README's table): the command line (usage), the machine (a missing tool, no sandbox:
//! environment), or a file the user gave (a bad case file, an unreadable source: input).

/// Why an engine command stopped before its work was done: one line, naming the file, line and
/// column or key where there is one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// The command line asks for something that cannot be: a pattern that matches nothing, a
    /// file in no known language.
    Usage(String),
    /// The machine lacks what the command needs: a compiler, a runtime, a sandbox.
    Environment(String),
    /// A file the user gave cannot be used: a case file that does not parse, a missing path.
    Input(String),
}

impl Error {
    /// The one line that says what went wrong.
    pub fn message(&self) -> &str {
        match self {
            Error::Usage(message) | Error::Environment(message) | Error::Input(message) => message,
        }
    }

    /// The front's exit status for it: 2 usage, 3 environment, 4 input (1 is a failed run, 0
    /// success).
    pub fn exit_status(&self) -> i32 {
        match self {
            Error::Usage(_) => 2,
            Error::Environment(_) => 3,
            Error::Input(_) => 4,
        }
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for Error {}

/// The runner's and the sandbox's one failure is the machine's.
impl From<run::MachineError> for Error {
    fn from(error: run::MachineError) -> Error {
        Error::Environment(error.0)
    }
}
