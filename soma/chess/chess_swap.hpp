#pragma once
// The chess adapter of the swap core (soma/core/swap.hpp): the attackers of one square, least
// valuable first, x-rays through pawns, bishops, rooks and queens (seed 001, seed 002 step 3:
// never through knights or kings), pins, and pawn promotion inside the exchange (to a queen).
// Side 0 of the core is WHITE, side 1 BLACK.

#include <algorithm>
#include <cstddef>
#include <optional>

#include "soma/chess/chess_board.hpp"
#include "soma/chess/chess_sliders.hpp"
#include "soma/core/swap.hpp"
#include "soma/core/values.hpp"

namespace supersoma::soma::chess {

/// The swap core's view of one target square of a chess board during one exchange. Holds
/// references to `board` and `values`, which must outlive it; used up by one evaluation.
class ChessSwap {
public:
    /// The exchange on `target` of `board` before any capture.
    ChessSwap(const ChessBoard& board, const ChessValues& values, Square target)
        : board_(&board)
        , values_(&values)
        , target_(target)
        , occupied_(board.occupied())
        , lines_occupied_(occupied_)
        , sliders_ {line_sliders(Lines::ORTHOGONAL), line_sliders(Lines::DIAGONAL)}
        , attackers_(attackers_to(target, occupied_))
        , diagonals_(line_squares(Lines::DIAGONAL, target))
        , promotion_bonus_ {promotion_bonus(WHITE), promotion_bonus(BLACK)} { }

    /// The attacker of `side` to capture next: least valuable by `values` (ties by kind, then
    /// lowest square), skipping pieces pinned to their king; the king last.
    std::optional<SwapAttacker> least_valuable_attacker(Side side) const {
        const int attacker = least_unpinned(Color(side));
        if (attacker < 0) return std::nullopt;
        return describe(attacker & 63, Kind(attacker >> 6), Color(side));
    }

    /// The piece leaves its square for the target; a slider behind it joins (x-ray).
    void remove(const SwapAttacker& attacker) {
        remove_piece(attacker.square, attacker.kind == KING);
    }

    /// Whether `side` attacks the target, pins ignored, looking through the other king.
    bool guards(Side side) const {
        const Color color = Color(side);
        if (attackers_ & board_->pieces(color)) return true;
        const Square king      = board_->king_square(~color);
        const int    direction = DirectionTo[target_][king];
        if (!(attackers_ & square_bb(king)) || direction < 0) return false;
        const Bitboard beyond = Rays[direction][king] & occupied_;
        return beyond
            && (sliders(direction) & board_->pieces(color)
                & square_bb(first_blocker(direction, beyond)));
    }

    /// Upper bound of promotion_gain - leave_cost for a capture by `side` on the target.
    Value capture_bonus_bound(Side side) const { return promotion_bonus_[side]; }

    /// see_capture's value computed in one fused loop on bitboards (SwapBoardWithFusedCapture):
    /// the same attackers in the same order as least_valuable_attacker / remove / guards,
    /// without a SwapAttacker per step (value_after_first). Consumes the adapter.
    Value swap_capture(Side side, const SwapAttacker& first, Value target_value) {
        remove(first);
        return value_after_first(Color(side),
            target_value + first.promotion_gain - first.leave_cost, first.capture_value);
    }

    /// swap_capture for the capture by the piece on `from` (which must attack the target),
    /// read straight from the board: what the library's see_capture calls. Consumes the
    /// adapter.
    Value capture_value(Square from) {
        const Color us    = board_->color_at(from);
        const int   first = from | board_->kind_at(from) << 6;
        const Value taken = values_->of[board_->kind_at(target_)] + capture_bonus(first, us);
        return value_after_first(us, taken, take(first, us));
    }

    /// swap_capture_at_least for the capture by the piece on `from`, as capture_value.
    bool capture_at_least(Square from, Value threshold) {
        const Color us    = board_->color_at(from);
        const int   first = from | board_->kind_at(from) << 6;
        const Value taken = values_->of[board_->kind_at(target_)] + capture_bonus(first, us);
        if (taken - threshold < 0) return false;
        return at_least_after_first(us, taken - threshold, take(first, us));
    }

