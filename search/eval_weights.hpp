#pragma once
// The weights of the positional evaluation's features (search/eval_features.hpp), in search
// units (a pawn is 52). Written by tools/tune_eval; see docs/tuning.md.

#include <array>
#include <cstdint>

#include "search/eval_features.hpp"

namespace supersoma::search {

/// One weight per feature index.
extern const std::array<std::int16_t, eval_features::FEATURE_NB> eval_weights;

}  // namespace supersoma::search
