//! The system calls a sandboxed program may not make: a seccomp filter installed last thing before
//! its `execve`, for builds and runs alike. The namespaces already contain what a program can see;
//! this keeps the rest of the kernel out of its reach, as nsjail's and container runtimes' default
//! policies do: nothing a compiler, a JVM, Node, Python or an N-Queens solution needs.
//!
//! Refused with `ENOSYS`, as if the kernel had no such call (so that a runtime that probes for one,
//! libuv's io_uring, falls back as it would on an older kernel):
//! - new namespaces and mounts: `unshare`, `setns`, `mount` and the new mount API, `umount2`,
//!   `pivot_root`, `chroot`; `clone` with any `CLONE_NEW*` flag; `clone3` whatever its flags (its
//!   arguments are a structure the filter cannot read; glibc falls back to `clone`);
//! - io_uring, `userfaultfd`, `bpf`, `perf_event_open`, the keyrings (`add_key`, `request_key`,
//!   `keyctl`), kernel modules, `kexec_load` and `kexec_file_load`;
//! - `memfd_create` and `memfd_secret`: memory held in a file that is no process's resident memory,
//!   which only a cgroup counts (600 MB held that way was AC in the fallback; `/dev/shm` is not
//!   shown, and the run's `/tmp` is a tmpfs of 64 MiB);
//! - every call made through another ABI than the judge's own (i386's `int 0x80` and x32's on
//!   x86-64), whose numbers name other calls.
//!
//! Refused with `EPERM`: `ptrace`'s `PTRACE_ATTACH` and `PTRACE_SEIZE` (a process may still be
//! traced by its parent after `PTRACE_TRACEME`: its own children only), `personality` but to
//! read it or to set the plain Linux one, and naming the process a descriptor's signals go to
//! (`fcntl`'s `F_SETOWN`, `F_SETOWN_EX` and `F_SETSIG`, `ioctl`'s `FIOSETOWN` and `SIOCSPGRP`: with
//! `O_ASYNC`, the kernel then signals that process for the run, and only Landlock's ABI 6 and
//! later scope it).
//!
//! A submitted program's run (not its build: compilers keep their processes) is one process, as
//! DMOJ's cptbox and isolate make it by default: it may make threads (`clone` with
//! `CLONE_THREAD`), and a `fork`, a `vfork` or any other `clone` kills it at once
//! (`SECCOMP_RET_KILL_PROCESS`, seen as `SIGSYS`, which nothing else here sends): a runtime error
//! the runner names. So its CPU time and peak memory are its own process's, read from the kernel
//! exactly with or without a cgroup, and nothing it starts can hide time, memory or processes.
//!
//! The program is a small assembly with labels, resolved into classic BPF's forward jumps.

/// Where a jump goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Label {
    Numbers,
    PidCheck,
    PidAllowed,
    Allow,
    NoSuchCall,
    Refuse,
    Clone,
    Ptrace,
    Personality,
    /// A new process where the run must stay one: killed.
    KillProcess,
    Socket,
    Fcntl,
    Ioctl,
}

#[derive(Clone, Copy, Debug)]
enum Op {
    /// Load the 32-bit word at this offset of `seccomp_data`.
    Load(u32),
    /// To the label when the accumulator equals the value, else on.
    IfEqual(u32, Label),
    /// To the label when the accumulator is at least the value, else on.
    IfAtLeast(u32, Label),
    /// To the label when the accumulator has any of these bits, else on.
    IfAny(u32, Label),
    /// To the label when the accumulator is the filtered process's own pid (`negated`: its process
    /// group's, `-pid`), which [`SignalFilter::fill`] writes in after the fork.
    IfOwnPid {
        negated: bool,
        label: Label,
    },
    Return(u32),
    /// Where a label stands.
    Here(Label),
}

