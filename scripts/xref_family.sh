#!/usr/bin/env bash
# Judges one XREF family as network inputs (issue 86): two fits on the same data from the
# built-in network, the reference without the family and the candidate with it (its rows start
# at zero, so the two start equal), then the candidate against the reference at fixed nodes and
# by an SPRT at byoyomi 100 ms, both on the judging openings (docs/eval.md, "A3's exchange
# counts as inputs").
#   scripts/xref_family.sh NAME DATA FAMILY_OPTIONS...
# FAMILY_OPTIONS are the train_nnue options that add the family to an --init threat network
# (A3's exchange counts were judged with `--exchanges --exchange-rate 1e-3`, A4's forks with
# `--forks --fork-rate 1e-3`, its promotions with `--promotions --promotion-rate 1e-3`, A2's
# ties with `--ties --tie-rate 1e-3` and A4's trapped pieces with `--trapped --trapped-rate
# 1e-3`, all in code reverted on 2026-12-07 and 08: docs/eval.md; `git revert` of a revert gives a
# family's plumbing back to swap in another).
# The fits are `train_nnue --init builtin` with FIT (default: nnue_round.sh's steps, --epochs 2
# --learning-rate 3e-5 --kp-rate 0.003 --lambda 0.5), the candidate's adding FAMILY_OPTIONS.
# Writes data/nets/NAME-reference.bin and data/nets/NAME.bin (+ data/train-NAME*.log), the
# games to match-records/NAME-nodes/ and match-records/NAME-sprt/ (+ .log). Running it again
# goes on: a network made is not fitted again, the games resume. NODES (10000 a move), GAMES
# (the fixed-node games, 200), SPRT_GAMES (400), SPRT (elo0=0,elo1=25) and TC (byoyomi=100)
# override the defaults; the engine is build/release's.
set -euo pipefail
cd "$(dirname "$0")/.."
(($# >= 3)) || { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2; exit 2; }
name=$1 data=$2
shift 2
[[ $name =~ ^[A-Za-z0-9._-]+$ ]] || { echo "NAME must be letters, digits, '.', '_' or '-'" >&2; exit 2; }
[[ -s $data ]] || { echo "no data in $data" >&2; exit 1; }
bin=build/release
read -r -a fit <<<"${FIT:---epochs 2 --learning-rate 3e-5 --kp-rate 0.003 --lambda 0.5}"
mkdir -p data/nets match-records

fit_into() {
    local out=$1 log=$2
    shift 2
    [[ -s $out ]] && return 0
    echo "== fit into $out"
    "$bin/tools/train_nnue" --data "$data" --init builtin --threads "$(nproc)" "${fit[@]}" "$@" \
        --out "$out" | tee "$log"
}
reference=data/nets/$name-reference.bin candidate=data/nets/$name.bin
fit_into "$reference" "data/train-$name-reference.log"
fit_into "$candidate" "data/train-$name.log" "$@"

# The candidate (engine 1) against the reference (engine 2); the arguments add the games.
play() {
    "$bin/supersoma" match --engine "$bin/supersoma" --option "1:EvalFile=$candidate" \
        --name "1:$name" --engine "$bin/supersoma" --option "2:EvalFile=$reference" \
        --name 2:reference --concurrency 2 --openings bench/data/judging-openings.txt --resume "$@"
}
echo "== $name against its reference at ${NODES:-10000} nodes a move"
play --tc "nodes=${NODES:-10000}" --games "${GAMES:-200}" --records "match-records/$name-nodes" |
    tee -a "match-records/$name-nodes.log"
echo "== SPRT of $name against its reference at ${TC:-byoyomi=100}"
play --tc "${TC:-byoyomi=100}" --games "${SPRT_GAMES:-400}" --sprt "${SPRT:-elo0=0,elo1=25}" \
    --records "match-records/$name-sprt" | tee -a "match-records/$name-sprt.log"
