#include "soma/soma.hpp"

#include "soma/shogi_swap.hpp"
#include "soma/swap.hpp"

namespace supersoma::soma {

Exchange capture_exchange(
    const Position& pos, Move m, const ValueProfile& profile, const TieContext* ties) {
    ShogiSwapBoard     board(pos, profile, m.to(), {}, ties);
    const SwapAttacker first = board.attacker_on(m.from(), m.is_promotion());
    const MaterialSwap swap  = see_capture_material(
         board, color_of(pos.piece_on(m.from())), first, board.target_value());
    return Exchange {swap.value, swap.first, swap.recapture, int(swap.played)};
}

Value stand_pat_gain(
    const Position& pos, Color attacker, Square s, const ValueProfile& profile, Bitboard removed) {
    const Piece victim = pos.piece_on(s);
    if (victim == NO_PIECE || color_of(victim) == attacker || removed.test(s)) return 0;
    ShogiSwapBoard board(pos, profile, s, removed);
    return see(board, attacker, board.target_value());
}

bool wins_on(const Position& pos, Color attacker, Square s, const ValueProfile& profile) {
    const Piece victim = pos.piece_on(s);
    if (victim == NO_PIECE || color_of(victim) == attacker) return false;
    ShogiSwapBoard board(pos, profile, s);
    return see_at_least(board, attacker, board.target_value(), 1);
}

}  // namespace supersoma::soma
