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

namespace supersoma {
namespace {

// Sente's king on 5b with eleven pieces in gote's camp (rook and bishop among them: 19
// points there) and `pawns` pawns in hand; gote holds every other piece.
std::string declaring(int pawns, char side = 'b') {
    return std::string("RBGGSS+N+N+L/3+LK+L3/9/9/9/9/9/9/8k ") + side + " " + std::to_string(pawns)
        + "Prb2g2s2nl" + std::to_string(18 - pawns) + "p 1";
}

TEST(Declaration, PointsCountCampPiecesAndHandRookAndBishopFive) {
    const Position pos = test::from_sfen(declaring(9));
    EXPECT_EQ(declaration_points(pos, SENTE), 5 + 5 + 9 + 9);
    // Gote's pieces all stand in hand: rook 5, bishop 5, and 14 others at 1 each.
    EXPECT_EQ(declaration_points(pos, GOTE), 5 + 5 + 2 + 2 + 2 + 1 + 9);
}

TEST(Declaration, TwentySevenPointRuleNeedsTwentyEightForSente) {
    EXPECT_TRUE(declaration_wins(test::from_sfen(declaring(9)), EnteringKingRule::Point27));
    EXPECT_FALSE(declaration_wins(test::from_sfen(declaring(8)), EnteringKingRule::Point27));
}

TEST(Declaration, TwentyFourPointRuleWinsOnlyFromThirtyOne) {
    EXPECT_FALSE(declaration_wins(test::from_sfen(declaring(11)), EnteringKingRule::Point24));
    EXPECT_TRUE(declaration_wins(test::from_sfen(declaring(12)), EnteringKingRule::Point24));
}

TEST(Declaration, NoRuleNeverWins) {
    EXPECT_FALSE(declaration_wins(test::from_sfen(declaring(12)), EnteringKingRule::None));
}

TEST(Declaration, OnlyTheSideToMoveDeclares) {
    // Gote to move: its king is home, so it cannot declare whatever sente holds.
    EXPECT_FALSE(declaration_wins(test::from_sfen(declaring(12, 'w')), EnteringKingRule::Point27));
}

TEST(Declaration, KingInCheckOrOutsideTheCampCannotDeclare) {
    // Gote's rook on 5e checks the king on 5b along the file.
    const std::string in_check = "RBGGSS+N+N+L/3+LK+L3/9/9/4r4/9/9/9/8k b 9Pb2g2s2nl9p 1";
    EXPECT_FALSE(declaration_wins(test::from_sfen(in_check), EnteringKingRule::Point27));
    const std::string king_out = "RBGGSS+N+N+L/3+L1+L3/9/4K4/9/9/9/9/8k b 9Prb2g2s2nl9p 1";
    EXPECT_FALSE(declaration_wins(test::from_sfen(king_out), EnteringKingRule::Point27));
}

TEST(Declaration, TenPiecesInTheCampAreNeeded) {
    // Nine pieces in the camp (a silver moved out to 4d), points made up from the hand.
    const std::string nine = "RBGG2+N+N+L/3+LK+L3/9/5SS2/9/9/9/9/8k b 2G9Prb2s2nl9p 1";
    const Position    pos  = test::from_sfen(nine);
    EXPECT_GE(declaration_points(pos, SENTE), 28);
    EXPECT_FALSE(declaration_wins(pos, EnteringKingRule::Point27));
}

}  // namespace
}  // namespace supersoma
