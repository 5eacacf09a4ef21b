//! A run's ends of its pipes, served by the thread that watches the run: its input written as the
//! pipe takes it, its stdout, stderr and answer channel read as they come, each kept within its
//! cap. One `poll` serves them all and wakes the moment the run ends (its `pidfd`), so a run costs
//! no thread of its own: a judge run makes hundreds of runs, and a thread apiece (its stack, its
//! start, its end) was a sixth of the judge's own CPU time.

use std::io::{ErrorKind, Read, Write};
use std::os::fd::{AsRawFd, RawFd};

use super::*;

/// The first `keep` bytes of a stream, and how many came in all.
#[derive(Debug, Default)]
pub(super) struct Capped {
    pub(super) kept: Vec<u8>,
    keep: usize,
    pub(super) total: u64,
}

impl Capped {
    pub(super) fn new(keep: usize) -> Capped {
        Capped { kept: Vec::new(), keep, total: 0 }
    }

    pub(super) fn take(&mut self, chunk: &[u8]) {
        let room = self.keep.saturating_sub(self.kept.len());
        self.kept.extend_from_slice(&chunk[..chunk.len().min(room)]);
        self.total = self.total.saturating_add(chunk.len() as u64);
    }
}

/// The first and the last `keep / 2` bytes of a stream, for a message whose end says most.
pub(super) struct HeadAndTail {
    head: Vec<u8>,
    tail: Vec<u8>,
    half: usize,
    total: usize,
}

impl HeadAndTail {
    pub(super) fn new(keep: usize) -> HeadAndTail {
        HeadAndTail { head: Vec::new(), tail: Vec::new(), half: keep / 2, total: 0 }
    }

    pub(super) fn take(&mut self, chunk: &[u8]) {
        self.total = self.total.saturating_add(chunk.len());
        let room = self.half.saturating_sub(self.head.len());
        self.head.extend_from_slice(&chunk[..chunk.len().min(room)]);
        self.tail.extend_from_slice(&chunk[chunk.len().min(room)..]);
        if self.tail.len() > 2 * self.half {
            self.tail.drain(..self.tail.len() - self.half);
        }
    }

    /// What was kept, with a line saying how much was left out between the head and the tail.
    pub(super) fn finish(self) -> Vec<u8> {
        let HeadAndTail { mut head, mut tail, half, total } = self;
        let left_out = total.saturating_sub(head.len() + tail.len().min(half));
        if tail.len() > half {
            tail.drain(..tail.len() - half);
        }
        if left_out > 0 {
            head.extend_from_slice(format!("\n[... {left_out} bytes left out ...]\n").as_bytes());
        }
        head.extend_from_slice(&tail);
        head
    }
}

/// Reads `source` (blocking) to its end or a read error, keeping its first and last `keep / 2`
/// bytes: a session's stderr, read on a thread of its own.
pub(super) fn read_head_and_tail(mut source: impl Read, keep: usize) -> Vec<u8> {
    let mut kept = HeadAndTail::new(keep);
    let mut buffer = vec![0u8; CHUNK];
    loop {
        match source.read(&mut buffer) {
            Ok(0) => break,
            Ok(read) => kept.take(&buffer[..read]),
            Err(error) if error.kind() == ErrorKind::Interrupted => {}
            Err(_) => break,
        }
    }
    kept.finish()
}

/// The most read from a pipe at once.
const CHUNK: usize = 64 << 10;

/// Makes reads and writes on `file` return at once instead of waiting.
pub(super) fn set_nonblocking(file: &std::fs::File) {
    let fd = file.as_raw_fd();
    // SAFETY: fcntl on a descriptor this process owns.
    unsafe {
        let flags = libc::fcntl(fd, libc::F_GETFL);
        libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK);
    }
}

/// What happened to a pipe when it was served.
enum Served {
    /// Read or written what it had or took; it stays open.
    Open,
    /// At its end (every writer gone), broken, or its input all written: closed.
    Closed,
}

