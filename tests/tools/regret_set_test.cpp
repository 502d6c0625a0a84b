// The regret-labelled set: its lines read back as written, the held-out part is fixed, and on
// held-out positions the learned SUPER-SOMA's first move costs less than the article's rule and
// the highest-value entry (the claim of docs/accuracy.md, on a sample the fit never saw).
#include "tools/regret_set.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "engine/notation.hpp"
#include "engine/sfen.hpp"
#include "soma/supersoma.hpp"
#include "tests/support/engine_helpers.hpp"

namespace supersoma::tune {
namespace {

std::vector<RegretPosition> sample() {
    std::ifstream in(std::string(SUPERSOMA_TEST_DATA) + "/regret-sample.txt");
    return read_regret_set(in);
}

TEST(RegretSet, ALineReadsBackAsWritten) {
    const std::string line = "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 "
                             "; depth 8 ; rest 2g2f 40 ; shallow 7g7f 2g2f 2g2f ; moves 7g7f 35 "
                             "8h2b+ -900";
    const auto        p    = parse_regret_line(line);
    ASSERT_TRUE(p);
    EXPECT_EQ(p->depth, 8);
    EXPECT_EQ(p->best(), 40);
    EXPECT_EQ(p->score_of("8h2b+"), -900);
    EXPECT_EQ(p->score_of("5g5f"), 40);  // outside the scored moves: at most the rest's best
    EXPECT_EQ(p->pass_score(), 40);
    EXPECT_EQ(p->shallow[0], "7g7f");
    EXPECT_EQ(format_regret_line(*p), line);
    EXPECT_FALSE(parse_regret_line("# a comment"));
    EXPECT_FALSE(
        parse_regret_line("sfen startpos ; depth x ; rest none 0 ; shallow a b c ; moves"));
}

TEST(RegretSet, TheSampleIsHeldOutAndWhole) {
    const auto set = sample();
    ASSERT_EQ(set.size(), 300u);
    for (const RegretPosition& p : set) {
        EXPECT_TRUE(is_held_out(p.sfen)) << p.sfen;
        EXPECT_FALSE(p.moves.empty());
    }
}

// The mean regret of a predictor's first move over the sample ("" passes).
template<class Predict>
double mean_regret(const std::vector<RegretPosition>& set, Predict predict) {
    double sum = 0;
    for (const RegretPosition& p : set) {
        const Position    pos  = test::from_sfen(p.sfen);
        const std::string move = predict(pos);
        sum += p.best() - (move.empty() ? p.pass_score() : p.score_of(move)).value_or(-REGRET_CLIP);
    }
    return sum / double(set.size());
}

std::string first_move(const Position& pos, const soma::EvalOptions& options) {
    const Move m = soma::evaluate_verdict(pos, options).first;
    return m.is_none() ? "" : to_usi(m);
}

TEST(RegretSet, TheLearnedChoiceCostsLessThanTheArticlesAndTheBiggestEntry) {
    const auto   set     = sample();
    const double learned = mean_regret(
        set, [](const Position& pos) { return first_move(pos, soma::learned_options()); });
    const double article = mean_regret(
        set, [](const Position& pos) { return first_move(pos, soma::EvalOptions {}); });
    const double biggest = mean_regret(set, [](const Position& pos) {
        soma::EvalOptions one;
        one.max_iterations         = 1;
        Value                  top = 0;
        std::string            move;
        const soma::EvalResult r = soma::evaluate(pos, one);
        for (const soma::XrefEntry& e : r.iterations.front().entries)
            if (e.side == pos.side_to_move() && e.value > top) top = e.value, move = to_usi(e.move);
        return move;
    });
    // Measured 283 / 524 / 596 cp on the whole held-out part (docs/accuracy.md).
    EXPECT_LT(learned, 0.75 * article) << learned << " against " << article;
    EXPECT_LT(learned, 0.75 * biggest) << learned << " against " << biggest;
}

}  // namespace
}  // namespace supersoma::tune
