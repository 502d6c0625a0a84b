// SUPER-SOMA at the leaves: the verdict agrees with evaluate(), the cache returns it, and
// a mate on the table marks the leaf critical.
#include "eval/leaf.hpp"
#include "soma/playout/choice_model.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "soma/supersoma.hpp"
#include "tests/support/engine_helpers.hpp"

namespace supersoma::eval {
namespace {

TEST(Leaf, VerdictIsTheLineOfEvaluate) {
    // Sente's bishop takes the loose rook: the net is at least a rook's capture gain.
    const Position pos     = test::from_sfen("4k4/9/9/9/4r4/9/9/9/B7K b - 1");
    const auto     verdict = evaluate_leaf(pos, leaf_eval_options());
    const auto     result  = soma::evaluate(pos, leaf_eval_options());
    EXPECT_EQ(verdict.net, std::clamp(result.net, -LEAF_NET_CLAMP, LEAF_NET_CLAMP));
    EXPECT_GE(result.net, leaf_eval_options().profile->capture_gain(ROOK));
    EXPECT_EQ(to_usi(verdict.first), "9i5e");
    EXPECT_FALSE(verdict.too_complex);
}

TEST(Leaf, MateOnTheTableIsCritical) {
    const Position pos = test::from_sfen("8k/6G2/p7P/9/9/9/9/9/4K4 b G 1");
    EXPECT_TRUE(evaluate_leaf(pos, leaf_eval_options()).too_complex);
}

TEST(Leaf, LargeOpposingEntriesConflict) {
    // Each side can take the other's loose rook.
    const Position pos = test::from_sfen("4k4/9/9/9/4r4/9/9/9/B3R3K b - 1");
    EXPECT_TRUE(evaluate_leaf(pos, leaf_eval_options()).too_complex);
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
}  // namespace supersoma::eval

namespace supersoma::eval {
namespace {

// The settings reach the leaf's evaluation, and a change empties the cache.
TEST(SomaLeaf, SettingsChangeTheConfigurationAndClearTheCache) {
    const LeafSettings      plain {false, 100, false, 3};
    const soma::EvalOptions plain_options = leaf_eval_options(plain);
    EXPECT_EQ(leaf_eval_options().choice, nullptr);  // the article's weights (docs/strength.md)
    EXPECT_FALSE(plain_options.parry_only_without_gain);
    EXPECT_EQ(plain_options.net_discount_percent, 100);
    EXPECT_FALSE(plain_options.ties);  // the leaf never weighs ties
    EXPECT_FALSE(plain_options.neutralisers);
    EXPECT_EQ(plain_options.max_iterations, 3);
    SomaLeaf leaf(8);
    EXPECT_EQ(leaf.settings(), LeafSettings {});  // a new leaf has the default configuration
    int        differing = 0;
    const auto roots     = test::suite_sfens();
    for (std::size_t i = 0; i < roots.size(); i += 4) {
        const Position pos = test::from_sfen(roots[i]);
        leaf.set_settings(plain);
        const LeafVerdict verdict_plain = leaf.evaluate(pos);
        EXPECT_EQ(verdict_plain.net, evaluate_leaf(pos, plain_options).net);
        leaf.set_settings(LeafSettings {});
        EXPECT_EQ(leaf.probe(pos), nullptr);  // the change emptied the cache
        const LeafVerdict verdict_default = leaf.evaluate(pos);
        EXPECT_EQ(verdict_default.net, evaluate_leaf(pos, leaf_eval_options()).net);
        differing += verdict_default.net != verdict_plain.net;
    }
    EXPECT_GT(differing, 0);
}

}  // namespace
}  // namespace supersoma::eval
