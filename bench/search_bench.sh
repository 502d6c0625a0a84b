#!/usr/bin/env bash
# Search speed per leaf mode: `supersoma bench` (node signature, nodes per second, share of
# time in SUPER-SOMA) and the depth and nodes per second reached in 1 s and 10 s from the start
# position and three middle games, through the USI loop as a GUI would run it (QSearch is the
# engine with `UseSuperSoma false`).
# Usage: bench/search_bench.sh [binary] [bench depth]   (default build/release/supersoma, 4)
set -euo pipefail
bin=${1:-build/release/supersoma}
depth=${2:-4}
for leaf in hybrid supersoma qsearch; do
    "$bin" bench --depth "$depth" --leaf "$leaf" | sed -n '/^=====/,$p'
done
positions=(
    "startpos"
    "sfen lns3snl/1r2gkgb1/ppppppppp/9/9/2P4P1/PP1PPPP1P/1B1S2SRL/LN1GKG1N1 b - 11"
    "sfen 1ng2gsnl/ls2k4/p1r1ppp1b/1ppp2Gpp/7P1/PPPP2PR1/4PP2P/1B1S1SG2/LN2K2NL w - 42"
    "sfen l7b/n3gs3/np+Bsk2gn/p1p3p1l/P3p2pP/3PPpPPL/1PPR1P2S/3GGR3/LNS3K2 b 2P 75"
)
printf '\n%-10s %-6s %-6s %-9s %s\n' leaf ms depth nps position
for leaf in Hybrid SuperSoma QSearch; do
    for ms in 1000 10000; do
        for pos in "${positions[@]}"; do
            read -r d nps < <( { printf 'usi\nsetoption name LeafMode value %s\nisready\nposition %s\ngo movetime %s\n' \
                       "$leaf" "$pos" "$ms"; sleep $((ms / 1000 + 2)); printf 'quit\n'; } |
                 "$bin" | awk '/^info depth/ { d = $3; for (i = 1; i < NF; ++i) if ($i == "nps") n = $(i + 1) }
                               END { print d, n }')
            printf '%-10s %-6s %-6s %-9s %s\n' "$leaf" "$ms" "$d" "$nps" "${pos:0:60}"
        done
    done
done
