#!/usr/bin/env bash
# The Windows release: build/windows/supersoma-<commit>-windows-x86_64.zip with supersoma.exe,
# README.md, LICENSE and THIRD-PARTY.md (the libraries compiled into the exe).
#   scripts/windows-release.sh
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/windows-build.sh build/windows >/dev/null
name="supersoma-$(git rev-parse --short HEAD)-windows-x86_64"
stage="build/windows/$name"
rm -rf "$stage" "$stage.zip"
mkdir -p "$stage"
cp build/windows/supersoma.exe README.md LICENSE THIRD-PARTY.md "$stage/"
(cd build/windows && zip -qr "$name.zip" "$name")
echo "build/windows/$name.zip"
