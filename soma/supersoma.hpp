#pragma once
// SUPER-SOMA: the whole-board static tactical evaluator (seed 003). It builds the XREF table,
// weights it, plays the best move for the side to move, and repeats until both sides pass;
// the result is the predicted line and its net value. Two calls: evaluate() explains (every
// iteration is kept), an Evaluator gives the search its verdict and keeps nothing.

#include <cstddef>
#include <optional>

#include "soma/playout/choice_model.hpp"
#include "soma/playout/line.hpp"
#include "soma/playout/options.hpp"
#include "soma/playout/step_cache.hpp"
#include "util/arena.hpp"

namespace supersoma::soma {

/// Runs SUPER-SOMA on `pos` (A1-A4, then B1-B5 until two passes in a row) and records every
/// iteration and the line, in the caller's arena if one is in scope.
EvalResult evaluate(const Position& pos, const EvalOptions& options = {});

/// The verdict alone on `pos`: evaluate()'s net, first move and flags, nothing recorded (in
/// the caller's arena if one is in scope).
Verdict evaluate_verdict(const Position& pos, const EvalOptions& options = {});

/// The value-only SUPER-SOMA of one search thread: the same line as evaluate() but nothing
/// recorded, every table drawn from the evaluator's own arena (allocated once), and with a
/// step cache the steps of positions met before taken from it instead of decided again.
class Evaluator {
public:
    /// `arena_bytes` should hold the busiest evaluation under `options`; past it an
    /// evaluation takes the heap (correct, only slower). `step_cache_log2` > 0 keeps
    /// 2^step_cache_log2 steps between verdicts (allocated here); 0 keeps none.
    Evaluator(const EvalOptions& options, std::size_t arena_bytes, int step_cache_log2 = 0);

    /// The verdict on `pos`: net, first move and flags, as evaluate() would give them.
    Verdict verdict(const Position& pos);

    /// New options; the steps kept under the old ones are forgotten.
    void set_options(const EvalOptions& options);
    /// Forgets the kept steps (a new game).
    void clear_steps();
    /// Sets the step cache's hit and miss counts to zero.
    void reset_step_counts();
    /// The most arena memory one evaluation has used.
    std::size_t arena_peak() const { return arena_.peak(); }
    /// The step cache, if the evaluator keeps one.
    const StepCache* steps() const { return steps_ ? &*steps_ : nullptr; }

private:
    EvalOptions              options_;
    Arena                    arena_;
    std::optional<StepCache> steps_;
};

}  // namespace supersoma::soma
