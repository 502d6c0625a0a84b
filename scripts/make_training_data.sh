#!/bin/sh
# Makes N training positions for the learned evaluation from the engine's own games
# (docs/eval.md): builds the release tools and runs selfplay on every core, with a progress line.
#   scripts/make_training_data.sh N [OUT] [extra selfplay options...]
set -eu
cd "$(dirname "$0")/.."
N=${1:?usage: scripts/make_training_data.sh N [OUT] [selfplay options]}
OUT=${2:-data/selfplay.bin}
[ $# -ge 2 ] && shift 2 || shift 1
cmake --preset release >/dev/null
cmake --build --preset release --target selfplay -j"$(nproc)" >/dev/null
mkdir -p "$(dirname "$OUT")"
exec build/release/tools/selfplay --positions "$N" --out "$OUT" --jobs "$(nproc)" --nodes 8000 "$@"
