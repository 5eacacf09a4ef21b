//! Counting beyond one machine: the scheduler recipes in `docs/` run as their schedulers would run
//! them (GNU parallel on the local cores, the Slurm recipe's commands through a stand-in Slurm
//! whose `sbatch` runs each array task as it is submitted, the Kubernetes Job's command once per
//! completion index), each read from its docs file so that the docs cannot drift from what is
//! tested, and summed with `cses --sum` against a count from outside the code
//! under test (OEIS through `checker::oracle`, or the oracle's brute force). Then every refusal of
//! `--shard env/K` and of `--sum`, one line and exit status 2 with nothing on stdout, every refusal
//! of the Slurm recipe's submit script, and the board hash that shard lines carry. No test here
//! needs Slurm: `.ci/slurm` runs the same Slurm recipe on a real single-node Slurm, in CI only.
//!
//! Unix only: the recipes are shell. When GNU parallel is missing, the parallel tests fail under
//! CI (`.ci/run` installs it) and elsewhere say so and run the same shard commands through a
//! stand-in that starts them one after another.

#![cfg(unix)]

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use pretty_assertions::assert_eq;

use crate::{board_where, oracle_count, run_child, Outcome, SAMPLE, SAMPLE_COUNT};

/// The environment variables `--shard env/K` reads; every child starts without them unless a
/// test sets one, so that a test run inside a Slurm job or a Kubernetes pod is not misled.
const INDEX_VARIABLES: [&str; 2] = ["SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX"];

/// Runs `command` with `stdin`, without the index variables but for those `environment` sets.
fn run(command: &mut Command, stdin: &[u8], environment: &[(&str, &str)]) -> Outcome {
    for variable in INDEX_VARIABLES {
        command.env_remove(variable);
    }
    command.envs(environment.iter().copied());
    run_child(command, stdin)
}

fn cses(arguments: &[&str], stdin: &[u8], environment: &[(&str, &str)]) -> Outcome {
    run(Command::new(env!("CARGO_BIN_EXE_cses")).args(arguments), stdin, environment)
}

/// The shard line `cses --shard I/K` prints for `board`, without its newline.
fn shard_line(board: &str, slice: usize, slice_count: usize) -> String {
    let outcome = cses(&["--shard", &format!("{slice}/{slice_count}")], board.as_bytes(), &[]);
    assert_eq!((outcome.stderr.as_str(), outcome.status), ("", Some(0)), "{slice}/{slice_count}");
    outcome.stdout.strip_suffix('\n').expect("one line").to_owned()
}

/// The count at the end of a shard line.
fn count_of(line: &str) -> u64 {
    line.rsplit_once(": ").expect("a shard line").1.parse().expect("a count")
}

/// The `n=N fnv1a64=HASH` part of a shard line: the board it names.
fn board_of(line: &str) -> &str {
    let start = line.find("n=").expect("a board");
    let end = line.find(" slicing=").expect("a slicing");
    &line[start..end]
}

/// A folder of its own for one test, under Cargo's scratch space, emptied first and removed after.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("shards-{name}"));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("create a scratch folder");
        Scratch(path)
    }

    fn write(&self, name: &str, text: &str) -> PathBuf {
        let path = self.0.join(name);
        std::fs::create_dir_all(path.parent().expect("a parent")).expect("create a folder");
        std::fs::write(&path, text).expect("write a scratch file");
        path
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A file of `docs/`, at the workspace's root.
fn docs_file(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("read {}: {error}", path.display()))
}

/// A PATH that finds the `cses` under test first, then the folders in `before` (a stand-in for
/// GNU parallel), then the caller's PATH.
fn path_with_cses(extra: Option<&Path>) -> OsString {
    let cses_folder = Path::new(env!("CARGO_BIN_EXE_cses")).parent().expect("a folder").to_path_buf();
    let inherited = std::env::var_os("PATH").unwrap_or_default();
    let folders = std::iter::once(cses_folder)
        .chain(extra.map(Path::to_path_buf))
        .chain(std::env::split_paths(&inherited));
    std::env::join_paths(folders).expect("no folder holds a ':'")
}

/// Runs `script` with `sh -e` in `folder`, `cses` first on the PATH.
fn shell(script: &str, folder: &Path, extra_path: Option<&Path>, environment: &[(&str, &str)]) -> Outcome {
    let mut command = Command::new("sh");
    command.args(["-e", "-c", script]).current_dir(folder).env("PATH", path_with_cses(extra_path));
    run(&mut command, b"", environment)
}

/// Whether this is a CI run, as CI services say (`CI` set, not empty, `false` or `0`).
fn is_ci() -> bool {
    std::env::var("CI").is_ok_and(|value| !value.is_empty() && value != "false" && value != "0")
}

/// GNU parallel keeps its state (the citation notice's marker, its semaphores and caches) in
/// `$PARALLEL_HOME`, `~/.parallel` when unset: the tests give it their scratch folder instead, so
/// that they leave nothing in the home folder.
fn parallel_home(scratch: &Scratch) -> String {
    scratch.0.join("parallel-home").display().to_string()
}

/// `None` when GNU parallel is installed; otherwise (outside CI) a folder holding a stand-in
/// `parallel` that runs the command template, its last argument, once per line of stdin with
/// `{}` replaced, one after another, ignoring parallel's options.
fn parallel_or_stand_in(scratch: &Scratch) -> Option<PathBuf> {
    let version = Command::new("parallel").arg("--version").stdin(Stdio::null()).output();
    if version.is_ok_and(|output| output.status.success() && output.stdout.starts_with(b"GNU parallel")) {
        return None;
    }
    assert!(
        !is_ci(),
        "GNU parallel is missing, and CI runs the docs' parallel recipes through it: apt-get install parallel \
         (.ci/run installs it)"
    );
    eprintln!(
        "note: GNU parallel is missing (apt-get install parallel); the shard commands of docs/clusters.md \
         run one after another through a stand-in instead"
    );
    let stand_in = scratch.write(
        "stand-in/parallel",
        "#!/bin/sh\n\
         for argument in \"$@\"; do template=$argument; done\n\
         while IFS= read -r value; do\n\
         \x20 sh -c \"$(printf '%s\\n' \"$template\" | sed \"s/{}/$value/g\")\" || exit\n\
         done\n",
    );
    std::fs::set_permissions(&stand_in, std::fs::Permissions::from_mode(0o755)).expect("make it executable");
    Some(stand_in.parent().expect("its folder").to_path_buf())
}

