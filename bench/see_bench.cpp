// Nanoseconds per chess SEE call (soma/chess/chess_swap.hpp) over a fixed set of captures from
// many random positions, next to seed 000's recursive SEE (soma/core/swap_reference.hpp) run in
// the same process as the reference, so the figures in docs/benchmarks.md read as ratios.
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "soma/chess/chess_swap.hpp"
#include "soma/core/swap_reference.hpp"
#include "tests/support/chess_oracle.hpp"

namespace {

using namespace supersoma::soma;
using namespace supersoma::soma::chess;
namespace oracle = supersoma::test::chess_oracle;

/// One legal capture of the fixed set.
struct Capture {
    const ChessBoard* board;
    Square            from, to;
};

/// 2,000 positions from a fixed seed and every legal capture in them, either colour.
struct CaptureSet {
    std::vector<ChessBoard> boards;
    std::vector<Capture>    captures;

    CaptureSet() {
        std::mt19937_64 rng(20261121);
        boards.reserve(2000);
        for (int n = 0; n < 2000; ++n) boards.push_back(oracle::random_board(rng));
        for (const ChessBoard& board : boards) {
            const oracle::Mailbox m = oracle::mailbox_of(board);
            for (Square to = 0; to < 64; ++to) {
                if (!m[to] || m[to]->kind == KING) continue;
                for (Square from : oracle::attackers(m, to, ~m[to]->color))
                    if (oracle::legal_capture(m, from, to)) captures.push_back({&board, from, to});
            }
        }
        std::shuffle(captures.begin(), captures.end(), rng);  // no per-position locality
    }
};

const CaptureSet& capture_set() {
    static const CaptureSet set;
    return set;
}

/// Runs `see_one` on the captures in turn, one per benchmark iteration.
template<class SeeOne> void run(benchmark::State& state, SeeOne see_one) {
    const std::vector<Capture>& captures = capture_set().captures;
    std::size_t                 i        = 0;
    for (auto _ : state) {
        const Capture& c = captures[i];
        benchmark::DoNotOptimize(see_one(c));
        if (++i == captures.size()) i = 0;
    }
    state.counters["captures"] = double(captures.size());
}

/// The value table as the engine would hold it: a runtime object, not a constant the
/// compiler could fold into the adapter.
const ChessValues& runtime_values() {
    static ChessValues values = CpwValues;
    benchmark::DoNotOptimize(&values);
    return values;
}

/// The adapter and first attacker of `c`, as every form below starts.
struct Start {
    ChessSwap    swap;
    SwapAttacker first;
    Side         side;
};

Start start(const Capture& c, const ChessValues& values) {
    ChessSwap swap(*c.board, values, c.to);
    return {swap, *swap.attacker_on(c.from), int(c.board->piece_at(c.from)->color)};
}

void SeeCapture(benchmark::State& state) {
    const ChessValues& values = runtime_values();
    run(state, [&](const Capture& c) {
        Start s = start(c, values);
        return see_capture(s.swap, s.side, s.first, s.swap.target_value());
    });
}

void SeeCaptureAtLeastZero(benchmark::State& state) {
    const ChessValues& values = runtime_values();
    run(state, [&](const Capture& c) {
        Start s = start(c, values);
        return see_capture_at_least(s.swap, s.side, s.first, s.swap.target_value(), 0);
    });
}

void ReferenceRecursiveSeeCapture(benchmark::State& state) {
    const ChessValues& values = runtime_values();
    run(state, [&](const Capture& c) {
        Start s = start(c, values);
        return reference::see_capture(s.swap, s.side, s.first, s.swap.target_value());
    });
}

void SeeStandPat(benchmark::State& state) {
    const ChessValues& values = runtime_values();
    run(state, [&](const Capture& c) {
        ChessSwap swap(*c.board, values, c.to);
        return see(swap, int(c.board->piece_at(c.from)->color), swap.target_value());
    });
}

/// The library entry point chess::see_capture (one call into soma_core per SEE).
void LibrarySeeCapture(benchmark::State& state) {
    const ChessValues& values = runtime_values();
    run(state,
        [&](const Capture& c) { return chess::see_capture(*c.board, values, c.from, c.to); });
}

/// The library's threshold form chess::see_capture_at_least with threshold 0, the question
/// move ordering asks ("does this capture lose material?").
void LibrarySeeCaptureAtLeastZero(benchmark::State& state) {
    const ChessValues& values = runtime_values();
    run(state, [&](const Capture& c) {
        return chess::see_capture_at_least(*c.board, values, c.from, c.to, 0);
    });
}

}  // namespace

BENCHMARK(SeeCapture);
BENCHMARK(SeeCaptureAtLeastZero);
BENCHMARK(ReferenceRecursiveSeeCapture);
BENCHMARK(SeeStandPat);
BENCHMARK(LibrarySeeCapture);
BENCHMARK(LibrarySeeCaptureAtLeastZero);
BENCHMARK_MAIN();
