#pragma once
// B4: make the chosen move and bring the XREF table up to date.

#include "soma/supersoma.hpp"

namespace supersoma::soma {

/// B4: plays `m` (a pass only hands the move over) and returns the table of the new position;
/// `pos` is left without undo history. The table is rebuilt (docs/supersoma.md "Known limits").
XrefTable apply_and_update(Position& pos, Move m, const EvalOptions& options);

}  // namespace supersoma::soma