/// The ```sh block of docs/clusters.md after the marker `<!-- tested: NAME -->`.
fn tested_block(name: &str) -> String {
    let clusters = docs_file("clusters.md");
    let marker = format!("<!-- tested: {name} -->\n```sh\n");
    let start = clusters.find(&marker).unwrap_or_else(|| panic!("docs/clusters.md has no {marker:?}"));
    let block = &clusters[start + marker.len()..];
    block[..block.find("```").expect("the block ends")].to_owned()
}

/// The text of an n x n board.
fn board_text(reserved: Vec<Vec<bool>>) -> String {
    checker::Board::from_reserved(reserved).expect("a square board").to_text()
}

/// An 11 x 11 board with a scatter of reserved squares that keeps none of the board's symmetries.
fn reserved_11() -> Vec<Vec<bool>> {
    board_where(11, |row, col| (row * 5 + col * col) % 9 == 0)
}

/// The one whole number after `key` in `text`, as in `completions: 8` or `--array=0-7`.
fn number_after(text: &str, key: &str) -> usize {
    let mut found = text.match_indices(key).map(|(at, _)| {
        let digits: String = text[at + key.len()..].chars().take_while(char::is_ascii_digit).collect();
        digits.parse::<usize>().unwrap_or_else(|_| panic!("a number after {key:?}"))
    });
    let number = found.next().unwrap_or_else(|| panic!("{key:?} is missing"));
    assert_eq!(found.next(), None, "{key:?} appears twice");
    number
}

#[test]
fn the_parallel_recipe_for_one_machine_counts_q12_as_oeis_says() {
    let scratch = Scratch::new("parallel-local");
    let stand_in = parallel_or_stand_in(&scratch);
    scratch.write("board.txt", &board_text(board_where(12, |_, _| false)));
    let recipe = tested_block("parallel-local");
    assert!(recipe.contains("parallel --will-cite"), "{recipe}");
    let home = parallel_home(&scratch);
    let outcome = shell(&recipe, &scratch.0, stand_in.as_deref(), &[("PARALLEL_HOME", &home)]);
    let q12 = checker::oracle::known_count(12).expect("OEIS knows Q(12)");
    assert_eq!(outcome, Outcome::success(&format!("{q12}\n")), "{recipe}");
    // The recipe collected one file a slice, each one shard line.
    let slice_count = number_after(&recipe, "--shard {}/");
    for slice in 1..=slice_count {
        let file =
            std::fs::read_to_string(scratch.0.join(format!("shards/{slice}.txt"))).expect("a shard file");
        assert!(file.starts_with(&format!("slice {slice}/{slice_count} of board n=12 ")), "{file:?}");
    }
}

#[test]
fn the_parallel_recipe_for_many_hosts_runs_with_the_local_machine_as_every_host() {
    let scratch = Scratch::new("parallel-sshlogin");
    let stand_in = parallel_or_stand_in(&scratch);
    let reserved = reserved_11();
    let expected = oracle_count(&reserved);
    scratch.write("board.txt", &board_text(reserved));
    let recipe = tested_block("parallel-sshlogin");
    let hosts_line = recipe.lines().find(|line| line.starts_with("hosts=")).expect("a hosts= line");
    // `:` is parallel's name for the local machine; everything else is run as written.
    let recipe = recipe.replace(hosts_line, "hosts=2/:");
    assert!(recipe.contains("--sshlogin \"$hosts\"") && recipe.contains("--basefile board.txt"), "{recipe}");
    let home = parallel_home(&scratch);
    let outcome = shell(&recipe, &scratch.0, stand_in.as_deref(), &[("PARALLEL_HOME", &home)]);
    assert_eq!(
        (outcome.stdout.as_str(), outcome.status),
        (format!("{expected}\n").as_str(), Some(0)),
        "{outcome:?}"
    );
    let lines = std::fs::read_to_string(scratch.0.join("shards.txt")).expect("the collected output");
    assert_eq!(lines.lines().count(), number_after(&recipe, "--shard {}/"), "{lines}");
}

/// A stand-in `sbatch`: it runs a job when it is submitted, each array task in turn with the
/// variables Slurm sets and its streams where `--output` and `--error` say, so that nothing is
/// ever left queued. `--test-only` refuses more than 2 CPUs a task in Slurm's words, as a 2-CPU
/// node does. Each command line is appended to `$FAKE_SLURM/slurm.log`.
const FAKE_SBATCH: &str = r#"#!/bin/sh
set -eu
echo "sbatch $*" >>"$FAKE_SLURM/slurm.log"
test_only='' parsable='' array='' output='slurm-%A_%a.out' error='' wrap='' cpus=''
while [ $# -gt 0 ]; do
  case $1 in
    --test-only) test_only=yes ;;
    --parsable) parsable=yes ;;
    --array=*) array=${1#*=} ;;
    --output=*) output=${1#*=} ;;
    --error=*) error=${1#*=} ;;
    --cpus-per-task=*) cpus=${1#*=} ;;
    --wrap) wrap=$2; shift ;;
    -*) ;;
    *) break ;;
  esac
  shift
done
if [ -n "$test_only" ]; then
  if [ "${cpus:-1}" -gt 2 ]; then
    echo 'allocation failure: Requested node configuration is not available'
    exit 1
  fi
  echo 'sbatch: Job 99 to start at 2026-01-01T00:00:00 using 1 processors on nodes node1 in partition debug' >&2
  exit 0
