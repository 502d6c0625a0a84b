#!/usr/bin/env bash
# Solves every problem of a tsume file (SFEN;plies;line, default tests/data/tsume.txt) with
# `supersoma mate` and prints per problem the length found, nodes and time, then the totals.
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${BINARY:-build/release/supersoma}
file=${1:-tests/data/tsume.txt}
limit=${LIMIT_MS:-10000}
solved=0 total=0 nodes_sum=0 ms_sum=0
while IFS=';' read -r sfen plies _; do
    [[ -z "$sfen" || "$sfen" == \#* ]] && continue
    total=$((total + 1))
    out=$("$binary" mate "$sfen" --time "$limit")
    found=$(sed -n 's/^mate in \([0-9]*\) plies.*/\1/p' <<<"$out")
    read -r nodes ms < <(sed -n 's/^nodes \([0-9]*\), time \([0-9]*\) ms/\1 \2/p' <<<"$out")
    nodes_sum=$((nodes_sum + nodes)) ms_sum=$((ms_sum + ms))
    [[ "$found" == "$plies" ]] && solved=$((solved + 1))
    printf '%3s plies  found %-3s %10s nodes %7s ms\n' "$plies" "${found:--}" "$nodes" "$ms"
done <"$file"
echo "solved $solved of $total at the expected length; $nodes_sum nodes, $ms_sum ms in all"
