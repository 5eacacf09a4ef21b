//! What the sandbox costs a run (`cargo bench -p judge --bench isolation`): one run of
//! `/usr/bin/true` through the judge's one runner, as a plain child (a built-in's way), unsandboxed
//! in a cgroup of its own behind its Landlock fence and filter (`--no-sandbox`), and in the sandbox with and without a cgroup (the
//! fallback where none can be made). The difference between the plain run and a sandboxed one is
//! the per-run overhead of the namespaces, the private root and the cgroup, which every run of a
//! submitted file pays once per case. Each fenced or sandboxed variant is timed twice: as a build
//! (processes allowed) and as a submitted program's run (one process, its filter a few
//! instructions longer): the one-process rule's cost.
//!
//! Each variant's run is checked once (exit status 0) before it is timed. Cost: some 20 s.

use std::path::Path;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use judge_core::runner::{run, Isolation, Job, Limits};
use judge_core::sandbox::{Layout, Processes, Sandbox};

const LIMITS: Limits = Limits {
    cpu_time: Duration::from_secs(1),
    memory_bytes: 512 << 20,
    output_bytes: 1 << 20,
    wall_time: None,
};

fn job<'a>(isolation: Isolation<'a>, max_processes: Option<u32>, processes: Processes) -> Job<'a> {
    Job {
        isolation,
        program: Path::new("/usr/bin/true"),
        args: &[],
        answer_channel: false,
        max_processes,
        processes,
        env: &[],
        stdin: b"",
        limits: LIMITS,
        address_space: None,
        file_bytes: None,
        answer_bytes: 1 << 10,
    }
}

fn isolation(c: &mut Criterion) {
    let sandbox = Sandbox::detect().expect("the sandbox works here");
    let layout = Layout::new(1 << 20);
    let fenced = Isolation::Unsandboxed { layout: &layout };
    let sandboxed = Isolation::Sandboxed { sandbox: &sandbox, layout: &layout };
    let variants = [
        ("plain", job(Isolation::Plain, None, Processes::Many)),
        ("unsandboxed (fenced), cgroup", job(fenced, Some(64), Processes::Many)),
        ("unsandboxed (fenced), cgroup, one process", job(fenced, Some(64), Processes::One)),
        ("sandboxed, cgroup", job(sandboxed, Some(64), Processes::Many)),
        ("sandboxed, cgroup, one process", job(sandboxed, Some(64), Processes::One)),
        ("sandboxed, no cgroup", job(sandboxed, None, Processes::Many)),
        ("sandboxed, no cgroup, one process", job(sandboxed, None, Processes::One)),
    ];
    let mut group = c.benchmark_group("one run of /usr/bin/true");
    group.sample_size(30).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(4));
    for (name, job) in &variants {
        let finished = run(job).expect("the run starts");
        assert!(finished.status.success(), "{name}: {:?}", finished.status);
        group.bench_function(*name, |b| b.iter(|| run(job).expect("the run starts")));
    }
    group.finish();
}

criterion_group!(benches, isolation);
criterion_main!(benches);
