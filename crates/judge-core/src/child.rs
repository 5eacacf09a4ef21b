//! The child side of a built-in implementation's run, and the protocol between it and the parent.
//!
//! The front re-runs its own executable as `__run ID --problem P [--samples K --sample-ns T]
//! [--check-inside]`, with the problem's input on stdin (`input_text`). The child runs the kernel
//! once and writes the answer in the wire format (`Answer::to_wire`) on stdout, as a program
//! submitted to a judge would. Bench asks for more:
//! - `--samples K`: the cold run's time on the child's own clock and, after it, K warm samples, each the mean of as many runs as fill about
//!   T nanoseconds, sent as a last line `samples: CORES FIRST_NS ITERATIONS S1 .. SK`, where CORES
//!   is what `std::thread::available_parallelism` told the child, the figure counters size their
//!   thread pools by, so that the parent sees whether its pinning took;
//! - `CPUS_ENV` in the environment (`0,1`): the child pins itself to those CPUs
//!   (`sched_setaffinity`) before anything else, so that every thread it starts inherits them. The
//!   environment rather than an argument: the runner hands a child exactly the environment it is
//!   given, and the `__run` arguments stay those the judge's runs use;
//! - `--check-inside`: LeetCode 51's boards are checked in the child after its clock stopped, and
//!   only their number is sent (or `fault: ...`), so that millions of boards never cross the pipe.
//!   Only built-in code, never a user's program, is trusted with this.

use std::ffi::OsString;
use std::hint::black_box;
use std::io::Write;
use std::time::{Duration, Instant};

use checker::Board;

use crate::answer::{check_boards, Answer, Wrong};
use crate::problem::{AnswerKind, Input, Problem, TestInput};
use crate::registry::Entry;

/// The input a problem's judge gives for `input`: the board's text for the counting problems, the
/// side for LeetCode's, the sides and a `0` for POJ's.
pub(crate) fn input_text(problem: Problem, input: &TestInput) -> String {
    match (problem.input(), input) {
        (Input::Side, TestInput::Board(board)) => format!("{}\n", board.n()),
        _ => input.text(),
    }
}

/// Reads the input [`input_text`] wrote.
///
/// # Errors
/// The checker's message for a bad board, or a bad side.
fn parse_input(problem: Problem, input: &[u8]) -> Result<TestInput, String> {
    let text = String::from_utf8_lossy(input);
    let side = |token: &str| token.parse::<usize>().map_err(|_| format!("expected a side, found `{token}`"));
    match problem.input() {
        Input::Board => Board::parse_bytes(input).map(TestInput::Board).map_err(|error| error.to_string()),
        Input::Side => {
            Board::empty(side(text.trim())?).map(TestInput::Board).map_err(|error| error.to_string())
        }
        Input::Sides => {
            let mut sides = Vec::new();
            for token in text.split_whitespace() {
                match side(token)? {
                    0 => break,
                    n => sides.push(n),
                }
            }
            Ok(TestInput::Sides(sides))
        }
        Input::Boards => {
            let mut lines = text.lines();
            let mut boards = Vec::new();
            while let Some(line) = lines.next() {
                let n = side(line.trim())?;
                if n == 0 {
                    break;
                }
                let rows: Vec<&str> = lines.by_ref().take(n).collect();
                let board =
                    Board::parse(&format!("{}\n", rows.join("\n"))).map_err(|error| error.to_string())?;
                boards.push(board);
            }
            Ok(TestInput::Boards(boards))
        }
        Input::Placed => {
            let numbers: Vec<usize> = text.split_whitespace().map(side).collect::<Result<_, _>>()?;
            let (&count, pairs) = numbers.split_first().ok_or("expected the number of placed queens")?;
            let queens: Vec<(usize, usize)> =
                pairs.chunks_exact(2).take(count).map(|pair| (pair[0], pair[1])).collect();
            let side = match problem.description().domain {
                crate::problem::Domain::Placed(side) => side,
                _ => return Err(format!("{problem} places no queens")),
            };
            Ok(TestInput::Placed { side, queens })
        }
    }
}

/// The environment of a built-in child: a panic prints its place and message, not a backtrace.
pub(crate) const CHILD_ENV: &[(&str, &str)] = &[("RUST_BACKTRACE", "0")];

/// The environment variable that pins a built-in child to CPUs: their numbers, comma-separated.
pub(crate) const CPUS_ENV: &str = "JUDGE_PIN_CPUS";

/// Asks, first thing in a built-in's child, to be killed when the judge ends: it is spawned with
/// nothing between fork and exec (`runner`), so it asks itself. False when the judge is already
/// gone (the child should end; its input's end would end it soon anyway).
#[must_use]
pub fn end_with_parent() -> bool {
    // SAFETY: plain system calls with constant arguments.
    unsafe {
        let parent = libc::getppid();
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
        libc::getppid() == parent
    }
}

