#include "soma/update.hpp"

namespace supersoma::soma {

XrefTable apply_and_update(Position& pos, Move m, const EvalOptions& options) {
    pos.do_move(m);
    // Nothing here reads the undo stack: dropping it keeps the many copies the table is built
    // with (one per tried move) from copying the whole playout's history each time.
    pos = Position(pos.setup());
    return build_xref(pos, options);
}

}  // namespace supersoma::soma