const ALLOW: u32 = libc::SECCOMP_RET_ALLOW;
const NO_SUCH_CALL: u32 = libc::SECCOMP_RET_ERRNO | libc::ENOSYS as u32;
const REFUSE: u32 = libc::SECCOMP_RET_ERRNO | libc::EPERM as u32;
const KILL_PROCESS: u32 = libc::SECCOMP_RET_KILL_PROCESS;

/// `seccomp_data`'s fields: the call's number, its ABI, the low halves of its first two arguments.
const NUMBER: u32 = 0;
const ARCH: u32 = 4;
const FIRST_ARGUMENT: u32 = 16;
const SECOND_ARGUMENT: u32 = 24;

#[cfg(target_arch = "x86_64")]
const NATIVE_ARCH: u32 = 0xC000_003E;
#[cfg(target_arch = "aarch64")]
const NATIVE_ARCH: u32 = 0xC000_00B7;

/// x32's calls are x86-64's numbers with this bit set; no other ABI numbers a call this high.
const X32_SYSCALL_BIT: u32 = 0x4000_0000;

/// Every `CLONE_NEW*` flag `clone` takes (`CLONE_NEWTIME` is `clone3`'s and `unshare`'s alone).
const NEW_NAMESPACES: u32 = (libc::CLONE_NEWNS
    | libc::CLONE_NEWCGROUP
    | libc::CLONE_NEWUTS
    | libc::CLONE_NEWIPC
    | libc::CLONE_NEWUSER
    | libc::CLONE_NEWPID
    | libc::CLONE_NEWNET) as u32;

/// How many processes a run may be: a build's compilers make as many as they need (their cgroup
/// and `RLIMIT_NPROC` cap them); a submitted program's run is one process, threads apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Processes {
    Many,
    One,
}

const PTRACE_ATTACH: u32 = 16;
/// `ioctl`s that make a process the owner of a descriptor's signals (as `F_SETOWN` does).
const FIOSETOWN: u32 = 0x8901;
/// `fcntl`'s commands that libc names for x86-64 only (the same on aarch64).
const F_SETOWN_EX: u32 = 15;
const F_SETSIG: u32 = 10;
const SIOCSPGRP: u32 = 0x8902;
const PTRACE_SEIZE: u32 = 0x4206;
/// `personality(0xffffffff)` reads the persona without changing it; 0 is plain Linux.
const PERSONALITY_QUERY: u32 = 0xffff_ffff;

/// The calls refused outright, as if the kernel had none.
fn refused_calls() -> Vec<libc::c_long> {
    let mut calls = vec![
        libc::SYS_unshare,
        libc::SYS_setns,
        libc::SYS_mount,
        libc::SYS_umount2,
        libc::SYS_pivot_root,
        libc::SYS_chroot,
        libc::SYS_open_tree,
        libc::SYS_move_mount,
        libc::SYS_fsopen,
        libc::SYS_fsconfig,
        libc::SYS_fsmount,
        libc::SYS_fspick,
        libc::SYS_mount_setattr,
        libc::SYS_clone3,
        libc::SYS_io_uring_setup,
        libc::SYS_io_uring_enter,
        libc::SYS_io_uring_register,
        libc::SYS_userfaultfd,
        libc::SYS_memfd_create,
        libc::SYS_memfd_secret,
        libc::SYS_bpf,
        libc::SYS_perf_event_open,
        libc::SYS_add_key,
        libc::SYS_request_key,
        libc::SYS_keyctl,
        libc::SYS_init_module,
        libc::SYS_finit_module,
        libc::SYS_delete_module,
        libc::SYS_kexec_file_load,
    ];
    #[cfg(target_arch = "x86_64")]
    calls.push(libc::SYS_kexec_load);
    calls
}

