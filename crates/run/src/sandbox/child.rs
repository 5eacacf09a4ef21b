//! The child's side: between `clone` and `execve`, plain system calls on the plan made before, in
//! the sandbox's first process; then the program's start.

use super::*;

/// Sends a failure record on the report descriptor and ends.
///
/// # Safety
/// Only async-signal-safe calls: usable between `clone` and `execve`.
pub(super) unsafe fn fail(tag: u8, step: i32, fd: RawFd) -> ! {
    // SAFETY: errno is thread-local and readable.
    let errno = unsafe { *libc::__errno_location() };
    let mut record = [0u8; 9];
    record[0] = tag;
    let length = if tag == b'S' {
        record[1..5].copy_from_slice(&step.to_ne_bytes());
        record[5..9].copy_from_slice(&errno.to_ne_bytes());
        9
    } else {
        record[1..5].copy_from_slice(&errno.to_ne_bytes());
        5
    };
    // SAFETY: writes from a valid buffer, then ends the process without running anything else.
    unsafe {
        libc::write(fd, record.as_ptr().cast(), length);
        libc::_exit(127)
    }
}

/// The sandbox's PID 1: set up, start the program, wait, report.
pub(super) extern "C" fn child_main(argument: *mut libc::c_void) -> libc::c_int {
    // SAFETY: `argument` is the parent's `Plan`, copied with the rest of its memory.
    let plan = unsafe { &*argument.cast::<Plan>() };
    // SAFETY: every call below is a plain system call on prepared data (see the module docs).
    unsafe { child_setup(plan) }
}

/// PID 1's whole life after the clone: the setup, the program's start, the wait and the report;
/// it ends the process and never returns.
///
/// # Safety
/// Only between `clone` and `execve`, in the clone's first process, on the `plan` made before it.
pub(super) unsafe fn child_setup(plan: &Plan) -> libc::c_int {
    // SAFETY (whole function): plain system calls on data prepared before the clone; every
    // helper called keeps to the same.
    unsafe {
        move_descriptors(plan);
        blank_judge_strings(plan);
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
        // Wait for the parent: the id maps are written and the cgroup joined.
        let mut byte = 0u8;
        if libc::read(5, std::ptr::from_mut(&mut byte).cast(), 1) != 1 {
            libc::_exit(125);
        }
        libc::close(5);
        // Nothing inside may trace this process (the program may share its user outside). Only
        // now: it makes /proc/PID's files root's, and the parent of a judge that is not root had
        // to write the id maps there first.
        libc::prctl(libc::PR_SET_DUMPABLE, 0, 0, 0, 0);
        libc::setsid();
        let report = 4;
        // Every bind's source, opened in this mount namespace (a mount of the parent's would not
        // bind) and before the stage covers any of them.
        open_bind_sources(plan, report);
        if libc::mount(
            std::ptr::null(),
            c"/".as_ptr(),
            std::ptr::null(),
            libc::MS_REC | libc::MS_PRIVATE,
            std::ptr::null(),
        ) != 0
        {
            fail(b'S', -1, report);
        }
        for (index, step) in plan.steps.iter().enumerate() {
            if step_failed(step) {
                fail(b'S', index as i32, report);
            }
        }
        // Into the new root; the host's goes.
        enter_root(plan, report);
        // Nothing but 0..=4 stays open (the bind sources were only needed for the mounts).
        libc::syscall(libc::SYS_close_range, 5u32, u32::MAX, 0u32);
        // The program's own process, PID 2: a bare clone, as glibc's fork would take the locks
        // (malloc's among them) that another thread of the judge may have held at the clone.
        let program =
            libc::syscall(libc::SYS_clone, libc::SIGCHLD as libc::c_long, 0, 0, 0, 0) as libc::pid_t;
        if program < 0 {
            fail(b'S', -1, report);
        }
        if program == 0 {
            start_program(plan, report);
        }
        // PID 1 keeps none of the program's descriptors: its pipes close when the program's do.
        for fd in 0..4 {
            libc::close(fd);
        }
        let program_status = reap_all(program);
        send_result(program_status, report)
    }
}

/// Puts the plan's descriptors on 0..=5 (the report's, on 4, closed on exec).
///
/// # Safety
/// As [`child_setup`]: between `clone` and `execve`, plain system calls only.
unsafe fn move_descriptors(plan: &Plan) {
    // SAFETY: plain system calls on descriptors and numbers prepared before the clone.
    unsafe {
        // Descriptors to 0..=5, through copies above them, so that no move overwrites another.
        let mut high = [-1; 6];
        for (index, &fd) in plan.fds.iter().enumerate() {
            if fd >= 0 {
                high[index] = libc::fcntl(fd, libc::F_DUPFD_CLOEXEC, 16);
                if high[index] < 0 {
                    libc::_exit(126);
                }
            }
        }
        for (target, &fd) in high.iter().enumerate() {
            if fd >= 0 {
                libc::dup2(fd, target as RawFd);
                libc::close(fd);
            } else {
                libc::close(target as RawFd);
            }
        }
        // The report goes on 4, closed on exec; 0..=3 stay open across it.
        libc::fcntl(4, libc::F_SETFD, libc::FD_CLOEXEC);
    }
}

