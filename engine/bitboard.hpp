#pragma once
// The 81-square bitboard.
//
// Two 64-bit halves. Files 1-7 (squares 0-62) live in the low half, files 8-9 (squares 63-80)
// in bits 0-17 of the high half, so a file never straddles the halves and file attacks
// (lance, rook) touch one word:
//
//        9   8   7   6   5   4   3   2   1       file
//   a   72  63  54  45  36  27  18   9   0
//   b   73  64  55  46  37  28  19  10   1
//   ..
//   i   80  71  62  53  44  35  26  17   8
//        \_hi_/ \______ low half ________/

#include <array>
#include <bit>
#include <cassert>
#include <cstdint>

#include "engine/types.hpp"

namespace supersoma {

class Bitboard {
public:
    constexpr Bitboard() = default;
    constexpr Bitboard(std::uint64_t lo, std::uint64_t hi)
        : p_ {lo, hi} { }
    /// The set holding exactly `s`.
    explicit constexpr Bitboard(Square s)
        : p_ {s < 63 ? std::uint64_t(1) << s : 0, s < 63 ? 0 : std::uint64_t(1) << (s - 63)} { }

    static constexpr Bitboard all() {
        return Bitboard((std::uint64_t(1) << 63) - 1, (1u << 18) - 1);
    }

    constexpr std::uint64_t lo() const { return p_[0]; }
    constexpr std::uint64_t hi() const { return p_[1]; }

    constexpr explicit operator bool() const { return (p_[0] | p_[1]) != 0; }
    constexpr bool     test(Square s) const { return bool(*this & Bitboard(s)); }
    constexpr int      count() const { return std::popcount(p_[0]) + std::popcount(p_[1]); }
    /// True when more than one square is set.
    constexpr bool more_than_one() const {
        return (p_[0] & (p_[0] - 1)) || (p_[1] & (p_[1] - 1)) || (p_[0] && p_[1]);
    }

    /// Lowest set square; the set must not be empty.
    constexpr Square lsb() const {
        assert(bool(*this) && "lsb of an empty set");
        return p_[0] ? Square(std::countr_zero(p_[0])) : Square(63 + std::countr_zero(p_[1]));
    }
    /// Highest set square; the set must not be empty.
    constexpr Square msb() const {
        assert(bool(*this) && "msb of an empty set");
        return p_[1] ? Square(126 - std::countl_zero(p_[1])) : Square(63 - std::countl_zero(p_[0]));
    }
    /// Removes and returns the lowest set square.
    constexpr Square pop() {
        assert(bool(*this) && "pop from an empty set");
        if (p_[0]) {
            Square s = Square(std::countr_zero(p_[0]));
            p_[0] &= p_[0] - 1;
            return s;
        }
        Square s = Square(63 + std::countr_zero(p_[1]));
        p_[1] &= p_[1] - 1;
        return s;
    }

    constexpr Bitboard operator&(Bitboard b) const { return {p_[0] & b.p_[0], p_[1] & b.p_[1]}; }
    constexpr Bitboard operator|(Bitboard b) const { return {p_[0] | b.p_[0], p_[1] | b.p_[1]}; }
    constexpr Bitboard operator^(Bitboard b) const { return {p_[0] ^ b.p_[0], p_[1] ^ b.p_[1]}; }
    /// Complement within the 81 squares.
    constexpr Bitboard  operator~() const { return Bitboard(~p_[0], ~p_[1]) & all(); }
    constexpr Bitboard& operator&=(Bitboard b) { return *this = *this & b; }
    constexpr Bitboard& operator|=(Bitboard b) { return *this = *this | b; }
    constexpr Bitboard& operator^=(Bitboard b) { return *this = *this ^ b; }
    constexpr Bitboard  operator&(Square s) const { return *this & Bitboard(s); }
    constexpr Bitboard  operator|(Square s) const { return *this | Bitboard(s); }
    constexpr Bitboard  operator^(Square s) const { return *this ^ Bitboard(s); }
    constexpr Bitboard& operator|=(Square s) { return *this = *this | s; }
    constexpr Bitboard& operator^=(Square s) { return *this = *this ^ s; }
    /// Set difference: the squares of this set that are not in `b`.
    constexpr Bitboard andnot(Bitboard b) const { return {p_[0] & ~b.p_[0], p_[1] & ~b.p_[1]}; }
    constexpr bool     operator==(const Bitboard&) const = default;

    /// Range-for over the set squares, lowest first.
    struct Iterator {
        std::uint64_t    lo, hi;
        constexpr Square operator*() const {
            return lo ? Square(std::countr_zero(lo)) : Square(63 + std::countr_zero(hi));
        }
        constexpr Iterator& operator++() {
            if (lo)
                lo &= lo - 1;
            else
                hi &= hi - 1;
            return *this;
        }
        constexpr bool operator!=(const Iterator& o) const { return lo != o.lo || hi != o.hi; }
    };
    constexpr Iterator begin() const { return {p_[0], p_[1]}; }
    constexpr Iterator end() const { return {0, 0}; }

private:
    std::uint64_t p_[2] {0, 0};
};

/// The nine squares of file `f`.
constexpr Bitboard file_bb(File f) {
    return f < FILE_8 ? Bitboard(std::uint64_t(0x1FF) << (9 * f), 0)
                      : Bitboard(0, std::uint64_t(0x1FF) << (9 * (f - FILE_8)));
}

/// The nine squares of rank `r`.
constexpr Bitboard rank_bb(Rank r) {
    Bitboard b;
    for (File f = FILE_1; f < FILE_NB; ++f) b |= make_square(f, r);
    return b;
}

namespace bitboard_detail {
// far_ranks[c][n]: the n far ranks of c. A table because movegen asks for it per piece.
inline constexpr auto far_ranks = [] {
    std::array<std::array<Bitboard, 10>, COLOR_NB> t {};
    for (int c = 0; c < COLOR_NB; ++c)
        for (int n = 1; n <= 9; ++n)
            t[c][n] = t[c][n - 1] | rank_bb(c == SENTE ? Rank(n - 1) : Rank(9 - n));
    return t;
}();
}  // namespace bitboard_detail

/// The ranks of `c` whose relative rank is below `n` (the n far ranks); n in 0..9.
constexpr Bitboard far_ranks_bb(Color c, int n) {
    return bitboard_detail::far_ranks[c][n];
}

/// `c`'s promotion zone.
constexpr Bitboard promotion_zone_bb(Color c) {
    return far_ranks_bb(c, 3);
}

}  // namespace supersoma
