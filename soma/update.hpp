#pragma once
// B4: make the chosen move and bring the XREF table up to date.

#include "soma/supersoma.hpp"

namespace supersoma::soma {

/// B4: plays `m` (a pass only hands the move over) and returns the table of the new position.
/// The table is rebuilt; an in-place update is not written yet (docs/supersoma.md).
XrefTable apply_and_update(Position& pos, Move m, const EvalOptions& options);

}  // namespace supersoma::soma
