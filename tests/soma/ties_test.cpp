// What a defender's leaving costs (soma/shogi/ties.hpp): exposed pieces, promotions it alone
// prevents and mates it alone prevents, and how the tie-aware SOMA (soma/shogi/soma.hpp) uses the
// cost. Article profile: P 52 (hand 0), N 120, G 220, +P 240, +N 230; K 3999.
#include "soma/shogi/ties.hpp"

#include <optional>

#include <gtest/gtest.h>

#include "engine/mate1ply.hpp"
#include "engine/notation.hpp"
#include "tied_position.hpp"

namespace supersoma::soma {
namespace {

using test::sq;

// Gote P 6f can take sente P 6g; sente G 5h alone guards 6g and 4g, where gote P 4f would
// promote. While the gold stands, 4f4g+ gains 188 and loses the +P (240): worth 0. With the
// gold gone it gains 188, so leaving 5h costs 188.
constexpr const char* PromotionTieSfen = "8k/9/9/9/9/3p1p3/3P5/4G4/K8 w - 1";

// Gote N 8e can take sente P 7g; sente G 6h alone guards 7g and 5h. G*5h, backed by gote
// P 5g, would mate the king on 5i (lances on 4i and 6i) once the gold is gone; the gold takes
// it now. Leaving 6h costs the king.
constexpr const char* MateTieSfen = "8k/9/9/9/1n7/9/2P1p4/3G5/3LKL3 w g 1";

struct Tied : test::TiedPosition {
    using TiedPosition::TiedPosition;
    Value cost(const char* defender, const char* exchange_square) const {
        return tie_cost(pos, sq(defender), sq(exchange_square), article_profile(), ties);
    }
};

TEST(Ties, LeavingAPromotionSquareCostsWhatThePromotionThenGains) {
    const Tied t(PromotionTieSfen);
    const auto gains = leave_gains(t.pos, sq("5h"), article_profile(), t.ties);
    ASSERT_EQ(gains.size(), 1u);
    EXPECT_EQ(to_usi(gains[0].move), "4f4g+");
    EXPECT_EQ(gains[0].gain, 188);
    EXPECT_EQ(t.cost("5h", "6g"), 188);
}

TEST(Ties, GoldTiedToAPromotionSquareLetsThePawnGo) {
    const Tied t(PromotionTieSfen);
    EXPECT_EQ(t.exchange("6f6g", false).value, 0);  // P x P, G x P
    // G x P gains 52 but costs 188: the gold stands.
    EXPECT_EQ(t.exchange("6f6g", true).value, 52);
    // P x P promoting: G x +P gains 240, more than the 188, so it still recaptures.
    EXPECT_EQ(t.exchange("6f6g+", true).value, 0);
}

TEST(Ties, ASecondGuardOfThePromotionSquareUntiesTheGold) {
    // Sente S 3h also guards 4g: the promotion is not held by the gold alone.
    const Tied t("8k/9/9/9/9/3p1p3/3P5/4G1S2/K8 w - 1");
    EXPECT_TRUE(leave_gains(t.pos, sq("5h"), article_profile(), t.ties).empty());
    EXPECT_EQ(t.exchange("6f6g", true).value, 0);
}

TEST(Ties, LeavingASquareWhereADropWouldMateCostsTheKing) {
    const Tied t(MateTieSfen);
    const auto gains = leave_gains(t.pos, sq("6h"), article_profile(), t.ties);
    ASSERT_EQ(gains.size(), 1u);
    EXPECT_EQ(to_usi(gains[0].move), "G*5h");
    EXPECT_EQ(gains[0].gain, article_profile().board[KING]);
    EXPECT_EQ(t.cost("6h", "7g"), article_profile().board[KING]);
}

TEST(Ties, GoldTiedToAMateSquareDoesNotRecapture) {
    const Tied t(MateTieSfen);
    EXPECT_EQ(t.exchange("8e7g", false).value, 52 - 240);
    EXPECT_EQ(t.exchange("8e7g", true).value, 52);
    EXPECT_EQ(t.exchange("8e7g+", true).value, 162);
}

TEST(Ties, NoMateCostWithoutTheDropInHand) {
    const Tied t("8k/9/9/9/1n7/9/2P1p4/3G5/3LKL3 w - 1");
    EXPECT_EQ(t.cost("6h", "7g"), 0);
    EXPECT_EQ(t.exchange("8e7g", true).value, 52 - 240);
}

// Exposed pieces: the gold on 5h alone guards S 4g (hit by L 4a) and P 6g (hit by N 7e).
// Leaving for 6g exposes the silver (L x S+ 510, G x +L back: 350 more than now); leaving for
// 4g exposes the pawn (N x P+ 162). The square it goes to is not exposed by its leaving.
TEST(Ties, ExposedPieceCostIsWhatTheOpponentThenWins) {
    const Tied t("4kl3/9/9/9/2n6/9/3P1S3/4G4/K8 w - 1");
    EXPECT_EQ(t.cost("5h", "6g"), 350);
    EXPECT_EQ(t.cost("5h", "4g"), 162);
}

// The gain a defender's leaving gives `usi`, or nothing.
std::optional<Value> gain_of(const Tied& t, const char* defender, const char* usi) {
    for (const LeaveGain& g : leave_gains(t.pos, sq(defender), article_profile(), t.ties))
        if (to_usi(g.move) == usi) return g.gain;
    return std::nullopt;
}

// Sente N 5e to 4c checks the gote king on 5a and uncovers R 5i: a double check. Gote G 4b
// alone guards 4c, and with it gone 5e4c still mates (S 3c covers 4b); but it mates with the
// gold there too (taking one checker does not meet a double check), so the gold's leaving
// makes no mate good. What it does cost: N 5e4c+ (110 more) and S 3c3b+ (20 more) are then
// safe.
TEST(Ties, AMateThatStandsAnywayIsNoTie) {
    const Tied t("3skn3/3l1g3/6S2/9/4N4/9/9/9/4R3K b - 1");
    Position   mover(t.pos);
    ASSERT_TRUE(is_mate_after(mover, test::move_of(t.pos, "5e4c")));
    EXPECT_FALSE(gain_of(t, "4b", "5e4c"));
    EXPECT_EQ(gain_of(t, "4b", "5e4c+"), 110);
    EXPECT_EQ(t.cost("4b", "3c"), 110);  // recapturing on 3c: 3c3b+ no longer counts
}

// The same without the rook and with sente G 5c: N 5e4c is a single check the gold takes now,
// and once the gold has left it mates (S 3c covers 4b, G 5c covers 5b).
TEST(Ties, TheSameCheckWithoutTheRookIsATie) {
    const Tied t("3skn3/3l1g3/4G1S2/9/4N4/9/9/9/8K b - 1");
    Position   mover(t.pos);
    ASSERT_FALSE(is_mate_after(mover, test::move_of(t.pos, "5e4c")));
    EXPECT_EQ(gain_of(t, "4b", "5e4c"), article_profile().board[KING]);
    EXPECT_EQ(t.cost("4b", "3c"), article_profile().board[KING]);
}

// A discovered check: sente L 1i looks up file 1 at the gote king on 1a through sente G 1c.
// G 1c2c uncovers it (N 3c covers 2a, the gold 2b and 1b); today gote S 2h takes the lance or
// steps to 1g between, and it alone guards 1i. Once the silver has left, 1c2c mates: the silver
// is tied to the lance's square though no piece would land there.
constexpr const char* DiscoveredTieSfen = "8k/9/6N1G/9/9/9/9/5S1s1/K5g1L b - 1";

TEST(Ties, LeavingTheSquareOfASliderThatADiscoveredCheckWouldFreeCostsTheKing) {
    const Tied t(DiscoveredTieSfen);
    Position   mover(t.pos);
    ASSERT_FALSE(is_mate_after(mover, test::move_of(t.pos, "1c2c")));
    EXPECT_EQ(gain_of(t, "2h", "1c2c"), article_profile().board[KING]);
    EXPECT_FALSE(gain_of(t, "2h", "1c1d"));  // along the file: nothing uncovered
    EXPECT_EQ(t.cost("2h", "3i"), article_profile().board[KING]);
    // Taking the lance itself, the silver still stops the check: it pays only for the gold on
    // 3i it no longer guards (S x G wins 440 then, 20 now as S x S+ takes 420 back).
    EXPECT_EQ(t.cost("2h", "1i"), 420);
}

// So S 4h x G 3i keeps the gold: the silver does not recapture (plain SOMA: S x S+ 420 back).
TEST(Ties, SilverTiedToADiscoveredMateDoesNotRecapture) {
    const Tied t(DiscoveredTieSfen);
    EXPECT_EQ(t.exchange("4h3i", false).value, 440 - 420);
    EXPECT_EQ(t.exchange("4h3i", true).value, 440);
}

}  // namespace
}  // namespace supersoma::soma
