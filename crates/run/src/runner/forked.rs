//! Built-ins forked from a server rather than started anew.
//!
//! A built-in's run is the judge's own executable re-run with arguments (`__run ...`): a debug
//! build is some 20 MB, and its exec, dynamic linking and first page faults cost about 2 ms of CPU
//! a run, more than most runs' own work. Instead, the first such run of a program starts it once
//! as a server ([`COMMAND`], answered by [`serve`]), and every run after is a fork of that server:
//! a copy of a process that is already loaded. The server forks with `CLONE_PARENT`, so the run's
//! process is the judge's own child, exactly as a spawned one is: the runner waits for it, reads
//! its usage (its CPU time starts at the fork, so it is the run's alone), kills its process group,
//! and its limits are the same `setrlimit`s, made by the child itself before it reads its input.
//!
//! The server is started, and its children are parented, by a thread of the judge that never
//! ends: `PR_SET_PDEATHSIG` follows the parent thread, so a child of a worker thread that finished
//! would be killed with it. The server ends when the judge does (`PR_SET_PDEATHSIG`, and its end of
//! the socket closing). A program that does not answer [`COMMAND`] (it ends, or never says it is
//! ready), a server gone, or a request it refuses, and the run is started anew as before.

use std::collections::HashMap;
use std::ffi::OsString;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use super::start::{rlimits, set_limit, Started};
use super::Job;

/// The argument that makes the judge's executable a fork server ([`serve`]).
pub const COMMAND: &str = "__serve";

/// How long a new server may take to say it is ready (an exec of a large debug build on a busy
/// machine) before its program is taken for one that does not serve.
const READY_WITHIN: Duration = Duration::from_secs(20);

/// The largest request (arguments, environment and limits): a built-in's are a few hundred bytes.
const MAX_REQUEST: usize = 64 << 10;

/// The byte a server writes once, first, when it is ready.
const READY: u8 = b'R';

/// What a forked run needs before it runs: its limits, its environment and its arguments.
#[derive(Debug, Default, PartialEq, Eq)]
struct Request {
    rlimits: Vec<(libc::__rlimit_resource_t, u64, u64)>,
    env: Vec<(OsString, OsString)>,
    args: Vec<OsString>,
}

impl Request {
    fn encode(&self) -> Vec<u8> {
        let mut bytes = Vec::new();
        let put_count =
            |bytes: &mut Vec<u8>, count: usize| bytes.extend_from_slice(&(count as u32).to_le_bytes());
        let put_text = |bytes: &mut Vec<u8>, text: &std::ffi::OsStr| {
            put_count(bytes, text.len());
            bytes.extend_from_slice(text.as_bytes());
        };
        put_count(&mut bytes, self.rlimits.len());
        for &(resource, soft, hard) in &self.rlimits {
            bytes.extend_from_slice(&resource.to_le_bytes());
            bytes.extend_from_slice(&soft.to_le_bytes());
            bytes.extend_from_slice(&hard.to_le_bytes());
        }
        put_count(&mut bytes, self.env.len());
        for (key, value) in &self.env {
            put_text(&mut bytes, key);
            put_text(&mut bytes, value);
        }
        put_count(&mut bytes, self.args.len());
        for arg in &self.args {
            put_text(&mut bytes, arg);
        }
        bytes
    }

