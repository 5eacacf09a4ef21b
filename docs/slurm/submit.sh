#!/bin/bash
# Submits queens.sbatch (beside this script) as a Slurm job array of K slices of board.txt, from
# the current folder, with the job that adds the slices up; reruns failed slices; waits for the
# total. See docs/clusters.md.
#
#   submit.sh K [SBATCH_OPTION...]                   queue slices 0 to K-1 and their sum; print the run's job id
#   submit.sh --rerun JOBID INDEXES [SBATCH_OPTION...]  queue array indexes INDEXES (`5`, `2,5-6`) of run JOBID
#                                                    again, and its sum
#   submit.sh --wait JOBID                           wait for run JOBID's sum job to end; print the total,
#                                                    or the sum's refusal on stderr with exit status 2
#
# A run's files, in the current folder: queens-JOBID_<index>.out (the slice's one shard line) and
# .err, and queens-JOBID.total (the total, or why `cses --sum` refused the slices). A rerun writes
# over the files of the indexes it reruns, so the sum of a run is always of queens-JOBID_*.out.
#
# K is given once: to `--array=0-(K-1)` and as queens.sbatch's argument (`cses --shard env/K`); a
# rerun reads it from the run's shard lines. The SBATCH_OPTIONs (`--cpus-per-task=16 --time=2-0`,
# a partition, an account) go to the array and to the sum job alike.
#
# Nothing is left queued that could never start. With Slurm's default EnforcePartLimits=NO, sbatch
# accepts a request that no node or partition limit allows and the job waits for ever (reason
# PartitionConfig): so the request is first tried with `sbatch --test-only` (which refuses one
# that no node can meet), and after submission the array's pending reason is read, which Slurm
# sets at submission (PartitionConfig, PartitionTimeLimit, ...); such an array is cancelled. K
# over the cluster's MaxArraySize (1001 unless set) is refused with that reason.
#
# Exit status: 0 on success; 1 when nothing (or nothing more) was queued, or waiting failed; 2
# when the sum refused the slices (a missing one, for example: rerun it).
set -euo pipefail

script_folder="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
batch_script="$script_folder/queens.sbatch"
usage="usage: submit.sh K [SBATCH_OPTION...] | submit.sh --rerun JOBID INDEXES [SBATCH_OPTION...] | submit.sh --wait JOBID"

fail() {
  echo "error: $*" >&2
  exit 1
}

is_whole_number() {
  [[ "$1" =~ ^[0-9]+$ ]] && [ "${#1}" -le 9 ]
}

# Reasons a pending job is given at submission when no change of load will ever start it: only an
# administrator (or another request) can.
never_starts='^(PartitionConfig|PartitionTimeLimit|PartitionNodeLimit|AccountNotAllowed|QOSNotAllowed|InvalidAccount|InvalidQOS|BadConstraints)$'

# Queues `queens.sbatch K` as the array ARRAY_SPEC, its files named after run RUN (`%A` for a new
# run), with the SBATCH_OPTIONs in "${options[@]}"; prints the array's job id.
submit_array() {
  local slices=$1 array_spec=$2 run=$3 trial reason array
  [ -r board.txt ] || fail "no board.txt in $(pwd): the tasks read it from the folder they are submitted from"
  for option in "${options[@]}"; do
    case "$option" in
      --array | --array=* | -a | -a*) fail "--array is submit.sh's: give the slice count K instead" ;;
      --output | --output=* | -o | -o* | --error | --error=* | -e | -e*)
        fail "the output files are submit.sh's (queens-JOBID_<index>.out and .err): leave out $option" ;;
    esac
  done
  if ! trial="$(sbatch --test-only "${options[@]}" --array="$array_spec" "$batch_script" "$slices" 2>&1)"; then
    fail "Slurm refuses the request, nothing was queued: $(echo "$trial" | tail -n 1)"
  fi
  array="$(sbatch --parsable "${options[@]}" --array="$array_spec" --output="queens-${run}_%a.out" \
    --error="queens-${run}_%a.err" "$batch_script" "$slices")"
  array="${array%%;*}"
  # Slurm sets a pending job's reason when it takes the job, so one look right away is enough.
  reason="$(squeue -h -j "$array" -o %r 2>/dev/null | grep -E "$never_starts" | head -n 1 || true)"
  if [ -n "$reason" ]; then
    scancel "$array" || true
    fail "Slurm queued the array but would never start it (reason $reason: the request is over a limit of" \
      "the partition, such as its MaxTime, or its nodes; see scontrol show partition): cancelled job $array"
  fi
  echo "$array"
}

