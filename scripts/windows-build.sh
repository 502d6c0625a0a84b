#!/usr/bin/env bash
# Cross-builds supersoma.exe for Windows (x86-64) from Debian with MinGW-w64: one file with the
# built-in networks and a static runtime, no DLL beside it. Output: build/windows/supersoma.exe.
#   scripts/windows-build.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/windows}
scripts/install-deps.sh --windows
# No -march=native: the exe runs on any x86-64 Windows machine (the paths without BMI2).
cmake -S . -B "$build" -DCMAKE_TOOLCHAIN_FILE=cmake/mingw-w64.cmake -DCMAKE_BUILD_TYPE=Release \
    -DSUPERSOMA_NATIVE=OFF >/dev/null
cmake --build "$build" --target supersoma -j"$(nproc)"
echo "$build/supersoma.exe"
