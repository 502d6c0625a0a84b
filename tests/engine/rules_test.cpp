// Repetition: sennichite and perpetual check, from the history of the position.
#include "engine/rules.hpp"

#include <gtest/gtest.h>

#include "tests/support/engine_helpers.hpp"

namespace supersoma {
namespace {

using test::from_sfen;
using test::usi_move;

void play(Position& pos, std::initializer_list<const char*> moves, int times = 1) {
    for (int i = 0; i < times; ++i)
        for (const char* usi : moves) pos.do_move(usi_move(pos, usi));
}

// Kings and golds shuffle; nobody checks.
constexpr std::string_view Quiet     = "3gk4/9/9/9/9/9/9/9/4KG3 b - 1";
constexpr auto             QuietLoop = {"4i4h", "6a6b", "4h4i", "6b6a"};

TEST(Repetition, FourfoldRepetitionWithoutChecksIsADraw) {
    Position pos = from_sfen(Quiet);
    play(pos, QuietLoop, 3);
    EXPECT_EQ(repetition(pos), Repetition::Draw);
}

TEST(Repetition, ThreeOccurrencesAreNotYetSennichite) {
    Position pos = from_sfen(Quiet);
    play(pos, QuietLoop, 2);
    EXPECT_EQ(repetition(pos), Repetition::None);
    play(pos, {"4i4h", "6a6b", "4h4i"});  // one ply short of the fourth occurrence
    EXPECT_EQ(repetition(pos), Repetition::None);
    pos.do_move(usi_move(pos, "6b6a"));
    EXPECT_EQ(repetition(pos), Repetition::Draw);
}

TEST(Repetition, TwoOccurrencesDetectTheFirstRepeat) {
    Position pos = from_sfen(Quiet);
    EXPECT_EQ(repetition(pos, 2), Repetition::None);
    play(pos, {"4i4h", "6a6b", "4h4i"});
    EXPECT_EQ(repetition(pos, 2), Repetition::None);
    pos.do_move(usi_move(pos, "6b6a"));
    EXPECT_EQ(repetition(pos, 2), Repetition::Draw);
    EXPECT_EQ(repetition(pos), Repetition::None);
}

// The same board with a different side to move is a different position.
TEST(Repetition, SameBoardWithTheOtherSideToMoveDoesNotCount) {
    Position pos = from_sfen(Quiet);
    play(pos, {"5i5h", "6a6b", "5h4h", "6b6a", "4h5i"});  // a king triangle: gote to move now
    ASSERT_EQ(to_sfen(pos).substr(0, Quiet.find(' ')), Quiet.substr(0, Quiet.find(' ')));
    EXPECT_EQ(repetition(pos, 2), Repetition::None);
}

// Sente's rook checks on every move; gote's king steps between 2a and 1a.
constexpr std::string_view Perpetual     = "7k1/9/9/9/8R/9/9/9/4K4 b - 1";
constexpr auto             PerpetualLoop = {"1e2e", "2a1a", "2e1e", "1a2a"};

// Sente, to move, gave check with every one of its moves: sente loses.
TEST(Repetition, PerpetualCheckerToMoveLoses) {
    Position pos = from_sfen(Perpetual);
    play(pos, PerpetualLoop, 3);
    EXPECT_EQ(pos.side_to_move(), SENTE);
    EXPECT_EQ(repetition(pos), Repetition::SideToMoveLoses);
}

// Gote, to move, has been checked on every sente move: gote wins.
TEST(Repetition, SideToMoveFacingPerpetualCheckWins) {
    Position pos = from_sfen(Perpetual);
    play(pos, PerpetualLoop, 3);
    pos.do_move(usi_move(pos, "1e2e"));
    EXPECT_EQ(pos.side_to_move(), GOTE);
    EXPECT_TRUE(pos.in_check());
    EXPECT_EQ(repetition(pos), Repetition::SideToMoveWins);
    EXPECT_EQ(repetition(pos, 2), Repetition::SideToMoveWins);
}

// One quiet rook move in the cycle: no perpetual check, a plain draw.
TEST(Repetition, CycleWithOneQuietMoveIsADraw) {
    Position pos = from_sfen("7k1/9/9/9/6R2/9/9/9/4K4 b - 1");
    play(pos, {"3e2e", "2a1a", "2e3e", "1a2a"}, 3);
    EXPECT_EQ(repetition(pos), Repetition::Draw);
}

TEST(Repetition, NoHistoryMeansNone) {
    const Position pos = Position::startpos();
    EXPECT_EQ(repetition(pos), Repetition::None);
    EXPECT_EQ(repetition(pos, 2), Repetition::None);
}

}  // namespace
}  // namespace supersoma
