// eval_bench: the time of one full SUPER-SOMA evaluation (all iterations) per position of a
// suite, single thread: first the search's leaf configuration (the value-only verdict of a
// thread's Evaluator as at the leaves, then the explaining evaluate() in an arena and on the
// heap), then evaluate() with threats on and off; prints the median and 90th percentile.
// Usage: eval_bench [suite] [min-ms-per-position]
//        (default tests/data/perft-suite.txt, 50)
// Every row is single thread, all iterations of evaluate(), one row per EvalOptions set.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "bench/suite.hpp"
#include "engine/attacks.hpp"
#include "eval/leaf.hpp"
#include "soma/supersoma.hpp"
#include "util/arena.hpp"

using namespace supersoma;

namespace {

using Clock = std::chrono::steady_clock;

// How a row evaluates: the explaining call (in `arena` when there is one), or the value-only
// verdict of an Evaluator.
struct Method {
    Arena*           arena     = nullptr;
    soma::Evaluator* evaluator = nullptr;
};

// Microseconds per evaluation of `pos`: repeated until `min_ms` have passed (at least 5 runs).
double time_one(const Position& pos, const soma::EvalOptions& options, double min_ms,
    long long& checksum, const Method& method) {
    int        runs  = 0;
    const auto start = Clock::now();
    double     ms    = 0;
    do {
        if (method.evaluator) {
            checksum += method.evaluator->verdict(pos).net;
        } else {
            std::optional<ArenaScope> scope;
            if (method.arena) scope.emplace(*method.arena);
            checksum += soma::evaluate(pos, options).net;
        }
        ++runs;
        ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    } while (runs < 5 || ms < min_ms);
    return ms * 1000.0 / runs;
}

double percentile(std::vector<double> v, double p) {
    std::sort(v.begin(), v.end());
    const std::size_t i = std::min(v.size() - 1, std::size_t(p * double(v.size() - 1) + 0.5));
    return v[i];
}

// "all", "first" or "none": which tables list everything (EvalOptions::complete_tables).
const char* tables_name(int complete_tables) {
    return complete_tables == 0 ? "none" : complete_tables == 1 ? "first" : "all";
}

void run(const std::vector<Position>& positions, const soma::EvalOptions& options, double min_ms,
    const char* label = "", const Method& method = {}) {
    std::vector<double> us;
    long long           checksum = 0;
    for (const Position& pos : positions)
        us.push_back(time_one(pos, options, min_ms, checksum, method));
    double total = 0;
    for (double t : us) total += t;
    std::printf("%sthreats %-3s ties %-3s complete %-5s  positions %zu  median %8.1f us  "
                "p90 %8.1f us  max %8.1f us  mean %8.1f us  (%.0f positions/s)  checksum %lld\n",
        label, options.threats ? "on" : "off", options.ties ? "on" : "off",
        tables_name(options.complete_tables), us.size(), percentile(us, 0.5), percentile(us, 0.9),
        percentile(us, 1.0), total / double(us.size()), 1e6 * double(us.size()) / total, checksum);
}

}  // namespace

int main(int argc, char** argv) {
    attacks::init();
    const std::string suite     = argc > 1 ? argv[1] : "tests/data/perft-suite.txt";
    const double      min_ms    = argc > 2 ? std::stod(argv[2]) : 50.0;
    const auto        positions = bench::read_suite(suite);
    if (positions.empty()) {
        std::cerr << "no positions in " << suite << '\n';
        return 1;
    }
    // Complete tables (what `eval --json` and `--iterations` show), the first one only (the
    // text report), none (a search needs only the net), then none without ties.
    // The search's leaf configuration: the verdict as the search takes it, then the explaining
    // call in an arena and on the heap, back to back (what recording and the heap cost).
    soma::Evaluator evaluator(eval::leaf_eval_options(), eval::LEAF_ARENA_BYTES);
    Arena           arena(eval::LEAF_ARENA_BYTES);
    run(positions, eval::leaf_eval_options(), min_ms, "leaf, verdict ", {nullptr, &evaluator});
    run(positions, eval::leaf_eval_options(), min_ms, "leaf, arena   ", {&arena, nullptr});
    run(positions, eval::leaf_eval_options(), min_ms, "leaf, heap    ");
    for (bool threats : {true, false}) {
        for (int complete : {std::numeric_limits<int>::max(), 1, 0}) {
            soma::EvalOptions options;
            options.threats         = threats;
            options.complete_tables = complete;
            run(positions, options, min_ms);
        }
        // The cheapest scope the options allow (no ties, decision tables): what the 20 us
        // target would cost to meet by options alone.
        soma::EvalOptions lean;
        lean.threats         = threats;
        lean.ties            = false;
        lean.complete_tables = 0;
        run(positions, lean, min_ms);
    }
    return 0;
}
