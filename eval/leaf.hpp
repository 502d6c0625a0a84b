#pragma once
// SUPER-SOMA at the search's leaves (seed 003: the static evaluator replaces quiescence).
// Each search thread owns one SomaLeaf: results are cached by position key in a fixed table
// allocated once, so a position seen again costs one probe.

#include <chrono>
#include <cstdint>
#include <vector>

#include "engine/position.hpp"
#include "soma/supersoma.hpp"

namespace supersoma::eval {

/// A line that wins more than about two rooks is a mate or a collapse: past that the net says
/// nothing the search does not find itself, and a king's 3999 would swamp every score.
constexpr Value LEAF_NET_CLAMP = 1000;

/// The arena of one leaf's evaluations. The leaf configuration peaks at 50 KB on the 1,200
/// positions of the accuracy set, the whole method with A4 threats at 320 KB
/// (accuracy_bench --only N): this holds the busiest positions of every option set.
constexpr std::size_t LEAF_ARENA_BYTES = 512 * 1024;

/// The steps of playouts a leaf's evaluator keeps between verdicts (soma/playout/step_cache.hpp):
/// 2^14 of them, 384 KB a thread.
constexpr int LEAF_STEP_CACHE_LOG2 = 14;

/// What the search reads of one SUPER-SOMA evaluation: the verdict with its net clamped to
/// +-LEAF_NET_CLAMP. `too_complex` is the article's "cannot be trusted" (the search goes one
/// ply deeper); `mate_threat` marks where a deeper mate is worth a probe.
using LeafVerdict = soma::Verdict;

/// What the leaf's SUPER-SOMA may be set to (USI options Leaf*). The defaults are the one
/// statement of the leaf configuration, each judged by matches (docs/strength.md) after the
/// accuracy study (docs/accuracy.md): a line of four moves costs 40 % less than the whole line
/// and won. The leaf has no tie costs (they took 30 % of its instructions for no accuracy and
/// lost 92 Elo); ties stay in the article's full evaluation.
struct LeafSettings {
    bool parry_only_without_gain = true;  // B3 weighs parries only when no entry gains
    int  net_discount_percent    = 80;    // step i of the line counts at this percent^i
    bool neutralisers            = true;  // B3 weighs parries at all
    int  max_moves               = 4;     // playout length

    bool operator==(const LeafSettings&) const = default;
};

/// The SUPER-SOMA options of a leaf under `settings`: lean decision tables, the search
/// profile, no A4 threats (5x the cost for no measured gain yet: docs/search.md).
soma::EvalOptions leaf_eval_options(const LeafSettings& settings = {});

/// The leaf's reading of a SUPER-SOMA verdict: the net clamped, the rest as it is.
LeafVerdict leaf_verdict(soma::Verdict verdict);

/// The leaf verdict on `pos` under `options` (value only, in the caller's arena if any).
LeafVerdict evaluate_leaf(const Position& pos, const soma::EvalOptions& options);

/// A per-thread, fixed-size cache of leaf verdicts with timing counters, over the thread's
/// value-only SUPER-SOMA (its own arena), so a leaf allocates nothing once built.
class SomaLeaf {
public:
    /// A cache of 2^log2_entries verdicts and an arena for the evaluations (allocated here,
    /// never again).
    explicit SomaLeaf(int log2_entries = 16);

    /// The verdict for `pos`, from the cache or computed and stored.
    const LeafVerdict& evaluate(const Position& pos);
    /// The cached verdict for `pos`, or nullptr (never computes).
    const LeafVerdict* probe(const Position& pos) const;
    /// Forgets every verdict (a new game may use another option set).
    void clear();
    /// Applies `settings` to the evaluations to come; the cache is cleared when they change.
    void                set_settings(const LeafSettings& settings);
    const LeafSettings& settings() const { return settings_; }

    std::uint64_t evaluations() const { return evaluations_; }
    std::uint64_t hits() const { return hits_; }
    /// The playout steps the evaluations took from the step cache, and those they decided.
    std::uint64_t step_hits() const { return evaluator_.steps()->hits(); }
    std::uint64_t step_misses() const { return evaluator_.steps()->misses(); }
    /// Time spent inside SUPER-SOMA since the last reset_counters().
    std::chrono::nanoseconds time_in_soma() const { return time_; }
    void                     reset_counters();
    /// The most arena memory one evaluation has used (past the arena's size it takes the
    /// heap: correct, only slower).
    std::size_t arena_peak() const { return evaluator_.arena_peak(); }

private:
    struct Slot {
        Key         key = 0;
        LeafVerdict verdict;
    };
    LeafSettings             settings_;
    soma::Evaluator          evaluator_;
    std::vector<Slot>        slots_;
    std::uint64_t            mask_;
    std::uint64_t            evaluations_ = 0, hits_ = 0;
    std::chrono::nanoseconds time_ {0};
};

}  // namespace supersoma::eval
