#pragma once
// The weights of the positional evaluation's features (eval/eval_features.hpp), in search
// units (a pawn is 52). Written by tools/tune_eval; see docs/tuning.md.

#include <array>
#include <cstdint>

#include "eval/eval_features.hpp"

namespace supersoma::eval {

/// One weight per feature index.
using EvalWeights = std::array<std::int16_t, features::FEATURE_NB>;

/// The weights of the SuperSoma leaves (and of anything that names no leaf mode).
extern const EvalWeights eval_weights;
/// The weights of the QSearch leaves: each leaf mode plays with the weights that a match
/// judged best for it (docs/tuning.md).
extern const EvalWeights qsearch_eval_weights;

}  // namespace supersoma::eval
