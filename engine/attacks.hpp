#pragma once
// Attack tables: step attacks per piece and square, sliding attacks, between and line sets.
// Filled once by attacks::init() (called by main and the test main); read-only after that.

#include <array>
#include <cassert>
#include <cstdint>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

#include "engine/bitboard.hpp"

namespace supersoma {

/// The four kinds of line through a square; None for two squares on no common line.
enum class Line : std::uint8_t { Rank, Diagonal, AntiDiagonal, File, None };

namespace attacks {

/// Fills every table. Idempotent; must run before any other function here.
void init();

// Ray directions as square deltas: sq = file * 9 + rank, so +1 is one rank down (toward
// rank 9) and +9 one file left (toward file 9) as sente sees the board.
enum Direction : std::uint8_t {
    DOWN,        // +1
    LEFT,        // +9
    DOWN_LEFT,   // +10
    UP_LEFT,     // +8
    UP,          // -1
    RIGHT,       // -9
    UP_RIGHT,    // -10
    DOWN_RIGHT,  // -8
    DIRECTION_NB
};

namespace detail {
extern std::array<std::array<Bitboard, SQUARE_NB>, PIECE_NB>              step;
extern std::array<std::array<Bitboard, SQUARE_NB>, DIRECTION_NB>          ray;
extern std::array<std::array<Bitboard, SQUARE_NB>, SQUARE_NB>             between;
extern std::array<std::array<Bitboard, SQUARE_NB>, SQUARE_NB>             line;
extern std::array<std::array<std::array<std::uint16_t, 128>, RANK_NB>, 3> file;  // up, down, both
// Empty-board slider attacks: attackers_to asks them for every square it looks at.
extern std::array<Bitboard, SQUARE_NB>                       bishop_pseudo;
extern std::array<Bitboard, SQUARE_NB>                       rook_pseudo;
extern std::array<std::array<Bitboard, SQUARE_NB>, COLOR_NB> lance_pseudo;

/// Squares a slider sees along `d` from `s`, stopping at (and including) the first blocker.
inline Bitboard ray_attacks(Direction d, Square s, Bitboard occ) {
    Bitboard a = ray[d][s];
    Bitboard b = a & occ;
    if (b) a ^= ray[d][d < UP ? b.lsb() : b.msb()];
    return a;
}

/// A rank or diagonal through a square, as rank_or_diagonal_attacks reads it: the square's
/// place on it (0 at its lowest square) and its squares in each half of the bitboard, all of
/// them and the inner ones (the two ends never block anything).
struct LineMask {
    std::uint64_t all_lo, all_hi, inner_lo, inner_hi;
    std::uint8_t  slot, all_lo_count, inner_lo_count;
};
extern std::array<std::array<LineMask, SQUARE_NB>, 3> line_mask;  // [Line other than File][square]
extern std::array<std::array<Line, SQUARE_NB>, SQUARE_NB> line_kind;

/// Squares seen along the file of `s`; `which` 0 = toward rank 1, 1 = toward rank 9, 2 = both.
inline Bitboard file_attacks(int which, Square s, Bitboard occ) {
    const int f = file_of(s), r = rank_of(s);
    if (f < FILE_8) {
        const int           shift = 9 * f;
        const std::uint64_t inner = (occ.lo() >> (shift + 1)) & 0x7F;
        return Bitboard(std::uint64_t(file[which][r][inner]) << shift, 0);
    }
    const int           shift = 9 * (f - FILE_8);
    const std::uint64_t inner = (occ.hi() >> (shift + 1)) & 0x7F;
    return Bitboard(0, std::uint64_t(file[which][r][inner]) << shift);
}

/// Squares a slider on `s` sees both ways along its rank or a diagonal. With BMI2 the line is
/// gathered into seven bits (PEXT), looked up in the file table (a line of nine squares is a
/// line of nine squares) and put back (PDEP): no branch, no scan.
inline Bitboard rank_or_diagonal_attacks(Line kind, Square s, Bitboard occ) {
    assert(kind == Line::Rank || kind == Line::Diagonal || kind == Line::AntiDiagonal);
#if defined(__BMI2__)
    const LineMask&     m = line_mask[int(kind)][s];
    const std::uint64_t inner
        = _pext_u64(occ.lo(), m.inner_lo) | _pext_u64(occ.hi(), m.inner_hi) << m.inner_lo_count;
    const std::uint64_t seen = file[2][m.slot][inner];
    return Bitboard(_pdep_u64(seen, m.all_lo), _pdep_u64(seen >> m.all_lo_count, m.all_hi));
#else
    constexpr Direction Ways[3][2] = {{LEFT, RIGHT}, {DOWN_LEFT, UP_RIGHT}, {UP_LEFT, DOWN_RIGHT}};
    return ray_attacks(Ways[int(kind)][0], s, occ) | ray_attacks(Ways[int(kind)][1], s, occ);
#endif
}
}  // namespace detail

}  // namespace attacks

/// Squares a non-sliding piece `p` attacks from `s` (also the king-step part of horse/dragon).
inline Bitboard step_attacks(Piece p, Square s) {
    return attacks::detail::step[p][s];
}
inline Bitboard step_attacks(Color c, PieceType pt, Square s) {
    return attacks::detail::step[make_piece(c, pt)][s];
}

/// Lance attacks of colour `c` from `s` given occupancy `occ`.
inline Bitboard lance_attacks(Color c, Square s, Bitboard occ) {
    return attacks::detail::file_attacks(c == SENTE ? 0 : 1, s, occ);
}

/// Bishop attacks from `s` given occupancy `occ`.
inline Bitboard bishop_attacks(Square s, Bitboard occ) {
    return attacks::detail::rank_or_diagonal_attacks(Line::Diagonal, s, occ)
        | attacks::detail::rank_or_diagonal_attacks(Line::AntiDiagonal, s, occ);
}

/// Rook attacks from `s` given occupancy `occ`.
inline Bitboard rook_attacks(Square s, Bitboard occ) {
    return attacks::detail::file_attacks(2, s, occ)
        | attacks::detail::rank_or_diagonal_attacks(Line::Rank, s, occ);
}

/// The line through the distinct squares `a` and `b`, or Line::None.
inline Line line_through(Square a, Square b) {
    return attacks::detail::line_kind[a][b];
}

/// Squares a slider on `s` sees both ways along `line` (not None), the first piece each way
/// included.
inline Bitboard line_attacks(Line line, Square s, Bitboard occ) {
    if (line == Line::File) return attacks::detail::file_attacks(2, s, occ);
    return attacks::detail::rank_or_diagonal_attacks(line, s, occ);
}

/// Squares piece kind `pt` of colour `c` attacks from `s` given occupancy `occ`.
inline Bitboard attacks_from(Color c, PieceType pt, Square s, Bitboard occ) {
    switch (pt) {
    case LANCE: return lance_attacks(c, s, occ);
    case BISHOP: return bishop_attacks(s, occ);
    case ROOK: return rook_attacks(s, occ);
    case HORSE: return bishop_attacks(s, occ) | step_attacks(c, KING, s);
    case DRAGON: return rook_attacks(s, occ) | step_attacks(c, KING, s);
    default: return step_attacks(c, pt, s);
    }
}

/// Bishop attacks from `s` on an empty board (both diagonals).
inline Bitboard bishop_pseudo_attacks(Square s) {
    return attacks::detail::bishop_pseudo[s];
}

/// Rook attacks from `s` on an empty board (file and rank).
inline Bitboard rook_pseudo_attacks(Square s) {
    return attacks::detail::rook_pseudo[s];
}

/// Lance attacks of colour `c` from `s` on an empty board.
inline Bitboard lance_pseudo_attacks(Color c, Square s) {
    return attacks::detail::lance_pseudo[c][s];
}

/// Attacks of `c`'s `pt` from `s` on an empty board: attacks_from with nothing in the way.
inline Bitboard pseudo_attacks(Color c, PieceType pt, Square s) {
    switch (pt) {
    case LANCE: return lance_pseudo_attacks(c, s);
    case BISHOP: return bishop_pseudo_attacks(s);
    case ROOK: return rook_pseudo_attacks(s);
    case HORSE: return bishop_pseudo_attacks(s) | step_attacks(c, KING, s);
    case DRAGON: return rook_pseudo_attacks(s) | step_attacks(c, KING, s);
    default: return step_attacks(c, pt, s);
    }
}

/// Squares strictly between `a` and `b` when they share a line, else empty.
inline Bitboard between_bb(Square a, Square b) {
    return attacks::detail::between[a][b];
}

/// The whole line (file, rank or diagonal) through `a` and `b`, or empty if none.
inline Bitboard line_bb(Square a, Square b) {
    return attacks::detail::line[a][b];
}

/// True when `a`, `b` and `c` lie on one line.
inline bool aligned(Square a, Square b, Square c) {
    return line_bb(a, b).test(c);
}

}  // namespace supersoma
