// SUPER-SOMA at the leaves: the verdict agrees with evaluate(), the cache returns it, and
// a mate on the table marks the leaf critical.
#include "search/leaf.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "soma/supersoma.hpp"
#include "tests/support/engine_helpers.hpp"

namespace supersoma::search {
namespace {

TEST(Leaf, VerdictIsTheLineOfEvaluate) {
    // Sente's bishop takes the loose rook: the net is at least a rook's capture gain.
    const Position pos     = test::from_sfen("4k4/9/9/9/4r4/9/9/9/B7K b - 1");
    const auto     verdict = evaluate_leaf(pos, leaf_eval_options());
    const auto     result  = soma::evaluate(pos, leaf_eval_options());
    EXPECT_EQ(verdict.net, std::clamp(result.net, -LEAF_NET_CLAMP, LEAF_NET_CLAMP));
    EXPECT_GE(result.net, leaf_eval_options().profile->capture_gain(ROOK));
    EXPECT_EQ(to_usi(verdict.first), "9i5e");
    EXPECT_FALSE(verdict.critical);
}

TEST(Leaf, MateOnTheTableIsCritical) {
    const Position pos = test::from_sfen("8k/6G2/p7P/9/9/9/9/9/4K4 b G 1");
    EXPECT_TRUE(evaluate_leaf(pos, leaf_eval_options()).critical);
}

TEST(Leaf, LargeOpposingEntriesConflict) {
    // Each side can take the other's loose rook.
    const Position pos = test::from_sfen("4k4/9/9/9/4r4/9/9/9/B3R3K b - 1");
    EXPECT_TRUE(evaluate_leaf(pos, leaf_eval_options()).critical);
}

TEST(Leaf, NetIsClampedSoAKingsValueCannotSwampTheScore) {
    const Position pos = test::from_sfen("8k/6G2/p7P/9/9/9/9/9/4K4 b G 1");
    EXPECT_LE(evaluate_leaf(pos, leaf_eval_options()).net, LEAF_NET_CLAMP);
}

TEST(SomaLeaf, SecondLookupIsACacheHit) {
    SomaLeaf       leaf(8);
    const Position pos = test::from_sfen("4k4/9/9/9/4r4/9/9/9/B7K b - 1");
    EXPECT_EQ(leaf.probe(pos), nullptr);
    const Value net = leaf.evaluate(pos).net;
    EXPECT_EQ(leaf.evaluate(pos).net, net);
    EXPECT_EQ(leaf.evaluations(), 1u);
    EXPECT_EQ(leaf.hits(), 1u);
    ASSERT_NE(leaf.probe(pos), nullptr);
    leaf.clear();
    EXPECT_EQ(leaf.probe(pos), nullptr);
}

}  // namespace
}  // namespace supersoma::search
