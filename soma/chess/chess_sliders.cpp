#include "soma/chess/chess_sliders.hpp"

#include <bit>
#include <cassert>

namespace supersoma::soma::chess::detail {

namespace {

/// A line's squares minus its last one on each ray: a piece there blocks nothing further.
Bitboard inner_squares(Lines lines, Square square) {
    Bitboard inner = 0;
    for (int direction = lines == Lines::DIAGONAL ? 1 : 0; direction < DIRECTION_NB;
         direction += 2) {
        const Bitboard ray = Rays[direction][square];
        if (ray) inner |= ray & ~square_bb(first_blocker((direction + 4) % 8, ray));
    }
    return inner;
}

LineTables build() {
    LineTables tables {};
    for (Lines lines : {Lines::ORTHOGONAL, Lines::DIAGONAL})
        for (Square square = 0; square < 64; ++square) {
            LineEntry& e = tables.entry[int(lines)][square];
            e.inner      = inner_squares(lines, square);
            e.lines      = scan_line_attacks(lines, square, 0);
        }
#if defined(__BMI2__)
    // Entries of both tables: 2^(inner squares) per square, summed (rook 102,400, bishop 5,248).
    constexpr std::size_t TableSize = 102400 + 5248;
    // The look-up line_attacks reads (without BMI2 it scans the rays and reads none): every
    // occupancy of the inner squares, deposited with PDEP, and its attacks packed with PEXT.
    static std::array<std::uint16_t, TableSize> storage;
    std::size_t                                 used = 0;
    for (Lines lines : {Lines::ORTHOGONAL, Lines::DIAGONAL})
        for (Square square = 0; square < 64; ++square) {
            LineEntry& e = tables.entry[int(lines)][square];
            e.attacks    = storage.data() + used;
            for (std::uint64_t index = 0; index >> std::popcount(e.inner) == 0; ++index) {
                const Bitboard attacks
                    = scan_line_attacks(lines, square, _pdep_u64(index, e.inner));
                storage[used + index] = std::uint16_t(_pext_u64(attacks, e.lines));
            }
            used += std::size_t {1} << std::popcount(e.inner);
        }
    assert(used == TableSize);
#endif
    return tables;
}

}  // namespace

const LineTables LineAttackTables = build();

}  // namespace supersoma::soma::chess::detail