    /// The request in `bytes`, or `None` for any that [`Request::encode`] did not make.
    fn decode(mut bytes: &[u8]) -> Option<Request> {
        fn take<'a>(bytes: &mut &'a [u8], count: usize) -> Option<&'a [u8]> {
            let (head, rest) = bytes.split_at_checked(count)?;
            *bytes = rest;
            Some(head)
        }
        fn number(bytes: &mut &[u8]) -> Option<usize> {
            Some(u32::from_le_bytes(take(bytes, 4)?.try_into().ok()?) as usize)
        }
        fn wide(bytes: &mut &[u8]) -> Option<u64> {
            Some(u64::from_le_bytes(take(bytes, 8)?.try_into().ok()?))
        }
        fn text(bytes: &mut &[u8]) -> Option<OsString> {
            let length = number(bytes)?;
            Some(OsString::from_vec(take(bytes, length)?.to_vec()))
        }
        let mut request = Request::default();
        for _ in 0..number(&mut bytes)?.min(MAX_REQUEST) {
            let resource = u32::try_from(number(&mut bytes)?).ok()?;
            request.rlimits.push((resource, wide(&mut bytes)?, wide(&mut bytes)?));
        }
        for _ in 0..number(&mut bytes)?.min(MAX_REQUEST) {
            request.env.push((text(&mut bytes)?, text(&mut bytes)?));
        }
        for _ in 0..number(&mut bytes)?.min(MAX_REQUEST) {
            request.args.push(text(&mut bytes)?);
        }
        bytes.is_empty().then_some(request)
    }
}

/// A server's socket, the judge's end; `None` where its program could not serve.
type Servers = HashMap<PathBuf, Option<OwnedFd>>;

fn servers() -> &'static Mutex<Servers> {
    static SERVERS: OnceLock<Mutex<Servers>> = OnceLock::new();
    SERVERS.get_or_init(|| Mutex::new(HashMap::new()))
}

/// Starts `job` (a built-in's) as a fork of its program's server, started first where there is
/// none yet: `Ok(None)` where the program cannot serve, or its server is gone, for the caller to
/// start it anew.
///
/// # Errors
/// The server could not fork (the machine is out of processes or memory), in one line.
pub(super) fn start_forked(job: &Job) -> Result<Option<Started>, String> {
    let request = Request {
        rlimits: rlimits(job),
        env: job.env.iter().map(|&(key, value)| (key.into(), value.into())).collect(),
        args: job.args.to_vec(),
    }
    .encode();
    if request.len() > MAX_REQUEST {
        return Ok(None);
    }
    let (stdin_read, stdin_write) = pipe()?;
    let (stdout_read, stdout_write) = pipe()?;
    let (stderr_read, stderr_write) = pipe()?;
    let answer = if job.answer_channel { Some(pipe()?) } else { None };
    let mut given = vec![stdin_read.as_raw_fd(), stdout_write.as_raw_fd(), stderr_write.as_raw_fd()];
    given.extend(answer.as_ref().map(|(_, write)| write.as_raw_fd()));
    let mut servers = servers().lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let server = servers.entry(job.program.to_path_buf()).or_insert_with(|| start_server(job.program));
    let Some(socket) = server else { return Ok(None) };
    let Some(reply) = exchange(socket, &request, &given) else {
        // The server is gone: this run and every later one are started anew.
        *server = None;
        return Ok(None);
    };
    drop(servers);
    if reply <= 0 {
        let error = std::io::Error::from_raw_os_error(-reply);
        return Err(format!("cannot start {}: {error}", job.program.display()));
    }
    Ok(Some(Started {
        pid: reply,
        stdin: stdin_write.into(),
        stdout: stdout_read.into(),
        stderr: stderr_read.into(),
        answer: answer.map(|(read, _)| read.into()),
        sandboxed: None,
        fence: None,
    }))
}

/// Sends one request with the child's descriptors, and reads the server's reply: the child's pid,
/// or minus the error of its fork. `None` where the socket fails (the server is gone).
fn exchange(socket: &OwnedFd, request: &[u8], given: &[RawFd]) -> Option<i32> {
    send_with_fds(socket.as_raw_fd(), request, given).ok()?;
    let mut reply = [0u8; 4];
    loop {
        // SAFETY: reads at most four bytes into a valid buffer.
        let read = unsafe { libc::recv(socket.as_raw_fd(), reply.as_mut_ptr().cast(), reply.len(), 0) };
        if read == 4 {
            return Some(i32::from_le_bytes(reply));
        }
        if read >= 0 || std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
            return None;
        }
    }
}

