#include "soma/shogi/soma.hpp"

#include <algorithm>

#include "soma/core/swap.hpp"
#include "soma/shogi/shogi_swap.hpp"

namespace supersoma::soma {

Exchange capture_exchange(
    const Position& pos, Move m, const ValueProfile& profile, const TieContext* ties) {
    ShogiSwapBoard     board(pos, profile, m.to(), {}, ties);
    const SwapAttacker first = board.first_attacker_on(m.from(), m.is_promotion());
    const MaterialSwap swap  = see_capture_material(
         board, color_of(pos.piece_on(m.from())), first, board.target_value());
    return Exchange {swap.value, swap.first, swap.recapture, int(swap.played)};
}

Value capture_value(const Position& pos, Move m, const ValueProfile& profile) {
    ShogiSwapBoard     board(pos, profile, m.to());
    const SwapAttacker first = board.attacker_on(m.from(), m.is_promotion());
    return board.plain_capture_value(color_of(pos.piece_on(m.from())), first, board.target_value());
}

Value stand_pat_gain(
    const Position& pos, Color attacker, Square s, const ValueProfile& profile, Bitboard removed) {
    const Piece victim = pos.piece_on(s);
    if (victim == NO_PIECE || color_of(victim) == attacker || removed.test(s)) return 0;
    ShogiSwapBoard board(pos, profile, s, removed);
    // see(): the least valuable capturer starts, or the attacker stands on 0.
    const Square first = board.next_plain_capturer(attacker);
    if (first == SQ_NONE) return 0;
    const Value target = board.target_value();
    return std::max(0, board.plain_capture_value(attacker, board.attacker_on(first, true), target));
}

bool wins_on(const Position& pos, Color attacker, Square s, const ValueProfile& profile) {
    const Piece victim = pos.piece_on(s);
    if (victim == NO_PIECE || color_of(victim) == attacker) return false;
    ShogiSwapBoard board(pos, profile, s);
    return see_at_least(board, attacker, board.target_value(), 1);
}

}  // namespace supersoma::soma
