#pragma once
// Move: a board move (with optional promotion) or a drop, carrying the kinds it moves and takes.

#include <boost/container/static_vector.hpp>
#include <cstdint>

#include "engine/types.hpp"

namespace supersoma {

/// A move packed in 32 bits. It knows the kind it moves and the kind it captures, so SOMA
/// and the XREF table can value it without looking at the board.
///
///   bits  0- 6  destination square
///   bits  7-13  origin square (board moves)
///   bit     14  promotion
///   bit     15  drop
///   bits 16-19  moving kind before the move (the dropped kind for drops)
///   bits 20-23  captured kind as it stood on the board (NO_PIECE_TYPE for none)
class Move {
public:
    constexpr Move() = default;

    /// A board move of `moved` from `from` to `to`, taking `captured`, promoting if `promotion`.
    static constexpr Move board(
        Square from, Square to, PieceType moved, PieceType captured, bool promotion) {
        return Move(std::uint32_t(to) | std::uint32_t(from) << 7 | std::uint32_t(promotion) << 14
            | std::uint32_t(moved) << 16 | std::uint32_t(captured) << 20);
    }
    /// A drop of `kind` from hand onto `to`.
    static constexpr Move drop(PieceType kind, Square to) {
        return Move(std::uint32_t(to) | 1u << 15 | std::uint32_t(kind) << 16);
    }
    /// The move whose raw() is `bits` (stored moves: training data, tables).
    static constexpr Move from_raw(std::uint32_t bits) { return Move(bits); }
    /// No move: the default value, never legal.
    static constexpr Move none() { return Move(); }
    /// The pass of SUPER-SOMA's playout (B3): the side declines to play. Origin and
    /// destination 127 (no square), no flags: never a drop, promotion or capture.
    static constexpr Move pass() { return Move(0x3FFFu); }

    constexpr Square    to() const { return Square(bits_ & 0x7F); }
    constexpr Square    from() const { return Square((bits_ >> 7) & 0x7F); }
    constexpr bool      is_promotion() const { return bits_ & (1u << 14); }
    constexpr bool      is_drop() const { return bits_ & (1u << 15); }
    constexpr PieceType moved() const { return PieceType((bits_ >> 16) & 15); }
    constexpr PieceType captured() const { return PieceType((bits_ >> 20) & 15); }
    constexpr bool      is_capture() const { return captured() != NO_PIECE_TYPE; }
    /// The kind standing on the destination after the move.
    constexpr PieceType     placed() const { return is_promotion() ? promote(moved()) : moved(); }
    constexpr bool          is_none() const { return bits_ == 0; }
    constexpr bool          is_pass() const { return bits_ == pass().bits_; }
    constexpr std::uint32_t raw() const { return bits_; }

    constexpr bool operator==(const Move&) const = default;

private:
    constexpr explicit Move(std::uint32_t bits)
        : bits_(bits) { }
    std::uint32_t bits_ = 0;
};

/// A fixed-capacity move list; no shogi position has more than MAX_MOVES legal moves.
using MoveList = boost::container::static_vector<Move, MAX_MOVES>;

}  // namespace supersoma
