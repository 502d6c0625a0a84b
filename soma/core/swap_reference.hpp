#pragma once
// Test oracles for the swap core: seed 000's didactic recursive SEE, and seed 001's iterative
// swap with its literal cut-off (kept to show that cut-off keeps the sign, not the value).
// Deliberately plain: no bounds, no shortcuts; the king rule is restated, not shared.

#include <algorithm>
#include <array>
#include <optional>

#include "soma/core/swap.hpp"

namespace supersoma::soma::reference {

/// The attacker `side` may capture with: least valuable, a king only onto an unguarded square.
template<SwapBoard Board> std::optional<SwapAttacker> smallest_attacker(Board& board, Side side) {
    std::optional<SwapAttacker> attacker = board.least_valuable_attacker(side);
    if (!attacker) return std::nullopt;
    if (attacker->is_king && board.guards(other_side(side))) return std::nullopt;
    return attacker;
}

/// Seed 000 `see(square, side)`: `side` captures the piece worth `on_square` with its
/// smallest attacker if that pays, recursively; never below 0. Consumes `board` (the line of
/// captures is unique, so seed 000's undo_capture is not needed).
template<SwapBoard Board> Value see(Board& board, Side side, Value on_square) {
    const std::optional<SwapAttacker> attacker = smallest_attacker(board, side);
    if (!attacker) return 0;
    board.remove(*attacker);
    const Value gain = on_square + attacker->promotion_gain - attacker->leave_cost;
    return std::max(0, gain - see(board, other_side(side), attacker->capture_value));
}

/// Seed 000 `seeCapture(from, to, side)`: the capture by `first` is forced. Consumes `board`.
template<SwapBoard Board>
Value see_capture(Board& board, Side side, const SwapAttacker& first, Value target_value) {
    board.remove(first);
    const Value gain = target_value + first.promotion_gain - first.leave_cost;
    return gain - see(board, other_side(side), first.capture_value);
}

/// Seed 001 as printed, cut-off included: `if (max(-gain[d-1], gain[d]) < 0) break;` on the
/// speculative store. Only meaningful with promotion_gain = leave_cost = 0 after the first
/// capture. Consumes `board`.
template<SwapBoard Board>
Value seed001_swap(Board& board, Side side, const SwapAttacker& first, Value target_value) {
    std::array<Value, MaxSwapDepth> gain;
    int                             d = 0;
    gain[d]                           = target_value + first.promotion_gain - first.leave_cost;
    SwapAttacker piece                = first;
    Side         mover                = side;
    do {
        ++d;
        gain[d] = piece.capture_value - gain[d - 1];  // speculative store, if defended
        if (std::max(-gain[d - 1], gain[d]) < 0) break;
        board.remove(piece);
        mover                                  = other_side(mover);
        const std::optional<SwapAttacker> next = smallest_attacker(board, mover);
        if (!next) break;
        piece = *next;
    } while (d + 1 < int(MaxSwapDepth));
    while (--d) gain[d - 1] = -std::max(-gain[d - 1], gain[d]);
    return gain[0];
}

}  // namespace supersoma::soma::reference
