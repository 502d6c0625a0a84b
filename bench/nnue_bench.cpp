// nnue_bench: nanoseconds per network evaluation with the threat inputs (the default network)
// and without them (`UseSuperSoma false`), beside the KP evaluation, over the perft suite's
// positions: the threat list alone, the value from scratch, and the search's case (a move,
// then the value updated from the position before it), with the move alone timed beside it so
// that the evaluation's share reads as a difference. The figures go to docs/eval.md.
// Usage: nnue_bench [Google Benchmark flags]   (run from the repository's root)
#include <benchmark/benchmark.h>

#include <iostream>
#include <string>
#include <vector>

#include "bench/suite.hpp"
#include "engine/attacks.hpp"
#include "engine/movegen.hpp"
#include "eval/nnue.hpp"

namespace {

using namespace supersoma;
using namespace supersoma::eval;

// The perft suite's positions with both kings and at least two legal moves (a single move
// would find its child's sums cached from the round before).
std::vector<Position>& suite() {
    static std::vector<Position> positions = [] {
        std::vector<Position> kept;
        for (Position& pos : bench::read_suite("tests/data/perft-suite.txt"))
            if (pos.king_square(SENTE) != SQ_NONE && pos.king_square(GOTE) != SQ_NONE
                && generate(GenKind::Legal, pos).size() >= 2)
                kept.push_back(std::move(pos));
        return kept;
    }();
    return positions;
}

const Network& network(bool threat_inputs) {
    return *Network::builtin(threat_inputs);
}

// One position of the suite per iteration, in turn (Time is per position).
template<class Work> void per_position(benchmark::State& state, Work work) {
    std::vector<Position>& positions = suite();
    std::size_t            i         = 0;
    for (auto _ : state) {
        work(positions[i]);
        if (++i == positions.size()) i = 0;
    }
}

void ThreatList(benchmark::State& state) {
    threats::ThreatList list;
    per_position(state, [&](const Position& pos) {
        threats::collect(pos, list);
        benchmark::DoNotOptimize(list.count);
    });
}

void FromScratch(benchmark::State& state, bool threat_inputs) {
    const Network& net = network(threat_inputs);
    per_position(state, [&](const Position& pos) {
        benchmark::DoNotOptimize(nnue_evaluate_from_scratch(pos, net));
    });
}

void KpFromScratch(benchmark::State& state) {
    const KpWeights& kp = *KpWeights::builtin();
    per_position(state,
        [&](const Position& pos) { benchmark::DoNotOptimize(kp_evaluate_from_scratch(pos, kp)); });
}

// Every legal move of each position in turn, the value after it asked as the search asks it
// (`evaluate` receives the position after the move; Time is per move); the parent is prepared
// once per position.
template<class Prepare, class Evaluate>
void after_each_move(benchmark::State& state, Prepare prepare, Evaluate evaluate) {
    std::vector<Position>& positions = suite();
    std::vector<MoveList>  moves;
    for (const Position& pos : positions) moves.push_back(generate(GenKind::Legal, pos));
    std::size_t i = 0, m = 0;
    prepare(positions[0]);
    for (auto _ : state) {
        Position& pos = positions[i];
        pos.do_move(moves[i][m]);
        evaluate(pos);
        pos.undo_move();
        if (++m == moves[i].size()) {
            m = 0;
            if (++i == positions.size()) i = 0;
            prepare(positions[i]);
        }
    }
}

void MoveAlone(benchmark::State& state) {
    after_each_move(
        state, [](const Position&) {}, [](const Position&) {});
}

void AfterMove(benchmark::State& state, bool threat_inputs) {
    const Network& net = network(threat_inputs);
    after_each_move(
        state, [&](const Position& pos) { nnue_prepare(pos, net); },
        [&](const Position& pos) { benchmark::DoNotOptimize(nnue_evaluate(pos, net)); });
}

void KpAfterMove(benchmark::State& state) {
    const KpWeights& kp = *KpWeights::builtin();
    after_each_move(
        state, [&](const Position& pos) { benchmark::DoNotOptimize(kp_evaluate(pos, kp)); },
        [&](const Position& pos) { benchmark::DoNotOptimize(kp_evaluate(pos, kp)); });
}

}  // namespace

BENCHMARK(ThreatList);
BENCHMARK_CAPTURE(FromScratch, threat_network, true);
BENCHMARK_CAPTURE(FromScratch, plain_network, false);
BENCHMARK(KpFromScratch);
BENCHMARK(MoveAlone);
BENCHMARK_CAPTURE(AfterMove, threat_network, true);
BENCHMARK_CAPTURE(AfterMove, plain_network, false);
BENCHMARK(KpAfterMove);

int main(int argc, char** argv) {
    supersoma::attacks::init();
    benchmark::Initialize(&argc, argv);
    if (supersoma::eval::Network::builtin(true) == nullptr
        || supersoma::eval::Network::builtin(false) == nullptr || suite().empty()) {
        std::cerr << "nnue_bench: needs both built-in networks and tests/data/perft-suite.txt "
                     "(run it from the repository's root)\n";
        return 1;
    }
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
