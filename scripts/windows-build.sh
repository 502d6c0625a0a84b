#!/usr/bin/env bash
# Cross-builds supersoma.exe for Windows (x86-64) from Debian with MinGW-w64: one file with the
# built-in networks and a static runtime, no DLL beside it. Output: build/windows/supersoma.exe.
#   scripts/windows-build.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/windows}
scripts/install-deps.sh --build
packages=(g++-mingw-w64-x86-64-posix)
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
# No -march=native: the exe runs on any x86-64 Windows machine (the paths without BMI2).
cmake -S . -B "$build" -DCMAKE_TOOLCHAIN_FILE=cmake/mingw-w64.cmake -DCMAKE_BUILD_TYPE=Release \
    -DSUPERSOMA_NATIVE=OFF >/dev/null
cmake --build "$build" --target supersoma -j"$(nproc)"
echo "$build/supersoma.exe"
