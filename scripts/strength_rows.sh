#!/usr/bin/env bash
# Plays the reference rows of docs/strength.md: the default engine (no setoption) against an
# opponent, on the judging openings (bench/data/judging-openings.txt, which training never
# started from), two games at once, one thread each. A row at 1 s takes about 3 hours for 200
# games on two cores, more than one sitting may have, so every row resumes: run the same
# command again and the games already recorded count (`supersoma match --resume`).
#   scripts/strength_rows.sh ROW...   rows: OPPONENT-TIME, where
#     OPPONENT  fsf  Fairy-Stockfish 11.1 (UCI_Variant shogi)
#               gps  GPS Shogi (gpsusi, Thread 1; it thinks about 1 s whatever sub-second
#                    byoyomi it gets, so judge it at 1 s or more; made for CSA servers, it
#                    thinks up to the next full second, so its rows count time as they do,
#                    in whole seconds: --tc byoyomi=1000,count=seconds)
#               gpsfish  gpsfish 0.2.1 on one search thread (`gpsfish1`), floodgate's fixed
#                    anchor gpsfish_normal_1c, R2800 by the rating script's definition; built
#                    from the public repository ai5/gpsfish by ../shared/anchors/setup_gpsfish.sh
#                    (GPSFISH_SETUP) from a fetched copy's git directory (GPSFISH_GIT, default
#                    /work/.mirror/ai5+gpsfish/repo) when gpsfish1 is not installed; book off.
#                    Its rows count time in whole seconds, as floodgate's CSA clock does
#                    (the gps and gpsfish rows set the engine's WholeSecondsClock, so that it
#                    too may think to the next full second; rows before 2026-12-08 did not)
#               kp   the same binary with UseNetwork false (the learned KP evaluation)
#               off  the same binary with UseSuperSoma false (the network without the
#                    threat inputs)
#     TIME      200ms or 1s (byoyomi; GPS Shogi at 1s only; gpsfish at 1s or 3s)
#   e.g. scripts/strength_rows.sh gpsfish-1s gps-1s fsf-1s
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
# The rows of earlier engines (leaf modes against Fairy-Stockfish on bench/data/openings.txt)
# were played by this script's history (git log scripts/strength_rows.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
(($#)) || { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2; exit 2; }
# Every row is checked before anything is installed or built.
for row in "$@"; do
    [[ $row =~ ^(fsf|kp|off)-(200ms|1s)$ || $row == gps-1s || $row =~ ^gpsfish-[13]s$ ]] ||
        { echo "unknown row '$row': fsf, kp or off with -200ms or -1s, gps-1s, gpsfish-1s or" \
            "gpsfish-3s" >&2; exit 2; }
done
first_opening=${FIRST_OPENING:-1}
[[ $first_opening =~ ^[1-9][0-9]*$ ]] || { echo "FIRST_OPENING must be a positive number" >&2; exit 2; }
games=${GAMES:-$((200 - 2 * (first_opening - 1)))}
((games > 0)) || { echo "no game left to play from opening $first_opening" >&2; exit 2; }
mkdir -p match-records
openings=bench/data/judging-openings.txt
if ((first_opening > 1)); then
    # Opening n of the file is its n-th line that is not a comment or blank, as the match reads it.
    openings=match-records/judging-openings-from-$first_opening.txt
    grep -v -e '^[[:space:]]*#' -e '^[[:space:]]*$' bench/data/judging-openings.txt |
        tail -n +"$first_opening" >"$openings"
    [[ -s $openings ]] || { echo "the openings file has fewer than $first_opening openings" >&2; exit 2; }
fi
concurrency=${CONCURRENCY:-2}
scripts/install-deps.sh --bench
if [[ " $* " == *" gpsfish-"* ]] && ! command -v gpsfish1 >/dev/null; then
    setup=${GPSFISH_SETUP:-../shared/anchors/setup_gpsfish.sh}
    git_dir=${GPSFISH_GIT:-/work/.mirror/ai5+gpsfish/repo}
    [[ -x $setup && -d $git_dir ]] || { echo "gpsfish1 is not installed, and there is no" \
        "installer at '$setup' (GPSFISH_SETUP) or no fetched ai5/gpsfish at '$git_dir'" \
        "(GPSFISH_GIT)" >&2; exit 2; }
    sudo=""; [[ $(id -u) -ne 0 ]] && sudo="sudo"
    $sudo "$setup" "$git_dir" >/dev/null
fi
engine=${ENGINE:-build/release/supersoma}
[[ -n ${ENGINE:-} || -x $engine ]] || { cmake --preset release >/dev/null &&
    cmake --build --preset release -j"$(nproc)" --target supersoma >/dev/null; }
[[ -x $engine ]] || { echo "no engine at '$engine'" >&2; exit 2; }
match=${MATCH:-$engine}
[[ -x $match ]] || { echo "no match tool at '$match'" >&2; exit 2; }
commit=${ROW_COMMIT:-$(git log -1 --format=%h -- engine soma eval search usi cli match record util CMakeLists.txt)}
for row in "$@"; do
    case $row in
    fsf-*) opponent=(--engine /usr/games/fairy-stockfish --option 2:UCI_Variant=shogi
               --name 2:Fairy-Stockfish) ;;
    gps-*) opponent=(--engine /usr/games/gpsusi --option 2:Thread=1 --name "2:GPS Shogi") ;;
    gpsfish-*) opponent=(--engine "$(command -v gpsfish1)" --name 2:gpsfish1) ;;
    kp-*) opponent=(--engine "$engine" --option 2:UseNetwork=false --name "2:UseNetwork false") ;;
    off-*) opponent=(--engine "$engine" --option 2:UseSuperSoma=false
               --name "2:UseSuperSoma false") ;;
    esac
    case $row in
    *-200ms) tc=(--tc byoyomi=200) ;;
    gps-1s | gpsfish-1s) tc=(--tc "byoyomi=1000,count=seconds") ;;
    gpsfish-3s) tc=(--tc "byoyomi=3000,count=seconds") ;;
    *-1s) tc=(--tc byoyomi=1000) ;;
    esac
    # A clock that counts whole seconds is told to the engine, which may then think to the
    # next full second as GPS Shogi and gpsfish do.
    whole=()
    if [[ ${tc[*]} == *count=seconds* ]]; then whole=(--option 1:WholeSecondsClock=true); fi
    records=match-records/$row-$commit
    if ((first_opening > 1)); then records+=-from-$first_opening; fi
    echo "== $row (${tc[*]}), records in $records/"
    "$match" match --engine "$engine" --name 1:supersoma "${whole[@]}" "${opponent[@]}" \
        "${tc[@]}" --games "$games" --concurrency "$concurrency" \
        --openings "$openings" --records "$records" --resume |
        tee -a "$records.log"
done
