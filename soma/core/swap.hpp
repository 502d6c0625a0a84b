#pragma once
// The board-agnostic swap core (SOMA/SEE): seed 001's swap list of best-case gains, attackers
// least valuable first, alternating sides, negamax back-up; seed 000's two entry points
// (stand-pat `see`, forced `seeCapture`); a threshold form that stops as early as possible
// (Stockfish's see_ge idea, style.md "soma/"); and a trace. The board is an adapter that
// satisfies `SwapBoard`; the core never sees squares or pieces, only attacker records.
//
// Generalised gain list (for shogi reuse; with P = T = 0 it is exactly seed 001):
//     gain[0] = target_value + P1 - T1
//     gain[d] = C_d + P_{d+1} - T_{d+1} - gain[d-1]
// where a_k is the k-th capturer, C its capture_value, P its promotion_gain, T its leave_cost;
// gain[d] is the balance of the side making capture d, from its own view, if play stops there.
//
// The cut-off. Seed 001's `if (max(-gain[d-1], gain[d]) < 0) break;` keeps the sign of the
// result but not its value (PxN defended by a pawn: it returns 325, the exchange is worth 225;
// tests/soma/swap_test.cpp pins this). The value forms here use the exact cut-off of the same
// line game seen as alpha-beta: each side's best stand-pat so far bounds the result, and once
// the two bounds meet (best_stand[0] + best_stand[1] >= 0) nothing deeper can change it. That
// holds for any P and T, since it never looks at a capture that has not been found.

#include <algorithm>
#include <array>
#include <concepts>
#include <cstddef>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

