#pragma once
// The search's static evaluation: material and a positional term, in the units of the
// search profile, from the side to move's view. SUPER-SOMA's tactical net is added by the
// leaf (eval/leaf.hpp); quiescence search uses this alone.

#include "engine/position.hpp"
#include "eval/eval_weights.hpp"
#include "soma/shogi/profile.hpp"

namespace supersoma::eval {

/// The one value profile of the search (material, SUPER-SOMA and the positional term): the
/// article's board values, every piece in hand worth its board value (pawn 52).
const soma::ValueProfile& search_profile();

/// Board and hand material of `c` under the search profile.
Value material(const Position& pos, Color c);

/// Piece placement, king safety and pieces in hand of `c`: the weights of its features.
Value positional(const Position& pos, Color c, const EvalWeights& weights = eval_weights);

/// Material and positional term, side to move's view.
Value static_eval(const Position& pos, const EvalWeights& weights = eval_weights);

}  // namespace supersoma::eval
