#pragma once
// B4: make the chosen move and bring the XREF table up to date.

#include "soma/playout/options.hpp"
#include "soma/xref/xref.hpp"

namespace supersoma::soma {

/// B4: plays `m` (a pass only hands the move over) and returns the table of the new position
/// in `scope` (Full or Decisions), rebuilt; `pos` is left without undo history.
XrefTable apply_and_update(
    Position& pos, Move m, const EvalOptions& options, XrefScope scope = XrefScope::Full);

/// B4 for a pass: hands the move over (`pos` is left without undo history) and returns the
/// next table in `scope` from `built`, the last table's entries before B3 appended threats
/// (a pass moves no piece, so every one of them stands unchanged; B1 weighs them afresh) and
/// its `relations`; only the side to move's deferred threats are the new side's.
XrefTable keep_after_pass(Position& pos, ArenaVector<XrefEntry> built,
    std::optional<RelationSummary> relations, const EvalOptions& options, XrefScope scope);

}  // namespace supersoma::soma
