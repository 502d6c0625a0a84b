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

Evaluator::Evaluator(const EvalOptions& options, std::size_t arena_bytes)
    : options_(options)
    , arena_(arena_bytes) { }

Verdict Evaluator::verdict(const Position& pos) {
    const ArenaScope scope(arena_);  // the evaluation's tables live and die in here
    return evaluate_verdict(pos, options_);
}

}  // namespace supersoma::soma
