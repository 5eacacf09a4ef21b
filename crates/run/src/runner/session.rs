//! A session: one process answers a series of tests, in order, as LeetCode runs a submission (every
//! test in one process, whatever state the file keeps carried from one test to the next).
//!
//! The driver speaks a small protocol on its answer channel (descriptor 3): `R\n` once the file is
//! loaded, then for each line of input (one test) a frame `A <answer bytes> <state bytes>\n`, the
//! answer in the wire format and what the driver saw of the file's own state. The judge writes a
//! test's input only once the frame before it is read, so the kernel's accounting read at those
//! boundaries (the run's cgroup, or the `/proc` fallback) is each test's own: its CPU time, its peak
//! memory (the group's high-water mark is reset between tests where the kernel lets it be), its
//! prints (the driver flushes stdout before its frame). A test past its limits is killed as a run
//! is, and its [`Finished`] says how the process ended; the caller runs the tests left in a new one.

use super::pipes::{read_head_and_tail, set_nonblocking, write_what_fits, Capped};
use crate::MachineError;
use std::io::{ErrorKind, Read};
use std::os::fd::AsRawFd;
use std::time::{Duration, Instant};

use super::{
    has_ended, reap, tree_usage, ExitWaiter, Finished, Job, Limits, Reaped, RunGroup, PRINTS_KEPT,
    STDERR_KEPT,
};

/// One test of a session: its input line, its limits, and how much of its answer is kept.
#[derive(Clone, Copy, Debug)]
pub struct SessionTest<'a> {
    pub input: &'a [u8],
    pub limits: Limits,
    pub answer_bytes: usize,
}

/// The CPU time a session's process may take to start (an interpreter, a JVM, the file's own
/// top-level code) beyond its first test's limit; its start counts towards no test.
pub(crate) const STARTUP_ALLOWANCE: Duration = Duration::from_secs(2);

/// The most a session's driver may say of the file's state for one test.
const STATE_KEPT: usize = 4 << 10;

/// How long a process that answered every test has to exit once its input is closed.
const EXIT_GRACE: Duration = Duration::from_millis(500);

/// Runs `tests` in order in one process started as `job` says (its `stdin` and `limits` are not
/// used: each test brings its own), handing `take` a [`Finished`] for each test reached, in
/// order; where `take` answers `false`, no further test is given. The last one has
/// `ended_process` set when the process ended (or was killed) during that test, and the tests
/// after it were not run.
///
/// # Errors
/// The machine's failure ([`MachineError`]), one line, when the program cannot be started at all.
pub fn run_session(
    job: &Job,
    tests: &[SessionTest],
    take: &mut dyn FnMut(Finished) -> bool,
) -> Result<(), MachineError> {
    run_tests(job, tests, take).map_err(MachineError)
}

