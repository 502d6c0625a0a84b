#include "soma/attack_map.hpp"

namespace supersoma::soma {

AttackMap build_attack_map(const Position& pos) {
    AttackMap      map;
    const Bitboard occ = pos.pieces();
    for (Square from : occ) {
        const Piece    p       = pos.piece_on(from);
        const Color    c       = color_of(p);
        const Bitboard targets = attacks_from(c, type_of(p), from, occ);
        map.attacked[c] |= targets;
        for (Square to : targets) map.attackers[c][to] |= from;
    }
    return map;
}

std::array<Bitboard, HAND_TYPE_NB> drop_attack_squares(
    const Position& pos, Color c, Bitboard targets) {
    // Attacks are symmetric (a kind of one colour attacks from x what the same kind of the
    // other colour standing on the target sees), and a drop leaves the lines to x unchanged.
    std::array<Bitboard, HAND_TYPE_NB> squares {};
    const Bitboard                     empty = ~pos.pieces();
    for (PieceType pt = PAWN; pt <= GOLD; ++pt) {
        if (!pos.hand(c).has(pt)) continue;
        for (Square t : targets) squares[pt] |= attacks_from(~c, pt, t, pos.pieces());
        squares[pt] &= empty;
    }
    return squares;
}

Square AttackMap::least_valuable(
    const Position& pos, const ValueProfile& profile, Color c, Square s) const {
    Square best = SQ_NONE;
    for (Square from : attackers[c][s])
        if (best == SQ_NONE
            || profile.board[type_of(pos.piece_on(from))]
                < profile.board[type_of(pos.piece_on(best))])
            best = from;
    return best;
}

}  // namespace supersoma::soma
