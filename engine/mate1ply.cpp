#include "engine/mate1ply.hpp"

namespace supersoma {

bool is_mate_after(Position& pos, Move m) {
    pos.do_move(m);
    const bool mate = pos.in_check() && !has_legal_move(pos);
    pos.undo_move();
    return mate;
}

MoveList mating_moves(Position& pos) {
    MoveList mates;
    if (pos.king_square(~pos.side_to_move()) == SQ_NONE) return mates;
    for (Move m : generate(GenKind::Checks, pos))
        if (is_mate_after(pos, m)) mates.push_back(m);
    return mates;
}

}  // namespace supersoma
