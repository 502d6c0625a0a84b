#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, AddressSanitizer + UndefinedBehaviorSanitizer) and runs
# each for SECONDS (default 60) from the seed corpus in fuzz/corpus/<target>; a finding stops
# the run with the crashing input in build/fuzz/findings/. Prints executions per target.
#   scripts/fuzz.sh [SECONDS] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=${*:-sfen fen usi_move usi_loop csa kif openings book}
command -v clang++ >/dev/null || { sudo=$([ "$(id -u)" = 0 ] || echo sudo); $sudo apt-get install -y -qq clang >/dev/null; }
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz -j"$(nproc)" >/dev/null
mkdir -p build/fuzz/findings
for t in $targets; do
    work=build/fuzz/corpus-work/$t
    mkdir -p "$work"
    cp -n fuzz/corpus/"$t"/* "$work"/ 2>/dev/null || true
    log=build/fuzz/findings/$t.log
    if ! build/fuzz/fuzz/fuzz_"$t" "$work" -max_total_time="$seconds" -max_len=4096 -timeout=10 \
        -rss_limit_mb=4096 -artifact_prefix=build/fuzz/findings/"$t"- -print_final_stats=1 \
        >"$log" 2>&1; then
        echo "$t: FINDING (see $log)"
        exit 1
    fi
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    echo "$t: $runs executions in ${seconds} s, no finding"
done
