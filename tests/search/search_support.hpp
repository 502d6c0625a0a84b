#pragma once
// Runs one search synchronously through the Engine facade and keeps what it reported.

#include <future>
#include <string_view>
#include <vector>

#include "search/engine.hpp"
#include "tests/support/engine_helpers.hpp"

namespace supersoma::test {

struct SearchRun {
    search::SearchResult            result;
    std::vector<search::InfoReport> infos;
    std::uint64_t                   nodes = 0;  // all threads, the whole search
    std::uint64_t       soma_evaluations  = 0;  // SUPER-SOMA runs of the main thread (cache misses)
    search::SearchStats stats;                  // the main thread's tree

    /// The last score reported for the first line.
    Value score() const { return infos.empty() ? 0 : infos.back().score; }
};

/// Searches `pos` (with its history) under `limits` and `options`.
inline SearchRun run_search(const Position& pos, search::Limits limits,
    const search::SearchOptions& options = {}, int threads = 1) {
    search::Engine engine;
    engine.set_hash_megabytes(16);
    engine.set_threads(threads);
    engine.options() = options;
    engine.set_position(pos);
    SearchRun                          run;
    std::promise<search::SearchResult> done;
    engine.go(
        limits, [&run](const search::InfoReport& info) { run.infos.push_back(info); },
        [&done](const search::SearchResult& r) { done.set_value(r); });
    run.result = done.get_future().get();
    engine.wait();
    run.nodes            = engine.pool().nodes();
    run.soma_evaluations = engine.pool().main_worker().leaf().evaluations();
    run.stats            = engine.pool().main_worker().stats();
    return run;
}

/// A depth-limited search of an SFEN.
inline SearchRun search_to_depth(
    std::string_view sfen, int depth, const search::SearchOptions& options = {}, int threads = 1) {
    search::Limits limits;
    limits.depth = depth;
    return run_search(from_sfen(sfen), limits, options, threads);
}

/// Search options with the given leaf mode: SUPER-SOMA in play for its leaves, off for
/// quiescence (so QSearch searches with the network without threat inputs, and the leaf
/// modes differ by their leaves alone).
inline search::SearchOptions with_leaf(search::LeafMode mode) {
    search::SearchOptions options;
    options.leaf_mode      = mode;
    options.use_super_soma = mode != search::LeafMode::QSearch;
    return options;
}

}  // namespace supersoma::test
