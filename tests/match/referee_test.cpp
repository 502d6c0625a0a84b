#include "match/referee.hpp"

#include <gtest/gtest.h>

#include "support/positions.hpp"
#include "tests/support/engine_helpers.hpp"

namespace supersoma::match {
namespace {

using test::from_sfen;

Referee referee_for(
    std::string_view sfen, EnteringKingRule rule = EnteringKingRule::Point27, int max_plies = 320) {
    return Referee(from_sfen(sfen), rule, max_plies);
}

/// Plays `moves`, expecting the game to go on after each.
void play_on(Referee& referee, std::initializer_list<const char*> moves) {
    for (const char* m : moves) ASSERT_FALSE(referee.play(m).has_value()) << m;
}

TEST(Referee, MateEndsTheGameForTheMover) {
    Referee    r      = referee_for("4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    const auto result = r.play("G*5b");
    ASSERT_TRUE(result);
    EXPECT_EQ(result->reason, EndReason::Mate);
    EXPECT_EQ(result->winner, Winner::Sente);
}

TEST(Referee, PawnDropMateIsAnIllegalMoveNotAMate) {
    // P*1b would mate: the king cannot take the guarded pawn and 2a is blocked.
    Referee    r      = referee_for("7nk/9/8G/9/9/9/9/9/4K4 b P 1");
    const auto result = r.play("P*1b");
    ASSERT_TRUE(result);
    EXPECT_EQ(result->reason, EndReason::IllegalMove);
    EXPECT_EQ(result->winner, Winner::Gote);
}

TEST(Referee, MalformedAndIllegalTextLoses) {
    for (const char* text : {"7g7e", "hello", "", "9i9a", "P*5e"}) {
        Referee r = referee_for("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
        const auto result = r.play(text);
        ASSERT_TRUE(result) << text;
        EXPECT_EQ(result->reason, EndReason::IllegalMove) << text;
        EXPECT_EQ(result->winner, Winner::Gote) << text;
        EXPECT_EQ(r.plies(), 0);
    }
}

TEST(Referee, FourfoldRepetitionIsADraw) {
    Referee r = referee_for("3gk4/9/9/9/9/9/9/9/4KG3 b - 1");
    for (int cycle = 0; cycle < 2; ++cycle) play_on(r, {"4i4h", "6a6b", "4h4i", "6b6a"});
    play_on(r, {"4i4h", "6a6b", "4h4i"});
    const auto result = r.play("6b6a");
    ASSERT_TRUE(result);
    EXPECT_EQ(result->reason, EndReason::Repetition);
    EXPECT_EQ(result->winner, Winner::Draw);
}

TEST(Referee, PerpetualCheckLosesForTheChecker) {
    Referee r = referee_for("7k1/9/9/9/8R/9/9/9/4K4 b - 1");
    for (int cycle = 0; cycle < 2; ++cycle) play_on(r, {"1e2e", "2a1a", "2e1e", "1a2a"});
    play_on(r, {"1e2e", "2a1a", "2e1e"});
    const auto result = r.play("1a2a");
    ASSERT_TRUE(result);
    EXPECT_EQ(result->reason, EndReason::PerpetualCheck);
    EXPECT_EQ(result->winner, Winner::Gote);
}

TEST(Referee, ValidDeclarationWins) {
    Referee    r      = referee_for(test::declaring_sfen(9));
    const auto result = r.play("win");
    ASSERT_TRUE(result);
    EXPECT_EQ(result->reason, EndReason::Declaration);
    EXPECT_EQ(result->winner, Winner::Sente);
}

TEST(Referee, DeclarationShortOfPointsOrUnderNoRuleLoses) {
    for (auto [sfen, rule] : {std::pair {test::declaring_sfen(8), EnteringKingRule::Point27},
             std::pair {test::declaring_sfen(9), EnteringKingRule::None},
             std::pair {test::declaring_sfen(11), EnteringKingRule::Point24}}) {
        Referee    r      = referee_for(sfen, rule);
        const auto result = r.play("win");
        ASSERT_TRUE(result) << sfen;
        EXPECT_EQ(result->reason, EndReason::FalseDeclaration) << sfen;
        EXPECT_EQ(result->winner, Winner::Gote) << sfen;
    }
}

TEST(Referee, ResignLosesForTheSideToMove) {
    Referee r = referee_for("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
    play_on(r, {"7g7f"});
    const auto result = r.play("resign");
    ASSERT_TRUE(result);
    EXPECT_EQ(result->reason, EndReason::Resign);
    EXPECT_EQ(result->winner, Winner::Sente);
}

TEST(Referee, MoveLimitIsADraw) {
    Referee r = referee_for("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        EnteringKingRule::Point27, 3);
    play_on(r, {"7g7f", "3c3d"});
    const auto result = r.play("2g2f");
    ASSERT_TRUE(result);
    EXPECT_EQ(result->reason, EndReason::MoveLimit);
    EXPECT_EQ(result->winner, Winner::Draw);
}

TEST(Referee, NoLegalMoveWithoutCheckAlsoLoses) {
    // Gote's king on 1a with every square covered but not in check: in shogi this loses too.
    Referee    r      = referee_for("8k/6G2/7G1/9/9/9/9/9/4K4 b - 1");
    const auto result = r.play("5i5h");
    ASSERT_TRUE(result);
    EXPECT_EQ(result->reason, EndReason::Mate);
    EXPECT_EQ(result->winner, Winner::Sente);
}

}  // namespace
}  // namespace supersoma::match