fn program(processes: Processes) -> Vec<Op> {
    use Label::*;
    use Op::*;
    let x32_bit = if cfg!(target_arch = "x86_64") { X32_SYSCALL_BIT } else { u32::MAX };
    // The native ABI goes on to the number checks; any other gets nothing.
    let mut ops = vec![Load(ARCH), IfEqual(NATIVE_ARCH, Numbers), Return(NO_SUCH_CALL), Here(Numbers)];
    ops.extend(numbers(x32_bit, processes));
    ops
}

/// The calls that make a process other than a `clone`: x86-64's `fork` and `vfork` (aarch64 has
/// none: its libc forks through `clone`).
fn forks() -> Vec<libc::c_long> {
    #[cfg(target_arch = "x86_64")]
    return vec![libc::SYS_fork, libc::SYS_vfork];
    #[cfg(not(target_arch = "x86_64"))]
    return Vec::new();
}

/// The checks of the call's number (the ABI checked before), then each label's own checks.
fn numbers(x32_bit: u32, processes: Processes) -> Vec<Op> {
    use Label::*;
    use Op::*;
    let mut ops = vec![Load(NUMBER), IfAtLeast(x32_bit, NoSuchCall)];
    ops.extend(refused_calls().into_iter().map(|call| IfEqual(call as u32, NoSuchCall)));
    if processes == Processes::One {
        ops.extend(forks().into_iter().map(|call| IfEqual(call as u32, KillProcess)));
    }
    ops.extend([
        IfEqual(libc::SYS_clone as u32, Clone),
        IfEqual(libc::SYS_ptrace as u32, Ptrace),
        IfEqual(libc::SYS_personality as u32, Personality),
        IfEqual(libc::SYS_fcntl as u32, Fcntl),
        IfEqual(libc::SYS_ioctl as u32, Ioctl),
        Return(ALLOW),
        // x86-64's clone takes its flags first; so do aarch64's.
        Here(Clone),
        Load(FIRST_ARGUMENT),
        IfAny(NEW_NAMESPACES, NoSuchCall),
    ]);
    if processes == Processes::One {
        // A thread shares its process's memory, signals and accounting; anything else is a process.
        ops.extend([IfAny(libc::CLONE_THREAD as u32, Allow), Return(KILL_PROCESS)]);
    }
    ops.extend([
        Return(ALLOW),
        Here(Ptrace),
        Load(FIRST_ARGUMENT),
        IfEqual(PTRACE_ATTACH, Refuse),
        IfEqual(PTRACE_SEIZE, Refuse),
        Return(ALLOW),
        Here(Personality),
        Load(FIRST_ARGUMENT),
        IfEqual(PERSONALITY_QUERY, Allow),
        IfEqual(0, Allow),
        Return(REFUSE),
        // A descriptor's signals (`O_ASYNC`) go to the owner it names: no owner may be set.
        Here(Fcntl),
        Load(SECOND_ARGUMENT),
        IfEqual(libc::F_SETOWN as u32, Refuse),
        IfEqual(F_SETOWN_EX, Refuse),
        IfEqual(F_SETSIG, Refuse),
        Return(ALLOW),
        Here(Ioctl),
        Load(SECOND_ARGUMENT),
        IfEqual(FIOSETOWN, Refuse),
        IfEqual(SIOCSPGRP, Refuse),
        Return(ALLOW),
        Here(NoSuchCall),
        Return(NO_SUCH_CALL),
        Here(Refuse),
        Return(REFUSE),
        Here(KillProcess),
        Return(KILL_PROCESS),
        Here(Allow),
        Return(ALLOW),
    ]);
    ops
}

/// The filter, as `PR_SET_SECCOMP` takes it. Built before the sandbox's `clone`; only the
/// pointer to it crosses into the child.
pub(super) fn filter(processes: Processes) -> Vec<libc::sock_filter> {
    assemble(&program(processes)).0
}

