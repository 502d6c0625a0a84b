#!/usr/bin/env bash
# Fails when a C++ file differs from what clang-format (the repo's .clang-format) makes of it.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v clang-format >/dev/null || {
    sudo=""; [[ $(id -u) -ne 0 ]] && sudo="sudo"
    $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq clang-format >/dev/null
}
files=$(git ls-files '*.cpp' '*.hpp')
clang-format --dry-run --Werror $files
echo "format: $(wc -w <<<"$files") files clean"
