// The threat inputs: every attack and king shield of a position is a feature, named as the XREF
// names it, seen alike from both sides, in range on any position.
#include "eval/threats.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <random>
#include <set>

#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "engine/sfen.hpp"
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

std::vector<int> features_of(const ThreatList& list, Color view) {
    std::vector<int> out(list.features[view].begin(), list.features[view].begin() + list.count);
    std::sort(out.begin(), out.end());
    return out;
}

// The difference move_diff() reads on the two boards of each move of random games (moves of
// every kind: drops, promotions, captures into hand, king moves, and null moves) turns the
// features collect() gives before the move into those it gives after.
TEST(ThreatInputs, TheMovesDifferenceTurnsTheCollectedFeaturesIntoTheNextOnes) {
    std::mt19937 rng(86);
    int          drops = 0, promotions = 0, captures = 0, king_moves = 0, passes = 0, changes = 0;
    const std::vector<std::string> roots = test::suite_sfens();
    auto before = std::make_unique<ThreatList>(), after = std::make_unique<ThreatList>();
    auto diff = std::make_unique<ThreatDiff>();
    for (int game = 0; game < 40; ++game) {
        Position pos = test::from_sfen(roots[std::size_t(game) % roots.size()]);
        collect(pos, *before);
        Bearing bearing = bearing_of(pos);
        for (int ply = 0; ply < 60; ++ply) {
            const MoveList moves = generate(GenKind::Legal, pos);
            if (moves.empty()) break;
            const bool pass = !pos.in_check() && rng() % 16 == 0;
            const Move m    = pass ? Move::pass() : moves[rng() % moves.size()];
            drops += m.is_drop();
            promotions += m.is_promotion();
            captures += m.is_capture();
            king_moves += !pass && !m.is_drop() && m.moved() == KING;
            passes += pass;
            pos.do_move(m);
            collect(pos, *after);
            // From the bearing the last move gave (known) or from none (read on the board).
            const Bearing  known = bearing;
            const Bearing* given = rng() % 2 ? &known : nullptr;
            ASSERT_TRUE(move_diff(pos, given, bearing, *diff)) << to_sfen(pos);
            ASSERT_TRUE(bearing == bearing_of(pos)) << to_sfen(pos);
            if (pass) {
                EXPECT_EQ(diff->removed_count + diff->added_count, 0);
            }
            changes += diff->removed_count + diff->added_count;
            for (Color view : {SENTE, GOTE}) {
                std::multiset<int> features(
                    before->features[view].begin(), before->features[view].begin() + before->count);
                for (int k = 0; k < diff->removed_count; ++k) {
                    const auto it = features.find(diff->removed[std::size_t(k)][view]);
                    ASSERT_NE(it, features.end())
                        << "removed and not there: "
                        << describe(diff->removed[std::size_t(k)][view]) << " after " << to_usi(m)
                        << " in " << to_sfen(pos);
                    features.erase(it);
                }
                for (int k = 0; k < diff->added_count; ++k)
                    features.insert(diff->added[std::size_t(k)][view]);
                ASSERT_EQ(
                    std::vector<int>(features.begin(), features.end()), features_of(*after, view))
                    << "after " << to_usi(m) << " in " << to_sfen(pos);
            }
            std::swap(before, after);
        }
    }
    EXPECT_GT(drops, 0);
    EXPECT_GT(promotions, 0);
    EXPECT_GT(captures, 0);
    EXPECT_GT(king_moves, 0);
    EXPECT_GT(passes, 0);
    EXPECT_GT(changes, 40 * 60);
}

}  // namespace
}  // namespace supersoma::eval::threats
