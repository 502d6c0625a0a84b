#include "eval/evaluate.hpp"

#include <cassert>

#include "eval/eval_features.hpp"
#include "eval/eval_weights.hpp"

namespace supersoma::eval {

const soma::ValueProfile& search_profile() {
    return soma::full_hand_profile();
}

Value material(const Position& pos, Color c) {
    const soma::ValueProfile& profile = search_profile();
    Value                     v       = 0;
    for (Square s : pos.pieces(c)) {
        const PieceType pt = type_of(pos.piece_on(s));
        if (pt != KING) v += profile.board[pt];
    }
    for (PieceType pt = PAWN; pt <= GOLD; ++pt) v += pos.hand(c).count(pt) * profile.hand[pt];
    assert(v >= 0);
    return v;
}

Value positional(const Position& pos, Color c, const EvalWeights& weights) {
    Value v = 0;
    features::visit(pos, c, [&](int feature, int count) { v += weights[feature] * count; });
    return v;
}

Value static_eval(const Position& pos, const EvalWeights& weights) {
    const Color us = pos.side_to_move();
    return material(pos, us) - material(pos, ~us) + positional(pos, us, weights)
        - positional(pos, ~us, weights);
}

}  // namespace supersoma::eval