/// The filter of a run outside the sandbox (`--no-sandbox`), which shares the judge's user and
/// could otherwise signal, limit or trace the judge or another run: signals and `prlimit64` go
/// only to the run's own process or its process group (`0`, its pid, minus its pid); `tkill`,
/// `pidfd_send_signal`, `ptrace`, `process_vm_readv`/`writev` and `pidfd_getfd` are refused
/// (`EPERM`), and so are `setsid` and `setpgid` (the run and all it starts stay in the process
/// group the runner kills at the end: no daemon outlives it) and every call made through another
/// ABI than the judge's own (i386's `int 0x80` on x86-64, whose `kill` killed the judge, and
/// x32's). Nor may it reach the network: `socket` of any family but `AF_UNIX` is refused
/// (Landlock's network rules cover TCP alone: a run once sent its board over UDP to a helper on
/// 127.0.0.1). The rest is the sandbox's own policy (no namespaces, io_uring, `bpf`, no owner for
/// a descriptor's signals, one process for a run...).
#[derive(Debug)]
pub(crate) struct SignalFilter {
    filter: Vec<libc::sock_filter>,
    /// Where the run's own pid goes, and whether negated (its process group).
    own_pid: Vec<(usize, bool)>,
}

impl SignalFilter {
    /// Assembled before the fork, its pid checks left for [`SignalFilter::fill`].
    pub fn new(processes: Processes) -> SignalFilter {
        use Label::*;
        use Op::*;
        let x32_bit = if cfg!(target_arch = "x86_64") { X32_SYSCALL_BIT } else { u32::MAX };
        let to_pid_check = [
            libc::SYS_kill,
            libc::SYS_rt_sigqueueinfo,
            libc::SYS_tgkill,
            libc::SYS_rt_tgsigqueueinfo,
            libc::SYS_prlimit64,
        ];
        let refused = [
            libc::SYS_tkill,
            libc::SYS_pidfd_send_signal,
            libc::SYS_ptrace,
            libc::SYS_process_vm_readv,
            libc::SYS_process_vm_writev,
            libc::SYS_pidfd_getfd,
            libc::SYS_setsid,
            libc::SYS_setpgid,
        ];
        let mut ops = vec![
            Load(ARCH),
            IfEqual(NATIVE_ARCH, Numbers),
            Return(REFUSE),
            Here(Numbers),
            Load(NUMBER),
            IfAtLeast(x32_bit, Refuse),
        ];
        ops.extend(to_pid_check.into_iter().map(|call| IfEqual(call as u32, PidCheck)));
        ops.extend(refused.into_iter().map(|call| IfEqual(call as u32, Refuse)));
        ops.push(IfEqual(libc::SYS_socket as u32, Socket));
        // Then the sandbox's own checks (which place `Refuse`, `Allow` and `NoSuchCall`).
        ops.extend(numbers(x32_bit, processes));
        ops.extend([
            // A socket's family is its first argument; a socket pair is always AF_UNIX.
            // (`Allow` and `Refuse` stand before it, and jumps go forward only.)
            Here(Socket),
            Load(FIRST_ARGUMENT),
            IfEqual(libc::AF_UNIX as u32, PidAllowed),
            Return(REFUSE),
            // The pid is the first argument, a C int: its low half.
            Here(PidCheck),
            Load(FIRST_ARGUMENT),
            IfEqual(0, PidAllowed),
            IfOwnPid { negated: false, label: PidAllowed },
            IfOwnPid { negated: true, label: PidAllowed },
            Return(REFUSE),
            Here(PidAllowed),
            Return(ALLOW),
        ]);
        let (filter, own_pid) = assemble(&ops);
        SignalFilter { filter, own_pid }
    }

    /// Writes `own` (the filtered process's pid, `getpid()` in the child) into the pid checks: the
    /// program `PR_SET_SECCOMP` takes. Between `fork` and `exec`: it allocates nothing.
    pub fn fill(&mut self, own: libc::pid_t) -> libc::sock_fprog {
        for &(at, negated) in &self.own_pid {
            self.filter[at].k = if negated { own.wrapping_neg() as u32 } else { own as u32 };
        }
        libc::sock_fprog { len: self.filter.len() as u16, filter: self.filter.as_mut_ptr() }
    }
}

