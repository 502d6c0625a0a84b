#!/usr/bin/env bash
# `supersoma eval --svg` in a real browser: the article's position is drawn, validated against
# the SVG 1.1 DTD, rendered by headless Chromium and compared with the stored reference image
# within a tolerance. The comparison must also tell another position's picture apart.
# Usage: svg_render_test.sh SUPERSOMA_BINARY SOURCE_DIR WORK_DIR
# Regenerate the reference (after a deliberate change of the picture) with
# UPDATE_REFERENCE=1 and the same arguments.
set -euo pipefail
binary=$1 source=$2 work=$3
reference=$source/tests/data/svg/article.png
dtd=/usr/share/xml/w3c-sgml-lib/schema/dtd/REC-SVG11-20110816/svg11.dtd
for tool in chromium xmllint /usr/bin/python3; do
    command -v "$tool" >/dev/null || { echo "missing $tool: run scripts/install-deps.sh" >&2; exit 1; }
done
[[ -f $dtd ]] || { echo "missing the SVG 1.1 DTD (package w3c-sgml-lib)" >&2; exit 1; }
rm -rf "$work" && mkdir -p "$work"

# Renders $1.svg to $1.png at the SVG's own size.
render() {
    local svg=$1.svg size
    size=$(sed -n 's/^<svg .* width="\([0-9]*\)" height="\([0-9]*\)".*/\1,\2/p' "$svg")
    chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --user-data-dir="$work/profile" --hide-scrollbars --window-size="$size" \
        --screenshot="$1.png" "file://$svg" >"$work/chromium.log" 2>&1
    [[ -s $1.png ]] || { cat "$work/chromium.log" >&2; exit 1; }
}

"$binary" eval --no-threats --profile article --svg "$work/article.svg" "5g3/2k6/5b1g1/3r1S3/5p3/3L2N2/1P1P5/9/8K w - 1" >/dev/null
"$binary" eval --svg - startpos >"$work/startpos.svg"
for name in article startpos; do
    xmllint --noout --dtdvalid "$dtd" "$work/$name.svg"
    render "$work/$name"
done
if [[ ${UPDATE_REFERENCE:-} == 1 ]]; then
    cp "$work/article.png" "$reference"
    echo "reference updated: $reference"
fi
/usr/bin/python3 "$source/tests/support/compare_png.py" "$work/article.png" "$reference"
if /usr/bin/python3 "$source/tests/support/compare_png.py" "$work/startpos.png" "$reference"; then
    echo "the comparison did not tell another position apart" >&2
    exit 1
fi
echo "svg render test passed"
