//! One (implementation, case) run in a child process of its own, so that a solution that panics,
//! aborts, overflows its stack, loops forever or eats memory gets a verdict and harms no other run.
//!
//! The parent re-runs this same executable as `xtask __run PROBLEM/NAME`, with the board on stdin.
//! The child runs the kernel, repeats it when it is short so that microsecond solutions get a stable
//! figure, and prints one JSON [`ChildReport`]. The parent caps the child's address space (a backstop
//! against runaway allocation), kills it at a deadline, and reads its peak memory from `wait4`.
//! Unix only, as the judge's machines are.

use std::io::{Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use checker::Board;
use serde::{Deserialize, Serialize};

use crate::registry::{Entry, Kernel};

/// What a kernel answered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    /// A CSES count.
    Count(u64),
    /// A LeetCode 52 total, signed as LeetCode's `i32` is.
    Total(i32),
    /// LeetCode 51 boards.
    Boards(Vec<Vec<String>>),
}

/// What the child prints: the answer and its timings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChildReport {
    pub answer: Answer,
    /// The first, cold run: the one held against the time limit.
    pub first_run_ns: u64,
    /// The median over repeated runs (the first run itself when it was long).
    pub typical_run_ns: u64,
    pub runs: u64,
}

/// Below this, a run is repeated so that its figure is stable.
const REPEAT_BELOW: Duration = Duration::from_millis(20);
const REPEAT_BATCHES: usize = 5;

/// Runs `entry` once on `board`, timed.
pub fn run_kernel(entry: &Entry, board: &Board) -> Answer {
    match entry.kernel {
        Kernel::Count(count) => Answer::Count(count(board.reserved_rows())),
        Kernel::Total(total) => Answer::Total(total(side(board))),
        Kernel::Enumerate(solve) => Answer::Boards(solve(side(board))),
    }
}

fn side(board: &Board) -> i32 {
    i32::try_from(board.n()).expect("a board side is at most checker::MAX_N")
}

/// The child's side: run, repeat when short, report.
pub fn child_main(entry: &Entry, board: &Board) -> ChildReport {
    let started = Instant::now();
    let answer = run_kernel(entry, board);
    let first_run = started.elapsed();
    let mut runs = 1u64;
    let mut typical_run = first_run;
    if first_run < REPEAT_BELOW {
        let per_batch = (REPEAT_BELOW.as_nanos() / first_run.as_nanos().max(1)).clamp(1, 100_000) as u64;
        let mut batch_means: Vec<Duration> = (0..REPEAT_BATCHES)
            .map(|_| {
                let started = Instant::now();
                for _ in 0..per_batch {
                    std::hint::black_box(run_kernel(entry, board));
                }
                started.elapsed() / per_batch as u32
            })
            .collect();
        batch_means.sort();
        typical_run = batch_means[REPEAT_BATCHES / 2];
        runs += per_batch * REPEAT_BATCHES as u64;
    }
    ChildReport {
        answer,
        first_run_ns: first_run.as_nanos() as u64,
        typical_run_ns: typical_run.as_nanos() as u64,
        runs,
    }
}

/// How an isolated run ended, before its answer is judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The child exited cleanly and reported.
    Reported(ChildReport),
    /// Killed at the deadline.
    TimedOut { after: Duration },
    /// Its memory went over the limit (peak in bytes, when known).
    OutOfMemory { peak_bytes: Option<u64> },
    /// It crashed or exited with an error; the reason is one short paragraph.
    Crashed { reason: String },
}

/// Extra address space the child may map beyond the memory limit: code, thread stacks and the
/// allocator's arenas are mapped but mostly never touched. The verdict reads the peak resident size.
const ADDRESS_SPACE_HEADROOM: u64 = 256 << 20;

/// Time for the child to start and to repeat a short run, beyond the case's limit.
const DEADLINE_SLACK: Duration = Duration::from_millis(1000);

/// Runs `entry` on `board` in a child of `executable`, within the limits.
pub fn run_isolated(
    executable: &Path,
    entry: &Entry,
    board: &Board,
    time_limit: Duration,
    memory_limit_bytes: u64,
) -> Ending {
    let arguments = ["__run".to_string(), entry.id()];
    match run_child(executable, &arguments, board, time_limit + DEADLINE_SLACK, memory_limit_bytes) {
        Err(ending) => ending,
        Ok(stdout) => match serde_json::from_slice::<ChildReport>(&stdout) {
            Ok(report) => Ending::Reported(report),
            Err(error) => Ending::Crashed { reason: format!("the child's report is unreadable: {error}") },
        },
    }
}