fi
id=$(( $(cat "$FAKE_SLURM/last-id" 2>/dev/null || echo 0) + 1 ))
echo "$id" >"$FAKE_SLURM/last-id"
if [ -n "$wrap" ]; then
  sh -c "$wrap" >"$output" 2>&1 || true
else
  script=$1
  shift
  for part in $(echo "$array" | tr ',' ' '); do
    case $part in *-*) seq "${part%-*}" "${part#*-}" ;; *) echo "$part" ;; esac
  done >"$FAKE_SLURM/indexes"
  while read -r index; do
    out=$(echo "$output" | sed "s/%A/$id/g; s/%a/$index/g")
    err=$(echo "$error" | sed "s/%A/$id/g; s/%a/$index/g")
    env SLURM_ARRAY_TASK_ID="$index" SLURM_ARRAY_JOB_ID="$id" SLURM_CPUS_ON_NODE=1 \
      ${cpus:+"SLURM_CPUS_PER_TASK=$cpus"} bash "$script" "$@" >"$out" 2>"$err" </dev/null || true
  done <"$FAKE_SLURM/indexes"
fi
if [ -n "$parsable" ]; then echo "$id"; else echo "Submitted batch job $id"; fi
"#;

/// The rest of the stand-in Slurm: `squeue` lists no job (they ran when submitted) but prints
/// `$FAKE_REASON` as a pending job's reason (`-o %r`); `scontrol show config` gives Slurm's default
/// MaxArraySize; `scancel` only logs.
const FAKE_SLURM_TOOLS: [(&str, &str); 3] = [
    (
        "squeue",
        "#!/bin/sh\nfor argument in \"$@\"; do\n  if [ \"$argument\" = %r ] && [ -n \"${FAKE_REASON:-}\" ]; then echo \"$FAKE_REASON\"; fi\ndone\n",
    ),
    (
        "scontrol",
        "#!/bin/sh\nif [ \"$*\" = 'show config' ]; then echo 'MaxArraySize            = 1001'; fi\n",
    ),
    ("scancel", "#!/bin/sh\necho \"scancel $*\" >>\"$FAKE_SLURM/slurm.log\"\n"),
];

fn make_executable(path: &Path) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).expect("make it executable");
}

/// A scratch folder as a user sets it up for the Slurm recipe (`docs/slurm/`'s two files and
/// `board` as board.txt), with the stand-in Slurm in `fake-slurm/`. `.ci/slurm` runs the same
/// recipe on a real single-node Slurm.
fn slurm_folder(name: &str, board: &str) -> Scratch {
    let scratch = Scratch::new(name);
    for (name, text) in std::iter::once(("sbatch", FAKE_SBATCH)).chain(FAKE_SLURM_TOOLS) {
        make_executable(&scratch.write(&format!("fake-slurm/{name}"), text));
    }
    for name in ["queens.sbatch", "submit.sh"] {
        make_executable(&scratch.write(name, &docs_file(&format!("slurm/{name}"))));
    }
    scratch.write("board.txt", board);
    scratch
}

/// Runs `script` with `bash -e` in the folder, the stand-in Slurm on the PATH before any real one.
fn with_fake_slurm(scratch: &Scratch, script: &str, environment: &[(&str, &str)]) -> Outcome {
    let fake = scratch.0.join("fake-slurm");
    let mut command = Command::new("bash");
    command
        .args(["-e", "-c", script])
        .current_dir(&scratch.0)
        .env("PATH", path_with_cses(Some(&fake)))
        .env("FAKE_SLURM", &fake)
        .env_remove("FAKE_REASON");
    run(&mut command, b"", environment)
}

/// The stand-in's log of sbatch and scancel command lines, emptied.
fn take_slurm_log(scratch: &Scratch) -> String {
    let path = scratch.0.join("fake-slurm/slurm.log");
    let log = std::fs::read_to_string(&path).unwrap_or_default();
    let _ = std::fs::remove_file(&path);
    log
}

/// A refusal of submit.sh: one line on stderr, nothing on stdout, exit status 1.
fn refusal(message: &str) -> Outcome {
    Outcome { stdout: String::new(), stderr: format!("error: {message}\n"), status: Some(1) }
}

/// The slice count K of the docs' Slurm recipe: the number after `./submit.sh `.
fn slurm_slice_count(recipe: &str) -> usize {
    let counts: Vec<usize> = recipe
        .split("./submit.sh ")
        .skip(1)
        .filter_map(|rest| rest.split(|character: char| !character.is_ascii_digit()).next()?.parse().ok())
        .collect();
    assert_eq!(counts.len(), 1, "one `./submit.sh K` in {recipe}");
    counts[0]
}

