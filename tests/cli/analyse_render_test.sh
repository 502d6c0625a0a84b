#!/usr/bin/env bash
# `supersoma analyse` in a real browser: the HTML report of a game with a blunder is opened in
# headless Chromium; its DOM must hold one graph point per move, the blunder marked, and the
# board of the position it left; the top of the page is compared with a reference image
# within a tolerance, and the comparison must tell another game's report apart.
# Usage: analyse_render_test.sh SUPERSOMA_BINARY SOURCE_DIR WORK_DIR
# Regenerate the reference (after a deliberate change of the page) with UPDATE_REFERENCE=1.
set -euo pipefail
binary=$1 source=$2 work=$3
reference=$source/tests/data/analyse/report.png
for tool in chromium /usr/bin/python3; do
    command -v "$tool" >/dev/null || { echo "missing $tool: run scripts/install-deps.sh" >&2; exit 1; }
done
rm -rf "$work" && mkdir -p "$work"

browse() {  # browse MODE FILE OUT: --dump-dom to OUT, or --screenshot=OUT
    local mode=$1 page=$2 out=$3
    local args=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run
        --disable-background-networking --disable-component-update --disable-sync
        --user-data-dir="$work/profile" --hide-scrollbars --window-size=900,720)
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

browse shot "$work/blunder.html" "$work/blunder.png"
browse shot "$work/quiet.html" "$work/quiet.png"
if [[ ${UPDATE_REFERENCE:-} == 1 ]]; then
    mkdir -p "$(dirname "$reference")" && cp "$work/blunder.png" "$reference"
    echo "reference updated: $reference"
fi
/usr/bin/python3 "$source/tests/support/compare_png.py" "$work/blunder.png" "$reference"
if /usr/bin/python3 "$source/tests/support/compare_png.py" "$work/quiet.png" "$reference"; then
    echo "the comparison did not tell another game's report apart" >&2
    exit 1
fi
echo "analyse render test passed"