namespace supersoma::soma {

/// Material in the caller's unit (centipawns for chess, the profile's unit for shogi).
using Value = int;
/// The two parties of an exchange, 0 and 1; the adapter says which colour each one is.
using Side = int;

/// The opponent of `side`.
constexpr Side other_side(Side side) {
    return side ^ 1;
}

/// Longest exchange the core follows (more pieces than either game has on a board).
inline constexpr std::size_t MaxSwapDepth = 64;

/// One capturer as the core sees it; the adapter fills every field.
struct SwapAttacker {
    int   square         = -1;     ///< where it stands before capturing (adapter's index)
    int   kind           = 0;      ///< adapter's piece kind, for traces only
    Value capture_value  = 0;      ///< what the opponent gains by taking it once on the target
    Value promotion_gain = 0;      ///< extra this capture itself earns (promotion), >= 0
    Value leave_cost     = 0;      ///< what its side pays when it leaves its square (shogi ties)
    bool  is_king        = false;  ///< kings capture last, only onto an unguarded square
    bool  promotes       = false;  ///< it promotes on this capture, for traces only
};

/// An adapter for one target square during one exchange. It is used up by a call: `remove`
/// changes it, so callers build a fresh one per evaluation.
///
/// - `least_valuable_attacker(side)`: the attacker of the target that `side` would capture
///   with next, least valuable first, or nothing. Pins are part of the contract: a piece
///   pinned to its own king may not be returned while its pinner stands (the pinner may
///   itself have captured on the target meanwhile, which ends the pin). The king may be
///   returned; the core decides whether it may capture.
/// - `remove(attacker)`: `attacker` leaves its square for the target. Sliders behind it
///   along the line through the target join (x-ray), pins it caused or blocked update.
/// - `guards(side)`: `side` attacks the target with the current occupancy, pinned pieces
///   included (a pinned piece still forbids the king the square), looking through the
///   opposing king's square (it is about to leave it). The core asks this only before a
///   king captures.
template<class Board>
concept SwapBoard
    = requires(Board& board, const Board& view, Side side, const SwapAttacker& attacker) {
    { board.least_valuable_attacker(side) } -> std::same_as<std::optional<SwapAttacker>>;
    { board.remove(attacker) } -> std::same_as<void>;
    { view.guards(side) } -> std::same_as<bool>;
};

/// An adapter that also bounds what a capture by `side` can earn beyond the piece it takes
/// (max of promotion_gain - leave_cost); the threshold form then skips attacker look-ups
/// that cannot change the answer (Stockfish's "even if recaptured" test).
template<class Board>
concept SwapBoardWithBonusBound = SwapBoard<Board> && requires(const Board& view, Side side) {
    { view.capture_bonus_bound(side) } -> std::same_as<Value>;
};

/// An adapter that also evaluates the two forced-capture forms itself, in one fused loop
/// (optional fast path, e.g. the chess adapter on bitboards): `swap_capture(side, first,
/// target_value)` must equal see_capture's value and `swap_capture_at_least(side, first,
/// target_value, threshold)` its threshold test, on the same board; both consume it. The
/// reference oracles (soma/core/swap_reference.hpp) and the traces keep using the generic
/// interface above, so the tests compare the two.
template<class Board>
concept SwapBoardWithFusedCapture = SwapBoard<Board> && requires(
    Board& board, Side side, const SwapAttacker& first, Value value) {
    { board.swap_capture(side, first, value) } -> std::same_as<Value>;
    { board.swap_capture_at_least(side, first, value, value) } -> std::same_as<bool>;
};

/// One capture of a traced exchange.
struct SwapStep {
    Side         side;            ///< who captures
    SwapAttacker attacker;        ///< with what
    Value        captured_value;  ///< what it takes (the target's value for the first step)
};

/// The whole exchange on the square, for explanations and `--trace`.
struct SwapTrace {
    /// Seed 001's swap list before back-up: gains[d] for every capture d, plus the speculative
    /// last store (what the next side would hold by taking the last capturer, P = T = 0).
    std::vector<Value> gains;
    /// Every capture of the sequence in order, the first included (longer than best play).
    std::vector<SwapStep> captures;
    /// How many of `captures` best play makes (0 when the stand-pat side does not start).
    std::size_t played = 0;
    /// The result: forced-capture value, or stand-pat value (>= 0).
    Value value = 0;
};

namespace detail {

/// The attacker `side` captures with next, after the core's king rule: a king captures only
/// when the other side no longer guards the square (style.md "the king goes last").
template<SwapBoard Board> std::optional<SwapAttacker> next_capturer(Board& board, Side side) {
    std::optional<SwapAttacker> attacker = board.least_valuable_attacker(side);
    if (attacker && attacker->is_king && board.guards(other_side(side))) return std::nullopt;
    return attacker;
}

/// What capturing a piece worth `captured` with `attacker` earns its side.
constexpr Value capture_gain(Value captured, const SwapAttacker& attacker) {
    return captured + attacker.promotion_gain - attacker.leave_cost;
}

/// Stands in for "this side has had no stand-pat yet"; sums of two stay far from overflow.
inline constexpr Value NoStand = std::numeric_limits<Value>::min() / 4;

/// The exchange started by `first` (forced), gain list and back-up with the exact cut-off;
/// `root_stand` is what `side` could have had by not capturing at all (NoStand if forced).
template<SwapBoard Board>
Value swap_value(
    Board& board, Side side, const SwapAttacker& first, Value target_value, Value root_stand) {
    std::array<Value, MaxSwapDepth> gain;
    std::size_t                     d = 0;
    gain[0]                           = capture_gain(target_value, first);
    // Each side's best stand-pat so far, own view: the side that just captured, and the side
    // to reply (who may stand on -gain[d]).
    Value capturer_best = root_stand;
    Value replier_best  = -gain[0];
    if (capturer_best + replier_best < 0) {
        board.remove(first);
        Value on_square = first.capture_value;
        Side  mover     = other_side(side);
        while (d + 1 < MaxSwapDepth) {
            const std::optional<SwapAttacker> attacker = next_capturer(board, mover);
            if (!attacker) break;
            ++d;
            gain[d] = capture_gain(on_square, *attacker) - gain[d - 1];
            std::swap(capturer_best, replier_best);
            replier_best = std::max(replier_best, -gain[d]);
            // Once both bounds meet, deeper captures cannot move the result (exact, see the
            // file comment).
            if (capturer_best + replier_best >= 0) break;
            board.remove(*attacker);
            on_square = attacker->capture_value;
            mover     = other_side(mover);
        }
    }
    // Negamax back-up (seed 001): each side keeps the better of standing and capturing.
    for (; d > 0; --d) gain[d - 1] = std::min(gain[d - 1], -gain[d]);
    return gain[0];
}

/// Which of the traced captures best play makes, from the backed-up list.
inline std::size_t played_captures(
    const std::vector<Value>& gains, const std::vector<Value>& backed) {
    std::size_t played = 1;
    // After capture k the reply captures only when that beats standing (ties: it stands).
    while (played < backed.size() && backed[played] > -gains[played - 1]) ++played;
    return played;
}

}  // namespace detail

/// Seed 000 `seeCapture`: value for `side` of the exchange that `first` starts by taking a
/// piece worth `target_value`. The first capture is forced (no king rule, no stand-pat), so
/// the result may be negative. Consumes `board`.
template<SwapBoard Board>
Value see_capture(Board& board, Side side, const SwapAttacker& first, Value target_value) {
    if constexpr (SwapBoardWithFusedCapture<Board>)
        return board.swap_capture(side, first, target_value);
    else
        return detail::swap_value(board, side, first, target_value, detail::NoStand);
}

/// Seed 000 `see`: what `side` gains by starting to capture on the target (a piece worth
/// `target_value`) with its least valuable attacker, or by not capturing; never below 0.
/// Consumes `board`.
template<SwapBoard Board> Value see(Board& board, Side side, Value target_value) {
    const std::optional<SwapAttacker> first = detail::next_capturer(board, side);
    if (!first) return 0;
    return std::max(0, detail::swap_value(board, side, *first, target_value, 0));
}

/// Whether see_capture(board, side, first, target_value) >= threshold, stopping at the first
/// point where the side to move can stand on an answer (null-window swap, Stockfish see_ge).
/// Consumes `board`.
template<SwapBoard Board>
bool see_capture_at_least(
    Board& board, Side side, const SwapAttacker& first, Value target_value, Value threshold) {
    if constexpr (SwapBoardWithFusedCapture<Board>)
        return board.swap_capture_at_least(side, first, target_value, threshold);
    // `balance` is side's material minus threshold: side wins the test when it ends >= 0.
    Value balance = detail::capture_gain(target_value, first) - threshold;
    if (balance < 0) return false;  // the opponent simply does not recapture
    Value on_square = first.capture_value;
    Side  mover     = other_side(side);
    board.remove(first);
    for (std::size_t depth = 1; depth < MaxSwapDepth; ++depth) {
        const bool root_moves = mover == side;  // root_moves: balance < 0, else balance >= 0
        if constexpr (SwapBoardWithBonusBound<Board>) {
            // Even the mover's best capture cannot flip the answer: the other side would stand.
            const Value best_capture = on_square + board.capture_bonus_bound(mover);
            if (!root_moves && balance - best_capture >= 0) return true;
            if (root_moves && balance + best_capture < 0) return false;
        }
        const std::optional<SwapAttacker> attacker = detail::next_capturer(board, mover);
        if (!attacker) return !root_moves;
        const Value gain = detail::capture_gain(on_square, *attacker);
        balance += root_moves ? gain : -gain;
        // The other side is to move now and stands if that suits it.
        if (!root_moves && balance >= 0) return true;
        if (root_moves && balance < 0) return false;
        board.remove(*attacker);
        on_square = attacker->capture_value;
        mover     = other_side(mover);
    }
    return mover != side;  // depth limit: the mover stands, as if it had no attacker left
}

/// Whether see(board, side, target_value) >= threshold. Consumes `board`.
template<SwapBoard Board>
bool see_at_least(Board& board, Side side, Value target_value, Value threshold) {
    if (threshold <= 0) return true;  // standing already gives 0
    const std::optional<SwapAttacker> first = detail::next_capturer(board, side);
    return first && see_capture_at_least(board, side, *first, target_value, threshold);
}

/// The full exchange of see_capture, without cut-off, with seed 001's swap list, every
/// capture in order and the value. Consumes `board`.
template<SwapBoard Board>
SwapTrace see_capture_trace(
    Board& board, Side side, const SwapAttacker& first, Value target_value) {
    SwapTrace trace;
    trace.captures.push_back({side, first, target_value});
    trace.gains.push_back(detail::capture_gain(target_value, first));
    board.remove(first);
    Value on_square = first.capture_value;
    Side  mover     = other_side(side);
    while (trace.captures.size() < MaxSwapDepth) {
        const std::optional<SwapAttacker> attacker = detail::next_capturer(board, mover);
        if (!attacker) break;
        trace.gains.push_back(detail::capture_gain(on_square, *attacker) - trace.gains.back());
        trace.captures.push_back({mover, *attacker, on_square});
        board.remove(*attacker);
        on_square = attacker->capture_value;
        mover     = other_side(mover);
    }
    std::vector<Value> backed = trace.gains;
    for (std::size_t d = backed.size() - 1; d > 0; --d)
        backed[d - 1] = std::min(backed[d - 1], -backed[d]);
    trace.value  = backed[0];
    trace.played = detail::played_captures(trace.gains, backed);
    trace.gains.push_back(on_square - trace.gains.back());  // seed 001's speculative store
    return trace;
}

/// The forced capture's material when leave costs only steer decisions (shogi ties, spec 3):
/// each capturer continues only if that pays once its leave_cost is counted, but the value is
/// the material of the captures best play makes (a tied defender that still recaptures does
/// not lower the square's value; what it exposes is valued on its own square). With every
/// leave_cost 0 this equals see_capture. Consumes `board`.
struct MaterialSwap {
    Value       value     = 0;  ///< material of the captures made, `side`'s view
    std::size_t played    = 0;  ///< captures best play makes, the first included
    Value       first     = 0;  ///< what the first capture earns (piece taken + promotion)
    Value       recapture = 0;  ///< what the reply takes back (<= 0), 0 if none is made
};

template<SwapBoard Board>
MaterialSwap see_capture_material(
    Board& board, Side side, const SwapAttacker& first, Value target_value) {
    // raw[d]: what capture d earns in material; gain[d]: seed 001's list with leave costs.
    std::array<Value, MaxSwapDepth> raw, gain;
    std::size_t                     n = 1;
    raw[0]                            = target_value + first.promotion_gain;
    gain[0]                           = detail::capture_gain(target_value, first);
    board.remove(first);
    Value on_square = first.capture_value;
    Side  mover     = other_side(side);
    while (n < MaxSwapDepth) {
        const std::optional<SwapAttacker> attacker = detail::next_capturer(board, mover);
        if (!attacker) break;
        raw[n]  = on_square + attacker->promotion_gain;
        gain[n] = detail::capture_gain(on_square, *attacker) - gain[n - 1];
        ++n;
        board.remove(*attacker);
        on_square = attacker->capture_value;
        mover     = other_side(mover);
    }
    // Back up the decisions (seed 001) and the material along them: capture d is made only
    // when it beats standing, i.e. its backed-up decision value is positive.
    Value       decision = gain[n - 1], material = raw[n - 1];
    std::size_t played = n;
    for (std::size_t d = n - 1; d > 0; --d) {
        const bool replies = decision > -gain[d - 1];
        if (!replies) played = d;
        decision = replies ? std::min(gain[d - 1], -decision) : gain[d - 1];
        material = raw[d - 1] - (replies ? material : 0);
    }
    return {material, played, raw[0], played > 1 ? -raw[1] : 0};
}

/// The full exchange of see (stand-pat form): empty when `side` has no capturer; `played`
/// is 0 when starting does not pay. Consumes `board`.
template<SwapBoard Board> SwapTrace see_trace(Board& board, Side side, Value target_value) {
    const std::optional<SwapAttacker> first = detail::next_capturer(board, side);
    if (!first) return {};
    SwapTrace trace = see_capture_trace(board, side, *first, target_value);
    if (trace.value <= 0) {
        trace.value  = 0;
        trace.played = 0;
    }
    return trace;
}

}  // namespace supersoma::soma
