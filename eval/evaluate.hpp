#pragma once
// The search's static evaluation, from the side to move's view in the units of the search
// profile: the learned evaluation (eval/kp.hpp), or material alone where it cannot see (a king
// missing: tsume, diagrams) or where it is switched off. SUPER-SOMA's tactical net is added
// by the leaf (eval/leaf.hpp); quiescence search uses this alone.

#include <memory>

#include "engine/position.hpp"
#include "eval/kp.hpp"
#include "soma/shogi/profile.hpp"

namespace supersoma::eval {

/// The one value profile of the search (material, SUPER-SOMA and the learned evaluation):
/// the article's board values, every piece in hand worth its board value (pawn 52).
const soma::ValueProfile& search_profile();

/// Board and hand material of `c` under the search profile.
Value material(const Position& pos, Color c);

/// Material alone, side to move's view.
Value material_balance(const Position& pos);

/// Which static evaluation plays (USI PositionalEval and EvalFile).
struct EvalSettings {
    bool positional = true;  // off: material only (labels for docs/accuracy.md)
    // The learned evaluation's weights (USI EvalFile); null: the ones built into the binary.
    std::shared_ptr<const KpWeights> weights;

    bool operator==(const EvalSettings&) const = default;
};

/// The learned weights `settings` play with, or null for material alone.
const KpWeights* learned_weights(const EvalSettings& settings);

/// The static value of `pos`, side to move's view: the learned evaluation with `weights`
/// (its sums kept up to date in the position's states), material alone when `weights` is
/// null or a king is missing.
inline Value static_value(const Position& pos, const KpWeights* weights) {
    return weights && pos.king_square(SENTE) != SQ_NONE && pos.king_square(GOTE) != SQ_NONE
        ? kp_evaluate(pos, *weights)
        : material_balance(pos);
}

}  // namespace supersoma::eval