fn run_tests(job: &Job, tests: &[SessionTest], take: &mut dyn FnMut(Finished) -> bool) -> Result<(), String> {
    super::stop_if_interrupted();
    let Some(first) = tests.first() else { return Ok(()) };
    let process_limits = process_limits(first, tests);
    let job = Job { limits: process_limits, answer_channel: true, stdin: b"", ..*job };
    let group = super::group_for(&job);
    let started = Instant::now();
    let mut child = super::start(&job, group.as_ref())?;
    let answer = child.answer.take().ok_or("a session needs an answer channel")?;
    let mut session = Session {
        pid: child.pid,
        sandboxed: child.sandboxed.is_some(),
        group: group.as_ref(),
        stdin: Some(child.stdin),
        input: Vec::new(),
        stdout: child.stdout,
        answer,
        frame: FrameReader::default(),
        waiter: ExitWaiter::new(child.pid),
        cpu_mark: Duration::ZERO,
        cpu_seen: Duration::ZERO,
        grew_at: started,
        sampled_peak: 0,
    };
    session.stdin.iter().for_each(set_nonblocking);
    set_nonblocking(&session.stdout);
    set_nonblocking(&session.answer);
    let stderr_reader = {
        let source = child.stderr;
        std::thread::spawn(move || read_head_and_tail(source, STDERR_KEPT))
    };
    // The start: up to `R`, under the first test's limits and the allowance.
    let startup = startup_limits(first);
    let mut test_started = started;
    let mut stop = session.await_frame(&startup, first.answer_bytes, true, started);
    let in_start = stop.is_some();
    if stop.is_none() {
        (stop, test_started) = session.answer_tests(tests, take);
    }
    // Every test answered: the input's end lets the driver exit; a moment later it is killed
    // anyway, with whatever it left behind.
    drop(session.stdin.take());
    if stop.is_none() {
        let deadline = Instant::now() + EXIT_GRACE;
        while !has_ended(session.pid) && Instant::now() < deadline {
            session.waiter.wait(Duration::from_millis(10));
        }
    }
    session.kill_all();
    let Reaped { status, cpu_time: cpu_total, peak_memory_bytes: peak, .. } =
        reap(session.pid, child.sandboxed.take())?;
    let stderr = stderr_reader.join().unwrap_or_default();
    super::stop_if_interrupted();
    let Some(why) = stop else { return Ok(()) };
    // The test the process ended in: what it took since the last boundary, how it ended.
    let cpu = group.as_ref().and_then(RunGroup::cpu_time).unwrap_or(cpu_total).max(session.cpu_seen);
    let peak = group.as_ref().and_then(RunGroup::peak_memory).unwrap_or(peak).max(session.sampled_peak);
    let frame = std::mem::take(&mut session.frame);
    let cpu_time = cpu.saturating_sub(session.cpu_mark);
    take(Finished {
        status: std::os::unix::process::ExitStatusExt::from_raw(status),
        stderr,
        output_over_limit: why == Why::Output,
        killed_at_backstop: matches!(why, Why::Backstop | Why::NotReading),
        killed_over_cpu: why == Why::Cpu,
        killed_for_memory: why == Why::Memory || group.as_ref().is_some_and(RunGroup::oom_killed),
        state: String::new(),
        ended_process: true,
        unanswered: true,
        broke_protocol: why == Why::Protocol,
        in_start,
        stopped_reading: why == Why::NotReading,
        // Its frame as far as it came, and what it took.
        ..answered(frame, cpu_time, test_started.elapsed(), peak, &process_limits)
    });
    Ok(())
}

/// The limits of a session's process: every test's CPU time and the start's, the largest memory
/// and output limits; each test is held to its own as it runs.
fn process_limits(first: &SessionTest, tests: &[SessionTest]) -> Limits {
    let total_cpu = tests.iter().fold(STARTUP_ALLOWANCE + first.limits.cpu_time, |sum, test| {
        sum.saturating_add(test.limits.cpu_time)
    });
    Limits {
        cpu_time: total_cpu,
        memory_bytes: tests.iter().map(|test| test.limits.memory_bytes).max().unwrap_or(u64::MAX),
        output_bytes: tests.iter().map(|test| test.limits.output_bytes).max().unwrap_or(u64::MAX),
        wall_time: None,
    }
}

/// The start's limits, up to the driver's `R`: the first test's, with the allowance added to its
/// CPU time, and so to its wall-clock backstop.
fn startup_limits(first: &SessionTest) -> Limits {
    Limits { cpu_time: first.limits.cpu_time + STARTUP_ALLOWANCE, wall_time: None, ..first.limits }
}

/// A test the session answered: its frame, and what it took since the last boundary.
fn answered(
    frame: FrameReader,
    cpu_time: Duration,
    wall_time: Duration,
    peak: u64,
    limits: &Limits,
) -> Finished {
    Finished {
        status: std::os::unix::process::ExitStatusExt::from_raw(0),
        cpu_time,
        wall_time,
        peak_memory_bytes: peak,
        stdout: frame.prints.kept,
        stdout_total: frame.prints.total,
        stderr: Vec::new(),
        answer: frame.answer,
        answer_total: frame.answer_total,
        output_over_limit: false,
        killed_at_backstop: false,
        killed_over_cpu: cpu_time > limits.cpu_time,
        killed_for_memory: false,
        state: String::from_utf8_lossy(&frame.state).into_owned(),
        ended_process: false,
        unanswered: false,
        broke_protocol: false,
        in_start: false,
        stopped_reading: false,
    }
}

