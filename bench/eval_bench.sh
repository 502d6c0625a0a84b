#!/usr/bin/env bash
# SUPER-SOMA eval: evaluate() time per position (eval_bench: median and 90th percentile, single
# thread, threats on and off), then the throughput of `supersoma eval --file --json` with all
# cores (--jobs 0) against one (--jobs 1), then instructions per evaluation with valgrind. The
# figures go to docs/benchmarks.md, "SUPER-SOMA eval".
# Usage: bench/eval_bench.sh [build dir] [suite copies]   (default: build/release, 20)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/release}
copies=${2:-20}
suite=tests/data/perft-suite.txt

[[ -f "$build/CMakeCache.txt" ]] || cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" --target supersoma eval_bench -j"$(nproc)" >/dev/null

echo "== evaluate() per position, single thread ($suite)"
"$build/bench/eval_bench" "$suite"

# The suite repeated, so process start-up is small next to the work.
input=$(mktemp)
trap 'rm -f "$input"' EXIT
for ((i = 0; i < copies; ++i)); do cat "$suite"; done >"$input"
positions=$(grep -v '^#' "$input" | grep -c .)

run() {  # seconds for `eval --file --json --jobs $1` over the repeated suite
    local start end
    start=$(date +%s%N)
    "$build/supersoma" eval --file "$input" --json --jobs "$1" >/dev/null
    end=$(date +%s%N)
    awk -v s="$start" -v e="$end" 'BEGIN { print (e - s) / 1e9 }'
}
run 1 >/dev/null  # warm the page cache
one=$(run 1)
all=$(run 0)
echo "== supersoma eval --file (suite x$copies = $positions positions) --json, $(nproc) cores"
awk -v n="$positions" -v a="$one" -v b="$all" -v c="$(nproc)" 'BEGIN {
    printf "--jobs 1  %8.3f s  %9.0f positions/s\n", a, n / a
    printf "--jobs 0  %8.3f s  %9.0f positions/s  (%d threads)\n", b, n / b, c
    printf "ratio     %8.2fx\n", a / b }'

# Instructions per evaluation (exact, where times are noisy), when valgrind is there.
if command -v valgrind >/dev/null; then
    echo "== instructions per evaluation (callgrind)"
    bench/eval_instructions.sh "$suite"
fi
