#include "soma/shogi/shogi_swap.hpp"

#include <algorithm>
#include <cassert>
#include <limits>

namespace supersoma::soma {

ShogiSwapBoard::ShogiSwapBoard(const Position& pos, const ValueProfile& profile, Square square,
    Bitboard removed, const TieContext* ties)
    : pos_(pos)
    , profile_(profile)
    , ties_(ties)
    , square_(square)
    , occupied_(pos.pieces().andnot(removed)) {
    attackers_ = pos.attackers_to(square, occupied_) & occupied_;
}

Value ShogiSwapBoard::target_value() const {
    return profile_.capture_gain(type_of(pos_.piece_on(square_)));
}

bool ShogiSwapBoard::may_join(Square from) const {
    const Color c = color_of(pos_.piece_on(from));
    if (!pos_.pinned(c).test(from)) return true;
    const Square ksq = pos_.king_square(c);
    if (aligned(ksq, from, square_)) return true;  // captures along the pin line
    return !(pos_.pinners(c) & line_bb(ksq, from) & occupied_);
}

SwapAttacker ShogiSwapBoard::attacker_on(Square from, bool promote) const {
    return capture_by(from, promote, true);
}

SwapAttacker ShogiSwapBoard::first_attacker_on(Square from, bool promote) const {
    return capture_by(from, promote, false);
}

SwapAttacker ShogiSwapBoard::capture_by(Square from, bool promote, bool with_leave_cost) const {
    assert(pos_.piece_on(from) != NO_PIECE && occupied_.test(from));
    const Color     c    = color_of(pos_.piece_on(from));
    const PieceType kind = type_of(pos_.piece_on(from));
    const bool      may  = can_promote(kind)
        && (in_promotion_zone(c, rank_of(from)) || in_promotion_zone(c, rank_of(square_)));
    const bool   promotes = promote && may;
    SwapAttacker a;
    a.square         = from;
    a.kind           = kind;
    a.capture_value  = profile_.capture_gain(promotes ? ::supersoma::promote(kind) : kind);
    a.promotion_gain = promotes ? profile_.promotion_gain(kind) : 0;
    a.leave_cost = ties_ && with_leave_cost ? tie_cost(pos_, from, square_, profile_, *ties_) : 0;
    a.is_king    = kind == KING;
    a.promotes   = promotes;
    assert(a.leave_cost >= 0 && "leaving a duty costs, it never pays");
    return a;
}

std::optional<SwapAttacker> ShogiSwapBoard::least_valuable_attacker(Side side) const {
    // Cheapest first: board value, plus with ties what leaving costs, so a free defender
    // recaptures before an equally valued tied one (which would decline and end the exchange).
    // A leave cost is never negative: a piece whose board value alone does not beat the best
    // so far (it would lose a tie too, coming at a higher square) needs no tie_cost.
    std::optional<SwapAttacker> best;
    Value                       best_cost = 0;
    for (Square from : attackers_& pos_.pieces(Color(side))) {
        const PieceType kind = type_of(pos_.piece_on(from));
        if (best && (kind == KING || profile_.board[kind] >= best_cost)) continue;
        if (!may_join(from)) continue;
        const SwapAttacker a = attacker_on(from, true);
        const Value        cost
            = a.is_king ? std::numeric_limits<Value>::max() : profile_.board[a.kind] + a.leave_cost;
        if (!best || cost < best_cost) best = a, best_cost = cost;
    }
    return best;
}

Square ShogiSwapBoard::next_plain_capturer(Color c) const {
    Square best      = SQ_NONE;
    Value  best_cost = 0;
    for (Square from : attackers_& pos_.pieces(c)) {
        const PieceType kind = type_of(pos_.piece_on(from));
        const Value cost = kind == KING ? std::numeric_limits<Value>::max() : profile_.board[kind];
        if (best != SQ_NONE && cost >= best_cost) continue;  // cannot be cheaper
        if (!may_join(from)) continue;
        best = from, best_cost = cost;
    }
    if (best != SQ_NONE && type_of(pos_.piece_on(best)) == KING && guards(~c)) return SQ_NONE;
    return best;
}

Value ShogiSwapBoard::plain_capture_value(
    Side side, const SwapAttacker& first, Value target_value) {
    // As ChessSwap::value_after_first: with B_k the first side's balance after capture k, the
    // back-up is clamp(B_n, low, high) for the best stand-pats so far, and constant once one
    // falls outside [low, high]. Two loops, not one in the core taking the capture as a
    // callback: that version cost the chess SEE 5 % more instructions per call.
    constexpr Value Infinity = -detail::NoStand;
    const Color     us = Color(side), them = ~us;
    Value           balance = target_value + first.promotion_gain;
    Value           low = -Infinity, high = Infinity;
    remove(first);
    Value on_square = first.capture_value;
    for (;;) {
        // `them` may stand on `balance`.
        if (balance <= low) return low;
        high                = std::min(high, balance);
        const Square answer = next_plain_capturer(them);
        if (answer == SQ_NONE) return high;
        const SwapAttacker r = attacker_on(answer, true);
        balance -= on_square + r.promotion_gain;
        on_square = r.capture_value;
        remove(r);
        // `us` may stand on `balance`.
        if (balance >= high) return high;
        low               = std::max(low, balance);
        const Square next = next_plain_capturer(us);
        if (next == SQ_NONE) return low;
        const SwapAttacker n = attacker_on(next, true);
        balance += on_square + n.promotion_gain;
        on_square = n.capture_value;
        remove(n);
    }
}

void ShogiSwapBoard::remove(const SwapAttacker& attacker) {
    const Square from = Square(attacker.square);
    occupied_ ^= from;
    attackers_ &= occupied_;
    // Only a slider behind the piece that left can join, and only along its line: look again
    // along that line from the square. Both ways: the piece seen the other way is a known
    // attacker already, or no slider of the line's kind.
    const Line line = line_through(square_, from);
    if (line == Line::None) return;
    Bitboard sliders = line == Line::Rank || line == Line::File
        ? pos_.pieces(ROOK) | pos_.pieces(DRAGON)
        : pos_.pieces(BISHOP) | pos_.pieces(HORSE);
    if (line == Line::File)
        sliders |= (pos_.pieces(SENTE, LANCE) & lance_pseudo_attacks(GOTE, square_))
            | (pos_.pieces(GOTE, LANCE) & lance_pseudo_attacks(SENTE, square_));
    attackers_ |= line_attacks(line, square_, occupied_) & sliders & occupied_;
}

bool ShogiSwapBoard::guards(Side side) const {
    const Square other_king = pos_.king_square(~Color(side));
    Bitboard     occ        = occupied_;
    if (other_king != SQ_NONE && occ.test(other_king)) occ ^= other_king;
    return bool(pos_.attackers_to(Color(side), square_, occ) & occ);
}

}  // namespace supersoma::soma
