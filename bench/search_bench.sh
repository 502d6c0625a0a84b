#!/usr/bin/env bash
# Search speed per leaf mode: `supersoma bench` (node signature, nodes per second, share of
# time in SUPER-SOMA) and the depth reached in 1 s and 10 s from the start position and three
# middle games, through the USI loop as a GUI would run it.
# Usage: bench/search_bench.sh [binary] [bench depth]   (default build/release/supersoma, 4)
set -euo pipefail
bin=${1:-build/release/supersoma}
depth=${2:-4}
for leaf in supersoma qsearch; do
    "$bin" bench --depth "$depth" --leaf "$leaf" | sed -n '/^=====/,$p'
done
positions=(
    "startpos"
    "sfen lns3snl/1r2gkgb1/ppppppppp/9/9/2P4P1/PP1PPPP1P/1B1S2SRL/LN1GKG1N1 b - 11"
    "sfen 1ng2gsnl/ls2k4/p1r1ppp1b/1ppp2Gpp/7P1/PPPP2PR1/4PP2P/1B1S1SG2/LN2K2NL w - 42"
    "sfen l7b/n3gs3/np+Bsk2gn/p1p3p1l/P3p2pP/3PPpPPL/1PPR1P2S/3GGR3/LNS3K2 b 2P 75"
)
printf '\n%-10s %-6s %-8s %s\n' leaf ms depth position
for leaf in SuperSoma QSearch; do
    for ms in 1000 10000; do
        for pos in "${positions[@]}"; do
            d=$( { printf 'usi\nsetoption name LeafMode value %s\nisready\nposition %s\ngo movetime %s\n' \
                       "$leaf" "$pos" "$ms"; sleep $((ms / 1000 + 2)); printf 'quit\n'; } |
                 "$bin" | awk '/^info depth/ { d = $3 } END { print d }')
            printf '%-10s %-6s %-8s %s\n' "$leaf" "$ms" "$d" "${pos:0:60}"
        done
    done
done
