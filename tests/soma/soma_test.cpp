// Single-square SOMA on shogi positions (soma/shogi/soma.hpp): capture_exchange's value, first
// gain, recapture and length, the caller's promotion flag, tie-aware against plain, and the
// stand-pat form. Article profile: P 52 (hand 0), N/L 120, S 200, G 220, R 480, +N 230,
// +S 220; taking a piece gains its board value plus its unpromoted hand value.
#include "soma/shogi/soma.hpp"

#include <gtest/gtest.h>

#include "support/engine_helpers.hpp"
#include "support/positions.hpp"
#include "tied_position.hpp"

namespace supersoma::soma {
namespace {

using test::move_of;
using test::position_of;
using test::sq;

Exchange exchange(const char* sfen, const char* usi, const TieContext* ties = nullptr) {
    const Position pos = position_of(sfen);
    return capture_exchange(pos, move_of(pos, usi), article_profile(), ties);
}

// Sente S 5f takes the gote gold on 5e; nothing of gote's sees 5e: 220 + 220.
TEST(Soma, UndefendedCaptureWinsThePieceAndEnds) {
    const Exchange ex = exchange("8k/9/9/9/4g4/4S4/9/9/K8 b - 1", "5f5e");
    EXPECT_EQ(ex.value, 440);
    EXPECT_EQ(ex.first, 440);
    EXPECT_EQ(ex.recapture, 0);
    EXPECT_EQ(ex.captures, 1);
}

// Sente R 5h takes the gote pawn on 5e (52), the gote gold on 5d takes the rook (960).
TEST(Soma, RookTakingADefendedPawnLoses908) {
    const Exchange ex = exchange("8k/9/9/4g4/4p4/9/9/4R4/K8 b - 1", "5h5e");
    EXPECT_EQ(ex.value, 52 - 960);
    EXPECT_EQ(ex.first, 52);
    EXPECT_EQ(ex.recapture, -960);
    EXPECT_EQ(ex.captures, 2);
}

// Sente P 5f x S 5e (400). G 5d x P would win 52 and lose the gold (440) to the rook on 5h
// behind the pawn: gote stands and sente keeps 400.
TEST(Soma, DefenderStandsWhenRecapturingLosesMore) {
    const Exchange ex = exchange("8k/9/9/4g4/4s4/4P4/9/4R4/K8 b - 1", "5f5e");
    EXPECT_EQ(ex.value, 400);
    EXPECT_EQ(ex.recapture, 0);
    EXPECT_EQ(ex.captures, 1);
}

// Sente S 4f x P 5e (52), G 5d x S (400). R 5h x G would win 440 but lose the rook (960)
// to the gote lance on 5a behind the gold: sente stands at 52 - 400 = -348.
TEST(Soma, CapturerStopsWhenItsNextRecaptureLosesMore) {
    const Exchange ex = exchange("4l3k/9/9/4g4/4p4/5S3/9/4R4/K8 b - 1", "4f5e");
    EXPECT_EQ(ex.value, -348);
    EXPECT_EQ(ex.first, 52);
    EXPECT_EQ(ex.recapture, -400);
    EXPECT_EQ(ex.captures, 2);
}

// Sente S 4d x G 4c, undefended: promoting adds 20 (+S 220 - S 200) only when the move asks.
TEST(Soma, FirstCapturePromotesOnlyWhenTheMoveSaysSo) {
    constexpr const char* sfen = "k8/9/5g3/5S3/9/9/9/9/K8 b - 1";
    EXPECT_EQ(exchange(sfen, "4d4c+").value, 460);
    EXPECT_EQ(exchange(sfen, "4d4c+").first, 460);
    EXPECT_EQ(exchange(sfen, "4d4c").value, 440);
    EXPECT_EQ(exchange(sfen, "4d4c").first, 440);
}

// Same with a gote gold on 4b guarding 4c: the +S costs 220 + 200 to lose, the S 200 + 200,
// so both choices net 40, but first and recapture differ by the promotion.
TEST(Soma, PromotedCapturerIsTakenBackAtItsPromotedValue) {
    constexpr const char* sfen     = "k8/5g3/5g3/5S3/9/9/9/9/K8 b - 1";
    const Exchange        promoted = exchange(sfen, "4d4c+");
    const Exchange        plain    = exchange(sfen, "4d4c");
    EXPECT_EQ(promoted.first, 460);
    EXPECT_EQ(promoted.recapture, -420);
    EXPECT_EQ(promoted.value, 40);
    EXPECT_EQ(plain.first, 440);
    EXPECT_EQ(plain.recapture, -400);
    EXPECT_EQ(plain.value, 40);
}

// A tie of our own. Sente G 5h guards both S 4g and P 6g; gote L 4a hits the silver, gote
// N 7e the pawn. Gote to move. The gold leaving 5h exposes the silver: L x S promoting is
// 400 + 110 and then G x +L (350) makes it 160 for gote while the gold stands, 510 once it
// is gone, so the gold's leave cost is 350. Retaking the knight (240) does not pay that.
constexpr const char* OwnTieSfen = "4kl3/9/9/9/2n6/9/3P1S3/4G4/K8 w - 1";

struct TieFixture : test::TiedPosition {
    TieFixture()
        : TiedPosition(OwnTieSfen) { }
    Exchange run(const char* usi, bool tie_aware) const { return exchange(usi, tie_aware); }
};

TEST(Soma, PlainSomaLetsTheTiedGoldRetakeTheKnight) {
    TieFixture     t;
    const Exchange ex = t.run("7e6g", false);
    EXPECT_EQ(ex.value, 52 - 240);
    EXPECT_EQ(ex.captures, 2);
    EXPECT_EQ(t.run("7e6g+", false).value, 162 - 350);  // +N: 230 + 120 to take back
}

TEST(Soma, TieAwareSomaKeepsTheTiedGoldHomeSoKnightTakesPawnWins) {
    TieFixture     t;
    const Exchange ex = t.run("7e6g", true);
    EXPECT_EQ(ex.value, 52);
    EXPECT_EQ(ex.recapture, 0);
    EXPECT_EQ(ex.captures, 1);
    EXPECT_EQ(t.run("7e6g+", true).value, 162);
}

// The lance's own capture is not affected by the tie: L x S+ (510), G x +L (350). The gold
// leaving 5h for 4g exposes only the square it goes to, so it retakes: 160.
TEST(Soma, TiedGoldStillRetakesOnTheSquareItWouldExpose) {
    TieFixture t;
    EXPECT_EQ(t.run("4a4g+", true).value, 160);
    EXPECT_EQ(t.run("4a4g+", false).value, 160);
}

// A second sente gold on 7h guards the pawn too and guards nothing else: it retakes the
// knight for free, so the tie costs sente nothing and N x P is -188 again. (Recapturers are
// ordered by value plus leave cost; by value alone the tied 5h gold came first, declined,
// and the exchange ended at +52.)
TEST(Soma, UntiedSecondDefenderRetakesInsteadOfTheTiedOne) {
    const test::TiedPosition t("4kl3/9/9/9/2n6/9/3P1S3/2G1G4/K8 w - 1");
    EXPECT_EQ(t.exchange("7e6g", true).value, 52 - 240);
}

// Stand-pat never goes below 0: R x P 5e would lose the rook to the gold on 5d.
TEST(Soma, StandPatGainIsZeroWhenEveryCaptureLoses) {
    const Position pos = position_of("8k/9/9/4g4/4p4/9/9/4R4/K8 b - 1");
    EXPECT_EQ(stand_pat_gain(pos, SENTE, sq("5e"), article_profile()), 0);
}

TEST(Soma, StandPatGainCountsWithTheRemovedDefenderGone) {
    const Position pos = position_of("8k/9/9/4g4/4p4/9/9/4R4/K8 b - 1");
    EXPECT_EQ(stand_pat_gain(pos, SENTE, sq("5e"), article_profile(), Bitboard(sq("5d"))), 52);
    // Removing the rook instead leaves sente nothing to capture with.
    EXPECT_EQ(stand_pat_gain(pos, SENTE, sq("5e"), article_profile(), Bitboard(sq("5h"))), 0);
    // The target itself removed: nothing to gain.
    EXPECT_EQ(stand_pat_gain(pos, SENTE, sq("5e"), article_profile(), Bitboard(sq("5e"))), 0);
}

// P x S 5e (400), G x P (52), R x G (440): gote does not retake, so sente's best is 400.
TEST(Soma, StandPatGainIsTheBestExchangeValue) {
    const Position pos = position_of("8k/9/9/4g4/4s4/4P4/9/4R4/K8 b - 1");
    EXPECT_EQ(stand_pat_gain(pos, SENTE, sq("5e"), article_profile()), 400);
    EXPECT_EQ(stand_pat_gain(pos, GOTE, sq("5e"), article_profile()), 0);   // its own piece
    EXPECT_EQ(stand_pat_gain(pos, SENTE, sq("5g"), article_profile()), 0);  // empty square
}

// wins_on is the threshold form of "stand_pat_gain > 0", square by square, either attacker.
TEST(Soma, WinsOnAgreesWithTheStandPatGain) {
    int wins = 0, checked = 0;
    for (const std::string& sfen : test::random_play_sfens(80)) {
        const Position pos = test::from_sfen(sfen);
        for (Square s = SQ_11; s < SQUARE_NB; ++s)
            for (Color attacker : {SENTE, GOTE}) {
                const bool expected = stand_pat_gain(pos, attacker, s, article_profile()) > 0;
                EXPECT_EQ(wins_on(pos, attacker, s, article_profile()), expected)
                    << sfen << " " << square_name(s);
                wins += expected;
                ++checked;
            }
    }
    EXPECT_GT(wins, 50);  // the sample has squares where something is won
    EXPECT_GT(checked - wins, 1000);
}

// The no-ties fast paths equal the swap core's generic forms: capture_value is
// capture_exchange's value, stand_pat_gain is see() on the same board.
TEST(Soma, PlainFastPathsEqualTheGenericSwap) {
    int captures = 0;
    for (const std::string& sfen : test::random_play_sfens(120)) {
        Position pos = test::from_sfen(sfen);
        for (int side = 0; side < 2; ++side) {
            for (Move m : generate(GenKind::Captures, pos)) {
                if (m.captured() == KING) continue;
                EXPECT_EQ(capture_value(pos, m, article_profile()),
                    capture_exchange(pos, m, article_profile()).value)
                    << sfen << " " << to_usi(m);
                ++captures;
            }
            pos.do_move(Move::pass());  // the other side's captures on the same board
        }
        for (Square s = SQ_11; s < SQUARE_NB; ++s)
            for (Color attacker : {SENTE, GOTE}) {
                const Piece victim = pos.piece_on(s);
                if (victim == NO_PIECE || color_of(victim) == attacker) continue;
                ShogiSwapBoard board(pos, article_profile(), s);
                EXPECT_EQ(stand_pat_gain(pos, attacker, s, article_profile()),
                    see(board, attacker, board.target_value()))
                    << sfen << " " << square_name(s);
            }
    }
    EXPECT_GT(captures, 1000);
}

}  // namespace
}  // namespace supersoma::soma
