#!/usr/bin/env bash
# Windows, tested from Debian: cross-builds supersoma.exe (scripts/windows-build.sh) and runs it
# under Wine as a GUI would: the USI handshake, a position, a search and one bestmove, then an
# `eval` of the article's position. ctest label "windows" (ctest --preset windows).
#   scripts/windows-test.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/windows}
scripts/windows-build.sh "$build" >/dev/null
exe="$build/supersoma.exe"
export WINEDEBUG=-all WINEPREFIX="${WINEPREFIX:-$(realpath -m "$build")/wineprefix}"
fail() { echo "windows-test: $*" >&2; exit 1; }

# The exe needs no DLL of MinGW's beside it: only Windows' own.
dlls=$(x86_64-w64-mingw32-objdump -p "$exe" | awk '/DLL Name/ {print tolower($3)}' | sort -u | tr '\n' ' ')
for dll in $dlls; do
    case "$dll" in kernel32.dll | msvcrt.dll | advapi32.dll | user32.dll | ws2_32.dll) ;;
    *) fail "the exe needs $dll" ;;
    esac
done

wineboot -i >/dev/null 2>&1 || true  # the prefix's first start takes its time before the clock runs
out=$(mktemp)
{
    printf 'usi\nisready\nusinewgame\nposition startpos moves 7g7f 3c3d\ngo btime 0 wtime 0 byoyomi 1000\n'
    sleep 8
    printf 'quit\n'
} | timeout 60 wine "$exe" >"$out" 2>/dev/null || fail "the engine did not end after quit"
tr -d '\r' <"$out" >"$out.lf"
grep -qx "usiok" "$out.lf" || fail "no usiok"
grep -qx "readyok" "$out.lf" || fail "no readyok"
grep -q "^info depth [0-9]* .* pv " "$out.lf" || fail "no info line"
[[ $(grep -c "^bestmove " "$out.lf") == 1 ]] || fail "not exactly one bestmove"
move=$(awk '/^bestmove/ {print $2}' "$out.lf")
# The move is legal: the Linux build (the same code, already tested) says so.
legal=$(printf 'position startpos moves 7g7f 3c3d\nd\nquit\n' | build/release/supersoma 2>/dev/null | grep "^info string legal" || true)
if [[ -n "$legal" ]]; then
    grep -qw -- "$move" <<<"$legal" || fail "bestmove $move is not legal"
fi
echo "windows-test: USI under Wine: $(grep -c '^info depth' "$out.lf") info lines, bestmove $move"

eval_out=$(timeout 60 wine "$exe" eval "5g3/2k6/5b1g1/3r1S3/5p3/3L2N2/1P1P5/9/8K w - 1" --profile article --no-threats 2>/dev/null | tr -d '\r')
grep -q "^chosen: 6d4d " <<<"$eval_out" || fail "eval: not the article's first move"
grep -qx "net: -408 (gote's view)" <<<"$eval_out" || fail "eval: not the article's net -408"
echo "windows-test: eval under Wine: the article's line and net -408"
rm -f "$out" "$out.lf"
