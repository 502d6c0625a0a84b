#include "soma/playout/update.hpp"

#include <cassert>

#include "engine/movegen.hpp"
#include "soma/xref/threats.hpp"

namespace supersoma::soma {

void play(Position& pos, Move m) {
    assert(m.is_pass() || is_legal(pos, m));
    pos.do_move(m);
    // Nothing here reads the undo stack: dropping it keeps the many copies the table is built
    // with (one per tried move) from copying the whole playout's history each time.
    pos.forget_history();
}

XrefTable table_after_pass(const Position& passed, ArenaVector<XrefEntry> built,
    std::optional<RelationSummary> relations, const EvalOptions& options, XrefScope scope) {
    // build_xref lists both sides' entries from the board alone, in colour order: the pass
    // changed nothing they read.
    // Their weights and contributions are B2's of the last table; B1 starts them afresh.
    XrefTable table;
    table.entries   = std::move(built);
    table.relations = std::move(relations);
    if (options.threats && scope == XrefScope::Decisions)
        table.unvalued_threats = screen_threats(passed, *options.profile);
    return table;
}

}  // namespace supersoma::soma
