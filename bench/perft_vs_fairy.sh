#!/usr/bin/env bash
# perft from the start position: supersoma against Fairy-Stockfish in the same run.
# Usage: bench/perft_vs_fairy.sh [depth] [supersoma binary]   (default: 5, build/release/supersoma)
set -euo pipefail
depth=${1:-5}
bin=${2:-build/release/supersoma}
"$(dirname "$0")/../scripts/install-deps.sh" --bench
fairy=$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)

ours_line=$("$bin" perft --depth "$depth" | tr '\n' ' ')
ours_nodes=$(sed -E 's/.*nodes ([0-9]+).*/\1/' <<<"$ours_line")
ours_time=$(sed -E 's/.*time ([0-9.e-]+) s.*/\1/' <<<"$ours_line")

start=$(date +%s%N)
fairy_nodes=$(printf 'setoption name UCI_Variant value shogi\nposition startpos\ngo perft %s\nquit\n' "$depth" |
    "$fairy" 2>/dev/null | sed -nE 's/^Nodes searched: ([0-9]+)/\1/p')
fairy_time=$(awk -v s="$start" -v e="$(date +%s%N)" 'BEGIN { print (e - s) / 1e9 }')

[[ "$ours_nodes" == "$fairy_nodes" ]] || { echo "node counts differ: $ours_nodes vs $fairy_nodes" >&2; exit 1; }
awk -v n="$ours_nodes" -v a="$ours_time" -v b="$fairy_time" -v d="$depth" 'BEGIN {
    printf "perft(%d) = %d leaves\n", d, n
    printf "supersoma       %8.3f s  %7.2f M leaves/s\n", a, n / a / 1e6
    printf "fairy-stockfish %8.3f s  %7.2f M leaves/s (process time incl. start-up)\n", b, n / b / 1e6
    printf "ratio           %8.2fx\n", b / a }'