/// A run's ends of its pipes (every one non-blocking), served by [`Pipes::serve`] while the run
/// is watched and drained by [`Pipes::drain`] once it has ended.
pub(super) struct Pipes<'a> {
    /// The input's end and what it has yet to take.
    stdin: Option<(std::fs::File, &'a [u8])>,
    stdout: Option<std::fs::File>,
    stderr: Option<std::fs::File>,
    answer: Option<std::fs::File>,
    stdout_kept: Capped,
    stderr_kept: HeadAndTail,
    answer_kept: Capped,
    /// The output limit: stdout, and the answer channel where there is one, each.
    limit: u64,
    /// Set once the run has written past its output limit (reading goes on, so that it never
    /// blocks on a full pipe before it is killed).
    pub(super) over_limit: bool,
    buffer: Vec<u8>,
}

/// What a run wrote, as kept, and how much of it there was.
pub(super) struct Written {
    pub(super) stdout: Vec<u8>,
    pub(super) stdout_total: u64,
    pub(super) stderr: Vec<u8>,
    pub(super) answer: Vec<u8>,
    pub(super) answer_total: u64,
    /// Past the output limit, counting what came after the kill.
    pub(super) over_limit: bool,
}

impl<'a> Pipes<'a> {
    /// Takes the run's ends of its pipes; as much of the input as the pipe takes now is written.
    pub(super) fn new(
        job: &Job<'a>,
        stdin: std::fs::File,
        stdout: std::fs::File,
        stderr: std::fs::File,
        answer: Option<std::fs::File>,
    ) -> Pipes<'a> {
        for file in [Some(&stdin), Some(&stdout), Some(&stderr), answer.as_ref()].into_iter().flatten() {
            set_nonblocking(file);
        }
        let stdout_kept = if job.answer_channel { PRINTS_KEPT } else { job.answer_bytes };
        let mut pipes = Pipes {
            stdin: Some((stdin, job.stdin)),
            stdout: Some(stdout),
            stderr: Some(stderr),
            answer,
            stdout_kept: Capped::new(stdout_kept),
            stderr_kept: HeadAndTail::new(STDERR_KEPT),
            answer_kept: Capped::new(job.answer_bytes),
            limit: job.limits.output_bytes,
            over_limit: false,
            buffer: vec![0u8; CHUNK],
        };
        pipes.feed();
        pipes
    }

    /// Serves the pipes until the run ends (`exit`, its pidfd, turns readable), it writes past its
    /// output limit, or `timeout` passes. Without a pidfd it waits a millisecond at most.
    pub(super) fn serve(&mut self, exit: Option<RawFd>, timeout: Duration) {
        let timeout = if exit.is_some() { timeout } else { timeout.min(Duration::from_millis(1)) };
        let deadline = Instant::now() + timeout;
        let was_over = self.over_limit;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            // Rounded up, so that a wait never spins at 0 ms before its deadline.
            let millis = i32::try_from(left.as_micros().div_ceil(1000)).unwrap_or(i32::MAX);
            let ended = self.poll_once(exit, millis);
            if ended || self.over_limit != was_over || Instant::now() >= deadline {
                return;
            }
        }
    }

    /// Reads what every output still open has, until all are at their end, with the input closed:
    /// the run and whatever it started are gone (a process left holding a pipe would hold this
    /// too, as it would hold a reader's end of file).
    pub(super) fn drain(mut self) -> Written {
        self.stdin = None;
        while self.stdout.is_some() || self.stderr.is_some() || self.answer.is_some() {
            self.poll_once(None, -1);
        }
        Written {
            stdout: self.stdout_kept.kept,
            stdout_total: self.stdout_kept.total,
            stderr: self.stderr_kept.finish(),
            answer: self.answer_kept.kept,
            answer_total: self.answer_kept.total,
            over_limit: self.over_limit,
        }
    }

    /// One `poll` of the open pipes and `exit`, waiting `millis` at most (-1: until one is ready),
    /// and one turn serving each that is ready. Whether `exit` was ready.
    fn poll_once(&mut self, exit: Option<RawFd>, millis: i32) -> bool {
        let fd_of = |file: &Option<std::fs::File>| file.as_ref().map_or(-1, AsRawFd::as_raw_fd);
        let mut fds = [
            libc::pollfd { fd: exit.unwrap_or(-1), events: libc::POLLIN, revents: 0 },
            libc::pollfd {
                fd: self.stdin.as_ref().map_or(-1, |(file, _)| file.as_raw_fd()),
                events: libc::POLLOUT,
                revents: 0,
            },
            libc::pollfd { fd: fd_of(&self.stdout), events: libc::POLLIN, revents: 0 },
            libc::pollfd { fd: fd_of(&self.stderr), events: libc::POLLIN, revents: 0 },
            libc::pollfd { fd: fd_of(&self.answer), events: libc::POLLIN, revents: 0 },
        ];
        // SAFETY: five valid pollfds for the duration of the call (a negative fd is ignored).
        let ready = unsafe { libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, millis) };
        if ready <= 0 {
            // Nothing ready in time, or a signal: the caller looks again.
            return false;
        }
        let is_ready = |at: usize| fds[at].revents != 0;
        if is_ready(1) {
            self.feed();
        }
        let buffer = &mut self.buffer;
        if is_ready(2)
            && matches!(read_into(&self.stdout, buffer, |chunk| self.stdout_kept.take(chunk)), Served::Closed)
        {
            self.stdout = None;
        }
        if is_ready(3)
            && matches!(read_into(&self.stderr, buffer, |chunk| self.stderr_kept.take(chunk)), Served::Closed)
        {
            self.stderr = None;
        }
        if is_ready(4)
            && matches!(read_into(&self.answer, buffer, |chunk| self.answer_kept.take(chunk)), Served::Closed)
        {
            self.answer = None;
        }
        if self.stdout_kept.total > self.limit || self.answer_kept.total > self.limit {
            self.over_limit = true;
        }
        is_ready(0)
    }

    /// Writes what the input pipe takes now, never waiting: a closed pipe drops the rest (the
    /// run's own end tells the rest), and the pipe is closed once the input is all written, so
    /// that the run reads its end.
    fn feed(&mut self) {
        let Some((stdin, left)) = &mut self.stdin else { return };
        let (written, open) = write_what_fits(stdin, left);
        *left = &left[written..];
        if !open || left.is_empty() {
            self.stdin = None;
        }
    }
}