    /// see_capture_at_least's answer in one fused loop, as soma::see_capture_at_least with
    /// capture_bonus_bound (same early exits). Consumes the adapter.
    bool swap_capture_at_least(
        Side side, const SwapAttacker& first, Value target_value, Value threshold) {
        const Value balance = target_value + first.promotion_gain - first.leave_cost - threshold;
        if (balance < 0) return false;
        remove(first);
        return at_least_after_first(Color(side), balance, first.capture_value);
    }

    /// The capture of the target by the piece on `from`, if that piece attacks the target now
    /// (pins not checked: see `pinned`).
    std::optional<SwapAttacker> attacker_on(Square from) const {
        const std::optional<Piece> piece = board_->piece_at(from);
        if (!piece || !(attackers_ & square_bb(from))) return std::nullopt;
        return describe(from, piece->kind, piece->color);
    }

    /// Whether the piece of `color` on `from` may not capture on the target because that
    /// would expose its king to a slider (the pinner), given the pieces still standing.
    bool pinned(Square from, Color color) const {
        // Cheap filters first: between the king and an enemy slider on an empty board
        // (cached by the board), then an enemy slider somewhere beyond.
        if (!(board_->pin_lines(color) & square_bb(from))) return false;
        const Square king      = board_->king_square(color);
        const int    direction = DirectionTo[king][from];
        if (direction < 0) return false;
        const Bitboard pinners = sliders(direction) & board_->pieces(~color);
        if (!(Rays[direction][from] & pinners)) return false;
        const Bitboard towards = Rays[direction][king] & occupied_;
        if (first_blocker(direction, towards) != from) return false;
        const Bitboard beyond = Rays[direction][from] & occupied_;
        if (!beyond) return false;
        const Square pinner = first_blocker(direction, beyond);
        // The capturer lands on the target: still blocking if it is on the line beyond, and
        // a pinner standing on the target is the piece being taken.
        return pinner != target_ && (pinners & square_bb(pinner));
    }

    /// The value of whatever stands on the target before the exchange (0 if empty).
    Value target_value() const {
        const std::optional<Piece> piece = board_->piece_at(target_);
        return piece ? values_->of[piece->kind] : 0;
    }

    /// The square of the exchange.
    Square target() const { return target_; }

private:
    static constexpr int promotion_rank(Color color) { return color == WHITE ? 7 : 0; }

    /// What a pawn of `color` earns beyond the piece it takes by capturing on the target: its
    /// promotion when the target is on its last rank.
    Value promotion_bonus(Color color) const {
        return Value(rank_of(target_) == promotion_rank(color))
            * (values_->of[QUEEN] - values_->of[PAWN]);  // no branch: the target is random
    }

    /// swap_capture's loop once `us` has made the first capture: `balance` is what that
    /// earned, `on_square` what now stands on the target. The value of the line of captures,
    /// forward: with B_k the first side's balance after capture k, the back-up
    /// min(B_0, max(B_1, min(B_2, ..))) is clamp(B_n, low, high) for the best stand-pats of
    /// each side so far (`low` the first side's, `high` the other's), and a constant once a
    /// stand-pat falls outside [low, high] (the exact cut-off of detail::swap_value). The
    /// sides alternate in the loop body, so no test asks who moves.
    Value value_after_first(Color us, Value balance, Value on_square) {
        constexpr Value Infinity = -soma::detail::NoStand;
        const Color     them     = ~us;
        Value           low = -Infinity, high = Infinity;
        for (;;) {  // NoDepthLimit: the exchange ends first
            // `them` may stand on `balance`.
            if (balance <= low) return low;
            high            = std::min(high, balance);
            const int reply = next_capturer(them);
            if (reply < 0) return high;  // clamp(balance, low, high): `them` stands
            balance -= gain(reply, them, on_square);
            on_square = take(reply, them);
            // `us` may stand on `balance`.
            if (balance >= high) return high;
            low            = std::max(low, balance);
            const int next = next_capturer(us);
            if (next < 0) return low;  // `us` stands
            balance += gain(next, us, on_square);
            on_square = take(next, us);
        }
    }

