#!/usr/bin/env bash
# `supersoma analyse` in a real browser: the HTML report of a game with a blunder is opened in
# headless Chromium; its DOM must hold one graph point per move with the graph's axes, the
# blunder marked with its reason and threat inputs, and the board of the position it left in Japanese (and in
# English on request); the top of the page is compared with a reference image
# within a tolerance, and the comparison must tell another game's report apart.
# Usage: analyse_render_test.sh SUPERSOMA_BINARY SOURCE_DIR WORK_DIR
# Regenerate the reference (after a deliberate change of the page) with UPDATE_REFERENCE=1.
set -euo pipefail
binary=$1 source=$2 work=$3
reference=$source/tests/data/analyse/report.png
section_reference=$source/tests/data/analyse/mistake.png
for tool in chromium /usr/bin/python3; do
    command -v "$tool" >/dev/null || { echo "missing $tool: run scripts/install-deps.sh" >&2; exit 1; }
done
rm -rf "$work" && mkdir -p "$work"

browse() {  # browse MODE FILE OUT [HEIGHT]: --dump-dom to OUT, or --screenshot=OUT
    local mode=$1 page=$2 out=$3 height=${4:-720}
    local args=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run
        --disable-background-networking --disable-component-update --disable-sync
        --user-data-dir="$work/profile" --hide-scrollbars --window-size=900,"$height")
    if [[ $mode == dom ]]; then
        chromium "${args[@]}" --dump-dom "file://$page" >"$out" 2>"$work/chromium.log"
    else
        chromium "${args[@]}" --screenshot="$out" "file://$page" >"$work/chromium.log" 2>&1
    fi
    [[ -s $out ]] || { cat "$work/chromium.log" >&2; exit 1; }
}

"$binary" analyse --force --depth 5 --out "$work" startpos moves 7g7f 3c3d 8h3c+ 2b3c 2g2f 8c8d
mv "$work/position.analysis.html" "$work/blunder.html"
"$binary" analyse --force --depth 5 --out "$work" startpos moves 2g2f 8c8d 2f2e 8d8e
mv "$work/position.analysis.html" "$work/quiet.html"

browse dom "$work/blunder.html" "$work/blunder.dom"
points=$(grep -o '<circle class="point' "$work/blunder.dom" | wc -l)
[[ $points == 6 ]] || { echo "the graph has $points points for 6 moves" >&2; exit 1; }
grep -q '<circle class="point blunder" data-ply="3"' "$work/blunder.dom" \
    || { echo "move 3 is not marked as a blunder in the graph" >&2; exit 1; }
grep -q '<section class="mistake" id="ply-3">' "$work/blunder.dom" \
    || { echo "no section explains move 3" >&2; exit 1; }
boards=$(grep -c '<svg xmlns="http://www.w3.org/2000/svg" version="1.1"' "$work/blunder.dom" || true)
[[ $boards -ge 1 ]] || { echo "the blunder's board is not drawn" >&2; exit 1; }
# The graph's axes: the move numbers under it, the chance's scale (five lines) beside it.
grep -q '<text class="ply"[^>]*>5</text>' "$work/blunder.dom" \
    || { echo "the graph has no move numbers" >&2; exit 1; }
scale=$(grep -o '<line class="scale"' "$work/blunder.dom" | wc -l)
[[ $scale == 5 ]] || { echo "the graph's scale has $scale lines, not 5" >&2; exit 1; }
# Japanese notation by default: kanji on the board, ▲/△ moves; what decides the blunder.
grep -q '>歩</text>' "$work/blunder.dom" || { echo "no kanji pieces on the board" >&2; exit 1; }
grep -q '<p class="reason">gote wins material: △同　' "$work/blunder.dom" \
    || { echo "the blunder's reason is not given in Japanese notation" >&2; exit 1; }
grep -q '<code class="sfen">' "$work/blunder.dom" || { echo "no SFEN to copy" >&2; exit 1; }
# The threat inputs the blunder turned, in the same words: the horse attacked and undefended.
grep -q '<li>threat input: △[^<]* now attacks ▲３三馬 (undefended), -' "$work/blunder.dom" \
    || { echo "the threat inputs the blunder turned are not listed" >&2; exit 1; }
# English on request: SFEN letters and USI moves.
"$binary" analyse --force --depth 5 --notation english --out "$work/english" \
    startpos moves 7g7f 3c3d 8h3c+ 2b3c 2g2f 8c8d
browse dom "$work/english/position.analysis.html" "$work/english.dom"
grep -q '>P</text>' "$work/english.dom" && ! grep -q '>歩</text>' "$work/english.dom" \
    || { echo "the English report does not draw SFEN letters" >&2; exit 1; }
grep -q '<p class="reason">gote wins material: 2a3c takes +B on 3c' "$work/english.dom" \
    || { echo "the English report does not give USI moves" >&2; exit 1; }

browse shot "$work/blunder.html" "$work/blunder.png"
browse shot "$work/quiet.html" "$work/quiet.png"
# The blunder's section: its text, the SFEN and the board with the numbered line.
browse shot "$work/blunder.html" "$work/page.png" 1900
/usr/bin/python3 -c 'import sys; from PIL import Image
Image.open(sys.argv[1]).crop((0, 1000, 900, 1900)).save(sys.argv[2])' "$work/page.png" "$work/section.png"
if [[ ${UPDATE_REFERENCE:-} == 1 ]]; then
    mkdir -p "$(dirname "$reference")" && cp "$work/blunder.png" "$reference"
    cp "$work/section.png" "$section_reference"
    echo "references updated: $reference $section_reference"
fi
/usr/bin/python3 "$source/tests/support/compare_png.py" "$work/blunder.png" "$reference"
/usr/bin/python3 "$source/tests/support/compare_png.py" "$work/section.png" "$section_reference"
if /usr/bin/python3 "$source/tests/support/compare_png.py" "$work/quiet.png" "$reference"; then
    echo "the comparison did not tell another game's report apart" >&2
    exit 1
fi
echo "analyse render test passed"