/// Pins this process to the CPUs [`CPUS_ENV`] lists, when it is set. Called while the child has
/// one thread, so every thread it starts later inherits the set.
///
/// # Errors
/// A list that is not CPU numbers, or a set the kernel refuses.
fn pin_to_listed_cpus() -> Result<(), String> {
    let Ok(list) = std::env::var(CPUS_ENV) else { return Ok(()) };
    // SAFETY: cpu_set_t is a plain bit array, for which all-zero bytes are the empty set.
    let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
    for part in list.split(',') {
        let cpu: usize = part
            .trim()
            .parse()
            .ok()
            .filter(|&cpu| cpu < libc::CPU_SETSIZE as usize)
            .ok_or_else(|| format!("{CPUS_ENV}=`{list}`: expected CPU numbers, comma-separated"))?;
        // SAFETY: `cpu` is below CPU_SETSIZE, so its bit is inside `set`.
        unsafe { libc::CPU_SET(cpu, &mut set) };
    }
    // SAFETY: `set` is a valid cpu_set_t of the size given; pid 0 is the calling thread.
    if unsafe { libc::sched_setaffinity(0, size_of::<libc::cpu_set_t>(), &set) } != 0 {
        return Err(format!("cannot pin to CPUs {list}: {}", std::io::Error::last_os_error()));
    }
    Ok(())
}

/// The arguments that make the front's executable the child of `id` (see the module docs).
pub(crate) fn child_arguments(id: &str, request: &ChildRequest) -> Vec<OsString> {
    let mut args: Vec<OsString> =
        vec!["__run".into(), id.into(), "--problem".into(), request.problem.id().into()];
    if let Some(samples) = request.samples {
        args.extend(["--samples".into(), samples.to_string().into()]);
        args.extend(["--sample-ns".into(), request.sample_target.as_nanos().to_string().into()]);
    }
    if request.check_inside {
        args.push("--check-inside".into());
    }
    if request.session {
        args.push("--session".into());
    }
    args
}

/// What the parent asks of the child.
#[derive(Clone, Copy, Debug)]
pub struct ChildRequest {
    pub problem: Problem,
    /// Timings to send: `None` for none (the judge's runs, timed by the kernel's accounting),
    /// `Some(0)` for the cold run's own clock, `Some(K)` for that and K warm samples.
    pub samples: Option<usize>,
    /// About how long one warm sample lasts.
    pub sample_target: Duration,
    /// Check LeetCode 51's boards in the child and send their number only.
    pub check_inside: bool,
    /// Answer test after test, as a LeetCode driver does ([`child_session`]).
    pub session: bool,
}

/// Timings a child sends when asked for samples.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Samples {
    /// The child's `available_parallelism`, after its pinning.
    pub cores: usize,
    pub first_run_ns: u64,
    pub iterations_per_sample: u64,
    /// One figure per warm sample: the mean run of that sample.
    pub samples_ns: Vec<u64>,
}

/// A sample never repeats a run more than this, however fast the run.
const MAX_ITERATIONS: u64 = 10_000_000;

/// The child's work: pin itself when told, run, answer, and sample when asked.
///
/// # Errors
/// A bad input, a pinning the kernel refuses, or a failed write to `out`.
pub fn child_main(
    entry: &Entry,
    request: &ChildRequest,
    input: &[u8],
    out: &mut dyn Write,
) -> Result<(), String> {
    pin_to_listed_cpus()?;
    let input = parse_input(request.problem, input)?;
    let started = Instant::now();
    let answer = entry.kernel.run(request.problem, &input);
    let first_run = started.elapsed();
    let text = match (answer, input.board()) {
        (Answer::Boards(boards), Some(board)) if request.check_inside => match check_boards(board, &boards) {
            Ok(_) => Answer::Count(boards.len() as i128).to_wire(),
            // The first line names the fault; the rest draws boards, too much to send back.
            Err(fault) => {
                format!("fault: {}\n", fault.detail.lines().next().unwrap_or_default().trim_end_matches(':'))
            }
        },
        (answer, _) => answer.to_wire(),
    };
    out.write_all(text.as_bytes()).map_err(|error| format!("cannot write the answer: {error}"))?;
    if let Some(sample_count) = request.samples {
        let iterations = if sample_count == 0 {
            1
        } else {
            let warm_run = estimate_warm_run(entry, request.problem, &input, request.sample_target);
            (request.sample_target.as_nanos() / warm_run.as_nanos().max(1))
                .clamp(1, u128::from(MAX_ITERATIONS)) as u64
        };
        let samples: Vec<String> = (0..sample_count)
            .map(|_| {
                let started = Instant::now();
                for _ in 0..iterations {
                    black_box(entry.kernel.run(request.problem, black_box(&input)));
                }
                (nanos(started.elapsed()) / iterations).to_string()
            })
            .collect();
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        writeln!(out, "samples: {cores} {} {iterations} {}", nanos(first_run), samples.join(" "))
            .map_err(|error| format!("cannot write the samples: {error}"))?;
    }
    out.flush().map_err(|error| format!("cannot write the answer: {error}"))
}