#[test]
fn the_slurm_script_runs_as_each_array_task_and_its_sum_job_adds_them_up() {
    let script = docs_file("slurm/queens.sbatch");
    // Slurm reads #SBATCH lines only before the first command.
    let first_command =
        script.lines().position(|line| !line.trim().is_empty() && !line.starts_with('#')).expect("a command");
    let lines: Vec<&str> = script.lines().collect();
    let last_directive = lines.iter().rposition(|line| line.starts_with("#SBATCH")).expect("directives");
    assert!(last_directive < first_command, "an #SBATCH line after the first command is ignored");
    // Nothing that a node could fail to meet, and no K: the submit command gives them.
    for fixed in ["--cpus-per-task", "--array", "--time"] {
        assert!(!lines.iter().any(|line| line.starts_with(&format!("#SBATCH {fixed}"))), "#SBATCH {fixed}");
    }

    let reserved = reserved_11();
    let expected = oracle_count(&reserved);
    let scratch = slurm_folder("slurm", &board_text(reserved));
    let recipe = tested_block("slurm");
    let slice_count = slurm_slice_count(&recipe);
    let outcome = with_fake_slurm(&scratch, &recipe, &[]);
    assert_eq!(
        (outcome.stdout.as_str(), outcome.status),
        (format!("{expected}\n").as_str(), Some(0)),
        "{outcome:?}"
    );
    assert_eq!(
        outcome.stderr,
        "queued run 1: array job 1, sum job 2; the total goes to queens-1.total (submit.sh --wait 1 waits for it)\n"
    );
    // K, written once, reaches both the array and the script; the request is tried before it is
    // queued; the sum starts once the array has ended, whatever its tasks' fate.
    let batch_script = scratch.0.join("queens.sbatch").display().to_string();
    let last = slice_count - 1;
    assert_eq!(
        take_slurm_log(&scratch),
        format!(
            "sbatch --test-only --array=0-{last} {batch_script} {slice_count}\n\
             sbatch --parsable --array=0-{last} --output=queens-%A_%a.out --error=queens-%A_%a.err {batch_script} {slice_count}\n\
             sbatch --parsable --job-name=queens-sum-1 --dependency=afterany:1 --output=queens-1.total --wrap cses --sum queens-1_*.out\n"
        )
    );
    for slice in 1..=slice_count {
        let read = |extension: &str| {
            std::fs::read_to_string(scratch.0.join(format!("queens-1_{}.{extension}", slice - 1)))
                .expect("a task's file")
        };
        assert!(
            read("out").starts_with(&format!("slice {slice}/{slice_count} of board n=11 ")),
            "{}",
            read("out")
        );
        assert_eq!(read("err"), "");
    }
    assert_eq!(
        std::fs::read_to_string(scratch.0.join("queens-1.total")).expect("the total"),
        format!("{expected}\n")
    );
}

#[test]
fn a_failed_slurm_task_is_named_by_the_sum_and_the_docs_rerun_completes_the_count() {
    let reserved = reserved_11();
    let expected = oracle_count(&reserved);
    let scratch = slurm_folder("slurm-rerun", &board_text(reserved));
    let (recipe, rerun) = (tested_block("slurm"), tested_block("slurm-rerun"));
    let slice_count = slurm_slice_count(&recipe);
    let index = number_after(&rerun, "--rerun \"$jobid\" ");
    // A `cses` first on the tasks' PATH that fails for the index the docs rerun, leaving what a
    // crashed task leaves: nothing on stdout, a line on stderr.
    let fault = scratch.write(
        "fault/cses",
        &format!(
            "#!/bin/sh\nif [ \"${{SLURM_ARRAY_TASK_ID:-}}\" = {index} ]; then echo 'error: made to fail' >&2; exit 3; fi\n\
             exec '{}' \"$@\"\n",
            env!("CARGO_BIN_EXE_cses")
        ),
    );
    make_executable(&fault);
    // Both blocks in one shell, as a user types them: the rerun reads the first one's $jobid.
    let driver = format!(
        "PATH=\"$PWD/fault:$PATH\"\nstatus=0\n{{\n{recipe}}} >failed.out 2>failed.err || status=$?\n\
         echo \"$status\" >failed.status\ncp \"queens-${{jobid}}_{index}.err\" failed-task.err\n\
         PATH=\"${{PATH#\"$PWD/fault:\"}}\"\n{rerun}"
    );
    let outcome = with_fake_slurm(&scratch, &driver, &[]);
    assert_eq!(
        (outcome.stdout.as_str(), outcome.status),
        (format!("{expected}\n").as_str(), Some(0)),
        "{outcome:?}"
    );
    let read = |name: &str| std::fs::read_to_string(scratch.0.join(name)).expect("a file the driver wrote");
    assert_eq!((read("failed.status").as_str(), read("failed.out").as_str()), ("2\n", ""));
    assert_eq!(
        read("failed.err"),
        format!(
            "queued run 1: array job 1, sum job 2; the total goes to queens-1.total (submit.sh --wait 1 waits for it)\n\
             error: missing slice {}/{slice_count} ({} of {slice_count} read)\n",
            index + 1,
            slice_count - 1
        )
    );
    assert_eq!(read("failed-task.err"), "error: made to fail\n");
    // The rerun wrote over the failed task's files and summed the run again, into its own total.
    assert_eq!(read(&format!("queens-1_{index}.err")), "");
    assert!(
        read(&format!("queens-1_{index}.out")).starts_with(&format!("slice {}/{slice_count} ", index + 1))
    );
    assert_eq!(read("queens-1.total"), format!("{expected}\n"));
    let batch_script = scratch.0.join("queens.sbatch").display().to_string();
    let log = take_slurm_log(&scratch);
    assert!(
        log.ends_with(&format!(
            "sbatch --test-only --array={index} {batch_script} {slice_count}\n\
             sbatch --parsable --array={index} --output=queens-1_%a.out --error=queens-1_%a.err {batch_script} {slice_count}\n\
             sbatch --parsable --job-name=queens-sum-1 --dependency=afterany:3 --output=queens-1.total --wrap cses --sum queens-1_*.out\n"
        )),
        "{log}"
    );
}

