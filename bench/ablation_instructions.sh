#!/usr/bin/env bash
# Instructions per SUPER-SOMA evaluation for each option set of accuracy_bench (its table's
# rows, the ablation included), counted by callgrind inside soma::evaluate only, so start-up
# and the benchmark's own work are left out. Exact where times on a busy machine are not.
# Valgrind does not know AVX-512: the build is portable to x86-64-v3 (as eval_instructions.sh).
# Usage: bench/ablation_instructions.sh [positions]   (default bench/data/accuracy.txt)
set -euo pipefail
cd "$(dirname "$0")/.."
build=build/callgrind
set_file=${1:-bench/data/accuracy.txt}
command -v valgrind >/dev/null || { echo "needs valgrind" >&2; exit 1; }
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DSUPERSOMA_NATIVE=OFF -DSUPERSOMA_TESTS=OFF \
    -DCMAKE_CXX_FLAGS="-march=x86-64-v3 -g" >/dev/null
cmake --build "$build" --target accuracy_bench -j"$(nproc)" >/dev/null

printf '%-50s %s\n' "option set" "instructions per evaluation"
for n in $(seq 0 99); do
    out=$(mktemp)
    if ! valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        --toggle-collect='supersoma::soma::evaluate(*' \
        "$build/bench/accuracy_bench" "$set_file" --only "$n" >"$out" 2>"$out.err"; then
        rm -f "$out" "$out.err"
        break  # past the last option set
    fi
    collected=$(sed -n 's/.*Collected : *\([0-9]*\).*/\1/p' "$out.err")
    IFS=$'\t' read -r positions name <"$out"
    printf '%-50s %d\n' "$name" $((collected / positions))
    rm -f "$out" "$out.err"
done