    /// swap_capture_at_least's loop once `us` has made the first capture: `balance` is its
    /// material less the threshold (>= 0), `on_square` what now stands on the target.
    bool at_least_after_first(Color us, Value balance, Value on_square) {
        Color mover = ~us;
        for (;;) {  // NoDepthLimit: the exchange ends first
            const bool  root_moves   = mover == us;
            const Value best_capture = on_square + capture_bonus_bound(mover);
            if (!root_moves && balance - best_capture >= 0) return true;
            if (root_moves && balance + best_capture < 0) return false;
            const int next = next_capturer(mover);
            if (next < 0) return !root_moves;
            const Value earned = gain(next, mover, on_square);
            balance += root_moves ? earned : -earned;
            if (!root_moves && balance >= 0) return true;
            if (root_moves && balance < 0) return false;
            on_square = take(next, mover);
            mover     = ~mover;
        }
    }

    /// Pieces of both colours that attack `target`, the target itself excluded.
    Bitboard attackers_to(Square target, Bitboard occupied) const {
        const ChessBoard& b = *board_;
        return (BlackPawnAttacks[target] & b.pieces(WHITE, PAWN))
            | (WhitePawnAttacks[target] & b.pieces(BLACK, PAWN))
            | (KnightAttacks[target] & b.pieces(KNIGHT)) | (KingAttacks[target] & b.pieces(KING))
            | (line_attacks(Lines::ORTHOGONAL, target, occupied) & sliders(Lines::ORTHOGONAL))
            | (line_attacks(Lines::DIAGONAL, target, occupied) & sliders(Lines::DIAGONAL));
    }

    /// least_valuable_attacker packed as square | kind << 6, or -1.
    int least_unpinned(Color color) const {
        // Drop the least and retry only when it is pinned (rare). A king is never on its own
        // pin lines, so `pinned` needs no test of the kind.
        for (Bitboard mine = attackers_ & board_->pieces(color); mine;) {
            const int attacker = least_key(mine) & 511;
            if (!pinned(attacker & 63, color)) return attacker;
            mine &= ~square_bb(attacker & 63);
        }
        return -1;
    }

    /// The least of the non-empty `candidates` by (rank of kind, square), as key() does.
    /// Usually one or two: the lowest and highest squares cover those without a branch; only
    /// the squares between them (a third candidate and more) need a loop.
    int least_key(Bitboard candidates) const {
        const Square lowest  = std::countr_zero(candidates);
        const Square highest = 63 - std::countl_zero(candidates);
        int          least   = std::min(key(lowest), key(highest));
        for (Bitboard between = candidates & ~square_bb(lowest) & ~square_bb(highest); between;
             between &= between - 1)
            least = std::min(least, key(std::countr_zero(between)));
        return least;
    }

    /// The order of the piece on the occupied `square` among attackers, rank of its kind
    /// first, then the square: rank << 9 | kind << 6 | square, whose low 9 bits are the packed
    /// attacker (the kind sits between them without changing the order: it follows the rank).
    int key(Square square) const {
        const Kind kind = board_->kind_at(square);
        return values_->rank[kind] << 9 | kind << 6 | square;
    }

    /// The piece `color` captures with next, packed, or -1: detail::next_capturer's answer
    /// (the king only onto a square the other side does not guard).
    int next_capturer(Color color) const {
        const int attacker = least_unpinned(color);
        return attacker >= 0 && attacker >> 6 == KING && guards(~color) ? -1 : attacker;
    }

    /// What a capture by the packed `attacker` of `color` earns beyond the piece it takes: a
    /// pawn's promotion on the last rank.
    Value capture_bonus(int attacker, Color color) const {
        // Arithmetic rather than a branch: whether a pawn captures is data-dependent.
        return Value(attacker >> 6 == PAWN) * promotion_bonus_[color];
    }

    /// What the packed `attacker` of `color` earns by taking `on_square`.
    Value gain(int attacker, Color color, Value on_square) const {
        return on_square + capture_bonus(attacker, color);
    }

