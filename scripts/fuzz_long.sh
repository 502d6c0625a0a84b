#!/usr/bin/env bash
# A long fuzz run of one target on every core: one worker per core, each restarted every
# SEGMENT seconds (default 600) on the shared work corpus, until SECONDS have passed. The
# USI-loop target slows as its process ages (about 900 executions per second on two cores
# after a start, 550 after an hour: docs/robustness.md), and a restart re-runs the corpus,
# which counts as executions too. Prints the executions of all workers; a finding stops the
# run with its input in build/fuzz/findings/.
#   scripts/fuzz_long.sh TARGET SECONDS [SEGMENT]
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?target, e.g. usi_loop}
seconds=${2:?seconds}
segment=${3:-600}
scripts/fuzz.sh 1 "$target" >/dev/null  # builds the fuzz preset and seeds the work corpus
work=build/fuzz/corpus-work/$target
logs=build/fuzz/findings/long-$target-$(date -u +%Y%m%d-%H%M%S)
mkdir -p "$logs"
# Shorter allocation stacks in reports: every check stays, each malloc costs less.
export ASAN_OPTIONS=${ASAN_OPTIONS:-malloc_context_size=2}
end=$(($(date +%s) + seconds))
worker() {
    local w=$1 run=0
    while (($(date +%s) < end)); do
        run=$((run + 1))
        local left=$((end - $(date +%s)))
        ((left > 0)) || break
        if ! build/fuzz/fuzz/fuzz_"$target" "$work" -max_total_time=$((left < segment ? left : segment)) \
            -max_len=4096 -timeout=10 -rss_limit_mb=4096 -reload=10 -seed=$((RANDOM * 100 + w)) \
            -artifact_prefix="$logs/w$w-$run-" -print_final_stats=1 >"$logs/w$w-$run.log" 2>&1; then
            echo "worker $w, run $run: FINDING (see $logs/w$w-$run.log)"
            touch "$logs/FINDING"
            return 1
        fi
        [[ -e $logs/FINDING ]] && return 1
    done
}
pids=()
for w in $(seq "$(nproc)"); do
    worker "$w" &
    pids+=($!)
done
status=0
for p in "${pids[@]}"; do wait "$p" || status=1; done
runs=$(cat "$logs"/w*.log | awk '/^stat::number_of_executed_units:/ { n += $2 } END { print n + 0 }')
echo "$target: ${runs:-0} executions in ${seconds} s on $(nproc) workers (logs in $logs)"
exit $status
