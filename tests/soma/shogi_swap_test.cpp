// The shogi adapter of the swap core (soma/shogi/shogi_swap.hpp) on hand-built positions: attacker
// order, x-rays, pins, the king rule, promotion inside the exchange, drops and target values.
// Article profile throughout: P 52, S 200, G 220, B 360, R 480, +B 460; hand = board but P 0.
#include "soma/shogi/shogi_swap.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "soma/core/swap.hpp"
#include "support/engine_helpers.hpp"
#include "support/positions.hpp"

namespace supersoma::soma {
namespace {

using test::position_of;
using test::sq;

const ValueProfile& profile() {
    return article_profile();
}

// The squares `side`'s attackers of `target` leave from, in the order the adapter offers
// them when only that side captures (each one removed before asking for the next).
std::vector<Square> capture_order(const Position& pos, Square target, Side side) {
    ShogiSwapBoard      board(pos, profile(), target);
    std::vector<Square> order;
    while (auto a = board.least_valuable_attacker(side)) {
        order.push_back(Square(a->square));
        board.remove(*a);
    }
    return order;
}

// Sente P 5f, S 4f, G 6e all attack the gote gold on 5e: pawn, then silver, then gold.
TEST(ShogiSwap, AttackersComeLeastValuableFirst) {
    const Position pos = position_of("8k/9/9/9/3Gg4/4PS3/9/9/8K b - 1");
    EXPECT_EQ(
        capture_order(pos, sq("5e"), SENTE), (std::vector<Square> {sq("5f"), sq("4f"), sq("6e")}));
}

TEST(ShogiSwap, AttackerRecordCarriesWhatTakingItBackGains) {
    const Position pos = position_of("8k/9/9/9/3Gg4/4PS3/9/9/8K b - 1");
    ShogiSwapBoard board(pos, profile(), sq("5e"));
    const auto     pawn = board.least_valuable_attacker(SENTE);
    ASSERT_TRUE(pawn);
    // 5f -> 5e is outside sente's zone (ranks a-c): no promotion; a pawn is worth 52 + 0.
    EXPECT_EQ(pawn->capture_value, 52);
    EXPECT_EQ(pawn->promotion_gain, 0);
    EXPECT_FALSE(pawn->promotes);
    EXPECT_FALSE(pawn->is_king);
    board.remove(*pawn);
    const auto silver = board.least_valuable_attacker(SENTE);
    ASSERT_TRUE(silver);
    EXPECT_EQ(silver->capture_value, 400);  // 200 on the board + 200 in hand
}

// Sente L 5g and L 5h on the file below the gote silver on 5e: the rear lance is blocked
// until the front one has captured.
TEST(ShogiSwap, LanceBehindLanceJoinsAfterTheFrontLanceLeaves) {
    const Position pos = position_of("8k/9/9/9/4s4/9/4L4/4L4/8K b - 1");
    EXPECT_EQ(capture_order(pos, sq("5e"), SENTE), (std::vector<Square> {sq("5g"), sq("5h")}));
}

TEST(ShogiSwap, RookBehindRookJoinsAfterTheFrontRookLeaves) {
    const Position pos = position_of("8k/9/9/9/4s4/9/4R4/9/4R3K b - 1");
    EXPECT_EQ(capture_order(pos, sq("5e"), SENTE), (std::vector<Square> {sq("5g"), sq("5i")}));
}

// Sente +B 4f and B 3g on the diagonal to 5e: the bishop (360) is cheaper than the horse
// (460) but stands behind it, so the horse captures first.
TEST(ShogiSwap, BishopBehindHorseJoinsAfterTheHorseLeavesThoughCheaper) {
    const Position pos = position_of("8k/9/9/9/4s4/5+B3/6B2/9/8K b - 1");
    EXPECT_EQ(capture_order(pos, sq("5e"), SENTE), (std::vector<Square> {sq("4f"), sq("3g")}));
}

// Sente K 5i, S 5e, P 4d; gote R 5d pins the silver to the king along file 5. The silver
// guards 4d diagonally, off the pin line.
constexpr const char* PinSfen = "k8/9/9/4rP3/4S4/9/9/9/4K4 b - 1";

TEST(ShogiSwap, PinnedDefenderDoesNotJoinWhileItsPinnerStands) {
    const Position pos = position_of(PinSfen);
    ShogiSwapBoard board(pos, profile(), sq("4d"));
    EXPECT_FALSE(board.least_valuable_attacker(SENTE));
}

TEST(ShogiSwap, PinnedDefenderJoinsOnlyAfterItsPinnerLeaves) {
    const Position pos = position_of(PinSfen);
    ShogiSwapBoard board(pos, profile(), sq("4d"));
    const auto     rook = board.least_valuable_attacker(GOTE);
    ASSERT_TRUE(rook);
    EXPECT_EQ(rook->square, sq("5d"));
    board.remove(*rook);  // R 5d x P 4d: the rook is off file 5, the pin is gone
    const auto silver = board.least_valuable_attacker(SENTE);
    ASSERT_TRUE(silver);
    EXPECT_EQ(silver->square, sq("5e"));
}

TEST(ShogiSwap, PinnedPieceJoinsWhenCapturingAlongThePinLine) {
    const Position pos = position_of(PinSfen);
    ShogiSwapBoard board(pos, profile(), sq("5d"));  // the pinner itself
    const auto     silver = board.least_valuable_attacker(SENTE);
    ASSERT_TRUE(silver);
    EXPECT_EQ(silver->square, sq("5e"));
}

// Forced R x P 4d (52 + 0): the rook leaving file 5 frees the silver, which takes it back
// (480 + 480), so gote ends at 52 - 960.
TEST(ShogiSwap, RookTakingWhatItsPinnedVictimGuardsIsRetakenByThatVictim) {
    const Position     pos = position_of(PinSfen);
    ShogiSwapBoard     board(pos, profile(), sq("4d"));
    const SwapAttacker first = board.attacker_on(sq("5d"), false);  // gote R x P
    EXPECT_EQ(see_capture(board, GOTE, first, board.target_value()), 52 - 960);
}

// Sente K 5i and G 3i attack the gote silver on 4h; the gote gold on 4g guards it.
TEST(ShogiSwap, KingIsOfferedLastAfterCheaperAttackers) {
    const Position pos   = position_of("8k/9/9/9/9/9/5g3/5s3/4K1G2 b - 1");
    const auto     order = capture_order(pos, sq("4h"), SENTE);
    ASSERT_EQ(order.size(), 2u);
    EXPECT_EQ(order[0], sq("3i"));
    EXPECT_EQ(order[1], sq("5i"));
}

// G x S (400), G x G (440), and K x G ends it: 4h is no longer guarded. Gote, seeing that,
// does not recapture: sente keeps 400.
TEST(ShogiSwap, KingRecapturesOnceTheSquareIsNoLongerGuarded) {
    const Position     pos = position_of("8k/9/9/9/9/9/5g3/5s3/4K1G2 b - 1");
    ShogiSwapBoard     board(pos, profile(), sq("4h"));
    const SwapAttacker first = board.attacker_on(sq("3i"), false);
    const SwapTrace    trace = see_capture_trace(board, SENTE, first, board.target_value());
    ASSERT_EQ(trace.captures.size(), 3u);
    EXPECT_TRUE(trace.captures[2].attacker.is_king);
    EXPECT_EQ(trace.value, 400);
    EXPECT_EQ(trace.played, 1u);
}

// Same, plus a gote lance on 4a behind the gold: once the gold has recaptured, the lance
// guards 4h, the king may not take, and sente is left with 400 - 440 = -40.
TEST(ShogiSwap, KingDoesNotCaptureOntoASquareAnXrayStillGuards) {
    const Position     pos = position_of("5l2k/9/9/9/9/9/5g3/5s3/4K1G2 b - 1");
    ShogiSwapBoard     board(pos, profile(), sq("4h"));
    const SwapAttacker first = board.attacker_on(sq("3i"), false);
    const SwapTrace    trace = see_capture_trace(board, SENTE, first, board.target_value());
    ASSERT_EQ(trace.captures.size(), 2u);
    EXPECT_EQ(trace.value, -40);
}

// Sente K 5h in check from the gote bishop on 6i; the gote pawn on 4g is on the same
// diagonal beyond the king. Nothing of gote's reaches 4g while the king stands on 5h, but
// taking the pawn would leave the king on the bishop's line.
TEST(ShogiSwap, SliderHiddenBehindTheKingItselfGuardsTheSquare) {
    const Position pos = position_of("4k4/9/9/9/9/9/5p3/4K4/3b5 b - 1");
    ShogiSwapBoard board(pos, profile(), sq("4g"));
    EXPECT_FALSE(pos.attackers_to(GOTE, sq("4g")));
    EXPECT_TRUE(board.guards(GOTE));
    EXPECT_EQ(see(board, SENTE, board.target_value()), 0);
}

TEST(ShogiSwap, KingTakesAnUnguardedPawn) {
    const Position pos = position_of("4k4/9/9/9/9/9/5p3/4K4/9 b - 1");
    ShogiSwapBoard board(pos, profile(), sq("4g"));
    EXPECT_FALSE(board.guards(GOTE));
    EXPECT_EQ(see(board, SENTE, board.target_value()), 52);  // 52 on the board, 0 in hand
}

// Sente S 4d takes the gote gold on 4c, inside sente's zone: +S 220 - S 200 = 20.
TEST(ShogiSwap, SilverCapturingIntoTheZonePromotesForTwenty) {
    const Position     pos = position_of("k8/9/5g3/5S3/9/9/9/9/K8 b - 1");
    ShogiSwapBoard     board(pos, profile(), sq("4c"));
    const SwapAttacker lva = *board.least_valuable_attacker(SENTE);
    EXPECT_TRUE(lva.promotes);
    EXPECT_EQ(lva.promotion_gain, 20);
    EXPECT_EQ(lva.capture_value, 220 + 200);  // +S on the board, a silver in hand
    const SwapAttacker plain = board.attacker_on(sq("4d"), false);
    EXPECT_FALSE(plain.promotes);
    EXPECT_EQ(plain.promotion_gain, 0);
    EXPECT_EQ(plain.capture_value, 400);
}

// Sente S 4c takes the gote gold on 5d, backwards out of the zone: it may still promote,
// since it starts inside.
TEST(ShogiSwap, SilverLeavingTheZoneMayPromote) {
    const Position pos = position_of("k8/9/5S3/4g4/9/9/9/9/K8 b - 1");
    ShogiSwapBoard board(pos, profile(), sq("5d"));
    EXPECT_TRUE(board.attacker_on(sq("4c"), true).promotes);
}

TEST(ShogiSwap, SilverOutsideTheZoneDoesNotPromote) {
    const Position     pos = position_of("8k/9/9/9/3Gg4/4PS3/9/9/8K b - 1");
    ShogiSwapBoard     board(pos, profile(), sq("5e"));
    const SwapAttacker a = board.attacker_on(sq("4f"), true);
    EXPECT_FALSE(a.promotes);
    EXPECT_EQ(a.promotion_gain, 0);
}

// Sente P 5b takes the gote gold on 5a: the last rank, so it promotes (+P 240 - P 52 = 188),
// and taking the tokin back is worth 240 + 0.
TEST(ShogiSwap, PawnReachingTheLastRankPromotes) {
    const Position pos = position_of("4g3k/4P4/9/9/9/9/9/9/K8 b - 1");
    ShogiSwapBoard board(pos, profile(), sq("5a"));
    const auto     pawn = board.least_valuable_attacker(SENTE);
    ASSERT_TRUE(pawn);
    EXPECT_TRUE(pawn->promotes);
    EXPECT_EQ(pawn->promotion_gain, 188);
    EXPECT_EQ(pawn->capture_value, 240);
    EXPECT_EQ(see(board, SENTE, board.target_value()), 440 + 188);
}

// P x S 5e (400), G x P (52), and sente has nothing else on the board: 400 - 52 = 348. The
// hands hold pieces that could be dropped next to 5e; drops never join an exchange.
TEST(ShogiSwap, HandFullOfPiecesChangesNothing) {
    const Position bare = position_of("8k/9/9/4g4/4s4/4P4/9/9/K8 b - 1");
    const Position held = position_of("8k/9/9/4g4/4s4/4P4/9/9/K8 b RGSNL2Pbgsnl2p 1");
    for (const Position* pos : {&bare, &held}) {
        ShogiSwapBoard board(*pos, profile(), sq("5e"));
        EXPECT_EQ(see(board, SENTE, board.target_value()), 348);
        ShogiSwapBoard order(*pos, profile(), sq("5e"));
        order.remove(*order.least_valuable_attacker(SENTE));
        EXPECT_FALSE(order.least_valuable_attacker(SENTE));
    }
}

// Capture gain = board value + hand value of the unpromoted kind (spec 2).
TEST(ShogiSwap, TargetValueIsBoardPlusHandValue) {
    const Position pos = position_of("k8/9/9/9/1+ps+rpb3/9/9/9/K8 b - 1");
    const auto     target
        = [&](const char* s) { return ShogiSwapBoard(pos, profile(), sq(s)).target_value(); };
    EXPECT_EQ(target("8e"), 240);        // tokin: 240 + pawn in hand 0
    EXPECT_EQ(target("7e"), 400);        // silver: 200 + 200
    EXPECT_EQ(target("6e"), 550 + 480);  // dragon: +R 550 + rook in hand 480
    EXPECT_EQ(target("5e"), 52);         // pawn: 52 + 0
    EXPECT_EQ(target("4e"), 720);        // bishop: 360 + 360
    EXPECT_EQ(ShogiSwapBoard(pos, full_hand_profile(), sq("5e")).target_value(), 104);
}

}  // namespace
}  // namespace supersoma::soma