/// Starts `program`'s server from a thread that never ends (see the module's docs) and waits until
/// it says it is ready: its socket, or `None` where it does not serve.
fn start_server(program: &Path) -> Option<OwnedFd> {
    let (ours, theirs) = socket_pair().ok()?;
    let (sender, receiver) = std::sync::mpsc::channel();
    let program = program.to_path_buf();
    let keeper = move || {
        let spawned = Command::new(&program)
            .arg(COMMAND)
            .env_clear()
            .stdin(Stdio::from(theirs))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn();
        let Ok(mut server) = spawned else {
            let _ = sender.send(false);
            return;
        };
        let _ = sender.send(true);
        // Reaped here should it end; the thread stays, the parent of every fork it made.
        let _ = server.wait();
        loop {
            std::thread::park();
        }
    };
    std::thread::Builder::new().name("fork server".into()).spawn(keeper).ok()?;
    if !receiver.recv().unwrap_or(false) {
        return None;
    }
    let mut ready = libc::pollfd { fd: ours.as_raw_fd(), events: libc::POLLIN, revents: 0 };
    // SAFETY: one valid pollfd.
    let polled = unsafe { libc::poll(&mut ready, 1, READY_WITHIN.as_millis() as libc::c_int) };
    let mut byte = 0u8;
    // SAFETY: reads one byte into a valid buffer.
    let read =
        unsafe { libc::recv(ours.as_raw_fd(), std::ptr::from_mut(&mut byte).cast(), 1, libc::MSG_DONTWAIT) };
    (polled == 1 && read == 1 && byte == READY).then_some(ours)
}

/// The server: called by the front as its program's [`COMMAND`], with its socket as standard input.
/// Each request forks a child that becomes the run and ends with `main(args)`'s status; the server
/// ends when the judge does. Returns its exit status.
pub fn serve(main: fn(Vec<OsString>) -> i32) -> i32 {
    const SOCKET: RawFd = 0;
    // SAFETY: plain system calls with constant arguments.
    let judge = unsafe {
        let judge = libc::getppid();
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
        if libc::getppid() != judge {
            return 1;
        }
        judge
    };
    // Untraceable by the judge's user, as the judge is (`shield_from_runs`): a `--no-sandbox` run
    // could otherwise reach the built-ins' runs through it.
    super::shield_from_runs();
    // SAFETY: writes one byte from a valid buffer.
    if unsafe { libc::send(SOCKET, std::ptr::from_ref(&READY).cast(), 1, libc::MSG_NOSIGNAL) } != 1 {
        return 1;
    }
    let mut buffer = vec![0u8; MAX_REQUEST];
    loop {
        let Ok((length, fds)) = receive_with_fds(SOCKET, &mut buffer) else { return 0 };
        if length == 0 {
            return 0;
        }
        let request = Request::decode(&buffer[..length]).filter(|_| matches!(fds.len(), 3 | 4));
        let reply = match request {
            None => -libc::EINVAL,
            // SAFETY: this process has one thread (it started none), so the child may run on.
            Some(request) => match unsafe { fork_to_judge() } {
                0 => become_run(&fds, request, judge, main),
                -1 => -std::io::Error::last_os_error().raw_os_error().unwrap_or(libc::EAGAIN),
                pid => pid,
            },
        };
        drop(fds);
        // SAFETY: writes four bytes from a valid buffer.
        let sent = unsafe { libc::send(SOCKET, reply.to_le_bytes().as_ptr().cast(), 4, libc::MSG_NOSIGNAL) };
        if sent != 4 {
            return 0;
        }
    }
}

/// A fork whose child is the judge's (`CLONE_PARENT`), not the server's: 0 in the child, its pid
/// in the server, or -1.
///
/// # Safety
/// Only in a process with one thread, as `fork` in a threaded one: the child runs on with a copy
/// of every lock as it was.
unsafe fn fork_to_judge() -> libc::pid_t {
    let flags = (libc::CLONE_PARENT | libc::SIGCHLD) as libc::c_ulong;
    // SAFETY: the caller's; a clone without a new stack returns in both processes, as fork does.
    unsafe { libc::syscall(libc::SYS_clone, flags, 0usize, 0usize, 0usize, 0usize) as libc::pid_t }
}

