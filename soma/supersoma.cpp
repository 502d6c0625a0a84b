#include "soma/supersoma.hpp"

#include "soma/playout/playout.hpp"

namespace supersoma::soma {

EvalResult evaluate(const Position& pos, const EvalOptions& options) {
    EvalResult result;
    play_out(pos, options, &result);
    return result;
}

Verdict evaluate_verdict(const Position& pos, const EvalOptions& options) {
    return play_out(pos, options, nullptr);
}

Evaluator::Evaluator(const EvalOptions& options, std::size_t arena_bytes, int step_cache_log2)
    : options_(options)
    , arena_(arena_bytes) {
    if (step_cache_log2 > 0) steps_.emplace(step_cache_log2);
}

Verdict Evaluator::verdict(const Position& pos) {
    const ArenaScope scope(arena_);  // the evaluation's tables live and die in here
    return play_out(pos, options_, nullptr, steps_ ? &*steps_ : nullptr);
}

void Evaluator::set_options(const EvalOptions& options) {
    if (options == options_) return;
    options_ = options;
    clear_steps();
}

void Evaluator::clear_steps() {
    if (steps_) steps_->clear();
}

void Evaluator::reset_step_counts() {
    if (steps_) steps_->reset_counts();
}

}  // namespace supersoma::soma
