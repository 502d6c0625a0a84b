#include "soma/supersoma.hpp"

#include <algorithm>
#include <array>
#include <cassert>

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

ThreatPair Evaluator::threats(const Position& pos, Color side) {
    const ArenaScope scope(arena_);
    // Built from the board alone: the search's position carries the whole game's history.
    const Position               board(pos.setup());
    const XrefTable              table = build_parry_table(board, side, options_, false);
    std::array<Value, SQUARE_NB> by_square {};
    for (const XrefEntry& e : table.entries) {
        assert(e.side == side);
        Value& best = by_square[e.target != SQ_NONE ? e.target : e.move.to()];
        best        = std::max(best, e.value);
    }
    ThreatPair pair;
    for (Value v : by_square) {
        if (v > pair.largest)
            pair.second = pair.largest, pair.largest = v;
        else if (v > pair.second)
            pair.second = v;
    }
    return pair;
}

}  // namespace supersoma::soma
