#include "soma/chess/chess_sliders.hpp"

#include <bit>
#include <cassert>

namespace supersoma::soma::chess::detail {

namespace {

/// Entries of both tables: 2^(inner squares) per square, summed (rook 102,400, bishop 5,248).
constexpr std::size_t TableSize = 102400 + 5248;

/// The bits of `index` placed on the set squares of `mask`, lowest first (PDEP in software,
/// so the tables build the same with or without BMI2).
Bitboard deposit(std::uint64_t index, Bitboard mask) {
    Bitboard out = 0;
    for (; mask; mask &= mask - 1, index >>= 1)
        if (index & 1) out |= mask & -mask;
    return out;
}

/// The set squares of `mask` in `bits`, packed lowest first (PEXT in software).
std::uint64_t extract(Bitboard bits, Bitboard mask) {
    std::uint64_t out = 0;
    for (int shift = 0; mask; mask &= mask - 1, ++shift)
        if (bits & mask & -mask) out |= std::uint64_t {1} << shift;
    return out;
}

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
    static std::array<std::uint16_t, TableSize> storage;
    LineTables                                  tables {};
    std::size_t                                 used = 0;
    for (Lines lines : {Lines::ORTHOGONAL, Lines::DIAGONAL})
        for (Square square = 0; square < 64; ++square) {
            LineEntry& e = tables.entry[int(lines)][square];
            e.attacks    = storage.data() + used;
            e.inner      = inner_squares(lines, square);
            e.lines      = scan_line_attacks(lines, square, 0);
            for (std::uint64_t index = 0; index >> std::popcount(e.inner) == 0; ++index) {
                const Bitboard attacks = scan_line_attacks(lines, square, deposit(index, e.inner));
                storage[used + index]  = std::uint16_t(extract(attacks, e.lines));
            }
            used += std::size_t {1} << std::popcount(e.inner);
        }
    assert(used == TableSize);
    return tables;
}

}  // namespace

const LineTables LineAttackTables = build();

}  // namespace supersoma::soma::chess::detail
