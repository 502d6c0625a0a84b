// B3 by a ChoiceModel: the article's rule as a model is the article's rule, the pruning a model
// allows never changes its choice, and the report and the search's verdict agree.
#include "soma/playout/choice_model.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "engine/notation.hpp"
#include "soma/supersoma.hpp"
#include "tests/support/engine_helpers.hpp"

namespace supersoma::soma {
namespace {

std::vector<Move> line_of(const EvalResult& r) {
    std::vector<Move> moves;
    for (const LineStep& s : r.line) moves.push_back(s.move);
    return moves;
}

// The suite's positions and positions of random play from them: busy tables of both kinds.
std::vector<Position> positions() {
    std::vector<Position> out;
    for (const std::string& sfen : test::suite_sfens()) out.push_back(test::from_sfen(sfen));
    for (const std::string& sfen : test::random_play_sfens(60))
        out.push_back(test::from_sfen(sfen));
    return out;
}

TEST(ChoiceModel, TheArticlesRuleAsAModelPlaysTheArticlesLine) {
    EvalOptions article;
    article.threats            = false;  // the suite's busiest tables stay fast
    const EvalOptions as_model = with_model(article, article_model());
    EXPECT_EQ(as_model.net_discount_percent, 100);
    EXPECT_EQ(as_model.mate_value, 0);
    for (const Position& pos : positions()) {
        const EvalResult a = evaluate(pos, article), m = evaluate(pos, as_model);
        EXPECT_EQ(line_of(a), line_of(m)) << to_sfen(pos);
        EXPECT_EQ(a.net, m.net) << to_sfen(pos);
    }
}

TEST(ChoiceModel, WeighingEveryNeutraliserRarelyChangesALearnedChoice) {
    // find_neutralisers weighs only the parries whose bound could beat the best score. The
    // bound reads what a move could parry by moving a target, standing on a line or guarding
    // a landing square; a parry by uncovering a line escapes it, so the screen is a heuristic,
    // for the article's rule as for a model: it must keep almost every first move.
    for (const EvalOptions& base :
        {learned_options(), with_model(EvalOptions {}, learned_leaf_model())}) {
        EvalOptions all               = base;
        all.all_neutralisers          = true;
        all.max_iterations            = 1;
        EvalOptions pruned_options    = base;
        pruned_options.max_iterations = 1;
        int same = 0, total = 0;
        for (const Position& pos : positions()) {
            same += evaluate(pos, pruned_options).line.front().move
                == evaluate(pos, all).line.front().move;
            ++total;
        }
        EXPECT_GE(same * 100, total * 95) << same << " of " << total;
    }
}

TEST(ChoiceModel, TheReportAndTheVerdictChooseAlike) {
    // The report's first table is complete, the verdict's lean (XrefScope::Decisions).
    EvalOptions report     = learned_options();
    report.complete_tables = 1;
    for (const Position& pos : positions()) {
        const EvalResult r = evaluate(pos, report);
        const Verdict    v = evaluate_verdict(pos, learned_options());
        EXPECT_EQ(r.net, v.net) << to_sfen(pos);
        EXPECT_EQ(r.line.front().move.is_pass() ? Move::none() : r.line.front().move, v.first)
            << to_sfen(pos);
    }
}

TEST(ChoiceModel, TheModelChoosesTheFirstMovesAndTheArticlesWeightsTheRest) {
    const ChoiceModel& model = learned_model();
    ASSERT_EQ(model.plies, 1);  // as fitted: the net correlates best so
    EvalOptions options     = learned_options();
    options.complete_tables = std::numeric_limits<int>::max();
    int checked             = 0;
    for (const Position& pos : positions()) {
        const EvalResult r = evaluate(pos, options);
        for (std::size_t i = 0; i < r.iterations.size(); ++i) {
            EXPECT_EQ(r.iterations[i].model, i == 0 ? &model : nullptr);
            ++checked;
        }
    }
    EXPECT_GT(checked, 100);
}

TEST(ChoiceModel, TheLearnedLineStopsAtItsHorizonWhereTheArticlesGoesOn) {
    const ChoiceModel& model = learned_model();
    ASSERT_GT(model.horizon, 0);
    const EvalOptions options = learned_options();
    EXPECT_EQ(options.max_iterations, model.horizon);
    EXPECT_EQ(
        with_model(EvalOptions {}, article_model()).max_iterations, EvalOptions {}.max_iterations);
    int cut = 0;
    for (const Position& pos : positions()) {
        const EvalResult learned = evaluate(pos, options);
        ASSERT_LE(int(learned.line.size()), model.horizon) << to_sfen(pos);
        if (learned.end != LineEnd::IterationLimit) continue;
        ++cut;
        // The same line and net, step for step, as the whole line cut at the horizon.
        EvalOptions whole    = options;
        whole.max_iterations = EvalOptions {}.max_iterations;
        const EvalResult all = evaluate(pos, whole);
        ASSERT_GT(all.line.size(), learned.line.size()) << to_sfen(pos);
        double net = 0, weight = 1;
        for (std::size_t i = 0; i < all.line.size(); ++i) {
            EXPECT_TRUE(i >= learned.line.size() || all.line[i].move == learned.line[i].move)
                << to_sfen(pos) << " step " << i;
            if (i >= learned.line.size()) break;
            const Value v = all.line[i].value;
            net += weight * (all.line[i].side == pos.side_to_move() ? v : -v);
            weight *= model.net_discount_percent / 100.0;
        }
        EXPECT_EQ(learned.net, Value(std::lround(net))) << to_sfen(pos);
    }
    EXPECT_GT(cut, 0) << "no line of the set reached the horizon";
}

TEST(ChoiceModel, AParryScoresNoMoreThanItsBound) {
    // The bound find_neutralisers prunes by: what the parry saves and weakens at most, its gain.
    EvalOptions options      = learned_options();
    options.all_neutralisers = true;
    options.max_iterations   = 1;
    int parries              = 0;
    for (const Position& pos : positions()) {
        const EvalResult     r  = evaluate(pos, options);
        const Iteration&     it = r.iterations.front();
        const ChoiceContext& c  = it.context;
        for (const Neutraliser& n : it.neutralisers) {
            Value parryable = 0;
            for (int i : n.saves) parryable += it.entries[i].value;
            for (const Remaining& w : n.weakens)
                parryable += std::max(0, it.entries[w.entry].value - w.value);
            EXPECT_LE(learned_model().score(parry_features(n, it.entries, c)),
                learned_model().parry_bound(parryable, n.gain, c) + 1e-9)
                << to_sfen(pos) << ' ' << to_usi(n.move);
            ++parries;
        }
    }
    EXPECT_GT(parries, 20);
}

}  // namespace
}  // namespace supersoma::soma
