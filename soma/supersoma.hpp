#pragma once
// SUPER-SOMA: the whole-board static tactical evaluator (seed 003). It builds the XREF table,
// weights it, plays the best move for the side to move, and repeats until both sides pass;
// the result is the predicted line and its net value. Two calls: evaluate() explains (every
// iteration is kept), an Evaluator gives the search its verdict and keeps nothing.

#include <cstddef>

#include "soma/playout/line.hpp"
#include "soma/playout/options.hpp"
#include "util/arena.hpp"

namespace supersoma::soma {

/// Runs SUPER-SOMA on `pos` (A1-A4, then B1-B5 until two passes in a row) and records every
/// iteration and the line, in the caller's arena if one is in scope.
EvalResult evaluate(const Position& pos, const EvalOptions& options = {});

/// The verdict alone on `pos`: evaluate()'s net, first move and flags, nothing recorded (in
/// the caller's arena if one is in scope).
Verdict evaluate_verdict(const Position& pos, const EvalOptions& options = {});

/// The value-only SUPER-SOMA of one search thread: the same line as evaluate() but nothing
/// recorded, every table drawn from the evaluator's own arena (allocated once).
class Evaluator {
public:
    /// `arena_bytes` should hold the busiest evaluation under `options`; past it an
    /// evaluation takes the heap (correct, only slower).
    Evaluator(const EvalOptions& options, std::size_t arena_bytes);

    /// The verdict on `pos`: net, first move and flags, as evaluate() would give them.
    Verdict verdict(const Position& pos);

    void set_options(const EvalOptions& options) { options_ = options; }
    /// The most arena memory one evaluation has used.
    std::size_t arena_peak() const { return arena_.peak(); }

private:
    EvalOptions options_;
    Arena       arena_;
};

}  // namespace supersoma::soma
