#pragma once
// B5: repeat B1-B4 until both sides pass in a row; the line and its net value.

#include "soma/supersoma.hpp"

namespace supersoma::soma {

/// B5: plays the XREF table out from `root` and returns every iteration, the predicted line
/// and its net value. Stops after two passes in a row, a mate (the mating move, or a pass by
/// a side with no legal move), a repeated position or options.max_iterations moves; `end`
/// says which.
EvalResult play_out(const Position& root, const EvalOptions& options);

}  // namespace supersoma::soma
