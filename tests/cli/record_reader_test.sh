#!/usr/bin/env bash
# The annotated records read by an independent reader: tsshogi, ShogiHome's record library
# (npm, installed into tests/js by scripts/install-deps.sh). For a Shift_JIS KIF with a full
# header, comments and times, a CSA record with $ headers and Floodgate comments, and a UTF-8
# .kifu, `analyse` must give back every move, header, comment, time and the end, in the
# encoding the GUIs' convention gives the name; a copy with a header taken out must fail.
# Usage: record_reader_test.sh SUPERSOMA_BINARY SOURCE_DIR WORK_DIR
set -euo pipefail
binary=$1 source=$2 work=$3
compare=$source/tests/js/compare_records.mjs
command -v node >/dev/null || { echo "missing node: run scripts/install-deps.sh" >&2; exit 1; }
[[ -d $source/tests/js/node_modules/tsshogi ]] \
    || { echo "missing tsshogi in tests/js: run scripts/install-deps.sh" >&2; exit 1; }
rm -rf "$work" && mkdir -p "$work"
records=$source/tests/data/records
iconv -f CP932 -t UTF-8 "$records/game-sjis.kif" >"$work/game-utf8.kifu"

check() {  # check RECORD ANNOTATED
    "$binary" analyse --depth 2 --jobs 1 --out "$work" --record "$1" >/dev/null
    node "$compare" "$1" "$2"
}
check "$records/game-sjis.kif" "$work/game-sjis.analysis.kif"
check "$records/game.csa" "$work/game.analysis.kif"
check "$records/opening.kif" "$work/opening.analysis.kif"
check "$work/game-utf8.kifu" "$work/game-utf8.analysis.kifu"

# The comparison must see a lost header.
iconv -f CP932 -t UTF-8 "$work/game-sjis.analysis.kif" | grep -v '^棋戦：' \
    | iconv -f UTF-8 -t CP932 >"$work/damaged.kif"
if node "$compare" "$records/game-sjis.kif" "$work/damaged.kif" 2>/dev/null; then
    echo "the comparison did not see the lost 棋戦 header" >&2
    exit 1
fi