/// Blanks the judge's arguments and environment in this process's memory.
///
/// # Safety
/// As [`child_setup`]; `plan.judge_strings` must be where they lie in this process's memory (or
/// empty ranges).
unsafe fn blank_judge_strings(plan: &Plan) {
    // SAFETY: the ranges are the judge's argument and environment areas, read from
    // /proc/self/stat before the clone: mapped and writable in this copy of its memory.
    unsafe {
        // This process is the judge's copy, never exec'd: its arguments and environment would
        // show in /proc/1/cmdline. Blanked in this copy only (the judge's own are untouched).
        for &(start, end) in &plan.judge_strings {
            if start > 0 && end > start {
                std::ptr::write_bytes(start as *mut u8, 0, end - start);
            }
        }
    }
}

/// Opens every bind's source on its slot, or fails with the step's number.
///
/// # Safety
/// As [`child_setup`]: between `clone` and `execve`, plain system calls only.
unsafe fn open_bind_sources(plan: &Plan, report: RawFd) {
    // SAFETY: plain system calls on C strings and numbers prepared before the clone.
    unsafe {
        for (index, step) in plan.steps.iter().enumerate() {
            if let Step::Bind { host, slot, .. } = step {
                let fd = libc::open(host.as_ptr(), libc::O_PATH | libc::O_CLOEXEC);
                if fd < 0 || libc::dup3(fd, *slot, libc::O_CLOEXEC) != *slot {
                    fail(b'S', index as i32, report);
                }
                libc::close(fd);
            }
        }
    }
}

/// Takes one step of the plan; whether it failed (with `errno` still the failed call's).
///
/// # Safety
/// As [`child_setup`]: between `clone` and `execve`, plain system calls only.
unsafe fn step_failed(step: &Step) -> bool {
    // SAFETY: plain system calls on C strings and flags prepared before the clone.
    unsafe {
        match step {
            Step::Mkdir(path) => {
                libc::mkdir(path.as_ptr(), 0o755) != 0 && *libc::__errno_location() != libc::EEXIST
            }
            Step::Touch(path) => {
                let fd = libc::open(path.as_ptr(), libc::O_RDONLY | libc::O_CREAT | libc::O_CLOEXEC, 0o644);
                if fd >= 0 {
                    libc::close(fd);
                }
                false
            }
            Step::Tmpfs { target, options, flags } => {
                libc::mount(
                    c"tmpfs".as_ptr(),
                    target.as_ptr(),
                    c"tmpfs".as_ptr(),
                    *flags,
                    options.as_ptr().cast(),
                ) != 0
            }
            Step::Bind { source, target, writable, locked, .. } => {
                libc::mount(
                    source.as_ptr(),
                    target.as_ptr(),
                    std::ptr::null(),
                    libc::MS_BIND | libc::MS_REC,
                    std::ptr::null(),
                ) != 0
                    || libc::mount(
                        std::ptr::null(),
                        target.as_ptr(),
                        std::ptr::null(),
                        libc::MS_BIND
                            | libc::MS_REMOUNT
                            | libc::MS_NOSUID
                            | locked
                            | if *writable { 0 } else { libc::MS_RDONLY },
                        std::ptr::null(),
                    ) != 0
            }
            Step::Symlink { target, link } => libc::symlink(target.as_ptr(), link.as_ptr()) != 0,
            Step::Proc(target) => {
                libc::mount(
                    c"proc".as_ptr(),
                    target.as_ptr(),
                    c"proc".as_ptr(),
                    // Read-only: no /proc/sys setting, however open its mode, can be written.
                    libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC | libc::MS_RDONLY,
                    std::ptr::null(),
                ) != 0
            }
        }
    }
}

/// Moves into the new root, lets the host's go and makes the new one read-only, or fails.
///
/// # Safety
/// As [`child_setup`]: between `clone` and `execve`, plain system calls only.
unsafe fn enter_root(plan: &Plan, report: RawFd) {
    // SAFETY: plain system calls on C strings prepared before the clone.
    unsafe {
        if libc::syscall(libc::SYS_pivot_root, plan.stage.as_ptr(), plan.old_root.as_ptr()) != 0
            || libc::chdir(c"/".as_ptr()) != 0
            || libc::umount2(plan.old_root_inside.as_ptr(), libc::MNT_DETACH) != 0
        {
            fail(b'S', -1, report);
        }
        libc::rmdir(plan.old_root_inside.as_ptr());
        // The root itself read-only: only /tmp and a build's own folder can be written.
        if libc::mount(
            std::ptr::null(),
            c"/".as_ptr(),
            std::ptr::null(),
            libc::MS_BIND | libc::MS_REMOUNT | libc::MS_RDONLY | libc::MS_NOSUID | libc::MS_NODEV,
            std::ptr::null(),
        ) != 0
        {
            fail(b'S', -1, report);
        }
    }
}