#[test]
fn every_refusal_of_the_slurm_submit_script_is_one_line_and_leaves_nothing_queued() {
    let scratch = slurm_folder("slurm-refusals", SAMPLE);
    let folder = std::fs::canonicalize(&scratch.0).expect("the folder").display().to_string();
    let usage =
        "usage: submit.sh K [SBATCH_OPTION...] | submit.sh --rerun JOBID INDEXES [SBATCH_OPTION...] | \
                 submit.sh --wait JOBID";
    // A run 7 whose slice 1/8 is on file, for --rerun to read K from.
    scratch.write("queens-7_0.out", &format!("{}\n", shard_line(SAMPLE, 1, 8)));
    let cases: Vec<(&str, String)> = vec![
        ("./submit.sh", usage.to_owned()),
        ("./submit.sh -h", usage.to_owned()),
        ("./submit.sh 0", "invalid K 0: expected a whole number of slices >= 1".to_owned()),
        ("./submit.sh x8", "invalid K x8: expected a whole number of slices >= 1".to_owned()),
        (
            "./submit.sh 1002",
            "K=1002 slices need array indexes 0 to 1001, but this cluster's MaxArraySize is 1001 (indexes below it): \
             use at most 1001 slices"
                .to_owned(),
        ),
        ("./submit.sh 8 --array=0-3", "--array is submit.sh's: give the slice count K instead".to_owned()),
        ("./submit.sh 8 -a 0-3", "--array is submit.sh's: give the slice count K instead".to_owned()),
        (
            "./submit.sh 8 -o out.txt",
            "the output files are submit.sh's (queens-JOBID_<index>.out and .err): leave out -o".to_owned(),
        ),
        (
            "./submit.sh 8 --cpus-per-task=3",
            "Slurm refuses the request, nothing was queued: allocation failure: Requested node configuration is not \
             available"
                .to_owned(),
        ),
        ("./submit.sh --rerun 7", usage.to_owned()),
        (
            "./submit.sh --rerun 7 5x",
            "invalid INDEXES 5x: array indexes as --array takes them, such as 5 or 2,5-6".to_owned(),
        ),
        ("./submit.sh --rerun 7 8", "index 8 is not a slice of run 7: its indexes are 0 to 7".to_owned()),
        ("./submit.sh --rerun 7 2,5-9", "index 9 is not a slice of run 7: its indexes are 0 to 7".to_owned()),
        (
            "./submit.sh --rerun 6 5",
            format!("no shard line of run 6 in {folder}, so its slice count is unknown: submit the run again"),
        ),
        ("./submit.sh --wait", usage.to_owned()),
        ("./submit.sh --wait 6", format!("no queens-6.total in {folder}: was run 6 submitted from this folder?")),
    ];
    for (command, message) in cases {
        assert_eq!(with_fake_slurm(&scratch, command, &[]), refusal(&message), "{command}");
        let log = take_slurm_log(&scratch);
        assert!(!log.contains("sbatch --parsable"), "{command} queued a job: {log}");
    }
    // A limit that only the pending reason shows (Slurm's default EnforcePartLimits=NO): the array
    // is queued, then cancelled.
    assert_eq!(
        with_fake_slurm(&scratch, "./submit.sh 8 --time=2-0", &[("FAKE_REASON", "PartitionTimeLimit")]),
        refusal(
            "Slurm queued the array but would never start it (reason PartitionTimeLimit: the request is over a limit \
             of the partition, such as its MaxTime, or its nodes; see scontrol show partition): cancelled job 1"
        )
    );
    let log = take_slurm_log(&scratch);
    assert!(log.ends_with("scancel 1\n") && !log.contains("--wrap"), "{log}");
    // The tasks read board.txt from the folder they are submitted from.
    std::fs::remove_file(scratch.0.join("board.txt")).expect("remove the board");
    assert_eq!(
        with_fake_slurm(&scratch, "./submit.sh 8", &[]),
        refusal(&format!(
            "no board.txt in {folder}: the tasks read it from the folder they are submitted from"
        ))
    );
    assert_eq!(take_slurm_log(&scratch), "");
}

#[test]
fn waiting_for_a_slurm_run_prints_its_total_or_its_refusal() {
    let scratch = slurm_folder("slurm-wait", SAMPLE);
    scratch.write("queens-4.total", "14772512\n");
    assert_eq!(with_fake_slurm(&scratch, "./submit.sh --wait 4", &[]), Outcome::success("14772512\n"));
    // The sum's refusal, as `cses --sum` wrote it, with its exit status.
    scratch.write("queens-4.total", "error: missing slice 6/8 (7 of 8 read)\n");
    assert_eq!(
        with_fake_slurm(&scratch, "./submit.sh --wait 4", &[]),
        Outcome::failure("missing slice 6/8 (7 of 8 read)")
    );
    scratch.write("queens-4.total", "");
    assert_eq!(
        with_fake_slurm(&scratch, "./submit.sh --wait 4", &[]),
        refusal("queens-4.total is empty: the sum job ended without a word (cancelled?)")
    );
}

#[test]
fn the_kubernetes_job_runs_as_each_indexed_pod_and_the_logs_add_up() {
    let manifest = docs_file("kubernetes/queens-indexed-job.yaml");
    let value = |key: &str| {
        let line = manifest
            .lines()
            .find(|line| line.trim_start().starts_with(key))
            .unwrap_or_else(|| panic!("{key}"));
        line.trim_start()[key.len()..].trim().to_owned()
    };
    assert_eq!(value("completionMode:"), "Indexed");
    assert_eq!(value("restartPolicy:"), "Never");
    let completions: usize = value("completions:").parse().expect("a number");
    let parallelism: usize = value("parallelism:").parse().expect("a number");
    assert!((1..=completions).contains(&parallelism), "parallelism {parallelism}");
    // The board's volume is mounted where the command runs.
    assert_eq!(value("workingDir:"), value("mountPath:"));
    let command = value("command:");
    let arguments: Vec<&str> = command
        .strip_prefix('[')
        .and_then(|rest| rest.strip_suffix(']'))
        .expect("command: [\"sh\", \"-c\", \"...\"]")
        .split(", ")
        .map(|argument| argument.strip_prefix('"').and_then(|rest| rest.strip_suffix('"')).expect("quoted"))
        .collect();
    let ["sh", "-c", script] = arguments[..] else { panic!("{arguments:?}") };
    assert!(!script.contains('\\') && !script.contains('"'), "no escapes to undo: {script}");
    assert_eq!(number_after(script, "--shard env/"), completions);
    let sum_command = manifest
        .lines()
        .find_map(|line| line.strip_prefix('#').map(str::trim).filter(|line| line.starts_with("cses --sum")))
        .expect("the sum command");

    let scratch = Scratch::new("kubernetes");
    let mount = scratch.0.join("board");
    let reserved = reserved_11();
    let expected = oracle_count(&reserved);
    scratch.write("board/board.txt", &board_text(reserved));
    for index in 0..completions {
        let index = index.to_string();
        let mut command = Command::new("sh");
        command.args(["-c", script]).current_dir(&mount).env("PATH", path_with_cses(None));
        let outcome = run(&mut command, b"", &[("JOB_COMPLETION_INDEX", index.as_str())]);
        assert_eq!((outcome.stderr.as_str(), outcome.status), ("", Some(0)), "index {index}");
        // A pod's log holds both of its streams; the docs' loop writes one file a pod.
        scratch.write(&format!("shards/queens-{index}-x7k2p.txt"), &(outcome.stdout + &outcome.stderr));
    }
    assert_eq!(shell(sum_command, &scratch.0, None, &[]), Outcome::success(&format!("{expected}\n")));
}

