#pragma once
// Chess attack tables for the SEE adapter: step attacks, the eight rays from each square and
// the direction between two aligned squares. All constexpr; squares a1 = 0, b1 = 1 .. h8 = 63.

#include <array>
#include <bit>
#include <cstdint>

namespace supersoma::soma::chess {

/// One bit per square, a1 = bit 0, h8 = bit 63.
using Bitboard = std::uint64_t;
/// A square index, a1 = 0 .. h8 = 63, file-minor (rank * 8 + file).
using Square = int;

/// The bit of `square`.
constexpr Bitboard square_bb(Square square) {
    return Bitboard {1} << square;
}
/// File 0 (a) .. 7 (h).
constexpr int file_of(Square square) {
    return square & 7;
}
/// Rank 0 (1st) .. 7 (8th).
constexpr int rank_of(Square square) {
    return square >> 3;
}

/// Ray directions; the first four point to higher squares. Diagonals are odd.
enum Direction : std::uint8_t {
    NORTH,
    NORTH_EAST,
    EAST,
    NORTH_WEST,
    SOUTH,
    SOUTH_WEST,
    WEST,
    SOUTH_EAST,
    DIRECTION_NB
};

/// Whether `direction` is a bishop direction (else a rook direction).
constexpr bool is_diagonal(int direction) {
    return direction & 1;
}

namespace detail {

constexpr std::array<int, DIRECTION_NB> FileStep {0, 1, 1, -1, 0, -1, -1, 1};
constexpr std::array<int, DIRECTION_NB> RankStep {1, 1, 0, 1, -1, -1, 0, -1};

constexpr bool on_board(int file, int rank) {
    return file >= 0 && file < 8 && rank >= 0 && rank < 8;
}

/// Squares reached from each square by the given (file, rank) steps, once each.
template<std::size_t N>
constexpr std::array<Bitboard, 64> step_table(const std::array<std::array<int, 2>, N>& steps) {
    std::array<Bitboard, 64> table {};
    for (Square s = 0; s < 64; ++s)
        for (const auto& [df, dr] : steps)
            if (on_board(file_of(s) + df, rank_of(s) + dr))
                table[s] |= square_bb((rank_of(s) + dr) * 8 + file_of(s) + df);
    return table;
}

constexpr std::array<std::array<Bitboard, 64>, DIRECTION_NB> make_rays() {
    std::array<std::array<Bitboard, 64>, DIRECTION_NB> rays {};
    for (int d = 0; d < DIRECTION_NB; ++d)
        for (Square s = 0; s < 64; ++s)
            for (int f = file_of(s) + FileStep[d], r = rank_of(s) + RankStep[d]; on_board(f, r);
                 f += FileStep[d], r += RankStep[d])
                rays[d][s] |= square_bb(r * 8 + f);
    return rays;
}

}  // namespace detail

/// Knight attacks from each square.
inline constexpr std::array<Bitboard, 64> KnightAttacks = detail::step_table<8>(
    {{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}});
/// King attacks from each square.
inline constexpr std::array<Bitboard, 64> KingAttacks = detail::step_table<8>(
    {{{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}}});
/// Squares a white pawn on each square attacks.
inline constexpr std::array<Bitboard, 64> WhitePawnAttacks
    = detail::step_table<2>({{{-1, 1}, {1, 1}}});
/// Squares a black pawn on each square attacks.
inline constexpr std::array<Bitboard, 64> BlackPawnAttacks
    = detail::step_table<2>({{{-1, -1}, {1, -1}}});

/// The empty-board ray from each square in each direction, the square itself excluded.
inline constexpr std::array<std::array<Bitboard, 64>, DIRECTION_NB> Rays = detail::make_rays();

/// The direction from `from` to `to` when they share a line, else -1.
inline constexpr auto DirectionTo = [] {
    std::array<std::array<std::int8_t, 64>, 64> table {};
    for (Square from = 0; from < 64; ++from)
        for (Square to = 0; to < 64; ++to) {
            table[from][to] = -1;
            for (int d = 0; d < DIRECTION_NB; ++d)
                if (Rays[d][from] & square_bb(to)) table[from][to] = std::int8_t(d);
        }
    return table;
}();

/// The nearest square of `blockers` (non-empty, on the ray) along `direction`.
constexpr Square first_blocker(int direction, Bitboard blockers) {
    return direction < SOUTH ? std::countr_zero(blockers) : 63 - std::countl_zero(blockers);
}

/// Squares a slider on `from` reaches along `direction` with `occupied` (the blocker included).
constexpr Bitboard ray_attacks(int direction, Square from, Bitboard occupied) {
    Bitboard ray = Rays[direction][from];
    if (const Bitboard blockers = ray & occupied)
        ray ^= Rays[direction][first_blocker(direction, blockers)];
    return ray;
}

/// Bishop attacks from `from` with `occupied`.
constexpr Bitboard bishop_attacks(Square from, Bitboard occupied) {
    return ray_attacks(NORTH_EAST, from, occupied) | ray_attacks(NORTH_WEST, from, occupied)
        | ray_attacks(SOUTH_WEST, from, occupied) | ray_attacks(SOUTH_EAST, from, occupied);
}

/// Rook attacks from `from` with `occupied`.
constexpr Bitboard rook_attacks(Square from, Bitboard occupied) {
    return ray_attacks(NORTH, from, occupied) | ray_attacks(EAST, from, occupied)
        | ray_attacks(SOUTH, from, occupied) | ray_attacks(WEST, from, occupied);
}

}  // namespace supersoma::soma::chess
