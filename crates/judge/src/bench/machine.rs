//! The machine a bench runs on: the CPUs this process may use, the first T of which a run is pinned
//! to (`--threads`), and the processor's name, which every table and report carries, since a
//! figure means little without the processor that made it.
//!
//! Counters size their thread pools by `std::thread::available_parallelism`, which on Linux is the
//! number of CPUs in the process's affinity set (lowered by a cgroup CPU quota, where there is
//! one). Pinning a child to T CPUs therefore gives every implementation T cores; the child
//! reports what it saw, and a run that saw another number has no figure (see the child module).
//! Cost: one `sched_getaffinity` and one read of `/proc/cpuinfo` a bench run.

use judge_core::error::Error;

/// The CPUs this process may run on, by number, ascending: its affinity set. Where the kernel will
/// not tell, the first `available_parallelism` numbers.
pub(crate) fn allowed_cpus() -> Vec<usize> {
    // SAFETY: cpu_set_t is a plain bit array, for which all-zero bytes are the empty set.
    let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
    // SAFETY: `set` is a valid cpu_set_t of the size given; pid 0 is this thread.
    let read = unsafe { libc::sched_getaffinity(0, size_of::<libc::cpu_set_t>(), &mut set) };
    let cpus: Vec<usize> = if read == 0 {
        // SAFETY: every number is below CPU_SETSIZE, so its bit is inside `set`.
        (0..libc::CPU_SETSIZE as usize).filter(|&cpu| unsafe { libc::CPU_ISSET(cpu, &set) }).collect()
    } else {
        Vec::new()
    };
    if cpus.is_empty() {
        (0..std::thread::available_parallelism().map_or(1, usize::from)).collect()
    } else {
        cpus
    }
}

/// How many CPUs a run may be given: those of the affinity set, or fewer where a CPU quota makes
/// `available_parallelism` smaller (a child given more would see fewer).
pub fn cpus_available() -> usize {
    let parallelism = std::thread::available_parallelism().map_or(1, usize::from);
    allowed_cpus().len().min(parallelism).max(1)
}

/// The default `--threads`: every CPU available, as the counters take when nothing pins them.
pub fn default_threads() -> Vec<usize> {
    vec![cpus_available()]
}

/// The CPUs a run with `threads` threads is pinned to, as the child's environment lists them: the
/// first `threads` of [`allowed_cpus`].
pub(crate) fn cpu_list(threads: usize) -> String {
    let cpus: Vec<String> = allowed_cpus().iter().take(threads).map(ToString::to_string).collect();
    cpus.join(",")
}

/// Parses `--threads LIST`: thread counts, comma-separated, each from 1 to `available`; returned
/// ascending, each once.
///
/// # Errors
/// One line naming the flag and the faulty text; for a count past `available`, that number.
///
/// # Example
/// ```
/// use judge::bench::machine::parse_threads;
/// assert_eq!(parse_threads("2, 1,2", 4), Ok(vec![1, 2]));
/// assert_eq!(parse_threads("5", 4).map_err(|error| error.to_string()), Err("--threads `5`: this process may use 4 CPUs".to_string()));
/// ```
pub fn parse_threads(text: &str, available: usize) -> Result<Vec<usize>, Error> {
    let fail = |reason: String| Error::Usage(format!("--threads `{text}`: {reason}"));
    let mut threads = Vec::new();
    for part in text.split(',').map(str::trim) {
        if part.is_empty() {
            return Err(fail("expected thread counts, comma-separated (1,2)".to_string()));
        }
        let count: usize = part.parse().map_err(|_| fail(format!("`{part}` is not a whole number")))?;
        if count == 0 {
            return Err(fail("a run needs at least 1 thread".to_string()));
        }
        if count > available {
            let plural = if available == 1 { "" } else { "s" };
            return Err(fail(format!("this process may use {available} CPU{plural}")));
        }
        threads.push(count);
    }
    threads.sort_unstable();
    threads.dedup();
    Ok(threads)
}

/// The processor's name: the first `model name` of `/proc/cpuinfo` (`AMD EPYC 7B13`), or `None`
/// where there is none (not Linux, or a processor whose kernel does not name it so).
pub fn processor_name() -> Option<String> {
    model_name(&std::fs::read_to_string("/proc/cpuinfo").ok()?)
}

fn model_name(cpuinfo: &str) -> Option<String> {
    cpuinfo.lines().find_map(|line| {
        let (key, value) = line.split_once(':')?;
        let value = value.split_whitespace().collect::<Vec<_>>().join(" ");
        (key.trim() == "model name" && !value.is_empty()).then_some(value)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thread_lists_are_read_as_written_and_bounded_by_the_cpus() {
        assert_eq!(parse_threads("1", 1), Ok(vec![1]));
        assert_eq!(parse_threads("4,1, 2", 4), Ok(vec![1, 2, 4]));
        for (text, reason) in [
            ("", "expected thread counts, comma-separated (1,2)"),
            ("1,,2", "expected thread counts, comma-separated (1,2)"),
            ("two", "`two` is not a whole number"),
            ("1..=2", "`1..=2` is not a whole number"),
            ("0", "a run needs at least 1 thread"),
            ("3", "this process may use 2 CPUs"),
        ] {
            assert_eq!(parse_threads(text, 2), Err(Error::Usage(format!("--threads `{text}`: {reason}"))));
        }
        assert_eq!(
            parse_threads("2", 1),
            Err(Error::Usage("--threads `2`: this process may use 1 CPU".to_string()))
        );
    }

    #[test]
    fn the_cpus_are_those_of_the_affinity_set() {
        let allowed = allowed_cpus();
        assert!(!allowed.is_empty() && allowed.windows(2).all(|pair| pair[0] < pair[1]), "{allowed:?}");
        assert!((1..=allowed.len()).contains(&cpus_available()));
        assert_eq!(cpu_list(1), allowed[0].to_string());
        assert_eq!(cpu_list(allowed.len()).split(',').count(), allowed.len());
    }

    #[test]
    fn the_processor_is_the_first_model_name() {
        let cpuinfo =
            "processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC  7B13 64-Core Processor\n\
                       processor\t: 1\nmodel name\t: AMD EPYC 7B13 64-Core Processor\n";
        assert_eq!(model_name(cpuinfo).as_deref(), Some("AMD EPYC 7B13 64-Core Processor"));
        assert_eq!(model_name("processor\t: 0\nmodel name\t:\n"), None);
        assert_eq!(model_name(""), None);
    }
}
