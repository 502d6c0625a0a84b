#include "soma/update.hpp"

namespace supersoma::soma {

XrefTable apply_and_update(Position& pos, Move m, const EvalOptions& options) {
    pos.do_move(m);
    return build_xref(pos, options);
}

}  // namespace supersoma::soma
