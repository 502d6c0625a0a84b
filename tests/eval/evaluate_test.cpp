// The static evaluation: symmetric, material in the search profile's units.
#include "eval/evaluate.hpp"

#include <gtest/gtest.h>

#include "tests/support/engine_helpers.hpp"

namespace supersoma::eval {
namespace {

TEST(Evaluate, StartPositionIsBalanced) {
    EXPECT_EQ(static_eval(Position::startpos()), 0);
}

TEST(Evaluate, FlippedPositionScoresTheSameForTheOtherSide) {
    for (const std::string& sfen : test::suite_sfens()) {
        const Position pos = test::from_sfen(sfen);
        EXPECT_EQ(static_eval(pos), static_eval(test::flipped(pos))) << sfen;
    }
}

TEST(Evaluate, MaterialCountsHandPiecesAtBoardValue) {
    const Position pos = test::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b RP 1");
    EXPECT_EQ(material(pos, SENTE), search_profile().board[ROOK] + search_profile().board[PAWN]);
    EXPECT_EQ(material(pos, GOTE), 0);
    EXPECT_GT(static_eval(pos), 500);
}

TEST(Evaluate, KingShelterIsWorthSomething) {
    // The same material: golds beside the king, or golds far from it.
    const Position near = test::from_sfen("4k4/9/9/9/9/9/9/3GG4/4K4 b - 1");
    const Position far  = test::from_sfen("4k4/9/9/GG7/9/9/9/9/4K4 b - 1");
    EXPECT_GT(positional(near, SENTE), positional(far, SENTE));
}

// Each leaf mode has its table: the QSearch one is symmetric too, and not the SuperSoma one.
TEST(Evaluate, QSearchWeightsAreTheirOwnAndSymmetric) {
    int differing = 0;
    for (const std::string& sfen : test::suite_sfens()) {
        const Position pos = test::from_sfen(sfen);
        EXPECT_EQ(static_eval(pos, qsearch_eval_weights),
            static_eval(test::flipped(pos), qsearch_eval_weights))
            << sfen;
        differing += static_eval(pos, qsearch_eval_weights) != static_eval(pos);
    }
    EXPECT_GT(differing, 0);
}

}  // namespace
}  // namespace supersoma::eval
