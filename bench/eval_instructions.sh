#!/usr/bin/env bash
# SUPER-SOMA instructions per evaluation (exact, unlike times on a noisy machine): callgrind
# counts `supersoma eval --net-only --file` over a position set for each option set, less an
# empty run (start-up), divided by the positions. The figures go to docs/benchmarks.md.
# Valgrind does not know AVX-512, so the build is its own: portable to x86-64-v3, with symbols.
# Usage: bench/eval_instructions.sh [positions]   (default tests/data/perft-suite.txt)
set -euo pipefail
cd "$(dirname "$0")/.."
build=build/callgrind
set_file=${1:-tests/data/perft-suite.txt}
command -v valgrind >/dev/null || { echo "needs valgrind" >&2; exit 1; }
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DSUPERSOMA_NATIVE=OFF -DSUPERSOMA_TESTS=OFF \
    -DCMAKE_CXX_FLAGS="-march=x86-64-v3 -g" >/dev/null
cmake --build "$build" --target supersoma -j"$(nproc)" >/dev/null

input=$(mktemp) empty=$(mktemp)
trap 'rm -f "$input" "$empty"' EXIT
cut -d';' -f1 "$set_file" | grep -v '^#' | grep . >"$input"
positions=$(wc -l <"$input")

instructions() {  # instructions of one run of `eval --net-only --jobs 1 --file $1 $2…`
    local file=$1
    shift
    valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        "$build/supersoma" eval --net-only --jobs 1 --file "$file" "$@" 2>&1 >/dev/null |
        sed -n 's/.*Collected : *\([0-9]*\).*/\1/p'
}

echo "$positions positions from $set_file"
printf '%-28s %s\n' "option set" "instructions per evaluation"
for options in "--leaf" "" "--profile article" "--no-threats" "--no-threats --no-ties"; do
    # shellcheck disable=SC2086
    total=$(instructions "$input" $options)
    # shellcheck disable=SC2086
    base=$(instructions "$empty" $options)
    printf '%-28s %d\n' "${options:-default (learned, threats on)}" $(((total - base) / positions))
done
