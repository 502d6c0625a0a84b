#include "soma/shogi_swap.hpp"

namespace supersoma::soma {

ShogiSwapBoard::ShogiSwapBoard(const Position& pos, const ValueProfile& profile, Square square,
                               Bitboard removed)
    : pos_(pos), profile_(profile), square_(square), occupied_(pos.pieces().andnot(removed)) {
    attackers_ = pos.attackers_to(square, occupied_) & occupied_;
}

bool ShogiSwapBoard::may_join(Square from) const {
    const Color c = color_of(pos_.piece_on(from));
    if (!pos_.pinned(c).test(from)) return true;
    const Square ksq = pos_.king_square(c);
    if (aligned(ksq, from, square_)) return true;  // captures along the pin line
    // Pinned: it stays out while a pinner on its line still stands.
    return !(pos_.pinners(c) & line_bb(ksq, from) & occupied_);
}

ShogiAttacker ShogiSwapBoard::attacker_on(Square from, bool promote) const {
    const Color     c    = color_of(pos_.piece_on(from));
    const PieceType kind = type_of(pos_.piece_on(from));
    const bool      can  = can_promote(kind) && (in_promotion_zone(c, rank_of(from)) ||
                                                 in_promotion_zone(c, rank_of(square_)));
    const PieceType placed = promote && can ? ::supersoma::promote(kind) : kind;
    return {from, kind, profile_.capture_gain(placed), placed != kind ? profile_.promotion_gain(kind) : 0,
            kind == KING};
}

std::optional<ShogiAttacker> ShogiSwapBoard::least_valuable_attacker(Color side) const {
    Square best = SQ_NONE;
    for (Square from : attackers_ & pos_.pieces(side)) {
        if (!may_join(from)) continue;
        const PieceType kind = type_of(pos_.piece_on(from));
        if (best == SQ_NONE || (type_of(pos_.piece_on(best)) == KING) ||
            (kind != KING && profile_.board[kind] < profile_.board[type_of(pos_.piece_on(best))]))
            best = from;
    }
    if (best == SQ_NONE) return std::nullopt;
    // The king captures last, and only onto a square the other side no longer attacks
    // (counting a slider that the king itself was hiding).
    if (type_of(pos_.piece_on(best)) == KING &&
        (pos_.attackers_to(~side, square_, occupied_ ^ best) & occupied_))
        return std::nullopt;
    // Later captures promote whenever they may: the promoted piece is worth exactly the
    // promotion more to take back, so promoting is never worse in value.
    return attacker_on(best, true);
}

void ShogiSwapBoard::remove(const ShogiAttacker& a) {
    occupied_ ^= a.from;
    attackers_ = pos_.attackers_to(square_, occupied_) & occupied_;
}

}  // namespace supersoma::soma
