//! `cargo xtask __run ID --problem P [--samples K --sample-ns T] [--check-inside] [--session]`: the child
//! process of one run of a built-in implementation (see `judge_core::child`). The judge, stress and
//! bench start it, never a person, so its arguments are read by hand, without clap: it starts
//! hundreds of times a judge run.

use std::ffi::OsString;
use std::io::Read;
use std::time::Duration;

use judge_core::child::{child_main, ChildRequest};
use judge_core::problem::Problem;

/// The hidden command's name.
pub const COMMAND: &str = "__run";

/// Runs the child; returns its exit status (2 for arguments the engine never sends).
pub fn main(args: Vec<OsString>) -> i32 {
    if !judge_core::child::end_with_parent() {
        return 2;
    }
    match run(args) {
        Ok(()) => 0,
        Err(message) => {
            eprintln!("error: {COMMAND}: {message}");
            2
        }
    }
}

/// A run forked from the fork server: its arguments are a `__run`'s, the command's name first.
pub fn forked(args: Vec<OsString>) -> i32 {
    match args.split_first() {
        Some((command, rest)) if command == COMMAND => main(rest.to_vec()),
        _ => {
            eprintln!("error: a forked run takes `{COMMAND}` and its arguments");
            2
        }
    }
}

fn run(args: Vec<OsString>) -> Result<(), String> {
    let args: Vec<String> = args
        .into_iter()
        .map(|arg| arg.into_string().map_err(|arg| format!("`{}` is not UTF-8", arg.to_string_lossy())))
        .collect::<Result<_, _>>()?;
    let (id, options) = args.split_first().ok_or("expected an implementation id")?;
    let entry = judge_core::registry::find(id).ok_or_else(|| format!("unknown implementation `{id}`"))?;
    let mut request = ChildRequest {
        // Without `--problem`, the first it solves (the judge always names one).
        problem: *entry.problems.first().ok_or_else(|| format!("{id} solves no problem"))?,
        samples: None,
        sample_target: Duration::ZERO,
        check_inside: false,
        session: false,
    };
    let mut options = options.iter();
    while let Some(option) = options.next() {
        let mut value = || options.next().ok_or_else(|| format!("{option} takes a value"));
        match option.as_str() {
            "--problem" => {
                let text = value()?;
                request.problem =
                    Problem::from_id(text).ok_or_else(|| format!("unknown problem `{text}`"))?;
            }
            "--samples" => request.samples = Some(value()?.parse().map_err(|_| "--samples: a whole number")?),
            "--sample-ns" => {
                let nanos = value()?.parse().map_err(|_| "--sample-ns: a whole number")?;
                request.sample_target = Duration::from_nanos(nanos);
            }
            "--check-inside" => request.check_inside = true,
            "--session" => request.session = true,
            other => return Err(format!("unexpected `{other}`")),
        }
    }
    if !entry.solves(request.problem) {
        return Err(format!("{id} does not solve {}", request.problem));
    }
    if request.session {
        use std::os::fd::FromRawFd;
        // SAFETY: the judge opens descriptor 3 for a session's answers, and nothing else uses it.
        let channel = unsafe { std::fs::File::from_raw_fd(3) };
        let mut channel = std::io::BufWriter::new(channel);
        return judge_core::child::child_session(
            &entry,
            &request,
            &mut std::io::stdin().lock(),
            &mut channel,
        );
    }
    let mut input = Vec::new();
    std::io::stdin()
        .take(1 << 20)
        .read_to_end(&mut input)
        .map_err(|error| format!("cannot read stdin: {error}"))?;
    child_main(&entry, &request, &input, &mut std::io::stdout().lock())
}
