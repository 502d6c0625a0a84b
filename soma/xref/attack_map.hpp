#pragma once
// A1: the attack map of both sides: who attacks every square, how many, the least valuable.

#include <array>

#include "engine/movegen.hpp"
#include "engine/position.hpp"
#include "soma/shogi/profile.hpp"

namespace supersoma::soma {

/// Attackers of every square for both sides on the current board.
struct AttackMap {
    std::array<std::array<Bitboard, SQUARE_NB>, COLOR_NB> attackers {};
    std::array<Bitboard, COLOR_NB>                        attacked {};  // squares each side attacks

    /// Number of `c`'s pieces attacking `s`.
    int count(Color c, Square s) const { return attackers[c][s].count(); }
    /// Square of `c`'s least valuable attacker of `s` (board value), or SQ_NONE.
    Square least_valuable(
        const Position& pos, const ValueProfile& profile, Color c, Square s) const;
};

/// A1: scans every piece's attacks once and files them under the attacked squares.
AttackMap build_attack_map(const Position& pos);

/// The squares each side attacks (AttackMap::attacked without the per-square attackers).
std::array<Bitboard, COLOR_NB> attacked_squares(const Position& pos);

/// For each kind `c` holds in hand, the empty squares where dropping it attacks a square of
/// `targets`.
std::array<Bitboard, HAND_TYPE_NB> drop_attack_squares(
    const Position& pos, Color c, Bitboard targets);

/// The board destinations from which the side to move could attack a square of `targets`
/// with the piece it moves, promoted or not: exact for the stepping kinds, the empty-board
/// lines for sliders (a superset whatever the occupancy); for narrowing move generation.
Destinations attack_origins(const Position& pos, Bitboard targets);

}  // namespace supersoma::soma