/// Reaps every process of the namespace until none is left, and returns `program`'s wait status;
/// when the program ends, kills what it left behind.
///
/// # Safety
/// As [`child_setup`]: between `clone` and `execve`, plain system calls only.
unsafe fn reap_all(program: libc::pid_t) -> libc::c_int {
    // SAFETY: plain system calls on local values.
    unsafe {
        let mut program_status = 0;
        let mut program_running = true;
        loop {
            let mut status = 0;
            let reaped = libc::waitpid(-1, &mut status, 0);
            if reaped < 0 {
                if *libc::__errno_location() == libc::EINTR {
                    continue;
                }
                break;
            }
            if reaped == program && program_running {
                program_running = false;
                program_status = status;
                // What the program left behind ends with it.
                libc::kill(-1, libc::SIGKILL);
            }
        }
        program_status
    }
}

/// Sends the result record (the program's status, the CPU time and peak memory of every process
/// reaped, this process's own CPU time) on `report`, and ends.
///
/// # Safety
/// As [`child_setup`]: between `clone` and `execve`, plain system calls only.
unsafe fn send_result(program_status: libc::c_int, report: RawFd) -> ! {
    // SAFETY: `rusage` is plain old data for which zeroes are valid; plain system calls on local
    // buffers, then the process ends without running anything else.
    unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage);
        let micros = |time: libc::timeval| (time.tv_sec as u64) * 1_000_000 + time.tv_usec as u64;
        let cpu = micros(usage.ru_utime) + micros(usage.ru_stime);
        let mut own: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_SELF, &mut own);
        let setup = micros(own.ru_utime) + micros(own.ru_stime);
        let mut record = [0u8; 29];
        record[0] = b'R';
        record[1..5].copy_from_slice(&program_status.to_ne_bytes());
        record[5..13].copy_from_slice(&cpu.to_ne_bytes());
        record[13..21].copy_from_slice(&(usage.ru_maxrss as u64).to_ne_bytes());
        record[21..29].copy_from_slice(&setup.to_ne_bytes());
        libc::write(report, record.as_ptr().cast(), record.len());
        libc::_exit(0)
    }
}

/// PID 2: limits, the unprivileged user, then the program.
pub(super) unsafe fn start_program(plan: &Plan, report: RawFd) -> ! {
    // SAFETY (whole function): plain system calls on prepared data.
    unsafe {
        for &(resource, soft, hard) in &plan.rlimits {
            let limit = libc::rlimit { rlim_cur: soft, rlim_max: hard };
            if libc::setrlimit(resource, &limit) != 0 {
                fail(b'E', 0, report);
            }
        }
        // Bare system calls: glibc's would signal every thread it knows of to change theirs too,
        // and the judge's threads are not in this process; it would wait for them forever.
        if plan.drop_groups && libc::syscall(libc::SYS_setgroups, 0, std::ptr::null::<libc::gid_t>()) != 0 {
            fail(b'E', 0, report);
        }
        let (uid, gid) = plan.ids;
        if libc::syscall(libc::SYS_setresgid, gid, gid, gid) != 0
            || libc::syscall(libc::SYS_setresuid, uid, uid, uid) != 0
        {
            fail(b'E', 0, report);
        }
        libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
        // A session keyring of its own: the judge's (a login's, a container's) holds keys that
        // belong to whoever started it, and would outlive the run.
        const KEYCTL_JOIN_SESSION_KEYRING: libc::c_long = 1;
        if libc::syscall(libc::SYS_keyctl, KEYCTL_JOIN_SESSION_KEYRING, std::ptr::null::<libc::c_char>()) < 0
            && *libc::__errno_location() != libc::ENOSYS
        {
            fail(b'E', 0, report);
        }
        // As a program expects to start: no signal blocked, SIGPIPE not ignored (the judge
        // ignores it, as every Rust program does, and an ignored signal stays so across exec).
        let mut signals: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut signals);
        libc::sigprocmask(libc::SIG_SETMASK, &signals, std::ptr::null_mut());
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
        if libc::chdir(plan.workdir.as_ptr()) != 0 {
            libc::chdir(c"/".as_ptr());
        }
        // Last: the policy refuses the keyring's calls made above.
        let policy =
            libc::sock_fprog { len: plan.policy.len() as u16, filter: plan.policy.as_ptr().cast_mut() };
        if libc::prctl(libc::PR_SET_SECCOMP, libc::SECCOMP_MODE_FILTER, &policy) != 0 {
            fail(b'E', 0, report);
        }
        libc::execve(plan.program.as_ptr(), plan.argv.as_ptr(), plan.envp.as_ptr());
        fail(b'E', 0, report)
    }
}
