#pragma once
// B3: choose the side to move's best XREF entry or neutralising move, or pass.

#include "soma/supersoma.hpp"

namespace supersoma::soma {

/// B3: sets it.chosen (and its weight and entry index) to the side to move's heaviest entry
/// or neutraliser; a pass when nothing weighs more than 0. Entries win ties.
void choose(Iteration& it);

}  // namespace supersoma::soma
