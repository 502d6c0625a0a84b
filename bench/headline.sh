#!/usr/bin/env bash
# The headline figures of docs/benchmarks.md ("Today's figures") and README's speed table, one
# command after the other: perft against Fairy-Stockfish, the chess SEE, the network's
# evaluation, the search with and without the threat inputs and with KP, the search per leaf
# mode, and SUPER-SOMA's leaf verdict. Run it on an idle machine.
# Usage: bench/headline.sh [build dir]   (default build/release)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/release}
scripts/install-deps.sh --bench
[[ -f "$build/CMakeCache.txt" ]] || cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" --target supersoma see_bench nnue_bench eval_bench -j"$(nproc)" >/dev/null
engine=$build/supersoma
echo "== $(date -u +%FT%TZ), commit $(git rev-parse --short HEAD)"
echo "== perft(5) against Fairy-Stockfish, three runs"
for _ in 1 2 3; do bench/perft_vs_fairy.sh 5 "$engine"; done
for b in see_bench nnue_bench; do
    echo "== $b, medians of three"
    "$build/bench/$b" --benchmark_repetitions=3 --benchmark_report_aggregates_only=true 2>&1 |
        grep -E '_median|^Benchmark'
done
show() { grep -E "^(evaluation|nodes|nps|soma share) *:" | tr -s ' ' | tr '\n' ' '; echo; }
echo "== bench --depth 8: the default, --without-supersoma, --kp in turn, three rounds"
for _ in 1 2 3; do
    for variant in "" --without-supersoma --kp; do
        printf '%-22s ' "${variant:-default}"
        "$engine" bench --depth 8 $variant | show
    done
done
echo "== bench --depth 6 per leaf mode, two rounds"
for _ in 1 2; do
    for leaf in supersoma hybrid qsearch; do
        printf '%-10s ' "$leaf"
        "$engine" bench --depth 6 --leaf "$leaf" | show
    done
done
echo "== eval_bench, SUPER-SOMA per position (the first three rows: the leaf)"
"$build/bench/eval_bench" tests/data/perft-suite.txt 50
