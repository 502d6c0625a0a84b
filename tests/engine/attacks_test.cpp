// Attack tables against naive ray walks and hand-listed step sets.
#include "engine/attacks.hpp"

#include <gtest/gtest.h>

#include <random>

#include "tests/support/engine_helpers.hpp"

namespace supersoma {
namespace {

using test::sq;
using test::squares;

// (file delta, rank delta) in array coordinates: +1 rank is toward rank 9.
Bitboard naive_ray(Square s, int df, int dr, Bitboard occ) {
    Bitboard b;
    for (int f = file_of(s) + df, r = rank_of(s) + dr; f >= 0 && f < 9 && r >= 0 && r < 9;
         f += df, r += dr) {
        const Square t = make_square(File(f), Rank(r));
        b |= t;
        if (occ.test(t)) break;
    }
    return b;
}

Bitboard naive_rook(Square s, Bitboard occ) {
    return naive_ray(s, 1, 0, occ) | naive_ray(s, -1, 0, occ) | naive_ray(s, 0, 1, occ)
        | naive_ray(s, 0, -1, occ);
}

Bitboard naive_bishop(Square s, Bitboard occ) {
    return naive_ray(s, 1, 1, occ) | naive_ray(s, 1, -1, occ) | naive_ray(s, -1, 1, occ)
        | naive_ray(s, -1, -1, occ);
}

Bitboard random_occupancy(std::mt19937_64& rng) {
    // Sparse and dense boards both: AND of one to three random words.
    Bitboard b(rng(), rng());
    for (int n = int(rng() % 3); n > 0; --n) b &= Bitboard(rng(), rng());
    return b & Bitboard::all();
}

TEST(SliderAttacks, EqualANaiveRayWalkOnRandomBoards) {
    std::mt19937_64 rng(20240611);
    for (int i = 0; i < 400; ++i) {
        const Bitboard occ = random_occupancy(rng);
        for (Square s = SQ_11; s < SQUARE_NB; ++s) {
            const Bitboard rook = naive_rook(s, occ), bishop = naive_bishop(s, occ);
            ASSERT_EQ(rook_attacks(s, occ), rook) << int(s);
            ASSERT_EQ(bishop_attacks(s, occ), bishop) << int(s);
            ASSERT_EQ(lance_attacks(SENTE, s, occ), naive_ray(s, 0, -1, occ)) << int(s);
            ASSERT_EQ(lance_attacks(GOTE, s, occ), naive_ray(s, 0, 1, occ)) << int(s);
            const Bitboard king = step_attacks(SENTE, KING, s);
            ASSERT_EQ(attacks_from(SENTE, DRAGON, s, occ), rook | king) << int(s);
            ASSERT_EQ(attacks_from(GOTE, HORSE, s, occ), bishop | king) << int(s);
        }
    }
}

TEST(SliderAttacks, EmptyBoardRookSeesSixteenSquares) {
    for (Square s = SQ_11; s < SQUARE_NB; ++s) EXPECT_EQ(rook_attacks(s, Bitboard()).count(), 16);
    EXPECT_EQ(bishop_attacks(sq("5e"), Bitboard()).count(), 16);
    EXPECT_EQ(bishop_attacks(sq("1a"), Bitboard()).count(), 8);
}

TEST(Between, HoldsTheSquaresStrictlyBetween) {
    EXPECT_EQ(between_bb(sq("5a"), sq("5e")), squares({"5b", "5c", "5d"}));
    EXPECT_EQ(between_bb(sq("1a"), sq("9i")), squares({"2b", "3c", "4d", "5e", "6f", "7g", "8h"}));
    EXPECT_EQ(between_bb(sq("9a"), sq("1a")), squares({"8a", "7a", "6a", "5a", "4a", "3a", "2a"}));
    EXPECT_EQ(between_bb(sq("5e"), sq("5f")), Bitboard());  // adjacent
    EXPECT_EQ(between_bb(sq("5e"), sq("4c")), Bitboard());  // a knight's jump: no line
}

// For every pair: between is symmetric, inside the line, and equals the naive walk.
TEST(Between, AgreesWithLineAndANaiveWalkForAllPairs) {
    for (Square a = SQ_11; a < SQUARE_NB; ++a)
        for (Square b = SQ_11; b < SQUARE_NB; ++b) {
            const int  df = file_of(b) - file_of(a), dr = rank_of(b) - rank_of(a);
            const bool on_line = a != b && (df == 0 || dr == 0 || df == dr || df == -dr);
            EXPECT_EQ(between_bb(a, b), between_bb(b, a));
            if (!on_line) {
                EXPECT_EQ(between_bb(a, b), Bitboard()) << int(a) << " " << int(b);
                EXPECT_EQ(line_bb(a, b), Bitboard()) << int(a) << " " << int(b);
                continue;
            }
            const int      sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
            const Bitboard walk = naive_ray(a, sf, sr, Bitboard(b)) ^ b;
            EXPECT_EQ(between_bb(a, b), walk) << int(a) << " " << int(b);
            const Bitboard line
                = naive_ray(a, sf, sr, Bitboard()) | naive_ray(a, -sf, -sr, Bitboard()) | a;
            EXPECT_EQ(line_bb(a, b), line) << int(a) << " " << int(b);
            EXPECT_TRUE(line_bb(a, b).test(a) && line_bb(a, b).test(b));
            EXPECT_TRUE(aligned(a, b, a));
        }
}

// line_through names the line of every aligned pair, and line_attacks along it is the naive
// walk both ways along that line.
TEST(Line, AttacksAlongTheLineThroughTwoSquaresEqualANaiveWalk) {
    std::mt19937_64 rng(20261122);
    for (Square a = SQ_11; a < SQUARE_NB; ++a)
        for (Square b = SQ_11; b < SQUARE_NB; ++b) {
            if (a == b) continue;
            const int  df = file_of(b) - file_of(a), dr = rank_of(b) - rank_of(a);
            const Line line = line_through(a, b);
            if (!line_bb(a, b)) {
                EXPECT_EQ(line, Line::None) << int(a) << " " << int(b);
                continue;
            }
            const Line expected = df == 0 ? Line::File
                : dr == 0                 ? Line::Rank
                : (df > 0) == (dr > 0)    ? Line::Diagonal
                                          : Line::AntiDiagonal;
            ASSERT_EQ(line, expected) << int(a) << " " << int(b);
            const int      sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
            const Bitboard occ = random_occupancy(rng);
            EXPECT_EQ(
                line_attacks(line, a, occ), naive_ray(a, sf, sr, occ) | naive_ray(a, -sf, -sr, occ))
                << int(a) << " " << int(b);
        }
}

TEST(Line, SpansTheWholeBoardEdgeToEdge) {
    EXPECT_EQ(line_bb(sq("5e"), sq("5a")), file_bb(FILE_5));
    EXPECT_EQ(line_bb(sq("1e"), sq("9e")), rank_bb(RANK_5));
    EXPECT_TRUE(aligned(sq("1a"), sq("5e"), sq("9i")));
    EXPECT_FALSE(aligned(sq("1a"), sq("5e"), sq("9h")));
}

TEST(StepAttacks, SentePiecesFromTheCentre) {
    const Square c = sq("5e");
    EXPECT_EQ(step_attacks(SENTE, PAWN, c), squares({"5d"}));
    EXPECT_EQ(step_attacks(SENTE, KNIGHT, c), squares({"4c", "6c"}));
    EXPECT_EQ(step_attacks(SENTE, SILVER, c), squares({"4d", "5d", "6d", "4f", "6f"}));
    EXPECT_EQ(step_attacks(SENTE, GOLD, c), squares({"4d", "5d", "6d", "4e", "6e", "5f"}));
    EXPECT_EQ(
        step_attacks(SENTE, KING, c), squares({"4d", "5d", "6d", "4e", "6e", "4f", "5f", "6f"}));
    for (PieceType pt : {PRO_PAWN, PRO_LANCE, PRO_KNIGHT, PRO_SILVER})
        EXPECT_EQ(step_attacks(SENTE, pt, c), step_attacks(SENTE, GOLD, c)) << int(pt);
}

TEST(StepAttacks, GotePiecesMirrorSente) {
    const Square c = sq("5e");
    EXPECT_EQ(step_attacks(GOTE, PAWN, c), squares({"5f"}));
    EXPECT_EQ(step_attacks(GOTE, KNIGHT, c), squares({"4g", "6g"}));
    EXPECT_EQ(step_attacks(GOTE, SILVER, c), squares({"4f", "5f", "6f", "4d", "6d"}));
    EXPECT_EQ(step_attacks(GOTE, GOLD, c), squares({"4f", "5f", "6f", "4e", "6e", "5d"}));
    // In general: gote's attacks from s are sente's from the turned square, turned back.
    for (PieceType pt : {PAWN, KNIGHT, SILVER, GOLD, KING})
        for (Square s = SQ_11; s < SQUARE_NB; ++s) {
            Bitboard turned;
            for (Square t : step_attacks(SENTE, pt, Square(80 - s))) turned |= Square(80 - t);
            EXPECT_EQ(step_attacks(GOTE, pt, s), turned) << int(pt) << " " << int(s);
        }
}

TEST(StepAttacks, EdgesCutTheSets) {
    EXPECT_EQ(step_attacks(SENTE, PAWN, sq("3a")), Bitboard());
    EXPECT_EQ(step_attacks(SENTE, KNIGHT, sq("3b")), Bitboard());
    EXPECT_EQ(step_attacks(SENTE, KNIGHT, sq("1c")), squares({"2a"}));
    EXPECT_EQ(step_attacks(GOTE, KNIGHT, sq("9g")), squares({"8i"}));
    EXPECT_EQ(step_attacks(SENTE, KING, sq("1a")), squares({"2a", "1b", "2b"}));
    EXPECT_EQ(step_attacks(GOTE, GOLD, sq("9i")), squares({"9h", "8i"}));
}

// The horse and dragon tables hold only their king-step part beyond the slider.
TEST(StepAttacks, HorseAndDragonStepParts) {
    EXPECT_EQ(step_attacks(SENTE, HORSE, sq("5e")), squares({"5d", "4e", "6e", "5f"}));
    EXPECT_EQ(step_attacks(SENTE, DRAGON, sq("5e")), squares({"4d", "6d", "4f", "6f"}));
}

}  // namespace
}  // namespace supersoma