/// Resolves the labels into forward jumps (classic BPF has no other kind): the filter, and where
/// its own-pid checks are, to fill in.
fn assemble(ops: &[Op]) -> (Vec<libc::sock_filter>, Vec<(usize, bool)>) {
    let mut positions: Vec<(Label, usize)> = Vec::new();
    let mut at = 0;
    for op in ops {
        match op {
            Op::Here(label) => positions.push((*label, at)),
            _ => at += 1,
        }
    }
    let position = |label: Label| {
        positions.iter().find(|(known, _)| *known == label).map(|(_, at)| *at).expect("a label placed")
    };
    let mut filter = Vec::new();
    let mut own_pid = Vec::new();
    for op in ops {
        let here = filter.len();
        let jump = |code: u32, value: u32, label: Label| {
            let offset = position(label).checked_sub(here + 1).expect("a forward jump");
            libc::sock_filter {
                code: (libc::BPF_JMP | code | libc::BPF_K) as u16,
                jt: u8::try_from(offset).expect("a jump of at most 255"),
                jf: 0,
                k: value,
            }
        };
        filter.push(match *op {
            Op::Load(offset) => libc::sock_filter {
                code: (libc::BPF_LD | libc::BPF_W | libc::BPF_ABS) as u16,
                jt: 0,
                jf: 0,
                k: offset,
            },
            Op::IfEqual(value, label) => jump(libc::BPF_JEQ, value, label),
            Op::IfAtLeast(value, label) => jump(libc::BPF_JGE, value, label),
            Op::IfAny(value, label) => jump(libc::BPF_JSET, value, label),
            Op::IfOwnPid { negated, label } => {
                own_pid.push((here, negated));
                jump(libc::BPF_JEQ, 0, label)
            }
            Op::Return(value) => {
                libc::sock_filter { code: (libc::BPF_RET | libc::BPF_K) as u16, jt: 0, jf: 0, k: value }
            }
            Op::Here(_) => continue,
        });
    }
    (filter, own_pid)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs the filter as the kernel would on one call: what it returns.
    fn verdict(filter: &[libc::sock_filter], arch: u32, number: u32, first: u32) -> u32 {
        verdict_of_two(filter, arch, number, first, 0)
    }

    /// The same with a second argument.
    fn verdict_of_two(filter: &[libc::sock_filter], arch: u32, number: u32, first: u32, second: u32) -> u32 {
        let mut accumulator = 0u32;
        let mut at = 0;
        loop {
            let instruction = filter[at];
            let code = u32::from(instruction.code);
            if code == libc::BPF_LD | libc::BPF_W | libc::BPF_ABS {
                accumulator = match instruction.k {
                    ARCH => arch,
                    NUMBER => number,
                    FIRST_ARGUMENT => first,
                    SECOND_ARGUMENT => second,
                    other => panic!("a load of offset {other}"),
                };
                at += 1;
            } else if code == libc::BPF_RET | libc::BPF_K {
                return instruction.k;
            } else {
                let holds = match code & 0xf0 {
                    libc::BPF_JEQ => accumulator == instruction.k,
                    libc::BPF_JGE => accumulator >= instruction.k,
                    libc::BPF_JSET => accumulator & instruction.k != 0,
                    other => panic!("a jump {other:#x}"),
                };
                at += 1 + if holds { usize::from(instruction.jt) } else { usize::from(instruction.jf) };
            }
        }
    }

    /// No descriptor's signals may be sent to a process the run names, in or out of the sandbox.
    fn assert_no_owner_for_signals(filter: &[libc::sock_filter]) {
        let second =
            |number: libc::c_long, second: u32| verdict_of_two(filter, NATIVE_ARCH, number as u32, 3, second);
        for owner in [libc::F_SETOWN as u32, F_SETOWN_EX, F_SETSIG] {
            assert_eq!(second(libc::SYS_fcntl, owner), REFUSE, "fcntl {owner}");
        }
        assert_eq!(second(libc::SYS_fcntl, libc::F_GETFL as u32), ALLOW);
        assert_eq!(second(libc::SYS_fcntl, libc::F_SETFL as u32), ALLOW);
        assert_eq!(second(libc::SYS_ioctl, FIOSETOWN), REFUSE);
        assert_eq!(second(libc::SYS_ioctl, SIOCSPGRP), REFUSE);
        assert_eq!(second(libc::SYS_ioctl, libc::FIONREAD as u32), ALLOW);
    }

    #[test]
    fn a_run_outside_the_sandbox_signals_and_limits_only_itself() {
        let own = 4242;
        let mut filter = SignalFilter::new(Processes::Many);
        let _ = filter.fill(own);
        let call =
            |number: libc::c_long, first: u32| verdict(&filter.filter, NATIVE_ARCH, number as u32, first);
        for to_itself in [own as u32, 0, (-own) as u32] {
            assert_eq!(call(libc::SYS_kill, to_itself), ALLOW);
            assert_eq!(call(libc::SYS_prlimit64, to_itself), ALLOW);
        }
        assert_eq!(call(libc::SYS_kill, 1), REFUSE);
        assert_eq!(call(libc::SYS_tgkill, 4243), REFUSE);
        assert_eq!(call(libc::SYS_prlimit64, 1), REFUSE);
        assert_eq!(call(libc::SYS_ptrace, 0), REFUSE);
        assert_eq!(call(libc::SYS_setsid, 0), REFUSE);
        assert_eq!(call(libc::SYS_setpgid, 0), REFUSE);
        assert_eq!(call(libc::SYS_read, 1), ALLOW);
        assert_eq!(call(libc::SYS_io_uring_setup, 1), NO_SUCH_CALL);
        assert_eq!(call(libc::SYS_clone, libc::CLONE_NEWUSER as u32), NO_SUCH_CALL);
        // No network but a local socket; no descriptor's signals sent to another process.
        assert_eq!(call(libc::SYS_socket, libc::AF_INET as u32), REFUSE);
        assert_eq!(call(libc::SYS_socket, libc::AF_INET6 as u32), REFUSE);
        assert_eq!(call(libc::SYS_socket, libc::AF_NETLINK as u32), REFUSE);
        assert_eq!(call(libc::SYS_socket, libc::AF_UNIX as u32), ALLOW);
        assert_eq!(call(libc::SYS_socketpair, libc::AF_UNIX as u32), ALLOW);
        assert_no_owner_for_signals(&filter.filter);
        const AUDIT_ARCH_I386: u32 = 0x4000_0003;
        assert_eq!(verdict(&filter.filter, AUDIT_ARCH_I386, 37, 0), REFUSE);
        if cfg!(target_arch = "x86_64") {
            assert_eq!(call(X32_SYSCALL_BIT as libc::c_long | libc::SYS_kill, own as u32), REFUSE);
        }
    }

    #[test]
    fn the_policy_refuses_what_no_solution_needs_and_allows_the_rest() {
        let filter = filter(Processes::Many);
        let native = |number: libc::c_long, first: u32| verdict(&filter, NATIVE_ARCH, number as u32, first);
        for call in refused_calls() {
            assert_eq!(native(call, 0), NO_SUCH_CALL, "call {call}");
        }
        for call in [libc::SYS_read, libc::SYS_write, libc::SYS_mmap, libc::SYS_execve, libc::SYS_exit_group]
        {
            assert_eq!(native(call, 0), ALLOW, "call {call}");
        }
        // A thread or a fork may be made; a namespace may not.
        let thread = (libc::CLONE_VM | libc::CLONE_THREAD | libc::CLONE_SIGHAND) as u32;
        assert_eq!(native(libc::SYS_clone, thread), ALLOW);
        assert_eq!(native(libc::SYS_clone, libc::SIGCHLD as u32), ALLOW);
        assert_eq!(native(libc::SYS_clone, libc::SIGCHLD as u32 | libc::CLONE_NEWUSER as u32), NO_SUCH_CALL);
        assert_eq!(native(libc::SYS_clone, libc::CLONE_NEWNET as u32), NO_SUCH_CALL);
        // Tracing: its own children after PTRACE_TRACEME, never another process.
        assert_eq!(native(libc::SYS_ptrace, 0), ALLOW);
        assert_eq!(native(libc::SYS_ptrace, PTRACE_ATTACH), REFUSE);
        assert_eq!(native(libc::SYS_ptrace, PTRACE_SEIZE), REFUSE);
        assert_eq!(native(libc::SYS_personality, PERSONALITY_QUERY), ALLOW);
        assert_eq!(native(libc::SYS_personality, 0x0040_0000), REFUSE);
        assert_no_owner_for_signals(&filter);
        // The sandbox has a network of its own: a socket there reaches nothing outside.
        assert_eq!(native(libc::SYS_socket, libc::AF_INET as u32), ALLOW);
        // Another ABI gets nothing at all: i386's 37 is its kill.
        const AUDIT_ARCH_I386: u32 = 0x4000_0003;
        assert_eq!(verdict(&filter, AUDIT_ARCH_I386, 37, 0), NO_SUCH_CALL);
        if cfg!(target_arch = "x86_64") {
            assert_eq!(native(X32_SYSCALL_BIT as libc::c_long | libc::SYS_read, 0), NO_SUCH_CALL);
        }
    }

    #[test]
    fn a_run_is_one_process_and_a_build_is_not() {
        let thread =
            (libc::CLONE_VM | libc::CLONE_FS | libc::CLONE_FILES | libc::CLONE_SIGHAND | libc::CLONE_THREAD)
                as u32;
        // posix_spawn's vfork, and a plain fork through clone.
        let processes =
            [(libc::CLONE_VM | libc::CLONE_VFORK) as u32 | libc::SIGCHLD as u32, libc::SIGCHLD as u32];
        let mut outside = SignalFilter::new(Processes::One);
        let _ = outside.fill(4242);
        for filter in [filter(Processes::One), outside.filter.clone()] {
            let native =
                |number: libc::c_long, first: u32| verdict(&filter, NATIVE_ARCH, number as u32, first);
            assert_eq!(native(libc::SYS_clone, thread), ALLOW);
            for flags in processes {
                assert_eq!(native(libc::SYS_clone, flags), KILL_PROCESS, "clone {flags:#x}");
            }
            for call in forks() {
                assert_eq!(native(call, 0), KILL_PROCESS, "call {call}");
            }
            // clone3's flags are out of the filter's reach: refused whatever they are, glibc's
            // threads fall back to clone.
            assert_eq!(native(libc::SYS_clone3, 0), NO_SUCH_CALL);
            assert_eq!(native(libc::SYS_clone, thread | libc::CLONE_NEWUSER as u32), NO_SUCH_CALL);
            assert_eq!(native(libc::SYS_read, 0), ALLOW);
        }
        let mut outside = SignalFilter::new(Processes::Many);
        let _ = outside.fill(4242);
        for filter in [filter(Processes::Many), outside.filter.clone()] {
            let native =
                |number: libc::c_long, first: u32| verdict(&filter, NATIVE_ARCH, number as u32, first);
            for flags in processes {
                assert_eq!(native(libc::SYS_clone, flags), ALLOW, "a build's clone {flags:#x}");
            }
            for call in forks() {
                assert_eq!(native(call, 0), ALLOW, "a build's call {call}");
            }
        }
    }
}
