#pragma once
// Hand: the pieces a side holds for dropping, counted per unpromoted kind.

#include <array>
#include <cassert>
#include <cstdint>

#include "engine/types.hpp"

namespace supersoma {

/// How many pieces of each kind the game has (a full set for both sides together).
constexpr int piece_count_in_game(PieceType pt) {
    switch (unpromote(pt)) {
    case PAWN: return 18;
    case LANCE:
    case KNIGHT:
    case SILVER:
    case GOLD: return 4;
    case BISHOP:
    case ROOK:
    case KING: return 2;
    default: return 0;
    }
}

/// Counts of pieces in hand per kind PAWN..GOLD (index by PieceType; index 0 unused).
class Hand {
public:
    /// How many pieces of kind `pt` (PAWN..GOLD) are held.
    constexpr int count(PieceType pt) const { return counts_[pt]; }
    /// True when at least one piece of kind `pt` is held.
    constexpr bool has(PieceType pt) const { return counts_[pt] != 0; }
    /// True when nothing is held.
    constexpr bool empty() const {
        for (int pt = PAWN; pt <= GOLD; ++pt)
            if (counts_[pt]) return false;
        return true;
    }
    constexpr void add(PieceType pt, int n = 1) {
        assert(pt >= PAWN && pt <= GOLD && "only unpromoted kinds but the king are held");
        assert(counts_[pt] + n <= piece_count_in_game(pt));
        counts_[pt] = std::uint8_t(counts_[pt] + n);
    }
    constexpr void remove(PieceType pt) {
        assert(counts_[pt] > 0 && "no such piece in hand");
        --counts_[pt];
    }
    constexpr bool operator==(const Hand&) const = default;

private:
    std::array<std::uint8_t, HAND_TYPE_NB> counts_ {};
};

}  // namespace supersoma
