// The transposition table: what is stored comes back, mates keep their distance, and the
// replacement keeps the deeper result.
#include "search/tt.hpp"

#include <gtest/gtest.h>

#include "search/values.hpp"
#include "tests/support/engine_helpers.hpp"

namespace supersoma::search {
namespace {

TEST(TranspositionTable, StoredEntryComesBackWhole) {
    TranspositionTable tt;
    tt.resize(1);
    const Position pos  = Position::startpos();
    const Move     move = test::usi_move(pos, "7g7f");
    tt.store(pos.key(), move, -123, -4567, 7, BOUND_LOWER, true);
    TTData data;
    ASSERT_TRUE(tt.probe(pos.key(), data));
    EXPECT_EQ(data.move, move);
    EXPECT_EQ(data.value, -123);
    EXPECT_EQ(data.eval, -4567);
    EXPECT_EQ(data.depth, 7);
    EXPECT_EQ(data.bound, BOUND_LOWER);
    EXPECT_TRUE(data.is_pv);
    // The upper 48 bits of the key are checked (the evaluation takes the lower 16).
    EXPECT_FALSE(tt.probe(pos.key() ^ (Key(1) << 20), data));
    EXPECT_FALSE(tt.probe(pos.key() ^ (Key(1) << 63), data));
}

TEST(TranspositionTable, AnEvaluationAloneIsKeptWithoutABound) {
    TranspositionTable tt;
    tt.resize(1);
    tt.store(99, Move::none(), VALUE_NONE, 321, -1, BOUND_NONE, false);
    TTData data;
    ASSERT_TRUE(tt.probe(99, data));
    EXPECT_EQ(data.bound, BOUND_NONE);
    EXPECT_EQ(data.eval, 321);
    EXPECT_FALSE(data.is_pv);
    // A searched result of the same position replaces it and keeps an in-check eval unknown.
    tt.store(99, Move::none(), 17, VALUE_NONE, 3, BOUND_UPPER, false);
    ASSERT_TRUE(tt.probe(99, data));
    EXPECT_EQ(data.bound, BOUND_UPPER);
    EXPECT_EQ(data.eval, VALUE_NONE);
}

TEST(TranspositionTable, DropsSurviveThePacking) {
    TranspositionTable tt;
    tt.resize(1);
    const Move drop = Move::drop(GOLD, test::sq("5e"));
    tt.store(42, drop, 0, 0, 1, BOUND_EXACT, false);
    TTData data;
    ASSERT_TRUE(tt.probe(42, data));
    EXPECT_EQ(data.move, drop);
}

TEST(TranspositionTable, ShallowBoundDoesNotReplaceDeepResult) {
    TranspositionTable tt;
    tt.resize(1);
    tt.store(7, Move::none(), 10, 0, 12, BOUND_LOWER, false);
    tt.store(7, Move::none(), 99, 0, 2, BOUND_UPPER, false);
    TTData data;
    ASSERT_TRUE(tt.probe(7, data));
    EXPECT_EQ(data.depth, 12);
    EXPECT_EQ(data.value, 10);
}

TEST(TranspositionTable, ClearForgetsAndHashfullCounts) {
    TranspositionTable tt;
    tt.resize(1);
    EXPECT_EQ(tt.hashfull(), 0);
    for (Key k = 1; k < 200000; ++k)
        tt.store(k * 0x9E3779B97F4A7C15ull, Move::none(), 0, 0, 1, BOUND_EXACT, false);
    EXPECT_GT(tt.hashfull(), 500);
    tt.clear();
    EXPECT_EQ(tt.hashfull(), 0);
}

TEST(TranspositionTable, MateScoresAreStoredRelativeToTheNode) {
    // A mate in 5 plies from the root, found at ply 3, is a mate in 2 from that node.
    EXPECT_EQ(value_to_tt(mate_in(5), 3), mate_in(2));
    EXPECT_EQ(value_from_tt(mate_in(2), 3), mate_in(5));
    EXPECT_EQ(value_from_tt(value_to_tt(mated_in(8), 6), 6), mated_in(8));
    EXPECT_EQ(value_to_tt(250, 9), 250);
}

TEST(Values, UsiScoresArePawnHundredsOrMatePlies) {
    EXPECT_EQ(usi_score(PAWN_UNITS), "cp 100");
    EXPECT_EQ(usi_score(-PAWN_UNITS / 2), "cp -50");
    EXPECT_EQ(usi_score(mate_in(1)), "mate 1");
    EXPECT_EQ(usi_score(mated_in(2)), "mate -2");
}

TEST(Values, CentipawnOptionsRoundToSearchUnits) {
    EXPECT_EQ(from_centipawns(100), PAWN_UNITS);
    EXPECT_EQ(from_centipawns(-100), -PAWN_UNITS);
    EXPECT_EQ(from_centipawns(173), 90);  // 89.96: ReverseFutilityMargin's default
    EXPECT_EQ(from_centipawns(0), 0);
    EXPECT_EQ(usi_score(from_centipawns(500)), "cp 500");
}

}  // namespace
}  // namespace supersoma::search
