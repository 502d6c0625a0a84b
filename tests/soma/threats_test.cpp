// A4's threats (soma/xref/threats.hpp): safe promotions, mates in one, forks by drops valued
// after the opponent's best reply, and attacks on pieces that cannot run.
// Article profile: P 52, L/N 120, S 200, G 220, R 480; +P 240, +L/+N 230, +S 220.
#include "soma/xref/threats.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "engine/mate1ply.hpp"
#include "engine/notation.hpp"
#include "soma/xref/exchanges.hpp"
#include "support/engine_helpers.hpp"
#include "support/positions.hpp"

namespace supersoma::soma {
namespace {

using test::position_of;
using test::sq;

const XrefEntry* entry(const XrefTable& table, const char* usi) {
    auto it = std::find_if(table.entries.begin(), table.entries.end(),
        [&](const XrefEntry& e) { return to_usi(e.move) == usi; });
    return it == table.entries.end() ? nullptr : &*it;
}

XrefTable threats_of(const char* sfen) {
    XrefTable table;
    list_threats(position_of(sfen), article_profile(), table);
    return table;
}

// The promotion entries of `sfen`'s side to move.
XrefTable promotions_of(const char* sfen) {
    const Position pos = position_of(sfen);
    TacticalMoves  moves;
    generate_tactical(pos, moves, false);
    XrefTable table;
    list_promotions(pos, moves.quiet_promotions, article_profile(), table);
    return table;
}

// Sente S 4d may promote on 3c, 4c, 5c and P 6d on 6c; the gote gold on 2b guards only 3c.
constexpr const char* PromotionSfen = "k8/7g1/9/3P1S3/9/9/9/9/K8 b - 1";

TEST(Threats, SafePromotionsAreListedWorthTheirPromotionGain) {
    const XrefTable table = promotions_of(PromotionSfen);
    ASSERT_EQ(table.entries.size(), 3u);
    const XrefEntry* silver = entry(table, "4d4c+");
    ASSERT_NE(silver, nullptr);
    EXPECT_EQ(silver->value, 20);  // +S 220 - S 200
    EXPECT_EQ(silver->first, 20);
    EXPECT_EQ(silver->recapture, 0);
    EXPECT_EQ(silver->kinds, KIND_PROMOTION);
    ASSERT_NE(entry(table, "4d5c+"), nullptr);
    EXPECT_EQ(entry(table, "4d5c+")->value, 20);
    const XrefEntry* pawn = entry(table, "6d6c+");
    ASSERT_NE(pawn, nullptr);
    EXPECT_EQ(pawn->value, 188);  // +P 240 - P 52
}

// 4d3c+ gains 20 and then loses the +S (220 + 200) to the gold: not listed.
TEST(Threats, UnsafePromotionIsNotListed) {
    const XrefTable table = promotions_of(PromotionSfen);
    EXPECT_EQ(entry(table, "4d3c+"), nullptr);
}

// Gote K 5a; sente P 5c and G in hand: G*5b mates, worth the king (3999).
TEST(Threats, MateInOneIsListedWorthTheKing) {
    Position  pos = position_of("4k4/9/4P4/9/9/9/9/9/K8 b G 1");
    XrefTable table;
    list_mates(pos, mating_moves(pos), article_profile(), table);
    ASSERT_EQ(table.entries.size(), 1u);
    const XrefEntry& e = table.entries[0];
    EXPECT_EQ(to_usi(e.move), "G*5b");
    EXPECT_EQ(e.value, 3999);
    EXPECT_EQ(e.first, 0);  // a drop takes nothing
    EXPECT_EQ(e.kinds, KIND_MATE | KIND_CHECK | KIND_DROP);
    EXPECT_EQ(e.target, sq("5a"));
}

// Sente G 5c x P 5b mates: the lance on 5h guards 5b once the gold has left 5c. The mate
// joins the capture's own entry instead of making a second one.
TEST(Threats, MatingCaptureMarksTheCaptureEntry) {
    Position  pos = position_of("4k4/4p4/4G4/9/9/9/9/4L4/K8 b - 1");
    XrefTable table;
    list_exchanges(
        pos, generate(GenKind::Captures, pos), nullptr, article_profile(), nullptr, table);
    list_mates(pos, mating_moves(pos), article_profile(), table);
    const auto count = std::count_if(table.entries.begin(), table.entries.end(),
        [](const XrefEntry& e) { return to_usi(e.move) == "5c5b"; });
    EXPECT_EQ(count, 1);
    const XrefEntry* e = entry(table, "5c5b");
    ASSERT_NE(e, nullptr);
    EXPECT_TRUE(e->is(KIND_CAPTURE));
    EXPECT_TRUE(e->is(KIND_MATE));
    EXPECT_EQ(e->value, 3999);
    EXPECT_EQ(e->first, 52);
}

// Sente has a knight in hand; gote R 4c and G 6c, gote K 5a. N*5e hits both and nothing of
// gote's reaches 5e. Best reply: R 4c-5c, guarding the gold and leaving the rook's square.
// Then N x G+ gains 440 + 110 and R x +N takes back 230 + 120: 200 (without promotion the
// same, 440 - 240). Every other reply leaves more (K 5b: N x R+ 1070 - 350 = 720; G 5c:
// N x R+ 720; anything else: N x G+ 550 or N x R+ 1070).
TEST(Threats, KnightDropForkingRookAndGoldIsWorthWhatSurvivesTheBestReply) {
    const XrefTable  table = threats_of("4k4/9/3g1r3/9/9/9/9/9/K8 b N 1");
    const XrefEntry* e     = entry(table, "N*5e");
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(e->side, SENTE);
    EXPECT_EQ(e->kinds, KIND_FORK | KIND_DROP);
    EXPECT_EQ(e->value, 200);
    EXPECT_EQ(e->first, 0);
    EXPECT_EQ(e->target, sq("4c"));       // the rook is the bigger prize
    EXPECT_TRUE(e->neutralise.defend);    // the reply cut it below the rook's 1070
    EXPECT_EQ(table.entries.size(), 1u);  // no other drop or move hits two pieces
}

// As above with a lance on 6c: after R 4c-5c, N x L+ (240 + 110) is retaken for 350 and
// N x L (240) for 240. The reply parries the fork completely: not listed.
TEST(Threats, ForkTheOpponentParriesCompletelyIsNotListed) {
    const XrefTable table = threats_of("4k4/9/3l1r3/9/9/9/9/9/K8 b N 1");
    EXPECT_EQ(entry(table, "N*5e"), nullptr);
    EXPECT_TRUE(table.entries.empty());
}

// A gote silver on 4d covers 5e: the forking knight is simply taken (240 for nothing).
TEST(Threats, ForkByAPieceTakenSafelyIsNotListed) {
    const XrefTable table = threats_of("4k4/9/3g1r3/5s3/9/9/9/9/K8 b N 1");
    EXPECT_EQ(entry(table, "N*5e"), nullptr);
    EXPECT_TRUE(table.entries.empty());
}

// Gote N 9a can only jump to 8c, where its own pawn stands. L*9e attacks it down the file;
// no gote piece can interpose on 9b-9d or guard 9a. L x N promoting: 240 + 110.
TEST(Threats, LanceDropOnAKnightWithNoSquareIsAnImmobileAttack) {
    const XrefTable  table = threats_of("n7k/9/1p7/9/9/9/9/9/4K4 b L 1");
    const XrefEntry* e     = entry(table, "L*9e");
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(e->kinds, KIND_IMMOBILE | KIND_DROP);
    EXPECT_EQ(e->value, 350);
    EXPECT_EQ(e->target, sq("9a"));
    EXPECT_FALSE(e->gains_at_once());
}

// With the pawn gone from 8c the knight can run there: no threat at all.
TEST(Threats, AttackOnAPieceThatCanRunIsNotListed) {
    const XrefTable table = threats_of("n7k/9/9/9/9/9/9/9/4K4 b L 1");
    EXPECT_TRUE(table.entries.empty());
}

// The screen's order is the product's, not the sort algorithm's: most promising first, and
// candidates of equal promise in the order the move generator lists them.
TEST(Threats, ScreenOrdersEqualCandidatesAsTheGeneratorDoes) {
    int ties = 0;
    for (const std::string& sfen : test::suite_sfens()) {
        const Position pos   = position_of(sfen);
        const MoveList legal = generate(GenKind::Legal, pos);
        auto           index
            = [&](Move m) { return std::find(legal.begin(), legal.end(), m) - legal.begin(); };
        const ArenaVector<ThreatCandidate> screened = screen_threats(pos, article_profile());
        for (std::size_t i = 1; i < screened.size(); ++i) {
            const ThreatCandidate &a = screened[i - 1], &b = screened[i];
            ASSERT_GE(a.pre_value, b.pre_value) << sfen;
            if (a.pre_value != b.pre_value) continue;
            ++ties;
            EXPECT_LT(index(a.move), index(b.move))
                << sfen << ": " << to_usi(a.move) << " before " << to_usi(b.move);
        }
    }
    EXPECT_GT(ties, 0);  // the suite has equal candidates to order
}

}  // namespace
}  // namespace supersoma::soma
