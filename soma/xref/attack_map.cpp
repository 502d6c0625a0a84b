#include "soma/xref/attack_map.hpp"

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

std::array<Bitboard, COLOR_NB> attacked_squares(const Position& pos) {
    std::array<Bitboard, COLOR_NB> attacked {};
    const Bitboard                 occ = pos.pieces();
    for (Square from : occ) {
        const Piece p = pos.piece_on(from);
        attacked[color_of(p)] |= attacks_from(color_of(p), type_of(p), from, occ);
    }
    return attacked;
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

Destinations attack_origins(const Position& pos, Bitboard targets) {
    const Color c = pos.side_to_move();
    // Attacks are symmetric: a piece of c on x attacks t when the same kind of ~c on t
    // attacks x. One pass over the targets per pattern, then each kind takes its patterns.
    Bitboard pawn, knight, silver, gold, king, lance, bishop, rook;
    for (Square t : targets) {
        pawn |= step_attacks(~c, PAWN, t);
        knight |= step_attacks(~c, KNIGHT, t);
        silver |= step_attacks(~c, SILVER, t);
        gold |= step_attacks(~c, GOLD, t);
        king |= step_attacks(~c, KING, t);
        lance |= lance_pseudo_attacks(~c, t);
        bishop |= bishop_pseudo_attacks(t);
        rook |= rook_pseudo_attacks(t);
    }
    Destinations d;
    d.by_kind[PAWN]   = pawn | gold;
    d.by_kind[LANCE]  = lance | gold;
    d.by_kind[KNIGHT] = knight | gold;
    d.by_kind[SILVER] = silver | gold;
    d.by_kind[BISHOP] = d.by_kind[HORSE] = bishop | king;
    d.by_kind[ROOK] = d.by_kind[DRAGON] = rook | king;
    d.by_kind[GOLD] = d.by_kind[PRO_PAWN] = d.by_kind[PRO_LANCE] = d.by_kind[PRO_KNIGHT]
        = d.by_kind[PRO_SILVER]                                  = gold;
    d.by_kind[KING]                                              = king;
    return d;
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