/// The forked child: its descriptors, process group, parent's death, limits and environment set
/// as the runner sets a spawned child's; then `main`, and the exit.
fn become_run(fds: &[OwnedFd], request: Request, judge: libc::pid_t, main: fn(Vec<OsString>) -> i32) -> ! {
    // SAFETY: plain system calls on descriptors this process holds. Each is copied above 9 first,
    // so that none is overwritten before it is copied onto its place.
    let placed = unsafe {
        let copies: Vec<RawFd> =
            fds.iter().map(|fd| libc::fcntl(fd.as_raw_fd(), libc::F_DUPFD_CLOEXEC, 10)).collect();
        let placed = copies
            .iter()
            .enumerate()
            .all(|(target, &copy)| copy >= 0 && libc::dup2(copy, target as RawFd) >= 0);
        libc::syscall(libc::SYS_close_range, copies.len() as u32, u32::MAX, 0u32);
        placed
            && libc::setpgid(0, 0) == 0
            && libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0) == 0
            && libc::getppid() == judge
    };
    if !placed
        || request.rlimits.iter().any(|&(resource, soft, hard)| set_limit(resource, soft, hard).is_err())
    {
        // SAFETY: ends this process at once, as a child whose exec failed would.
        unsafe { libc::_exit(127) };
    }
    // The server starts with an empty environment (`start_server`): a run's is its request's alone.
    for (key, value) in &request.env {
        std::env::set_var(key, value);
    }
    let status = main(request.args);
    let _ = std::io::Write::flush(&mut std::io::stdout());
    // SAFETY: ends this process, its output flushed, without the exit handlers of the program it
    // was forked from (they only unload it: a tenth of a small run's CPU time).
    unsafe { libc::_exit(status) }
}

/// [`crate::sandbox::pipe`], its failure as the start's one line.
fn pipe() -> Result<(OwnedFd, OwnedFd), String> {
    crate::sandbox::pipe().map_err(|error| error.to_string())
}

