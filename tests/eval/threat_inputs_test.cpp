// The threat inputs: every attack and king shield of a position is a feature, named as the XREF
// names it, seen alike from both sides, in range on any position.
#include "eval/threats.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "tests/support/engine_helpers.hpp"

namespace supersoma::eval::threats {
namespace {

std::multiset<std::string> described(const Position& pos, Color view) {
    ThreatList list;
    collect(pos, list);
    std::multiset<std::string> out;
    for (int i = 0; i < list.count; ++i) out.insert(describe(list.features[view][i]));
    return out;
}

// A rook on the gold's file: it attacks the gold, which is undefended and pinned to its king.
TEST(ThreatInputs, AnAttackOnAnUndefendedPinnedGoldIsNamedFromBothSides) {
    const Position pos = test::from_sfen("4k4/9/9/9/4g4/9/9/4R4/4K4 b - 1");
    EXPECT_EQ(described(pos, SENTE),
        (std::multiset<std::string> {"own R attacks enemy G (undefended)",
            "own R defends own K (unattacked)", "own K defends own R (unattacked)",
            "enemy G shields enemy K (pinned)"}));
    EXPECT_EQ(described(pos, GOTE),
        (std::multiset<std::string> {"enemy R attacks own G (undefended)",
            "enemy R defends enemy K (unattacked)", "enemy K defends enemy R (unattacked)",
            "own G shields own K (pinned)"}));
}

// A silver behind the gold defends it, and with two pieces between rook and king none is pinned.
TEST(ThreatInputs, ADefenderMakesTheGoldDefendedAndUnpinsIt) {
    const Position pos  = test::from_sfen("4k4/9/9/4s4/4g4/9/9/4R4/4K4 b - 1");
    const auto     seen = described(pos, SENTE);
    EXPECT_EQ(seen.count("own R attacks enemy G (defended)"), 1u);
    EXPECT_EQ(seen.count("enemy S defends enemy G (attacked)"), 1u);
    EXPECT_EQ(seen.count("own R attacks enemy G (undefended)"), 0u);
    for (const std::string& s : seen) EXPECT_EQ(s.find("shields"), std::string::npos) << s;
}

// A bishop behind the opponent's silver on the king's diagonal: the silver would uncover check.
TEST(ThreatInputs, APieceInFrontOfItsOwnSliderUncoversACheck) {
    const Position pos = test::from_sfen("8k/9/6S2/9/4B4/9/9/9/K8 b - 1");
    EXPECT_EQ(described(pos, SENTE).count("own S shields enemy K (uncovers a check)"), 1u);
    EXPECT_EQ(described(pos, GOTE).count("enemy S shields own K (uncovers a check)"), 1u);
}

TEST(ThreatInputs, TheFlippedPositionGivesTheOtherSideTheSameFeatures) {
    int threats = 0;
    for (const std::string& sfen : test::random_play_sfens(300)) {
        const Position pos  = test::from_sfen(sfen);
        const Position flip = test::flipped(pos);
        ThreatList     a, b;
        collect(pos, a);
        collect(flip, b);
        ASSERT_EQ(a.count, b.count) << sfen;
        for (Color view : {SENTE, GOTE}) {
            std::vector<int> x(a.features[view].begin(), a.features[view].begin() + a.count);
            std::vector<int> y(b.features[~view].begin(), b.features[~view].begin() + b.count);
            std::sort(x.begin(), x.end());
            std::sort(y.begin(), y.end());
            EXPECT_EQ(x, y) << sfen;
        }
        threats += a.count;
    }
    EXPECT_GT(threats, 300 * 10);  // the random positions have attacks to compare
}

TEST(ThreatInputs, EveryFeatureIsInRangeAndHasAName) {
    for (const std::string& sfen : test::random_play_sfens(300)) {
        ThreatList list;
        collect(test::from_sfen(sfen), list);
        ASSERT_LE(list.count, MAX_ACTIVE);
        for (Color view : {SENTE, GOTE})
            for (int i = 0; i < list.count; ++i) {
                ASSERT_LT(list.features[view][i], FEATURES) << sfen;
                EXPECT_FALSE(describe(list.features[view][i]).empty());
            }
    }
    std::set<std::string> names;
    for (int f = 0; f < FEATURES; ++f) names.insert(describe(f));
    EXPECT_EQ(names.size(), std::size_t(FEATURES));  // no two features share a name
}

}  // namespace
}  // namespace supersoma::eval::threats
