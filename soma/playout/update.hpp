#pragma once
// B4: make the chosen move and bring the XREF table up to date.

#include "soma/playout/options.hpp"
#include "soma/xref/xref.hpp"

namespace supersoma::soma {

/// B4's move: plays `m` (a pass only hands the move over); `pos` is left without undo
/// history. The next table is build_xref's of the new position, or after a pass
/// table_after_pass's.
void play(Position& pos, Move m);

/// B4 across a pass: the table of `passed` (the position just after a pass) in `scope` from
/// `built`, the last table's entries before B3 appended threats (a pass moves no piece, so
/// every one of them stands unchanged; B1 weighs them afresh) and its `relations`; only the
/// side to move's deferred threats are the new side's. The same table as build_xref's.
XrefTable table_after_pass(const Position& passed, ArenaVector<XrefEntry> built,
    std::optional<RelationSummary> relations, const EvalOptions& options, XrefScope scope);

}  // namespace supersoma::soma