/// A connected pair of sequenced-packet sockets: each request and each reply is one message.
fn socket_pair() -> std::io::Result<(OwnedFd, OwnedFd)> {
    let mut ends = [0; 2];
    // SAFETY: `ends` is valid for two descriptors; both are owned below and nowhere else.
    if unsafe {
        libc::socketpair(libc::AF_UNIX, libc::SOCK_SEQPACKET | libc::SOCK_CLOEXEC, 0, ends.as_mut_ptr())
    } != 0
    {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: socketpair just opened both descriptors.
    Ok(unsafe { (OwnedFd::from_raw_fd(ends[0]), OwnedFd::from_raw_fd(ends[1])) })
}

/// The most descriptors a message carries: a run's three standard streams and its answer channel.
const MAX_FDS: usize = 4;

/// Room for the control message of [`MAX_FDS`] descriptors, aligned for `cmsghdr`.
#[repr(C)]
struct Control {
    _align: [libc::cmsghdr; 0],
    bytes: [u8; 64],
}

/// Sends `bytes` as one message, with `fds` passed along (`SCM_RIGHTS`).
fn send_with_fds(socket: RawFd, bytes: &[u8], fds: &[RawFd]) -> std::io::Result<()> {
    assert!(fds.len() <= MAX_FDS);
    let mut control = Control { _align: [], bytes: [0; 64] };
    let mut iov = libc::iovec { iov_base: bytes.as_ptr().cast_mut().cast(), iov_len: bytes.len() };
    // SAFETY: msghdr is plain data, for which all-zero bytes are valid; every pointer set below
    // points into a buffer that lives past the call; CMSG_* stay inside `control`, which has room
    // for MAX_FDS descriptors.
    unsafe {
        let fd_bytes = size_of_val(fds) as u32;
        let mut message: libc::msghdr = std::mem::zeroed();
        message.msg_iov = &mut iov;
        message.msg_iovlen = 1;
        message.msg_control = control.bytes.as_mut_ptr().cast();
        message.msg_controllen = libc::CMSG_SPACE(fd_bytes) as _;
        let header = libc::CMSG_FIRSTHDR(&message);
        (*header).cmsg_level = libc::SOL_SOCKET;
        (*header).cmsg_type = libc::SCM_RIGHTS;
        (*header).cmsg_len = libc::CMSG_LEN(fd_bytes) as _;
        std::ptr::copy_nonoverlapping(fds.as_ptr(), libc::CMSG_DATA(header).cast::<RawFd>(), fds.len());
        if libc::sendmsg(socket, &message, libc::MSG_NOSIGNAL) != bytes.len() as isize {
            return Err(std::io::Error::last_os_error());
        }
    }
    Ok(())
}

/// Receives one message into `buffer`: its length and the descriptors that came with it (closed on
/// exec). A length of 0: the other end closed.
fn receive_with_fds(socket: RawFd, buffer: &mut [u8]) -> std::io::Result<(usize, Vec<OwnedFd>)> {
    let mut control = Control { _align: [], bytes: [0; 64] };
    let mut iov = libc::iovec { iov_base: buffer.as_mut_ptr().cast(), iov_len: buffer.len() };
    // SAFETY: as in `send_with_fds`; the descriptors read back are the kernel's new ones, owned
    // here and nowhere else.
    unsafe {
        let mut message: libc::msghdr = std::mem::zeroed();
        message.msg_iov = &mut iov;
        message.msg_iovlen = 1;
        message.msg_control = control.bytes.as_mut_ptr().cast();
        message.msg_controllen = control.bytes.len() as _;
        let length = loop {
            let length = libc::recvmsg(socket, &mut message, libc::MSG_CMSG_CLOEXEC);
            if length >= 0 {
                break length as usize;
            }
            let error = std::io::Error::last_os_error();
            if error.kind() != std::io::ErrorKind::Interrupted {
                return Err(error);
            }
        };
        let mut fds = Vec::new();
        let mut header = libc::CMSG_FIRSTHDR(&message);
        while !header.is_null() {
            if (*header).cmsg_level == libc::SOL_SOCKET && (*header).cmsg_type == libc::SCM_RIGHTS {
                let count = ((*header).cmsg_len as usize - libc::CMSG_LEN(0) as usize) / size_of::<RawFd>();
                let data = libc::CMSG_DATA(header).cast::<RawFd>();
                for index in 0..count {
                    fds.push(OwnedFd::from_raw_fd(data.add(index).read_unaligned()));
                }
            }
            header = libc::CMSG_NXTHDR(&message, header);
        }
        if message.msg_flags & (libc::MSG_TRUNC | libc::MSG_CTRUNC) != 0 {
            // Cut short: no request [`serve`] would take, its descriptors closed here.
            return Ok((length.max(1), Vec::new()));
        }
        Ok((length, fds))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_reads_back_as_it_was_written_and_nothing_else_reads() {
        let request = Request {
            rlimits: vec![(libc::RLIMIT_CPU, 2, 3), (libc::RLIMIT_AS, u64::MAX, u64::MAX)],
            env: vec![("KEY".into(), "a value".into()), (OsString::new(), OsString::new())],
            args: vec!["__run".into(), "cses/bitmask".into(), OsString::from_vec(vec![0xff, 0])],
        };
        let bytes = request.encode();
        assert_eq!(Request::decode(&bytes), Some(request));
        for cut in 0..bytes.len() {
            assert_eq!(Request::decode(&bytes[..cut]), None, "cut at {cut}");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert_eq!(Request::decode(&longer), None);
    }
}