/// Why a session stopped before its tests were all answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Why {
    /// The process ended by itself (exited, crashed, or broke the protocol and was killed).
    Ended,
    Output,
    Backstop,
    Cpu,
    Memory,
    /// Something other than a frame came on the answer channel.
    Protocol,
    /// The backstop came while the test's input was still not all written: the process had
    /// stopped reading it.
    NotReading,
}

/// The judge's side of a running session.
struct Session<'a> {
    pid: libc::pid_t,
    sandboxed: bool,
    group: Option<&'a RunGroup>,
    /// Non-blocking: a process that stops reading never stops the judge.
    stdin: Option<std::fs::File>,
    /// What is still to be written of the current test's input.
    input: Vec<u8>,
    stdout: std::fs::File,
    answer: std::fs::File,
    frame: FrameReader,
    waiter: ExitWaiter,
    /// The CPU time counted at the last boundary.
    cpu_mark: Duration,
    /// The most CPU time read so far, and when it last grew (see [`Limits::past_backstop`]).
    cpu_seen: Duration,
    grew_at: Instant,
    /// Without a group: the largest resident size sampled during the current test.
    sampled_peak: u64,
}

impl Session<'_> {
    /// Gives the tests one after another, each answered (and `take`n) before the next is written;
    /// where one ends the process, why, and when that test began.
    fn answer_tests(
        &mut self,
        tests: &[SessionTest],
        take: &mut dyn FnMut(Finished) -> bool,
    ) -> (Option<Why>, Instant) {
        self.cpu_mark = self.cpu_now();
        let mut test_started = Instant::now();
        for test in tests {
            test_started = Instant::now();
            self.reset_peak();
            // Written as the process reads it, while the frame is awaited.
            self.input = test.input.to_vec();
            let stop = self.await_frame(&test.limits, test.answer_bytes, false, test_started);
            if stop.is_some() {
                return (stop, test_started);
            }
            let cpu = self.cpu_now();
            let test_cpu = cpu.saturating_sub(self.cpu_mark);
            self.cpu_mark = cpu;
            let frame = std::mem::take(&mut self.frame);
            if !take(answered(frame, test_cpu, test_started.elapsed(), self.peak(), &test.limits)) {
                break;
            }
        }
        (None, test_started)
    }

    fn kill_all(&self) {
        // SAFETY: plain system calls. The child is not reaped yet, so its pid and group are still
        // its own; a sandbox's first process takes its whole PID namespace with it.
        unsafe {
            libc::kill(self.pid, libc::SIGKILL);
            if !self.sandboxed {
                libc::killpg(self.pid, libc::SIGKILL);
            }
        }
        if let Some(group) = self.group {
            group.kill_all();
        }
    }

    /// The CPU time of every process of the session so far: the group's, else the live tree's
    /// (the largest read, so that a test killed without a group still shows what it took: once
    /// the process is gone, `/proc` has nothing of it).
    fn cpu_now(&mut self) -> Duration {
        let cpu = match self.group.and_then(RunGroup::cpu_time) {
            Some(cpu) => cpu,
            None => self.sampled_cpu(),
        };
        if cpu > self.cpu_seen {
            (self.cpu_seen, self.grew_at) = (cpu, Instant::now());
        }
        cpu
    }

    /// Without a group: the tree's CPU time from `/proc` and its processes' CPU clocks.
    fn sampled_cpu(&self) -> Duration {
        tree_usage(self.pid).map_or(Duration::ZERO, |(cpu, _)| cpu)
    }

    /// Starts a test's peak memory afresh where the kernel allows it (cgroup v1); elsewhere the
    /// peak is the session's so far.
    fn reset_peak(&mut self) {
        self.sampled_peak = 0;
        if let Some(group) = self.group {
            group.reset_peak();
        }
    }

    fn peak(&self) -> u64 {
        self.group.and_then(RunGroup::peak_memory).unwrap_or_else(|| {
            tree_usage(self.pid).map_or(0, |(_, resident)| resident).max(self.sampled_peak)
        })
    }

    /// Reads until a whole frame (or `R` when `ready`) has come, within `limits` from `since`; the
    /// reason it stopped otherwise (the process is then dead or killed).
    fn await_frame(&mut self, limits: &Limits, keep: usize, ready: bool, since: Instant) -> Option<Why> {
        self.frame.begin(keep, ready);
        let backstop = limits.wall_backstop();
        let stop = |session: &Session, why| {
            session.kill_all();
            Some(why)
        };
        loop {
            self.feed();
            self.frame.prints_from(&mut self.stdout);
            match self.frame.answer_from(&mut self.answer) {
                Progress::Done => {
                    // Every print of the test came before its frame: drain what is left of them.
                    self.frame.prints_from(&mut self.stdout);
                    return None;
                }
                Progress::Broken => return stop(self, Why::Protocol),
                Progress::Waiting => {}
            }
            if self.frame.prints.total.saturating_add(self.frame.answer_total) > limits.output_bytes
                || self.frame.announced > limits.output_bytes
            {
                return stop(self, Why::Output);
            }
            if has_ended(self.pid) {
                // What it wrote before it ended is read, then its ending stands for the test.
                self.frame.prints_from(&mut self.stdout);
                if let Progress::Done = self.frame.answer_from(&mut self.answer) {
                    return None;
                }
                return stop(self, Why::Ended);
            }
            let elapsed = since.elapsed();
            let test_cpu = self.cpu_now().saturating_sub(self.cpu_mark);
            if limits.past_backstop(elapsed, self.grew_at.elapsed()) {
                let why = if self.input.is_empty() { Why::Backstop } else { Why::NotReading };
                return stop(self, why);
            }
            if test_cpu > limits.cpu_time {
                return stop(self, Why::Cpu);
            }
            if self.group.is_none() {
                if let Some((_, resident)) = tree_usage(self.pid) {
                    self.sampled_peak = self.sampled_peak.max(resident);
                    if resident > limits.memory_bytes {
                        return stop(self, Why::Memory);
                    }
                }
            }
            self.wait_for_output(super::until_next_look(backstop, elapsed));
        }
    }

    /// Writes what the process's input pipe takes now of the test's input, never waiting: a
    /// process that stops reading (or fills its own stdin) is stopped at the backstop, and the
    /// judge goes on. A closed pipe drops the rest (the process's end tells the rest).
    fn feed(&mut self) {
        let Some(stdin) = &mut self.stdin else { return };
        let (written, open) = write_what_fits(stdin, &self.input);
        self.input.drain(..written);
        if !open {
            self.input.clear();
        }
    }

    /// Sleeps until the answer channel or stdout has something, the input pipe has room for what
    /// is left of the input, the process ends, or `timeout`.
    fn wait_for_output(&self, timeout: Duration) {
        let input = match (&self.stdin, self.input.is_empty()) {
            (Some(stdin), false) => stdin.as_raw_fd(),
            _ => -1,
        };
        let mut fds = [
            libc::pollfd { fd: self.answer.as_raw_fd(), events: libc::POLLIN, revents: 0 },
            libc::pollfd { fd: self.stdout.as_raw_fd(), events: libc::POLLIN, revents: 0 },
            libc::pollfd { fd: self.waiter.raw_fd().unwrap_or(-1), events: libc::POLLIN, revents: 0 },
            libc::pollfd { fd: input, events: libc::POLLOUT, revents: 0 },
        ];
        let millis = i32::try_from(timeout.as_millis()).unwrap_or(i32::MAX).max(1);
        // SAFETY: four valid pollfds for the duration of the call (a negative fd is ignored).
        unsafe { libc::poll(fds.as_mut_ptr(), 4, millis) };
        // A closed pipe stays readable: a short sleep keeps the loop from spinning until the
        // process's end is seen.
        if fds[..2].iter().any(|fd| fd.revents & libc::POLLHUP != 0) {
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}

/// Where a frame's reading stands.
#[derive(Debug, PartialEq, Eq)]
enum Progress {
    Waiting,
    Done,
    /// Not the protocol: a driver that does not speak it (or a solution that wrote on descriptor 3).
    Broken,
}

/// One test's frame and prints, read as they come.
#[derive(Debug, Default)]
struct FrameReader {
    ready: bool,
    keep: usize,
    header: Vec<u8>,
    /// Once the header is read: the answer's and the state's announced sizes.
    sizes: Option<(u64, u64)>,
    read: u64,
    announced: u64,
    answer: Vec<u8>,
    answer_total: u64,
    state: Vec<u8>,
    prints: Capped,
    /// Bytes read past the end of a frame: a driver speaks only when spoken to, so any is broken.
    extra: bool,
}

impl FrameReader {
    fn begin(&mut self, keep: usize, ready: bool) {
        *self = FrameReader { ready, keep, prints: Capped::new(PRINTS_KEPT), ..FrameReader::default() };
    }

    fn prints_from(&mut self, source: &mut std::fs::File) {
        read_available(source, |chunk| self.prints.take(chunk));
    }

    fn answer_from(&mut self, source: &mut std::fs::File) -> Progress {
        if self.extra {
            return Progress::Broken;
        }
        let mut done = false;
        read_available(source, |chunk| self.take(chunk, &mut done));
        if self.extra {
            Progress::Broken
        } else if done {
            Progress::Done
        } else {
            Progress::Waiting
        }
    }

    fn take(&mut self, mut chunk: &[u8], done: &mut bool) {
        while !chunk.is_empty() {
            if *done {
                self.extra = true;
                return;
            }
            let Some((answer_size, _)) = self.sizes else {
                let line_end = chunk.iter().position(|&byte| byte == b'\n');
                let (head, rest) = chunk.split_at(line_end.map_or(chunk.len(), |at| at + 1));
                self.header.extend_from_slice(head);
                chunk = rest;
                if self.header.len() > 64 {
                    self.extra = true;
                    return;
                }
                if line_end.is_none() {
                    return;
                }
                let header = String::from_utf8_lossy(&self.header).trim_end().to_string();
                if self.ready {
                    *done = header == "R";
                    self.extra |= !*done;
                    continue;
                }
                let mut words = header.split(' ');
                let sizes = (words.next(), words.next(), words.next(), words.next());
                let (Some("A"), Some(answer), Some(state), None) = sizes else {
                    self.extra = true;
                    return;
                };
                let (Ok(answer), Ok(state)) = (answer.parse::<u64>(), state.parse::<u64>()) else {
                    self.extra = true;
                    return;
                };
                // Sizes are the file's to choose: checked, in every build (`u64::MAX` twice once
                // wrapped to a small frame).
                let Some(announced) = answer.checked_add(state) else {
                    self.extra = true;
                    return;
                };
                self.sizes = Some((answer, state));
                self.announced = announced;
                *done = self.announced == 0;
                continue;
            };
            // The answer's bytes first, then the state's: each kept up to its room, all counted.
            let answer_left = answer_size.saturating_sub(self.read).min(chunk.len() as u64) as usize;
            let (answer, rest) = chunk.split_at(answer_left);
            let room = self.keep.saturating_sub(self.answer.len());
            self.answer.extend_from_slice(&answer[..answer.len().min(room)]);
            self.answer_total += answer.len() as u64;
            let state_left = (self.announced - self.read - answer_left as u64).min(rest.len() as u64);
            let (state, rest) = rest.split_at(state_left as usize);
            let room = STATE_KEPT.saturating_sub(self.state.len());
            self.state.extend_from_slice(&state[..state.len().min(room)]);
            self.read += (answer.len() + state.len()) as u64;
            chunk = rest;
            *done = self.read == self.announced;
        }
    }
}

/// Reads what `source` (non-blocking) has now, handing each chunk to `take`.
fn read_available(source: &mut std::fs::File, mut take: impl FnMut(&[u8])) {
    let mut buffer = [0u8; 64 << 10];
    loop {
        match source.read(&mut buffer) {
            Ok(0) => return,
            Ok(read) => take(&buffer[..read]),
            Err(error) if error.kind() == ErrorKind::Interrupted => {}
            Err(_) => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::{Ending, Isolation};
    use std::ffi::OsString;
    use std::path::Path;

    const LIMITS: Limits = Limits {
        cpu_time: Duration::from_millis(400),
        memory_bytes: 64 << 20,
        output_bytes: 10_000,
        wall_time: None,
    };

    fn session(script: &str, inputs: &[&str]) -> Vec<Finished> {
        let args = [OsString::from("-c"), OsString::from(script)];
        let job = Job {
            isolation: Isolation::Plain,
            program: Path::new("/bin/bash"),
            args: &args,
            answer_channel: true,
            max_processes: None,
            processes: crate::sandbox::Processes::Many,
            env: &[],
            stdin: b"",
            limits: LIMITS,
            address_space: None,
            file_bytes: None,
            answer_bytes: 1000,
        };
        let tests: Vec<SessionTest> = inputs
            .iter()
            .map(|input| SessionTest { input: input.as_bytes(), limits: LIMITS, answer_bytes: 1000 })
            .collect();
        let mut finished = Vec::new();
        run_session(&job, &tests, &mut |run| {
            finished.push(run);
            true
        })
        .expect("bash starts");
        finished
    }

    /// A driver in shell: `R`, then for each line `n`, the answer `n * 10 + count`, with a state
    /// line that counts the tests before it.
    const COUNTING: &str = r#"printf 'R\n' >&3; count=0
while read -r n; do
  echo "print $n"; answer="$((n * 10 + count))"$'\n'; state=""
  [ "$count" -gt 0 ] && state="count"$'\t'"$count"$'\n'
  printf 'A %d %d\n%s%s' "${#answer}" "${#state}" "$answer" "$state" >&3
  count=$((count + 1))
done"#;

    #[test]
    fn one_process_answers_every_test_in_order_with_its_state() {
        let finished = session(COUNTING, &["4\n", "1\n", "7\n"]);
        let answers: Vec<String> =
            finished.iter().map(|run| String::from_utf8_lossy(&run.answer).into_owned()).collect();
        assert_eq!(answers, ["40\n", "11\n", "72\n"]);
        let prints: Vec<String> =
            finished.iter().map(|run| String::from_utf8_lossy(&run.stdout).into_owned()).collect();
        assert_eq!(prints, ["print 4\n", "print 1\n", "print 7\n"]);
        assert_eq!(finished[0].state, "");
        assert_eq!(finished[2].state, "count\t2\n");
        assert!(finished.iter().all(|run| !run.ended_process && run.status.success()));
    }

    #[test]
    fn a_test_that_ends_the_process_is_the_last_one_reached() {
        let crash = r#"printf 'R\n' >&3
while read -r n; do
  [ "$n" = 2 ] && { echo boom >&2; exit 3; }
  printf 'A 2 0\n%s\n' "$n" >&3
done"#;
        let finished = session(crash, &["1\n", "2\n", "3\n"]);
        assert_eq!(finished.len(), 2);
        assert!(finished[1].ended_process && finished[1].status.code() == Some(3));
        assert!(String::from_utf8_lossy(&finished[1].stderr).contains("boom"));

        let spin = "printf 'R\\n' >&3; read -r n; printf 'A 2 0\\n1\\n' >&3; read -r n; while :; do :; done";
        let finished = session(spin, &["1\n", "2\n", "3\n"]);
        assert_eq!(finished.len(), 2);
        assert!(finished[1].killed_over_cpu, "{:?}", finished[1]);
        assert!(finished[0].cpu_time < LIMITS.cpu_time);

        // A start that never says it is ready is the first test's failure, told as the start's.
        let finished = session("echo no >&2; exit 1", &["1\n"]);
        assert_eq!(finished.len(), 1);
        assert!(finished[0].ended_process && finished[0].unanswered && finished[0].in_start);
        let finished = session("while :; do :; done", &["1\n"]);
        let Ending::TimeLimit { detail } =
            finished[0].clone().ending(&LIMITS, &crate::runner::UnknownRuntime)
        else {
            panic!("TLE")
        };
        assert!(detail.contains("its start") && detail.contains("plus 2.00s"), "{detail}");
        // Writing anything but a frame on the channel breaks the protocol: killed.
        let finished = session("printf 'R\\n' >&3; read -r n; echo 92 >&3; sleep 5", &["1\n", "2\n"]);
        assert!(
            finished.len() == 1 && finished[0].ended_process && finished[0].broke_protocol,
            "{finished:?}"
        );
        let Ending::RuntimeError { detail } =
            finished[0].clone().ending(&LIMITS, &crate::runner::UnknownRuntime)
        else {
            panic!("RE")
        };
        assert!(detail.contains("descriptor 3"), "{detail}");
    }

    #[test]
    fn frames_are_read_whatever_their_chunks() {
        let mut reader = FrameReader::default();
        reader.begin(4, false);
        let mut done = false;
        for byte in b"A 6 3\n12345\nx\ty" {
            reader.take(&[*byte], &mut done);
        }
        assert!(done && !reader.extra);
        assert_eq!((reader.answer.as_slice(), reader.answer_total), (&b"1234"[..], 6));
        assert_eq!(reader.state, b"x\ty");
        reader.begin(10, false);
        let mut done = false;
        reader.take(b"A 1 0\n7extra", &mut done);
        assert!(reader.extra);
        reader.begin(10, true);
        let mut done = false;
        reader.take(b"R\n", &mut done);
        assert!(done && !reader.extra);
        // Sizes whose sum passes u64 are not the protocol, in every build (a debug build's `+`
        // once panicked on them, and the judge with it).
        reader.begin(10, false);
        let mut done = false;
        reader.take(format!("A {} 1\nxy", u64::MAX).as_bytes(), &mut done);
        assert!(reader.extra && !done);
    }

    /// A process that stops reading its input (here: never reads it; a file once filled its own
    /// stdin through /proc/self/fd/0) cannot stop the judge: the test's input, larger than a
    /// pipe holds, is written as the process takes it, and the test ends at the backstop with a
    /// verdict that says why. (The deadline guards against a hang: minutes, not a figure.)
    #[test]
    fn a_process_that_stops_reading_its_input_ends_its_session_at_the_backstop() {
        let input = format!("{}\n", "7".repeat(1 << 20));
        let (sender, receiver) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let _ = sender.send(session("printf 'R\\n' >&3; exec sleep 60", &[&input, "2\n"]));
        });
        let finished = receiver.recv_timeout(Duration::from_secs(300)).expect("the session ended");
        assert_eq!(finished.len(), 1, "{finished:?}");
        assert!(finished[0].stopped_reading && finished[0].ended_process, "{:?}", finished[0]);
        let Ending::TimeLimit { detail } =
            finished[0].clone().ending(&LIMITS, &crate::runner::UnknownRuntime)
        else {
            panic!("TLE: {:?}", finished[0])
        };
        assert!(detail.starts_with("stopped reading its input"), "{detail}");
    }
}
