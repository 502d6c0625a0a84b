#include "engine/mate1ply.hpp"

#include <optional>

namespace supersoma {

bool is_mate_after(Position& pos, Move m) {
    pos.do_move(m);
    const bool mate = pos.in_check() && !has_legal_move(pos);
    pos.undo_move();
    return mate;
}

// Works on occupancies alone, without making `m`: most checks fail here, and making a move
// is the dear part of the mate test.
bool may_mate(const Position& pos, Move m, Bitboard removed) {
    const Color    us    = pos.side_to_move();
    const Square   ksq   = pos.king_square(~us);
    const Bitboard moved = m.is_drop() ? Bitboard() : Bitboard(m.from());
    const Bitboard occ
        = (pos.pieces().andnot(moved | removed) | m.to()) ^ ksq;  // the king has left
    const Bitboard checker_reach = attacks_from(us, m.placed(), m.to(), occ);
    for (Square f : step_attacks(~us, KING, ksq).andnot(pos.pieces(~us).andnot(removed))) {
        if (checker_reach.test(f)) continue;
        // The moved piece no longer stands where pos has it; it guards only via checker_reach.
        if (!pos.attackers_to(us, f, occ).andnot(moved)) return false;
    }
    return true;
}

MoveList mating_moves(const Position& pos) {
    return mating_moves(pos, generate(GenKind::Checks, pos));
}

MoveList mating_moves(const Position& pos, const MoveList& checks) {
    MoveList mates;
    if (pos.king_square(~pos.side_to_move()) == SQ_NONE) return mates;
    // A copy to make moves on, only once a check passes may_mate (most never do).
    std::optional<Position> work;
    for (Move m : checks) {
        if (!may_mate(pos, m)) continue;
        if (!work) work.emplace(pos);
        if (is_mate_after(*work, m)) mates.push_back(m);
    }
    return mates;
}

Move mate_in_one(Position& pos) {
    if (pos.in_check() || pos.king_square(~pos.side_to_move()) == SQ_NONE) return Move::none();
    for (Move m : generate(GenKind::Checks, pos))
        if (may_mate(pos, m) && is_mate_after(pos, m)) return m;
    return Move::none();
}

}  // namespace supersoma
