#!/usr/bin/env bash
# The shape of the tree beside Fairy-Stockfish's: `supersoma bench` (both leaf modes) and
# Fairy-Stockfish 11.1 searching the same 12 positions to the same depth, one thread each.
# Prints each engine's nodes to that depth and the effective branching factor (the nodes of
# the last iteration over those of the one before, summed over the positions).
# Usage: bench/search_shape.sh [depth] [supersoma binary]   (default 8, build/release/supersoma)
set -euo pipefail
depth=${1:-8}
bin=${2:-build/release/supersoma}
"$(dirname "$0")/../scripts/install-deps.sh" --bench
fairy=$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)

for leaf in qsearch supersoma; do
    echo "== supersoma, $leaf leaves, depth $depth"
    "$bin" bench --depth "$depth" --leaf "$leaf" | sed -n '/^=====/,$p' | tail -n +2
done

echo "== Fairy-Stockfish 11.1 (USI, shogi), depth $depth"
total=0 last=0 before=0
while IFS= read -r sfen; do
    # Nodes reported at the end of depths d-2, d-1 and d (cumulative, as USI engines count).
    # The periodic isready ends the feeder once the engine, its reader gone, is stopped.
    read -r n2 n1 n0 < <({ printf 'usi\nisready\nusinewgame\nposition sfen %s\ngo depth %s\n' "$sfen" "$depth"
        while sleep 0.5; do echo isready; done 2>/dev/null; } | timeout 600 "$fairy" 2>/dev/null |
        awk -v d="$depth" '$1 == "info" && $2 == "depth" { for (i = 3; i < NF; i++) if ($i == "nodes") n[$3] = $(i + 1) }
                           /^bestmove/ { print n[d - 2] + 0, n[d - 1] + 0, n[d] + 0; exit }')
    printf '%-80s nodes %10s\n' "$sfen" "$n0"
    total=$((total + n0)); last=$((last + n0 - n1)); before=$((before + n1 - n2))
done < <("$bin" bench --list)
echo "nodes     : $total"
awk -v a="$last" -v b="$before" 'BEGIN { printf "ebf       : %.2f (nodes of the last iteration / the one before)\n", a / (b > 0 ? b : 1) }'
