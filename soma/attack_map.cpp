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