    /// The packed `attacker` of `color` moves to the target; returns what now stands there.
    Value take(int attacker, Color color) {
        remove_piece(attacker & 63, attacker >> 6 == KING);
        return values_->of[attacker >> 6] + capture_bonus(attacker, color);
    }

    /// `remove` for the piece on `square`, without its record.
    void remove_piece(Square square, bool is_king) {
        const Bitboard from = square_bb(square);
        occupied_ &= ~from;
        attackers_ &= ~from;
        // Never through a king: the square it left keeps blocking the lines (not the pin tests).
        lines_occupied_ &= ~(from & (Bitboard {is_king} - 1));
        // The slider now seen through `square`, found by looking again along its kind of line
        // from the target, with no branch: the kind is arithmetic, and a knight is on no line
        // through the target, so looking again finds only attackers already known.
        const Lines    lines  = Lines((diagonals_ >> square) & 1);
        const Bitboard behind = line_attacks(lines, target_, lines_occupied_);
        attackers_ |= behind & sliders(lines) & occupied_;
    }

    /// Both colours' sliders that move along `lines`, from the board.
    Bitboard line_sliders(Lines lines) const {
        return board_->pieces(Kind(ROOK - int(lines)))
            | board_->pieces(QUEEN);  // BISHOP = ROOK - 1
    }

    /// Both colours' sliders that move along `lines` (kept from the start: sliders only
    /// leave, and occupied_ filters those that did).
    Bitboard sliders(Lines lines) const { return sliders_[int(lines)]; }

    /// Both colours' sliders that move along `direction`.
    Bitboard sliders(int direction) const {
        return sliders(is_diagonal(direction) ? Lines::DIAGONAL : Lines::ORTHOGONAL);
    }

    SwapAttacker describe(Square from, Kind kind, Color color) const {
        const bool  promotes = (kind == PAWN) & (rank_of(target_) == promotion_rank(color));
        const Value bonus    = Value(kind == PAWN) * promotion_bonus_[color];
        return SwapAttacker {
            from, kind, values_->of[kind] + bonus, bonus, 0, kind == KING, promotes};
    }

    const ChessBoard*       board_;
    const ChessValues*      values_;
    Square                  target_;
    Bitboard                occupied_;  ///< pieces still on their squares, the target included
    Bitboard                lines_occupied_;  ///< occupied_ and the squares kings left (x-rays)
    std::array<Bitboard, 2> sliders_;         ///< line_sliders of each kind of line
    Bitboard                attackers_;       ///< pieces of both colours that attack the target now
    Bitboard diagonals_;  ///< the target's diagonals: which line a capturer came along
    std::array<Value, COLOR_NB> promotion_bonus_;  ///< promotion_bonus of each colour
};

static_assert(SwapBoardWithBonusBound<ChessSwap> && SwapBoardWithFusedCapture<ChessSwap>);
// NoDepthLimit: the fused loops have no depth counter. Each capture takes a piece off 64
// squares, so at most 63 captures follow the first, within the core's MaxSwapDepth.
static_assert(MaxSwapDepth >= 64);

/// Seed 000 seeCapture on a chess board: the capture from `from` to `to` (a piece of the
/// other colour) forced, value for its mover, may be negative.
Value see_capture(const ChessBoard& board, const ChessValues& values, Square from, Square to);
/// Whether see_capture(board, values, from, to) >= threshold, with early exit.
bool see_capture_at_least(
    const ChessBoard& board, const ChessValues& values, Square from, Square to, Value threshold);
/// Seed 000 see(square, side): what `side` gains by starting to capture on `square`, >= 0.
Value see(const ChessBoard& board, const ChessValues& values, Square square, Color side);
/// Whether see(board, values, square, side) >= threshold, with early exit.
bool see_at_least(
    const ChessBoard& board, const ChessValues& values, Square square, Color side, Value threshold);
/// The traced exchange of see_capture.
SwapTrace see_capture_trace(
    const ChessBoard& board, const ChessValues& values, Square from, Square to);
/// The traced exchange of see.
SwapTrace see_trace(const ChessBoard& board, const ChessValues& values, Square square, Color side);

}  // namespace supersoma::soma::chess
