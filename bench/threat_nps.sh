#!/usr/bin/env bash
# What the threat inputs cost in nodes a second: `supersoma bench --depth D` of the default (the
# network with threat inputs) against `--without-supersoma` (the same search, the network
# without them) and, if given, another build's default, in alternating rounds on the same
# machine; prints each round and the median (min-max) of the pairs' ratios. A noisy machine
# moves whole rounds, so pairs are compared, not totals. docs/eval.md has the figures.
# Usage: bench/threat_nps.sh [depth] [rounds] [other binary]   (default 9, 10, none)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=build/release/supersoma
depth=${1:-9}
rounds=${2:-10}
other=${3:-}
nps() { "$1" bench --depth "$depth" "${@:2}" 2>&1 | awk '/^nps/ {print $3}'; }

rows=$(mktemp)
trap 'rm -f "$rows"' EXIT
echo "round  default  without  ${other:+other}"
for round in $(seq 1 "$rounds"); do
    a=$(nps "$bin")
    b=$(nps "$bin" --without-supersoma)
    c=${other:+$(nps "$other")}
    echo "$round $a $b $c" | tee -a "$rows"
done
python3 - "$rows" <<'EOF'
import statistics, sys
rows = [list(map(float, line.split()[1:])) for line in open(sys.argv[1]) if line.strip()]
def show(name, ratios):
    print(f"{name}: median {statistics.median(ratios):.3f} ({min(ratios):.3f}-{max(ratios):.3f})")
show("default / without threats", [r[0] / r[1] for r in rows])
if len(rows[0]) > 2:
    show("default / other build", [r[0] / r[2] for r in rows])
    show("other build / without threats", [r[2] / r[1] for r in rows])
EOF
