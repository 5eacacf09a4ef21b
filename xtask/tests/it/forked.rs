//! Built-ins forked from the judge's fork server (`judge_core::runner::forked`): the same answers,
//! limits and ending as a built-in started anew, the runner's own child, and nothing left running
//! once the judge is gone.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use judge_core::runner::{run, Ending, Finished, Isolation, Job, Limits, UnknownRuntime};

use crate::support::{KilledOnDrop, DEADLINE};

const LIMITS: Limits = Limits {
    cpu_time: Duration::from_secs(1),
    memory_bytes: 512 << 20,
    output_bytes: 1 << 20,
    wall_time: None,
};

fn job<'a>(isolation: Isolation<'a>, program: &'a Path, args: &'a [OsString], stdin: &'a [u8]) -> Job<'a> {
    Job {
        isolation,
        program,
        args,
        answer_channel: false,
        max_processes: None,
        processes: judge_core::sandbox::Processes::One,
        env: &[],
        stdin,
        limits: LIMITS,
        address_space: None,
        file_bytes: None,
        answer_bytes: 1 << 20,
    }
}

fn xtask() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_xtask"))
}

fn args(words: &[&str]) -> Vec<OsString> {
    words.iter().map(OsString::from).collect()
}

/// The live processes of the fork server whose parent is `parent`: the servers (in their
/// parent's process group), then the runs forked from them (each a process group of its own).
fn fork_server_processes(parent: u32) -> (Vec<u32>, Vec<u32>) {
    let (mut servers, mut runs) = (Vec::new(), Vec::new());
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else { continue };
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else { continue };
        // After the name: the state, the parent's pid, the process group.
        let Some((_, fields)) = stat.rsplit_once(')') else { continue };
        let fields: Vec<&str> = fields.split_whitespace().take(3).collect();
        let [state, ppid, pgid] = fields[..] else { continue };
        let command = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
        let serving = command
            .split(|&byte| byte == 0)
            .any(|word| word == judge_core::runner::forked::COMMAND.as_bytes());
        if state == "Z" || ppid != parent.to_string() || !serving {
            continue;
        }
        if pgid == pid.to_string() {
            runs.push(pid);
        } else {
            servers.push(pid);
        }
    }
    (servers, runs)
}

fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .is_ok_and(|stat| stat.rsplit_once(')').is_some_and(|(_, rest)| !rest.trim_start().starts_with('Z')))
}

fn ran(job: &Job) -> Finished {
    run(job).unwrap_or_else(|error| panic!("{}: {error}", job.program.display()))
}

/// The CSES sample board, whose count (65) is the statement's.
const SAMPLE: &[u8] = b"........\n........\n..*.....\n........\n........\n.....**.\n...*....\n........\n";

#[test]
fn a_built_in_forked_from_its_server_answers_as_one_started_anew_and_is_the_runners_child() {
    let words = args(&["__run", "cses/bitmask", "--problem", "cses1624"]);
    for isolation in [Isolation::Plain, Isolation::Forked, Isolation::Forked] {
        let finished = ran(&job(isolation, xtask(), &words, SAMPLE));
        // Reaped by the runner with its status: a process that were not the runner's child would
        // have no status to reap and read as killed.
        assert!(finished.status.success(), "{isolation:?}: {finished:?}");
        assert_eq!(String::from_utf8_lossy(&finished.stdout), "65\n", "{isolation:?}");
    }
    let (servers, _) = fork_server_processes(std::process::id());
    assert_eq!(servers.len(), 1, "one fork server for the program, running: {servers:?}");
}

#[test]
fn a_forked_run_is_held_to_its_cpu_limit_and_its_output_limit() {
    let limits = Limits { cpu_time: Duration::from_millis(300), ..LIMITS };
    let words = args(&["__run", "poj3239/erickson", "--problem", "poj3239"]);
    let slow = Job { limits, ..job(Isolation::Forked, xtask(), &words, b"300\n0\n") };
    let finished = ran(&slow);
    assert!(finished.cpu_time >= limits.cpu_time, "{finished:?}");
    let ending = finished.ending(&limits, &UnknownRuntime);
    assert!(matches!(ending, Ending::TimeLimit { .. }), "{ending:?}");

    // LeetCode 51's 2,680 boards of side 11 are some 300 kB: past a 10 kB output limit.
    let words = args(&["__run", "leetcode51/bitmask", "--problem", "leetcode51"]);
    let limits = Limits { output_bytes: 10_000, ..LIMITS };
    let flood = Job { limits, ..job(Isolation::Forked, xtask(), &words, b"11\n") };
    let ending = ran(&flood).ending(&limits, &UnknownRuntime);
    assert!(matches!(ending, Ending::OutputLimit { .. }), "{ending:?}");
}

#[test]
fn a_program_that_cannot_serve_is_started_anew() {
    // `cat __serve` ends at once (no such file): the run is `cat`'s, started as a plain child.
    let cat = PathBuf::from("/bin/cat");
    let finished = ran(&job(Isolation::Forked, &cat, &[], b"as it came\n"));
    assert!(finished.status.success(), "{finished:?}");
    assert_eq!(String::from_utf8_lossy(&finished.stdout), "as it came\n");
}

/// The CPU time of process `pid` in clock ticks (user + system), while it is alive.
fn cpu_ticks(pid: u32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let (_, fields) = stat.rsplit_once(')')?;
    // After the name: utime and stime are the 12th and 13th fields.
    let fields: Vec<u64> =
        fields.split_whitespace().skip(11).take(2).filter_map(|field| field.parse().ok()).collect();
    Some(fields.iter().sum())
}

#[test]
fn the_fork_server_and_its_runs_end_with_a_judge_killed_mid_run() {
    // A search on POJ 3239's whole range runs until its 1 s of CPU is up, or until it is killed.
    let mut judge = KilledOnDrop(
        std::process::Command::new(xtask())
            .args([
                "judge",
                "--problem",
                "poj3239",
                "--impl",
                "poj3239/erickson",
                "--case",
                "poj/all",
                "--slow",
            ])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("start the judge"),
    );
    let judge_pid = judge.0.id();
    let started = Instant::now();
    let (server, run) = loop {
        let (servers, runs) = fork_server_processes(judge_pid);
        if let (Some(&server), Some(&run)) = (servers.first(), runs.first()) {
            break (server, run);
        }
        assert!(judge.0.try_wait().expect("the judge's status").is_none(), "the judge ended before its run");
        assert!(started.elapsed() < DEADLINE, "no forked run seen");
        std::thread::sleep(Duration::from_millis(2));
    };
    judge.0.kill().expect("kill the judge");
    judge.0.wait().expect("reap the judge");
    let killed = Instant::now();
    let mut last_ticks = 0;
    while alive(server) || alive(run) {
        last_ticks = cpu_ticks(run).unwrap_or(last_ticks);
        assert!(
            killed.elapsed() < DEADLINE,
            "left running: server {server} {}, run {run} {}",
            alive(server),
            alive(run)
        );
        std::thread::sleep(Duration::from_millis(1));
    }
    // SAFETY: sysconf reads a constant of the system.
    let per_second = u64::try_from(unsafe { libc::sysconf(libc::_SC_CLK_TCK) }).unwrap_or(100);
    // Ended with the judge, not by its own CPU limit (the kernel's SIGXCPU at 1 s).
    assert!(last_ticks < per_second / 2, "the run went on to {last_ticks} ticks of CPU with its judge gone");
}