/// Writes what the pipe `file` (non-blocking) takes now of `input`, never waiting: how much it
/// took, and whether it is still open (a reader's end closed breaks it).
pub(super) fn write_what_fits(file: &mut std::fs::File, input: &[u8]) -> (usize, bool) {
    let mut written = 0;
    while written < input.len() {
        match file.write(&input[written..]) {
            Ok(more) => written += more,
            Err(error) if error.kind() == ErrorKind::Interrupted => {}
            Err(error) if error.kind() == ErrorKind::WouldBlock => break,
            Err(_) => return (written, false),
        }
    }
    (written, true)
}

/// One read of `file` (non-blocking) into `buffer`, handed to `take`.
fn read_into(file: &Option<std::fs::File>, buffer: &mut [u8], mut take: impl FnMut(&[u8])) -> Served {
    let Some(mut file) = file.as_ref() else { return Served::Closed };
    loop {
        return match file.read(buffer) {
            Ok(0) => Served::Closed,
            Ok(read) => {
                take(&buffer[..read]);
                Served::Open
            }
            Err(error) if error.kind() == ErrorKind::Interrupted => continue,
            Err(error) if error.kind() == ErrorKind::WouldBlock => Served::Open,
            Err(_) => Served::Closed,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn head_and_tail_keeps_both_ends_and_says_what_it_left_out() {
        let mut kept = HeadAndTail::new(8);
        for chunk in [&b"abc"[..], b"defgh", b"ijklmnop", b"qrst"] {
            kept.take(chunk);
        }
        assert_eq!(String::from_utf8(kept.finish()).unwrap(), "abcd\n[... 12 bytes left out ...]\nqrst");
        let mut short = HeadAndTail::new(8);
        short.take(b"abcdef");
        assert_eq!(short.finish(), b"abcdef");
    }

    #[test]
    fn capped_keeps_its_first_bytes_and_counts_all() {
        let mut kept = Capped::new(4);
        kept.take(b"abc");
        kept.take(b"defg");
        assert_eq!((kept.kept.as_slice(), kept.total), (&b"abcd"[..], 7));
    }
}