# Queues the sum of run RUN once the array ARRAY has ended, whatever its tasks' fate (afterany), so
# that a failed task shows as a missing slice rather than as a sum that never starts.
submit_sum() {
  local run=$1 array=$2 sum
  sum="$(sbatch --parsable "${options[@]}" --job-name="queens-sum-$run" --dependency="afterany:$array" \
    --output="queens-$run.total" --wrap "cses --sum queens-${run}_*.out")"
  echo "queued run $run: array job $array, sum job ${sum%%;*}; the total goes to queens-$run.total" \
    "(submit.sh --wait $run waits for it)" >&2
}

# Waits until run RUN has no sum job queued or running, asking squeue once a second for the first
# two minutes and every 15 s after, then reads its total.
wait_for_sum() {
  local run=$1 started=$SECONDS queued total_file="queens-$1.total" told=""
  while :; do
    if queued="$(squeue -h --me --name="queens-sum-$run" -o %i)"; then
      [ -z "$queued" ] && break
    elif [ -z "$told" ]; then
      # The controller may be busy or restarting: ask again, saying so once (squeue said why).
      echo "warning: squeue failed; asking again until it answers" >&2
      told=yes
    fi
    if ((SECONDS - started < 120)); then sleep 1; else sleep 15; fi
  done
  [ -e "$total_file" ] || fail "no $total_file in $(pwd): was run $run submitted from this folder?"
  [ -s "$total_file" ] || fail "$total_file is empty: the sum job ended without a word (cancelled?)"
  if [ "$(wc -l <"$total_file")" = 1 ] && grep -qE '^[0-9]+$' "$total_file"; then
    cat "$total_file"
  else
    cat "$total_file" >&2
    exit 2
  fi
}

case "${1:-}" in
  --wait)
    [ $# -eq 2 ] && is_whole_number "$2" || fail "$usage"
    wait_for_sum "$2"
    ;;
  --rerun)
    [ $# -ge 3 ] && is_whole_number "$2" || fail "$usage"
    run=$2 indexes=$3
    options=("${@:4}")
    [[ "$indexes" =~ ^[0-9]+(-[0-9]+)?(,[0-9]+(-[0-9]+)?)*$ ]] ||
      fail "invalid INDEXES $indexes: array indexes as --array takes them, such as 5 or 2,5-6"
    # K from the run's own shard lines: `slice I/K of board ...`.
    slices="$(cat queens-"$run"_*.out 2>/dev/null | sed -n 's|^slice [0-9]*/\([0-9]*\) of board .*|\1|p' | head -n 1 || true)"
    [ -n "$slices" ] || fail "no shard line of run $run in $(pwd), so its slice count is unknown: submit the run again"
    for index in ${indexes//[,-]/ }; do
      is_whole_number "$index" && ((10#$index < slices)) ||
        fail "index $index is not a slice of run $run: its indexes are 0 to $((slices - 1))"
    done
    array="$(submit_array "$slices" "$indexes" "$run")"
    submit_sum "$run" "$array"
    ;;
  '' | -*)
    fail "$usage"
    ;;
  *)
    is_whole_number "$1" && ((10#$1 >= 1)) || fail "invalid K $1: expected a whole number of slices >= 1"
    slices=$((10#$1))
    options=("${@:2}")
    max_array_size="$(scontrol show config | sed -n 's/^MaxArraySize *= *//p')"
    is_whole_number "$max_array_size" || fail "cannot read MaxArraySize from scontrol show config"
    if ((slices > max_array_size)); then
      fail "K=$slices slices need array indexes 0 to $((slices - 1)), but this cluster's MaxArraySize is" \
        "$max_array_size (indexes below it): use at most $max_array_size slices"
    fi
    array="$(submit_array "$slices" "0-$((slices - 1))" '%A')"
    submit_sum "$array" "$array"
    echo "$array"
    ;;
esac
