#pragma once
// Slider attacks of all four rook or all four bishop rays of a square at once, for the SEE
// adapter: with BMI2, PEXT of the occupancy on the square's inner line squares indexes a
// per-square table of the attack sets, stored as 16 bits deposited back (PDEP) onto the
// lines (200 KB in all instead of 840 KB). Without BMI2 the rays are scanned, branch-free.

#include <array>
#include <cstdint>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

#include "soma/chess/chess_attacks.hpp"

namespace supersoma::soma::chess {

/// Rook-like (orthogonal) or bishop-like (diagonal) lines.
enum class Lines : std::uint8_t { ORTHOGONAL = 0, DIAGONAL = 1 };

namespace detail {

/// One square's look-up for one kind of line.
struct LineEntry {
    const std::uint16_t* attacks;  ///< indexed by PEXT(occupied, inner)
    Bitboard             inner;    ///< the lines without their edge squares (these never block)
    Bitboard             lines;    ///< every square of the lines: where the 16 bits go back
};

/// Both kinds of line for every square, built once at start-up (soma/chess/chess_sliders.cpp).
struct LineTables {
    std::array<std::array<LineEntry, 64>, 2> entry;  ///< [Lines][square]
};
extern const LineTables LineAttackTables;

/// The rays of `square` along `lines`, nearest blocker of each found by a scan with a
/// sentinel bit at the far end, so it needs no branch.
constexpr Bitboard scan_line_attacks(Lines lines, Square square, Bitboard occupied) {
    Bitboard  attacks = 0;
    const int first   = lines == Lines::DIAGONAL ? 1 : 0;
    for (int direction = first; direction < DIRECTION_NB; direction += 2) {
        const Bitboard ray      = Rays[direction][square];
        const Bitboard sentinel = direction < SOUTH ? square_bb(63) : square_bb(0);
        const Square   nearest  = first_blocker(direction, (ray & occupied) | sentinel);
        attacks |= ray & ~Rays[direction][nearest];
    }
    return attacks;
}

}  // namespace detail

/// What a rook (ORTHOGONAL) or bishop (DIAGONAL) on `square` attacks with `occupied`, the
/// nearest blocker of each ray included: rook_attacks / bishop_attacks in one look-up.
inline Bitboard line_attacks(Lines lines, Square square, Bitboard occupied) {
#if defined(__BMI2__)
    const detail::LineEntry& e = detail::LineAttackTables.entry[int(lines)][square];
    return _pdep_u64(e.attacks[_pext_u64(occupied, e.inner)], e.lines);
#else
    return detail::scan_line_attacks(lines, square, occupied);
#endif
}

/// Every square of the `lines` through `square` on an empty board (one load, no look-up).
inline Bitboard line_squares(Lines lines, Square square) {
    return detail::LineAttackTables.entry[int(lines)][square].lines;
}

}  // namespace supersoma::soma::chess