/// Runs `executable ARGUMENTS` with `board` on its stdin, under the memory cap, killed at
/// `deadline`: the child's stdout when it exited cleanly, else how it ended (never `Reported`).
/// [`run_isolated`] is this with the judge's child; `cargo xtask bench` asks its own child for
/// repeated samples through it.
pub fn run_child(
    executable: &Path,
    arguments: &[String],
    board: &Board,
    deadline: Duration,
    memory_limit_bytes: u64,
) -> Result<Vec<u8>, Ending> {
    let mut command = Command::new(executable);
    command
        .args(arguments)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .env("RUST_BACKTRACE", "0");
    let address_space = memory_limit_bytes.saturating_add(ADDRESS_SPACE_HEADROOM);
    // SAFETY: the closure runs in the forked child before exec and only calls setrlimit, which is
    // async-signal-safe, on a value it owns.
    unsafe {
        command.pre_exec(move || {
            let limit = libc::rlimit { rlim_cur: address_space, rlim_max: address_space };
            if libc::setrlimit(libc::RLIMIT_AS, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let mut child = match command.spawn() {
        Ok(child) => child,
        Err(error) => {
            return Err(Ending::Crashed { reason: format!("cannot start the child process: {error}") })
        }
    };
    let board_text = board.to_text();
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let writer = std::thread::spawn(move || {
        // The child may die before reading; its failure is reported from its status instead.
        let _ = stdin.write_all(board_text.as_bytes());
    });
    let stdout_reader = read_all_in_background(child.stdout.take().expect("stdout is piped"));
    let stderr_reader = read_all_in_background(child.stderr.take().expect("stderr is piped"));

    let pid = child.id() as libc::pid_t;
    let started = Instant::now();
    let mut timed_out = false;
    let (status, usage) = loop {
        if let Some(reaped) = wait4(pid, libc::WNOHANG) {
            break reaped;
        }
        if started.elapsed() > deadline {
            timed_out = true;
            // The child is not reaped yet, so its pid is still ours to kill.
            let _ = child.kill();
            break wait4(pid, 0).unwrap_or((0, unsafe_zeroed_rusage()));
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let _ = writer.join();
    let stdout = stdout_reader.join().unwrap_or_default();
    let stderr = String::from_utf8_lossy(&stderr_reader.join().unwrap_or_default()).into_owned();
    // ru_maxrss is in KiB on Linux.
    let peak_bytes = u64::try_from(usage.ru_maxrss).unwrap_or(0) * 1024;

    // Memory first: a run over its memory limit is MLE even if it was also slow (under load,
    // filling memory can take it past the deadline).
    if peak_bytes > memory_limit_bytes || stderr.contains("memory allocation of") {
        return Err(Ending::OutOfMemory { peak_bytes: Some(peak_bytes) });
    }
    if timed_out {
        return Err(Ending::TimedOut { after: started.elapsed() });
    }
    let exit = std::process::ExitStatus::from_raw(status);
    if !exit.success() {
        return Err(Ending::Crashed { reason: crash_reason(exit, &stderr) });
    }
    Ok(stdout)
}

fn read_all_in_background(mut source: impl Read + Send + 'static) -> std::thread::JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = source.read_to_end(&mut bytes);
        bytes
    })
}

fn unsafe_zeroed_rusage() -> libc::rusage {
    // SAFETY: rusage is a plain C struct of integers, for which all-zero bytes are valid.
    unsafe { std::mem::zeroed() }
}

/// `wait4` on one pid: `Some((status, usage))` once it has ended, `None` while it runs (WNOHANG).
fn wait4(pid: libc::pid_t, options: libc::c_int) -> Option<(libc::c_int, libc::rusage)> {
    let mut status = 0;
    let mut usage = unsafe_zeroed_rusage();
    loop {
        // SAFETY: both out-pointers are valid for writes for the duration of the call.
        let reaped = unsafe { libc::wait4(pid, &mut status, options, &mut usage) };
        if reaped == pid {
            return Some((status, usage));
        }
        if reaped == 0 {
            return None;
        }
        if std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
            return None;
        }
    }
}

/// One paragraph on why a child failed: the panic message, a stack overflow, or the signal.
fn crash_reason(exit: std::process::ExitStatus, stderr: &str) -> String {
    let lines: Vec<&str> = stderr.lines().filter(|line| !line.trim().is_empty()).collect();
    if let Some(at) = lines.iter().position(|line| line.contains("panicked at")) {
        let message = lines.get(at + 1).copied().unwrap_or_default();
        return format!("panicked: {}", message.trim());
    }
    if stderr.contains("has overflowed its stack") {
        return "stack overflow".to_string();
    }
    let how = match (exit.code(), exit.signal()) {
        (Some(code), _) => format!("exited with status {code}"),
        (None, Some(signal)) => format!("killed by signal {signal} ({})", signal_name(signal)),
        (None, None) => "ended abnormally".to_string(),
    };
    match lines.last() {
        Some(last) => format!("{how}: {}", last.trim()),
        None => how,
    }
}

fn signal_name(signal: i32) -> &'static str {
    match signal {
        libc::SIGABRT => "SIGABRT",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGBUS => "SIGBUS",
        libc::SIGILL => "SIGILL",
        libc::SIGFPE => "SIGFPE",
        libc::SIGKILL => "SIGKILL",
        _ => "signal",
    }
}

/// The isolated child: `__run PROBLEM/NAME`, the board on stdin, one JSON report on stdout.
pub fn child_command(mut parser: lexopt::Parser) -> Result<i32, String> {
    let id = match parser.next().map_err(|error| error.to_string())? {
        Some(lexopt::Arg::Value(id)) => lexopt::ValueExt::string(id).map_err(|error| error.to_string())?,
        _ => return Err("__run: expected PROBLEM/NAME".to_string()),
    };
    let entry = crate::registry::find(&id).ok_or_else(|| format!("__run: unknown implementation `{id}`"))?;
    let mut input = Vec::new();
    std::io::stdin().read_to_end(&mut input).map_err(|error| format!("__run: cannot read stdin: {error}"))?;
    let board = Board::parse_bytes(&input).map_err(|error| format!("__run: {error}"))?;
    let report = child_main(&entry, &board);
    let json = serde_json::to_string(&report).map_err(|error| error.to_string())?;
    println!("{json}");
    Ok(0)
}
