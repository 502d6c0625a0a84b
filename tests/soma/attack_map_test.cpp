// A1's attack map (soma/xref/attack_map.hpp): the attackers it files under every square equal the
// position's own attack query on the whole perft suite; counts and the least valuable one.
#include "soma/xref/attack_map.hpp"

#include <gtest/gtest.h>

#include "support/engine_helpers.hpp"
#include "support/positions.hpp"

namespace supersoma::soma {
namespace {

using test::position_of;
using test::sq;

TEST(AttackMap, EqualsAttackersToForEverySquareAndBothColoursOnThePerftSuite) {
    const auto sfens = test::suite_sfens();
    ASSERT_GT(sfens.size(), 100u);
    for (const std::string& sfen : sfens) {
        const Position  pos = position_of(sfen);
        const AttackMap map = build_attack_map(pos);
        for (Color c : {SENTE, GOTE}) {
            Bitboard attacked;
            for (Square s = SQ_11; s < SQUARE_NB; ++s) {
                const Bitboard expected = pos.attackers_to(c, s);
                ASSERT_EQ(map.attackers[c][s], expected) << sfen << " square " << int(s);
                ASSERT_EQ(map.count(c, s), expected.count()) << sfen;
                if (expected) attacked |= s;
            }
            ASSERT_EQ(map.attacked[c], attacked) << sfen;
        }
    }
}

// Sente G 6f, +R 5g and +B 3g all attack the gote pawn on 5e (5f is empty).
TEST(AttackMap, CountsEveryAttackerOfASquare) {
    const Position  pos = position_of("8k/9/9/9/4p4/3G5/4+R1+B2/9/K8 b - 1");
    const AttackMap map = build_attack_map(pos);
    EXPECT_EQ(map.count(SENTE, sq("5e")), 3);
    EXPECT_EQ(map.count(GOTE, sq("5e")), 0);
    EXPECT_EQ(map.count(GOTE, sq("5f")), 1);  // the pawn's own step
    EXPECT_TRUE(map.attacked[SENTE].test(sq("5e")));
}

TEST(AttackMap, LeastValuablePicksTheLowestBoardValue) {
    const Position  pos = position_of("8k/9/9/9/4p4/3G5/4+R1+B2/9/K8 b - 1");
    const AttackMap map = build_attack_map(pos);
    EXPECT_EQ(map.least_valuable(pos, article_profile(), SENTE, sq("5e")), sq("6f"));  // G 220
    EXPECT_EQ(map.least_valuable(pos, article_profile(), GOTE, sq("5e")), SQ_NONE);
}

// Without the gold: the horse (460) is cheaper than the dragon (550).
TEST(AttackMap, LeastValuableUsesPromotedValues) {
    const Position  pos = position_of("8k/9/9/9/4p4/9/4+R1+B2/9/K8 b - 1");
    const AttackMap map = build_attack_map(pos);
    EXPECT_EQ(map.least_valuable(pos, article_profile(), SENTE, sq("5e")), sq("3g"));
}

// The king (3999) is the most valuable attacker, behind even a dragon.
TEST(AttackMap, LeastValuableRanksTheKingLast) {
    const Position  pos = position_of("8k/9/9/9/4p4/5K3/4+R4/9/9 b - 1");
    const AttackMap map = build_attack_map(pos);
    EXPECT_EQ(map.count(SENTE, sq("5e")), 2);
    EXPECT_EQ(map.least_valuable(pos, article_profile(), SENTE, sq("5e")), sq("5g"));
}

}  // namespace
}  // namespace supersoma::soma
