//! What one launch of a contestant needs: its program, arguments, environment and the job the
//! runner takes, worked out once for a run or a session.

use super::*;

/// What one launch of a contestant needs, worked out once for a run or a session.
pub(super) struct Prepared {
    program: PathBuf,
    args: Vec<std::ffi::OsString>,
    pub(super) answer_channel: bool,
    pub(super) layout: Option<crate::sandbox::Layout>,
    address_space: Option<u64>,
    env: Vec<(&'static str, String)>,
}

impl Prepared {
    /// How `contestant` is started for `request`, or the verdict that leaves nothing to start (a
    /// CE, a missing tool). `session`: a built-in answers test after test on its channel.
    pub(super) fn new(
        contestant: &Contestant,
        request: &Request,
        child_request: &ChildRequest,
        child_program: &Path,
        sandbox: Option<&Sandbox>,
    ) -> Result<Prepared, Failure> {
        let (program, args, answer_channel, layout) = match contestant {
            Contestant::Builtin(entry) => (
                child_program.to_path_buf(),
                child_arguments(&entry.id(), child_request),
                child_request.session,
                None,
            ),
            Contestant::File { build: Build::CompileError(message), .. } => {
                return Err(Failure::CompileError(message.clone()));
            }
            Contestant::File { build: Build::Ready(runnable), .. } => {
                let (program, args, layout) = runnable
                    .launch(sandbox.is_some(), request.problem, request.limits.memory_bytes)
                    .map_err(Failure::Judge)?;
                (program, args, runnable.answer_channel, Some(layout))
            }
        };
        // A JVM or V8 reserves far more than it uses, and the sanitizers map terabytes they
        // never touch: no address-space cap, the cgroup holds them.
        let reserves = match contestant {
            Contestant::File { submission, build: Build::Ready(runnable) } => {
                submission.language.reserves_memory() || runnable.sanitized
            }
            _ => false,
        };
        let address_space = if reserves { Some(u64::MAX) } else { request.address_space };
        let mut env: Vec<(&'static str, String)> = Vec::new();
        let base = if layout.is_some() { crate::sandbox::ENV } else { CHILD_ENV };
        env.extend(base.iter().map(|&(key, value)| (key, value.to_string())));
        if let (None, Timing::Samples { cpus, .. }) = (&layout, request.timing) {
            env.push((CPUS_ENV, cpus.to_string()));
        }
        // A built-in counter's loop, when the judge was asked for one (`QUEENS_FASTEST_KERNEL=scalar
        // cargo xtask bench` times the scalar loop of `cses/fastest`): the built-ins' own setting,
        // never handed to a submitted file.
        if let (None, Some(kernel)) = (&layout, std::env::var_os(cses::fastest::KERNEL_ENV)) {
            env.push((cses::fastest::KERNEL_ENV, kernel.to_string_lossy().into_owned()));
        }
        Ok(Prepared { program, args, answer_channel, layout, address_space, env })
    }

    /// The environment, as the runner takes it.
    pub(super) fn env(&self) -> Vec<(&str, &str)> {
        self.env.iter().map(|(key, value)| (*key, value.as_str())).collect()
    }

    /// The run of it within `limits`, with no input yet and no answer kept: the caller says what
    /// one run needs (a session takes them from its tests).
    pub(super) fn job<'a>(
        &'a self,
        sandbox: Option<&'a Sandbox>,
        env: &'a [(&'a str, &'a str)],
        limits: Limits,
    ) -> Job<'a> {
        let isolation = match (&self.layout, sandbox) {
            (None, _) => Isolation::Forked,
            (Some(layout), Some(sandbox)) => Isolation::Sandboxed { sandbox, layout },
            (Some(layout), None) => Isolation::Unsandboxed { layout },
        };
        Job {
            isolation,
            program: &self.program,
            args: &self.args,
            answer_channel: self.answer_channel,
            max_processes: self.layout.is_some().then_some(crate::sandbox::MAX_PROCESSES),
            processes: crate::sandbox::Processes::One,
            env,
            stdin: b"",
            limits,
            address_space: self.address_space,
            file_bytes: None,
            answer_bytes: 0,
        }
    }
}