#[test]
fn a_shard_line_names_the_slice_1_based_the_board_and_the_slicing() {
    // The bare count of a plain run is CSES's output and does not change.
    assert_eq!(cses(&[], SAMPLE.as_bytes(), &[]), Outcome::success("65\n"));
    let line = shard_line(SAMPLE, 3, 8);
    // The board's hash: FNV-1a 64 of the sample's rows, each ending with "\n", as Python's
    // `functools.reduce(lambda h, b: ((h ^ b) * 0x100000001b3) % 2**64, rows, 0xcbf29ce484222325)`
    // gives it.
    let prefix = "slice 3/8 of board n=8 fnv1a64=01ac54db632a12d5 slicing=fastest-";
    assert!(line.starts_with(prefix), "{line}");
    let (slicing, count) = line[prefix.len()..].split_once(": ").expect("a count");
    assert!(slicing.len() == 8 && slicing.bytes().all(|byte| byte.is_ascii_hexdigit()), "{slicing}");
    let total: u64 = (1..=8).map(|slice| count_of(&shard_line(SAMPLE, slice, 8))).sum();
    assert_eq!(total, SAMPLE_COUNT);
    assert_eq!(count_of(&line), count.parse::<u64>().expect("a count"));
}

#[test]
fn the_board_hash_differs_between_boards_and_not_with_crlf_or_a_missing_last_newline() {
    let sample = board_of(&shard_line(SAMPLE, 1, 2)).to_owned();
    let crlf = SAMPLE.replace('\n', "\r\n");
    let without_last_newline = SAMPLE.strip_suffix('\n').expect("a last newline");
    for text in [crlf.as_str(), without_last_newline] {
        assert_eq!(board_of(&shard_line(text, 1, 2)), sample, "{text:?}");
    }
    // One more reserved square, the empty board, and the same rows on a larger board all differ.
    let one_more = SAMPLE.replacen('.', "*", 1);
    let empty = "........\n".repeat(8);
    let larger = board_text(board_where(9, |row, col| {
        row < 8 && col < 8 && SAMPLE.lines().nth(row).expect("a row").as_bytes()[col] == b'*'
    }));
    let mut seen = BTreeMap::from([(sample, "sample")]);
    for (name, text) in [("one more", one_more.as_str()), ("empty", &empty), ("larger", &larger)] {
        let board = board_of(&shard_line(text, 1, 2)).to_owned();
        assert_eq!(seen.insert(board.clone(), name), None, "{name} has the hash of another: {board}");
    }
}

#[test]
fn the_environment_gives_the_same_slice_as_shard_i_k() {
    let expected = cses(&["--shard", "3/8"], SAMPLE.as_bytes(), &[]);
    assert_eq!(expected.status, Some(0));
    for environment in [
        &[("SLURM_ARRAY_TASK_ID", "2")][..],
        &[("JOB_COMPLETION_INDEX", "2")],
        &[("SLURM_ARRAY_TASK_ID", "2"), ("JOB_COMPLETION_INDEX", "2")],
    ] {
        assert_eq!(cses(&["--shard", "env/8"], SAMPLE.as_bytes(), environment), expected, "{environment:?}");
        assert_eq!(cses(&["--shard=env/8", "--threads", "1"], SAMPLE.as_bytes(), environment), expected);
    }
    // An explicit slice ignores the environment.
    let elsewhere = [("SLURM_ARRAY_TASK_ID", "7"), ("JOB_COMPLETION_INDEX", "5")];
    assert_eq!(cses(&["--shard", "3/8"], SAMPLE.as_bytes(), &elsewhere), expected);
}

#[test]
fn every_refusal_of_the_environment_index_is_one_line_and_exit_2() {
    let neither = "--shard env/8: neither SLURM_ARRAY_TASK_ID nor JOB_COMPLETION_INDEX is set (a Slurm job \
                   array or a Kubernetes Indexed Job sets one); outside them give --shard I/K";
    let slurm = |value: &str| {
        format!(
            "--shard env/8: SLURM_ARRAY_TASK_ID={value:?} is not a slice index from 0 to 7 (sbatch --array=0-7)"
        )
    };
    let kubernetes = |value: &str| {
        format!(
            "--shard env/8: JOB_COMPLETION_INDEX={value:?} is not a slice index from 0 to 7 (completions: 8)"
        )
    };
    let cases: Vec<(Vec<(&str, &str)>, String)> = vec![
        (vec![], neither.to_owned()),
        (vec![("SLURM_ARRAY_TASK_ID", "8")], slurm("8")),
        (vec![("SLURM_ARRAY_TASK_ID", "")], slurm("")),
        (vec![("SLURM_ARRAY_TASK_ID", "-1")], slurm("-1")),
        (vec![("SLURM_ARRAY_TASK_ID", "+1")], slurm("+1")),
        (vec![("SLURM_ARRAY_TASK_ID", " 1")], slurm(" 1")),
        (vec![("SLURM_ARRAY_TASK_ID", "1.0")], slurm("1.0")),
        (vec![("SLURM_ARRAY_TASK_ID", "99999999999999999999999")], slurm("99999999999999999999999")),
        (vec![("JOB_COMPLETION_INDEX", "12")], kubernetes("12")),
        (vec![("JOB_COMPLETION_INDEX", "two")], kubernetes("two")),
        (vec![("SLURM_ARRAY_TASK_ID", "1"), ("JOB_COMPLETION_INDEX", "x")], kubernetes("x")),
        (
            vec![("SLURM_ARRAY_TASK_ID", "1"), ("JOB_COMPLETION_INDEX", "2")],
            "--shard env/8: SLURM_ARRAY_TASK_ID=1 and JOB_COMPLETION_INDEX=2 disagree: unset the one that is \
             not this job's"
                .to_owned(),
        ),
    ];
    for (environment, message) in cases {
        assert_eq!(
            cses(&["--shard", "env/8"], SAMPLE.as_bytes(), &environment),
            Outcome::failure(&message),
            "{environment:?}"
        );
    }
    for value in ["env/0", "env/", "env/x", "env/-1", "env/+2", "env/1/2"] {
        assert_eq!(
            cses(&["--shard", value], SAMPLE.as_bytes(), &[("SLURM_ARRAY_TASK_ID", "0")]),
            Outcome::failure(&format!(
                "invalid --shard {value:?}: expected env/K with a whole number K >= 1"
            )),
            "{value}"
        );
    }
    assert_eq!(
        cses(&["--impl", "bitmask", "--shard", "env/8"], SAMPLE.as_bytes(), &[("SLURM_ARRAY_TASK_ID", "0")]),
        Outcome::failure(
            "--threads and --shard apply to the fastest implementation only, not to \"bitmask\""
        )
    );
}

