#!/usr/bin/env bash
# Builds and runs every test: Release (all labels, slow included), then ASan+UBSan with the
# asserts on (the debug leg: built without NDEBUG and without -march=native, so the invariants
# are checked and the paths without BMI2 are tested too; slow excluded), then the format
# check. Exits non-zero on the first failure. The debug leg is a unity build (CMake joins
# each target's files eight at a time): 7.6 instead of 13 minutes on two cores, and two
# files of one target that both define a helper of the same name fail to build there. The
# debug leg leaves out SuiteInvariants' runs without the threat stage (512 of its tests, a
# subset of the code of the runs with it, about 5 of its 15 minutes of tests; Release runs
# them all): CI took 26 instead of 30 minutes on two cores.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
jobs=$(nproc)

cmake --preset release >/dev/null
cmake --build --preset release -j"$jobs"
ctest --preset release -j"$jobs"

cmake --preset asan-ubsan >/dev/null
cmake --build --preset asan-ubsan -j"$jobs"
ASAN_OPTIONS=halt_on_error=1:detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    ctest --preset asan-ubsan -j"$jobs"

scripts/check-format.sh
