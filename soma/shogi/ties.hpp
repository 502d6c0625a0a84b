#pragma once
// Ties (seed 003): what a defender's leaving its square costs its side. It may expose a piece
// it guards, let the opponent promote safely on a square it guards, or let the opponent mate
// in one. The tie-aware SOMA charges that cost to the defender when it recaptures.

#include <array>
#include <limits>
#include <optional>

#include "engine/position.hpp"
#include "soma/shogi/profile.hpp"
#include "util/arena.hpp"

namespace supersoma::soma {

/// What a defender's leaving lets the opponent play with profit, other than taking a piece.
struct LeaveGain {
    Square defender;  // the piece whose leaving allows the move
    Move   move;      // the opponent's promotion or mating move
    Value  gain;      // what that move gains once the defender is gone, more than now
    Square held;      // the square it guards that makes the difference: where the promotion
                      // or the check lands, or the uncovered slider's
};

/// What the tie-aware SOMA needs to price a defender's leaving its square, for the exchanges
/// on one position. What it works out for a square, a defender or a side is kept for the
/// next exchange on the same position.
struct TieContext {
    /// For exchanges on `pos`; `as_mover[c]`, where given, is `pos` with `c` to move (else
    /// copied when needed).
    explicit TieContext(
        const Position& pos, const std::array<const Position*, COLOR_NB>& as_mover = {});

    std::array<Bitboard, COLOR_NB>       attacked;  // squares each side attacks on the board
    mutable std::array<Value, SQUARE_NB> standing;  // stand-pat SOMA on each square, or Unknown
    static constexpr Value               Unknown = std::numeric_limits<Value>::min();

    /// What a leaving can make good for one side (the mover), found when first asked.
    struct MoverMoves {
        explicit MoverMoves(const Position* as_mover)
            : board(as_mover) { }
        const Position*         board;  // the position with the mover to move
        std::optional<Position> copy;   // a copy of it to make moves on
        // Its non-capturing promotions onto squares the other side attacks.
        std::optional<ArenaVector<Move>> promotions;
        ArenaVector<Value> promotion_values;  // each one's value now (>= 0), or Unknown
        std::optional<std::array<Bitboard, PIECE_TYPE_NB>>
                 check_squares;       // per kind, where it would give a direct check from
        Bitboard held_check_squares;  // their union over the kinds it has
    };
    mutable std::array<std::optional<MoverMoves>, COLOR_NB> movers;
    /// Per side, the squares two or more of its pieces other than the king attack (the king
    /// cannot take a guarded checker).
    std::array<Bitboard, COLOR_NB> attacked_twice;
    mutable Bitboard               priced;  // defenders whose leave gains are worked out
    mutable ArenaVector<LeaveGain> leave_gains;
};

/// What `c` loses when its piece on `from` leaves for `exchange_square`, the largest of: what
/// the opponent then wins on a square that piece kept safe; on a square it alone guards, how
/// much more an opponent's promotion there then gains, and the king's value if an opponent's
/// check from there (by the piece moved there, or by a slider there that a move uncovers)
/// would then mate. Priced with plain SOMA and the piece taken off the board (seed 003's tie;
/// spec 3). A move that starts or lands on `exchange_square`, or needs the slider there,
/// does not count: the piece still stops it from there.
Value tie_cost(const Position& pos, Square from, Square exchange_square,
    const ValueProfile& profile, const TieContext& ties);

/// The opponent's promotions and mates that the leaving of the piece on `defender` would
/// make good (what tie_cost charges besides exposed pieces); kept in `ties` once found.
ArenaVector<LeaveGain> leave_gains(
    const Position& pos, Square defender, const ValueProfile& profile, const TieContext& ties);

}  // namespace supersoma::soma