/// The real shard lines of the sample in `slice_count` slices.
fn sample_lines(slice_count: usize) -> Vec<String> {
    (1..=slice_count).map(|slice| shard_line(SAMPLE, slice, slice_count)).collect()
}

/// `cses --sum` of files written into `scratch`, each `(name, text)`.
fn sum_of(scratch: &Scratch, files: &[(&str, String)]) -> Outcome {
    let paths: Vec<String> =
        files.iter().map(|(name, text)| scratch.write(name, text).display().to_string()).collect();
    let mut arguments = vec!["--sum"];
    arguments.extend(paths.iter().map(String::as_str));
    cses(&arguments, b"", &[])
}

#[test]
fn sum_adds_the_slices_skipping_blank_lines_with_any_line_ends_and_stdin() {
    let scratch = Scratch::new("sum-accepts");
    let lines = sample_lines(4);
    let total = format!("{SAMPLE_COUNT}\n");
    // One file, shuffled, with blank lines, spaces and CRLF.
    let messy = format!("\n{}\r\n  \n  {}  \r\n{}\n\n{}", lines[2], lines[0], lines[3], lines[1]);
    assert_eq!(sum_of(&scratch, &[("all.txt", messy)]), Outcome::success(&total));
    // A file a slice, with empty files among them (a failed task's empty output is no slice).
    let mut files: Vec<(String, String)> =
        lines.iter().enumerate().map(|(at, line)| (format!("{at}.out"), format!("{line}\n"))).collect();
    files.push(("empty.out".to_owned(), String::new()));
    let files: Vec<(&str, String)> = files.iter().map(|(name, text)| (name.as_str(), text.clone())).collect();
    assert_eq!(sum_of(&scratch, &files), Outcome::success(&total));
    // `-` is stdin, beside files.
    let first = scratch.write("first.txt", &format!("{}\n", lines[0])).display().to_string();
    let rest = format!("{}\n{}\n{}\n", lines[1], lines[2], lines[3]);
    assert_eq!(cses(&["--sum", &first, "-"], rest.as_bytes(), &[]), Outcome::success(&total));
    assert_eq!(
        cses(&["--sum", "-"], format!("{}\n{rest}", lines[0]).as_bytes(), &[]),
        Outcome::success(&total)
    );
}

