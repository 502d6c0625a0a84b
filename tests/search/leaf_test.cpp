// SUPER-SOMA at the leaves: the verdict agrees with evaluate(), the cache returns it, and
// a mate on the table marks the leaf critical.
#include "search/leaf.hpp"

#include "search/search.hpp"

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

namespace supersoma::search {
namespace {

// The variants reach the leaf's evaluation, and a change empties the cache. The defaults are
// the leaf configuration's own.
TEST(SomaLeaf, VariantsChangeTheConfigurationAndClearTheCache) {
    const search::SearchOptions defaults;
    EXPECT_EQ(defaults.leaf_parry_only_without_gain, leaf_eval_options().parry_only_without_gain);
    EXPECT_EQ(defaults.leaf_net_discount_percent, leaf_eval_options().net_discount_percent);
    EXPECT_EQ(defaults.leaf_ties, leaf_eval_options().ties);
    EXPECT_EQ(defaults.leaf_neutralisers, leaf_eval_options().neutralisers);
    EXPECT_EQ(defaults.leaf_max_moves, leaf_eval_options().max_iterations);
    soma::EvalOptions plain_options       = leaf_eval_options();
    plain_options.parry_only_without_gain = false;
    plain_options.net_discount_percent    = 100;
    plain_options.ties                    = true;
    plain_options.neutralisers            = false;
    plain_options.max_iterations          = 3;
    SomaLeaf   leaf(8);
    int        differing = 0;
    const auto roots     = test::suite_sfens();
    for (std::size_t i = 0; i < roots.size(); i += 4) {
        const Position pos = test::from_sfen(roots[i]);
        leaf.set_variants(false, 100, true, false, 3);
        const LeafVerdict plain = leaf.evaluate(pos);
        EXPECT_EQ(plain.net, evaluate_leaf(pos, plain_options).net);
        const soma::EvalOptions leaf_options = leaf_eval_options();
        leaf.set_variants(
            true, 80, leaf_options.ties, leaf_options.neutralisers, leaf_options.max_iterations);
        EXPECT_EQ(leaf.probe(pos), nullptr);  // the change emptied the cache
        const LeafVerdict studied = leaf.evaluate(pos);
        EXPECT_EQ(studied.net, evaluate_leaf(pos, leaf_eval_options()).net);
        differing += studied.net != plain.net;
    }
    EXPECT_GT(differing, 0);
}

}  // namespace
}  // namespace supersoma::search