/// A built-in's session, as LeetCode runs a submission (see `runner::run_session`): `R` once
/// ready, then for each line of `input` (one test's side) a frame with its answer on `channel`.
///
/// # Errors
/// A bad side, or a channel that cannot be written.
pub fn child_session(
    entry: &Entry,
    request: &ChildRequest,
    input: &mut dyn std::io::BufRead,
    channel: &mut dyn Write,
) -> Result<(), String> {
    let write_error = |error: std::io::Error| format!("cannot write the answer: {error}");
    channel.write_all(b"R\n").and_then(|()| channel.flush()).map_err(write_error)?;
    let mut line = String::new();
    loop {
        line.clear();
        if input.read_line(&mut line).map_err(|error| format!("cannot read stdin: {error}"))? == 0 {
            return Ok(());
        }
        let input = parse_input(request.problem, line.as_bytes())?;
        let answer = entry.kernel.run(request.problem, &input).to_wire();
        write!(channel, "A {} 0\n{answer}", answer.len())
            .and_then(|()| channel.flush())
            .map_err(write_error)?;
    }
}

/// Splits what a built-in child wrote into its answer (or the fault it found inside) and its
/// samples, when it was asked for them.
///
/// # Errors
/// The WA's detail: an unreadable answer, or the fault the child found in its own boards.
pub(crate) fn read_output(stdout: &[u8], request: &ChildRequest) -> (Result<Answer, Wrong>, Option<Samples>) {
    let text = String::from_utf8_lossy(stdout);
    let (answer_text, samples) = match text.rfind("samples: ") {
        Some(at) if request.samples.is_some() => {
            (&text[..at], parse_samples(&text[at + "samples: ".len()..]))
        }
        _ => (&text[..], None),
    };
    if let Some(fault) = answer_text.strip_prefix("fault: ") {
        return (Err(fault.trim_end().into()), samples);
    }
    let kind = match request.problem.answer() {
        AnswerKind::Boards if request.check_inside => AnswerKind::Count,
        kind => kind,
    };
    (Answer::from_wire(answer_text, kind), samples)
}

fn parse_samples(line: &str) -> Option<Samples> {
    let numbers: Vec<u64> = line.split_whitespace().map(str::parse).collect::<Result<_, _>>().ok()?;
    let (&cores, rest) = numbers.split_first()?;
    let (&first_run_ns, rest) = rest.split_first()?;
    let (&iterations_per_sample, samples) = rest.split_first()?;
    let cores = usize::try_from(cores).ok()?;
    Some(Samples { cores, first_run_ns, iterations_per_sample, samples_ns: samples.to_vec() })
}

/// A warm run's time: batches of doubling size until one lasts a quarter of a sample. This also
/// warms the caches and the branch predictors before the samples that count.
fn estimate_warm_run(
    entry: &Entry,
    problem: Problem,
    input: &TestInput,
    sample_target: Duration,
) -> Duration {
    let mut iterations = 1u64;
    loop {
        let started = Instant::now();
        for _ in 0..iterations {
            black_box(entry.kernel.run(problem, black_box(input)));
        }
        let elapsed = started.elapsed();
        if elapsed >= sample_target / 4 || iterations >= MAX_ITERATIONS {
            return elapsed / u32::try_from(iterations).unwrap_or(u32::MAX);
        }
        iterations *= 2;
    }
}

fn nanos(duration: Duration) -> u64 {
    u64::try_from(duration.as_nanos()).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_child_speaks_the_wire_format_and_samples_when_asked() {
        let entry = crate::registry::find("leetcode51/bitmask").expect("registered");
        let plain = ChildRequest {
            session: false,
            problem: Problem::from_id("leetcode51").expect("a problem"),
            samples: None,
            sample_target: Duration::from_millis(1),
            check_inside: false,
        };
        let mut out = Vec::new();
        child_main(&entry, &plain, b"4\n", &mut out).expect("runs");
        let (answer, samples) = read_output(&out, &plain);
        let Ok(Answer::Boards(boards)) = answer else { panic!("boards: {answer:?}") };
        assert_eq!((boards.len(), samples), (2, None));

        let sampled = ChildRequest { samples: Some(3), check_inside: true, ..plain };
        let mut out = Vec::new();
        child_main(&entry, &sampled, b"6\n", &mut out).expect("runs");
        let (answer, samples) = read_output(&out, &sampled);
        assert_eq!(answer, Ok(Answer::Count(4)));
        assert_eq!(samples.expect("samples").samples_ns.len(), 3);

        let cold_only = ChildRequest { samples: Some(0), ..sampled };
        let mut out = Vec::new();
        child_main(&entry, &cold_only, b"6\n", &mut out).expect("runs");
        let (answer, samples) = read_output(&out, &cold_only);
        assert_eq!(answer, Ok(Answer::Count(4)));
        let samples = samples.expect("the cold run's time");
        assert!(samples.samples_ns.is_empty() && samples.first_run_ns > 0, "{samples:?}");
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        assert_eq!(samples.cores, cores, "what the child saw, unpinned");

        let broken = crate::registry::find("leetcode51/broken-attacking-board").expect("a fixture");
        let mut out = Vec::new();
        child_main(&broken, &sampled, b"6\n", &mut out).expect("runs");
        let (answer, _) = read_output(&out, &sampled);
        let fault = answer.expect_err("a fault");
        assert!(fault.detail.starts_with("board 1 of 4: queens at row 1"), "{fault}");
    }
}