#[test]
fn every_refusal_of_sum_is_one_line_naming_the_file_and_line_and_exit_2() {
    let scratch = Scratch::new("sum-refuses");
    let path = |name: &str| scratch.0.join(name).display().to_string();
    let lines = sample_lines(4);
    let [one, two, three, four] = [&lines[0], &lines[1], &lines[2], &lines[3]];
    let of_eight = sample_lines(8);
    let other_board = shard_line(&SAMPLE.replacen('.', "*", 1), 2, 4);
    let slicing = one.split(" slicing=").nth(1).expect("a slicing").split(": ").next().expect("a name");
    let other_slicing = two.replace(slicing, "fastest-00000000");
    let form = "slice I/K of board n=N fnv1a64=HASH slicing=NAME";
    let not_a_shard_line =
        |place: &str, quoted: &str| format!("{place}: not a shard line ({form}: COUNT): {quoted}");
    let cases: Vec<(Vec<(&str, String)>, String)> = vec![
        (
            vec![("noise.txt", format!("{one}\nslurmstepd: error: *** JOB 4242 CANCELLED ***\n"))],
            not_a_shard_line(
                &format!("{}:2", path("noise.txt")),
                "\"slurmstepd: error: *** JOB 4242 CANCELLED ***\"",
            ),
        ),
        (
            vec![("failed.err", "error: line 3, column 1: too few rows: expected 8, found 2\n".to_owned())],
            not_a_shard_line(
                &format!("{}:1", path("failed.err")),
                "\"error: line 3, column 1: too few rows: expected 8, found 2\"",
            ),
        ),
        (
            vec![("bare.txt", "65\n".to_owned())],
            not_a_shard_line(&format!("{}:1", path("bare.txt")), "\"65\""),
        ),
        (
            vec![("long.txt", format!("{}\n", "x".repeat(100)))],
            not_a_shard_line(&format!("{}:1", path("long.txt")), &format!("{:?}...", "x".repeat(60))),
        ),
        (
            vec![("prefixed.txt", format!("[pod/queens-0-x7k2p/queens] {one}\n"))],
            not_a_shard_line(
                &format!("{}:1", path("prefixed.txt")),
                &format!(
                    "{:?}...",
                    format!("[pod/queens-0-x7k2p/queens] {one}").chars().take(60).collect::<String>()
                ),
            ),
        ),
        (
            vec![("signed.txt", format!("{}\n", one.replace("slice 1/4", "slice +1/4")))],
            not_a_shard_line(
                &format!("{}:1", path("signed.txt")),
                &format!(
                    "{:?}...",
                    one.replace("slice 1/4", "slice +1/4").chars().take(60).collect::<String>()
                ),
            ),
        ),
        (
            vec![("zero.txt", format!("{}\n", one.replace("slice 1/4", "slice 0/4")))],
            format!("{}:1: slice 0/4 does not exist: expected 1 <= I <= K", path("zero.txt")),
        ),
        (
            vec![("past.txt", format!("{}\n", one.replace("slice 1/4", "slice 5/4")))],
            format!("{}:1: slice 5/4 does not exist: expected 1 <= I <= K", path("past.txt")),
        ),
        (
            vec![(
                "huge.txt",
                format!("{}: 18446744073709551616\n", one.rsplit_once(": ").expect("a count").0),
            )],
            format!(
                "{}:1: count 18446744073709551616 is over u64's largest, 18446744073709551615",
                path("huge.txt")
            ),
        ),
        (
            vec![("a.txt", format!("{one}\n")), ("b.txt", format!("{}\n", of_eight[1]))],
            format!(
                "{}:1: slice 2/8 is one of 8 slices, but {}:1 has slice 1/4, one of 4",
                path("b.txt"),
                path("a.txt")
            ),
        ),
        (
            vec![("a.txt", format!("{one}\n{other_board}\n"))],
            format!(
                "{}:2: slice 2/4 is of board {}, but {}:1 is of board {}",
                path("a.txt"),
                board_of(&other_board),
                path("a.txt"),
                board_of(one)
            ),
        ),
        (
            vec![("a.txt", format!("{one}\n")), ("b.txt", format!("{other_slicing}\n"))],
            format!(
                "{}:1: slice 2/4 was cut by fastest-00000000, but {}:1 by {slicing}: slices of different versions \
                 of cses need not add up; count them all with one",
                path("b.txt"),
                path("a.txt")
            ),
        ),
        (
            vec![("a.txt", format!("{one}\n{two}\n")), ("b.txt", format!("{three}\n\n{two}\n"))],
            format!("{}:3: slice 2/4 again, already read at {}:2", path("b.txt"), path("a.txt")),
        ),
        (vec![("a.txt", format!("{one}\n{three}\n"))], "missing slices 2/4, 4/4 (2 of 4 read)".to_owned()),
        (vec![("a.txt", format!("{two}\n{three}\n{four}\n"))], "missing slice 1/4 (3 of 4 read)".to_owned()),
        (
            vec![("a.txt", format!("{}\n{}\n", of_eight[0], of_eight[4]))],
            "missing slices 2/8 to 4/8, 6/8 to 8/8 (2 of 8 read)".to_owned(),
        ),
        (
            vec![(
                "a.txt",
                format!("{}: 18446744073709551615\n{}\n", one.rsplit_once(": ").expect("a count").0, two),
            )],
            format!(
                "{}:2: adding slice 2/4's count takes the total past u64's largest, 18446744073709551615",
                path("a.txt")
            ),
        ),
        (vec![("a.txt", "\n \n".to_owned())], "no shard lines to add: the input holds none".to_owned()),
        (
            vec![("a.txt", String::new()), ("b.txt", "\r\n".to_owned())],
            "no shard lines to add: none of the 2 inputs holds one".to_owned(),
        ),
    ];
    for (files, message) in cases {
        assert_eq!(sum_of(&scratch, &files), Outcome::failure(&message), "{files:?}");
    }
    // The same file twice, a file that is not there, and stdin named as such.
    let a = scratch.write("twice.txt", &format!("{one}\n")).display().to_string();
    assert_eq!(
        cses(&["--sum", &a, &a], b"", &[]),
        Outcome::failure(&format!("{a}:1: slice 1/4 again: {a} is given twice"))
    );
    let missing = path("not-there.txt");
    assert_eq!(
        cses(&["--sum", &a, &missing], b"", &[]),
        Outcome::failure(&format!("cannot read {missing}: No such file or directory (os error 2)"))
    );
    assert_eq!(
        cses(&["--sum", "-"], b"hello\n", &[]),
        Outcome::failure(&not_a_shard_line("<stdin>:1", "\"hello\""))
    );
}

#[test]
fn sum_lists_many_missing_slices_compactly() {
    let scratch = Scratch::new("sum-missing");
    // Every third slice of 60: 40 missing in 20 runs, of which 12 are listed.
    let lines: String =
        (1..=60).step_by(3).map(|slice| format!("{}\n", shard_line(SAMPLE, slice, 60))).collect();
    let listed: Vec<String> = (0..12).map(|run| format!("{}/60, {}/60", 3 * run + 2, 3 * run + 3)).collect();
    assert_eq!(
        sum_of(&scratch, &[("a.txt", lines)]),
        Outcome::failure(&format!("missing slices {}, and 8 more runs (20 of 60 read)", listed.join(", ")))
    );
}

#[test]
fn sum_takes_files_and_nothing_else() {
    let cases: &[(&[&str], &str)] = &[
        (&["--sum"], "--sum needs at least one FILE of shard lines (`-` for stdin)"),
        (
            &["--sum", "a.txt", "--impl", "fastest"],
            "--sum takes files only, not --list, --impl, --threads or --shard",
        ),
        (
            &["--threads", "2", "--sum", "a.txt"],
            "--sum takes files only, not --list, --impl, --threads or --shard",
        ),
        (
            &["--sum", "--shard", "1/2", "a.txt"],
            "--sum takes files only, not --list, --impl, --threads or --shard",
        ),
        (&["--list", "--sum", "a.txt"], "--sum takes files only, not --list, --impl, --threads or --shard"),
        (&["a.txt"], "unexpected argument \"a.txt\""),
    ];
    for (arguments, message) in cases {
        assert_eq!(cses(arguments, SAMPLE.as_bytes(), &[]), Outcome::failure(message), "{arguments:?}");
    }
}
