#include "engine/attacks.hpp"

#include <bit>
#include <initializer_list>
#include <utility>

namespace supersoma::attacks {

namespace detail {
std::array<std::array<Bitboard, SQUARE_NB>, PIECE_NB>              step;
std::array<std::array<Bitboard, SQUARE_NB>, DIRECTION_NB>          ray;
std::array<std::array<Bitboard, SQUARE_NB>, SQUARE_NB>             between;
std::array<std::array<Bitboard, SQUARE_NB>, SQUARE_NB>             line;
std::array<std::array<std::array<std::uint16_t, 128>, RANK_NB>, 3> file;
std::array<Bitboard, SQUARE_NB>                                    bishop_pseudo;
std::array<Bitboard, SQUARE_NB>                                    rook_pseudo;
std::array<std::array<Bitboard, SQUARE_NB>, COLOR_NB>              lance_pseudo;
std::array<std::array<LineMask, SQUARE_NB>, 3>                     line_mask;
std::array<std::array<Line, SQUARE_NB>, SQUARE_NB>                 line_kind;
}  // namespace detail

namespace {

using Step = std::pair<int, int>;  // (file delta, rank delta) as sente sees it; rank -1 is forward

constexpr std::pair<int, int> DirectionDelta[DIRECTION_NB]
    = {{0, 1}, {1, 0}, {1, 1}, {1, -1}, {0, -1}, {-1, 0}, {-1, -1}, {-1, 1}};

Bitboard steps_from(Square s, Color c, std::initializer_list<Step> steps) {
    Bitboard b;
    for (auto [df, dr] : steps) {
        if (c == GOTE) dr = -dr, df = -df;
        int f = file_of(s) + df, r = rank_of(s) + dr;
        if (f >= 0 && f < FILE_NB && r >= 0 && r < RANK_NB) b |= make_square(File(f), Rank(r));
    }
    return b;
}

void init_steps() {
    const std::initializer_list<Step> gold = {{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {0, 1}};
    const std::initializer_list<Step> silver = {{-1, -1}, {0, -1}, {1, -1}, {-1, 1}, {1, 1}};
    const std::initializer_list<Step> king
        = {{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}};
    for (Color c : {SENTE, GOTE})
        for (Square s = SQ_11; s < SQUARE_NB; ++s) {
            auto& t                     = detail::step;
            t[make_piece(c, PAWN)][s]   = steps_from(s, c, {{0, -1}});
            t[make_piece(c, KNIGHT)][s] = steps_from(s, c, {{-1, -2}, {1, -2}});
            t[make_piece(c, SILVER)][s] = steps_from(s, c, silver);
            t[make_piece(c, KING)][s]   = steps_from(s, c, king);
            t[make_piece(c, HORSE)][s]  = steps_from(s, c, {{0, -1}, {-1, 0}, {1, 0}, {0, 1}});
            t[make_piece(c, DRAGON)][s] = steps_from(s, c, {{-1, -1}, {1, -1}, {-1, 1}, {1, 1}});
            for (PieceType pt : {GOLD, PRO_PAWN, PRO_LANCE, PRO_KNIGHT, PRO_SILVER})
                t[make_piece(c, pt)][s] = steps_from(s, c, gold);
        }
}

void init_rays_and_lines() {
    for (Square s = SQ_11; s < SQUARE_NB; ++s)
        for (int d = 0; d < DIRECTION_NB; ++d) {
            auto [df, dr] = DirectionDelta[d];
            Bitboard seen;
            for (int f = file_of(s) + df, r = rank_of(s) + dr;
                 f >= 0 && f < FILE_NB && r >= 0 && r < RANK_NB; f += df, r += dr) {
                Square to              = make_square(File(f), Rank(r));
                detail::between[s][to] = seen;
                seen |= to;
            }
            detail::ray[d][s] = seen;
        }
    for (Square a = SQ_11; a < SQUARE_NB; ++a)
        for (int d = 0; d < DIRECTION_NB; ++d) {
            const Bitboard full = detail::ray[d][a] | detail::ray[(d + 4) % DIRECTION_NB][a] | a;
            for (Square b : detail::ray[d][a]) detail::line[a][b] = full;
        }
}

// File attacks as 9-bit masks of a file, indexed by rank and the occupancy of ranks 2-8.
void init_file_tables() {
    for (int r = 0; r < RANK_NB; ++r)
        for (int inner = 0; inner < 128; ++inner) {
            const int occ = inner << 1;
            int       up = 0, down = 0;
            for (int t = r - 1; t >= 0; --t) {
                up |= 1 << t;
                if (occ & (1 << t)) break;
            }
            for (int t = r + 1; t < RANK_NB; ++t) {
                down |= 1 << t;
                if (occ & (1 << t)) break;
            }
            detail::file[0][r][inner] = std::uint16_t(up);
            detail::file[1][r][inner] = std::uint16_t(down);
            detail::file[2][r][inner] = std::uint16_t(up | down);
        }
}

// After the rays: each line through each square, as rank_or_diagonal_attacks and
// line_through read them.
void init_line_masks() {
    using namespace detail;
    // The two directions of each kind of line (in Line's order), the first toward lower squares.
    constexpr Direction Ways[4][2]
        = {{RIGHT, LEFT}, {UP_RIGHT, DOWN_LEFT}, {DOWN_RIGHT, UP_LEFT}, {UP, DOWN}};
    for (auto& row : line_kind) row.fill(Line::None);
    for (int kind = 0; kind < 4; ++kind)
        for (Square s = SQ_11; s < SQUARE_NB; ++s)
            for (Square t : ray[Ways[kind][0]][s] | ray[Ways[kind][1]][s])
                line_kind[s][t] = Line(kind);
    for (int kind = 0; kind < 3; ++kind)
        for (Square s = SQ_11; s < SQUARE_NB; ++s) {
            const Bitboard below = ray[Ways[kind][0]][s];
            const Bitboard all   = below | ray[Ways[kind][1]][s] | s;
            Bitboard       inner = all;
            inner ^= all.lsb();
            inner ^= all.msb();
            LineMask& m      = line_mask[kind][s];
            m.all_lo         = all.lo();
            m.all_hi         = all.hi();
            m.inner_lo       = inner.lo();
            m.inner_hi       = inner.hi();
            m.slot           = std::uint8_t(below.count());
            m.all_lo_count   = std::uint8_t(std::popcount(all.lo()));
            m.inner_lo_count = std::uint8_t(std::popcount(inner.lo()));
        }
}

// After the rays and file tables: the empty-board attacks are read from them.
void init_pseudo_attacks() {
    using namespace detail;
    for (Square s = SQ_11; s < SQUARE_NB; ++s) {
        bishop_pseudo[s]
            = ray[DOWN_LEFT][s] | ray[UP_LEFT][s] | ray[UP_RIGHT][s] | ray[DOWN_RIGHT][s];
        rook_pseudo[s] = ray[DOWN][s] | ray[UP][s] | ray[LEFT][s] | ray[RIGHT][s];
        for (Color c : {SENTE, GOTE}) lance_pseudo[c][s] = lance_attacks(c, s, Bitboard());
    }
}

}  // namespace

void init() {
    static bool done = false;
    if (done) return;
    init_steps();
    init_rays_and_lines();
    init_file_tables();
    init_line_masks();
    init_pseudo_attacks();
    done = true;
}

}  // namespace supersoma::attacks
