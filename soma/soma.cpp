#include "soma/soma.hpp"

#include <algorithm>

#include "soma/shogi_swap.hpp"

namespace supersoma::soma {

namespace {

// What `c` loses when its piece on `from` leaves: the most the opponent then wins on a
// square that piece alone kept safe (seed 003's tie; spec 3). Computed without ties.
Value leave_cost(const Position& pos, Square from, Square exchange_square,
                 const ValueProfile& profile, const TieContext& ties) {
    const Color    c       = color_of(pos.piece_on(from));
    const Bitboard exposed = pos.attacks_of(from) & pos.pieces(c) & ties.map->attacked[~c];
    Value          cost    = 0;
    for (Square g : exposed.andnot(Bitboard(exchange_square))) {
        const Value now   = stand_pat_gain(pos, ~c, g, profile);
        const Value after = stand_pat_gain(pos, ~c, g, profile, Bitboard(from));
        cost              = std::max(cost, after - now);
    }
    return cost;
}

// One capture of the exchange: what it gains its side, and what its side pays to leave.
struct Step {
    Value gain, tie_cost;
};

// Plays the exchange out with least valuable attackers and backs it up (seed 001). Each
// later capturer continues only if that pays once its tie cost is counted; the value
// reported is the material of the captures actually made (spec 3: 3e3g+ stays -240).
Exchange back_up(const boost::container::static_vector<Step, 40>& steps) {
    const int n = int(steps.size());
    Value     decision = steps[n - 1].gain - steps[n - 1].tie_cost;
    Value     material = steps[n - 1].gain;
    int       made     = n;
    for (int d = n - 2; d >= 0; --d) {
        const bool next_captures = decision > 0;
        if (!next_captures) made = d + 1;
        decision = steps[d].gain - steps[d].tie_cost - (next_captures ? decision : 0);
        material = steps[d].gain - (next_captures ? material : 0);
    }
    Exchange ex;
    ex.value     = material;
    ex.first     = steps[0].gain;
    ex.captures  = made;
    ex.recapture = made > 1 ? -steps[1].gain : 0;
    return ex;
}

Exchange play_exchange(const Position& pos, ShogiSwapBoard& board, ShogiAttacker first,
                       Value target_gain, const ValueProfile& profile, const TieContext* ties) {
    boost::container::static_vector<Step, 40> steps;
    steps.push_back({target_gain + first.promotion_gain, 0});
    Color         side     = color_of(pos.piece_on(first.from));
    ShogiAttacker standing = first;
    board.remove(first);
    while (steps.size() < steps.capacity()) {
        side        = ~side;
        const auto next = board.least_valuable_attacker(side);
        if (!next) break;
        const Value cost =
            ties ? leave_cost(pos, next->from, board.square(), profile, *ties) : 0;
        steps.push_back({standing.capture_value + next->promotion_gain, cost});
        standing = *next;
        board.remove(*next);
    }
    return back_up(steps);
}

}  // namespace

Exchange capture_exchange(const Position& pos, Move m, const ValueProfile& profile,
                          const TieContext* ties) {
    ShogiSwapBoard board(pos, profile, m.to());
    const Value    target = profile.capture_gain(type_of(pos.piece_on(m.to())));
    return play_exchange(pos, board, board.attacker_on(m.from(), m.is_promotion()), target, profile,
                         ties);
}

Value stand_pat_gain(const Position& pos, Color attacker, Square s, const ValueProfile& profile,
                     Bitboard removed) {
    const Piece victim = pos.piece_on(s);
    if (victim == NO_PIECE || color_of(victim) == attacker || removed.test(s)) return 0;
    ShogiSwapBoard board(pos, profile, s, removed);
    const auto     first = board.least_valuable_attacker(attacker);
    if (!first) return 0;
    const Value target = profile.capture_gain(type_of(victim));
    return std::max(0, play_exchange(pos, board, *first, target, profile, nullptr).value);
}

}  // namespace supersoma::soma
