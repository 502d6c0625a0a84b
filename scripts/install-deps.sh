#!/usr/bin/env bash
# Installs the Debian packages a job needs; does nothing when they are present.
#   --build  what building the engine needs (README command 1)
#   (none)   that and what the tests need (README command 2, CI)
#   --bench  that and the opponents the benchmarks and matches use
#   --windows  that for building, and the Windows cross-build, Wine and zip
#              (scripts/windows-*.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
packages=(cmake g++ libboost-dev libcli11-dev libgtest-dev nlohmann-json3-dev)
case "${1:-}" in
--build) ;;
--windows) packages+=(g++-mingw-w64-x86-64-posix wine wine64 zip) ;;
*)
    # the browser tests (the SVG picture, the analysis report): Chromium renders with these fonts
    # (IPA Gothic for the Japanese moves), the SVG 1.1 DTD validates, PIL compares
    packages+=(chromium libxml2-utils w3c-sgml-lib python3-pil fonts-dejavu-core fonts-ipafont-gothic)
    # the record test: ShogiHome's record library (tsshogi, npm) reads the annotated records;
    # a Node.js from elsewhere (NodeSource's bundles npm) will do
    command -v node >/dev/null || packages+=(nodejs)
    command -v npm >/dev/null || packages+=(npm)
    [[ "${1:-}" == "--bench" ]] && packages+=(fairy-stockfish gpsshogi)
    ;;
esac
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
    echo "installing: ${missing[*]}" >&2
    sudo=""; [[ $(id -u) -ne 0 ]] && sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
if [[ "${1:-}" != "--build" && "${1:-}" != "--windows" && ! -d tests/js/node_modules/tsshogi ]]; then
    echo "installing tsshogi (npm, tests/js/package-lock.json)" >&2
    npm ci --prefix tests/js --no-audit --no-fund --loglevel=error >/dev/null
fi
