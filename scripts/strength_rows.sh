#!/usr/bin/env bash
# Plays the rows of docs/strength.md's table against Fairy-Stockfish: each leaf mode at 1 s
# byoyomi and at Fischer 10 s + 0.1 s, 200 games each on bench/data/openings.txt. A row takes
# about 40 minutes (Fischer) to 3 hours (byoyomi) on two cores, more than one sitting may have,
# so every row resumes: run the same command again and the games already recorded count
# (`supersoma match --resume`).
#   scripts/strength_rows.sh [ROW...]   rows: soma-byoyomi qsearch-byoyomi soma-fischer
#                                              qsearch-fischer (default: these four), and
#                                              hybrid-byoyomi hybrid-fischer (the default
#                                              leaf mode since 2026-11-26)
# Records go to match-records/<row>-<commit>/, where <commit> is the last commit that
# changed the engine: a new engine starts its rows afresh. GAMES and CONCURRENCY override
# the defaults (200 games, 2 at once: each game has one engine thinking at a time);
# FIRST_OPENING=<n> plays the row's games from opening n on (the games of openings 1 to n-1
# were played at another sitting whose records are gone, e.g. on another machine), into
# match-records/<row>-<commit>-from-<n>/;
# ROW_COMMIT=<commit> goes on with rows begun at that commit when the engine's code has
# changed only in comments since; ENGINE=<path> plays a copy of the engine built at that
# commit, so that build/release is free for other work while a row runs; MATCH=<path> runs
# the games with another build's match tool (default: the engine's own).
set -euo pipefail
cd "$(dirname "$0")/.."
rows=${*:-soma-byoyomi qsearch-byoyomi soma-fischer qsearch-fischer}
first_opening=${FIRST_OPENING:-1}
[[ $first_opening =~ ^[1-9][0-9]*$ ]] || { echo "FIRST_OPENING must be a positive number" >&2; exit 2; }
games=${GAMES:-$((200 - 2 * (first_opening - 1)))}
((games > 0)) || { echo "no game left to play from opening $first_opening" >&2; exit 2; }
mkdir -p match-records
openings=bench/data/openings.txt
if ((first_opening > 1)); then
    # Opening n of the file is its n-th line that is not a comment or blank, as the match reads it.
    openings=match-records/openings-from-$first_opening.txt
    grep -v -e '^[[:space:]]*#' -e '^[[:space:]]*$' bench/data/openings.txt |
        tail -n +"$first_opening" >"$openings"
    [[ -s $openings ]] || { echo "the openings file has fewer than $first_opening openings" >&2; exit 2; }
fi
concurrency=${CONCURRENCY:-2}
scripts/install-deps.sh --bench
engine=${ENGINE:-build/release/supersoma}
[[ -n ${ENGINE:-} || -x $engine ]] || { cmake --preset release >/dev/null &&
    cmake --build --preset release -j"$(nproc)" --target supersoma >/dev/null; }
[[ -x $engine ]] || { echo "no engine at '$engine'" >&2; exit 2; }
match=${MATCH:-$engine}
[[ -x $match ]] || { echo "no match tool at '$match'" >&2; exit 2; }
commit=${ROW_COMMIT:-$(git log -1 --format=%h -- engine soma eval search usi cli match record util CMakeLists.txt)}
for row in $rows; do
    case $row in
    soma-*) leaf=SuperSoma ;;
    qsearch-*) leaf=QSearch ;;
    hybrid-*) leaf=Hybrid ;;
    *) echo "unknown row '$row'" >&2; exit 2 ;;
    esac
    case $row in
    *-byoyomi) tc=(--tc byoyomi=1000) ;;
    # Fairy-Stockfish 11.1 reads btime and wtime the wrong way round (docs/match.md).
    *-fischer) tc=(--tc fischer=10000+100 --swap-clocks 2) ;;
    *) echo "unknown row '$row'" >&2; exit 2 ;;
    esac
    records=match-records/$row-$commit
    if ((first_opening > 1)); then records+=-from-$first_opening; fi
    echo "== $row ($leaf leaves, ${tc[*]}), records in $records/"
    "$match" match --engine "$engine" --option "1:LeafMode=$leaf" --name "1:supersoma $leaf" \
        --engine /usr/games/fairy-stockfish --option 2:UCI_Variant=shogi --name 2:Fairy-Stockfish \
        "${tc[@]}" --games "$games" --concurrency "$concurrency" \
        --openings "$openings" --records "$records" --resume |
        tee -a "$records.log"
done
