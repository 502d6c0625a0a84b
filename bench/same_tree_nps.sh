#!/usr/bin/env bash
# What the threat inputs cost on the same tree: `supersoma bench --depth D` with the built-in
# network without threat inputs (eval/data/nnue.bin) against that network given threat rows at
# zero (bench/zero_threat_rows.py), which evaluates alike, so both search the same nodes (the
# script checks) and the difference is the threat machinery alone; alternating rounds, the
# median (min-max) of the pairs' ratios. With CALLGRIND=1 it also counts the search's
# instructions (Worker::iterate, inclusive) of one run each under callgrind at CALLGRIND_DEPTH
# (default 5, `bench`'s; exact, the portable build of bench/eval_instructions.sh).
# bench/threat_nps.sh compares the two built-in networks instead, whose trees differ.
# docs/benchmarks.md has the figures.
# Usage: bench/same_tree_nps.sh [depth] [rounds]   (default 9, 10)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=build/release/supersoma
depth=${1:-9}
rounds=${2:-10}
plain=eval/data/nnue.bin
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
zero=$work/zero-threat-rows.bin
python3 bench/zero_threat_rows.py "$plain" eval/data/nnue_threats.bin "$zero"
run() { "$bin" bench --depth "$depth" --eval-file "$1" 2>&1 | awk '/^nodes/ {n=$3} /^nps/ {print n, $3}'; }

rows=$work/rows
echo "round  nodes  nps-without  nps-zero-rows"
for round in $(seq 1 "$rounds"); do
    read -r n1 a <<<"$(run "$plain")"
    read -r n2 b <<<"$(run "$zero")"
    [[ $n1 == "$n2" ]] || { echo "the trees differ: $n1 against $n2 nodes" >&2; exit 1; }
    echo "$round $n1 $a $b" | tee -a "$rows"
done
python3 - "$rows" <<'PY'
import statistics, sys
r = [float(l.split()[3]) / float(l.split()[2]) for l in open(sys.argv[1]) if l.strip()]
print(f"with threat rows at zero / without: median {statistics.median(r):.3f} ({min(r):.3f}-{max(r):.3f})")
PY
if [[ ${CALLGRIND:-0} == 1 ]]; then
    build=build/callgrind
    cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DSUPERSOMA_NATIVE=OFF -DSUPERSOMA_TESTS=OFF \
        -DCMAKE_CXX_FLAGS="-march=x86-64-v3 -g" >/dev/null
    cmake --build "$build" --target supersoma -j"$(nproc)" >/dev/null
    search() {  # inclusive instructions of Worker::iterate in one bench
        valgrind --tool=callgrind --callgrind-out-file="$work/cg" "$build/supersoma" bench \
            --depth "${CALLGRIND_DEPTH:-5}" --eval-file "$1" >/dev/null 2>&1
        callgrind_annotate --inclusive=yes "$work/cg" | awk '/Worker::iterate\(\)/ && !n {gsub(",", "", $1); n = $1} END {print n}'
    }
    a=$(search "$plain")
    b=$(search "$zero")
    ratio=$(python3 -c "print(f'{$b / $a:.4f}')")
    echo "search instructions (callgrind, depth ${CALLGRIND_DEPTH:-5}): without $a, zero rows $b, ratio $ratio"
fi
