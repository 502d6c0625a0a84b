// The evaluation tuner: its model is the engine's evaluation, it reads labels as documented,
// it recovers a weight the labels were made with, and it writes weights that read back.
#include "tools/tuner.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <regex>
#include <sstream>

#include "eval/evaluate.hpp"
#include "eval/leaf.hpp"
#include "tests/support/engine_helpers.hpp"

namespace supersoma::tune {
namespace {

namespace ef = eval::features;

TEST(Tuner, ModelWithTheEngineWeightsIsTheEnginesEvaluation) {
    TrainingSet   set;
    const Weights w     = engine_weights();
    const auto    sfens = test::random_play_sfens(500);
    for (const std::string& sfen : sfens) set.add(test::from_sfen(sfen), 0);
    ASSERT_EQ(set.samples.size(), sfens.size());
    for (std::size_t i = 0; i < sfens.size(); ++i)
        ASSERT_EQ(evaluate(set, set.samples[i], w), eval::static_eval(test::from_sfen(sfens[i])))
            << sfens[i];
}

// With the leaf net added, the model is what a SuperSoma leaf returns: the static evaluation
// plus SUPER-SOMA's net.
TEST(Tuner, ModelWithTheLeafNetIsTheSuperSomaLeafsValue) {
    TrainingSet plain, with_net;
    with_net.add_leaf_net         = true;
    const Weights           w     = engine_weights();
    const auto              sfens = test::random_play_sfens(300);
    const soma::EvalOptions leaf  = eval::leaf_eval_options();
    int                     nets  = 0;
    for (const std::string& sfen : sfens) {
        plain.add(test::from_sfen(sfen), 0);
        with_net.add(test::from_sfen(sfen), 0);
    }
    for (std::size_t i = 0; i < sfens.size(); ++i) {
        const Position pos = test::from_sfen(sfens[i]);
        const Value    net = eval::evaluate_leaf(pos, leaf).net;
        nets += net != 0;
        ASSERT_EQ(evaluate(with_net, with_net.samples[i], w), eval::static_eval(pos) + net)
            << sfens[i];
        ASSERT_EQ(
            evaluate(with_net, with_net.samples[i], w) - evaluate(plain, plain.samples[i], w), net);
    }
    EXPECT_GT(nets, 30) << "random play leaves pieces hanging: the net is often not zero";
}

TEST(Tuner, ReadKeepsQuietLabelsAndCountsTheRest) {
    std::istringstream in("# a comment\n"
                          "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - "
                          "1;7g7f;40;7g7f 3c3d\n"  // quiet
                          "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - "
                          "2;8c8d;-30\n"  // quiet, no PV
                          "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - "
                          "3;8h2b+;900\n"                              // captures
                          "4k4/9/9/9/9/9/9/9/4K4 b G 1;G*5b;mate 1\n"  // decided
                          "4k4/9/9/9/9/9/9/9/4K4 b G 1;G*5h;5000\n"    // beyond the cap
                          "4k4/9/9/9/9/9/9/9/4K4 b G 1;G*5h;lots\n"    // bad score
                          "4k4/9/9/9/9/9/9/9/4K4 b G 1;G*5h\n"         // too short
                          "4k4/9/9/9/9/9/9/9/4X4 b G 1;G*5h;0\n");     // bad SFEN
    TrainingSet        set;
    const ReadReport   r = set.read(in, 2000);
    EXPECT_EQ(r.read, 8);
    EXPECT_EQ(r.kept, 2);
    EXPECT_EQ(r.not_quiet, 1);
    EXPECT_EQ(r.decided, 2);
    EXPECT_EQ(r.unreadable, 3);
    EXPECT_NE(r.first_error.find("lots"), std::string::npos) << r.first_error;
    ASSERT_EQ(set.samples.size(), 2u);
    EXPECT_GT(set.samples[0].target, 0.5f);  // +40 cp for the side to move
    EXPECT_LT(set.samples[1].target, 0.5f);
}

TEST(Tuner, RecoversAWeightTheLabelsWereMadeWith) {
    // Labels from the engine's weights with one change: a gold beside its own king (one rank
    // behind, same file) worth 60 more. Tuning from the engine's weights must find most of it.
    const int     feature = ef::OWN_NEAR_KING + ef::K_GOLD * ef::KING_ZONE_SLOTS + (-1 + 3) * 4 + 0;
    const Weights start   = engine_weights();
    Weights       truth   = start;
    truth[feature] += 60;
    TrainingSet set;
    for (const std::string& sfen : test::random_play_sfens(3000)) set.add(test::from_sfen(sfen), 0);
    const double k = 0.004;
    for (Sample& s : set.samples)
        s.target = float(1 / (1 + std::exp(-k * evaluate(set, s, truth))));
    TuneOptions options;
    options.iterations = 600;
    options.pull       = 0;
    const TuneResult r = tune(set, start, options, nullptr);
    EXPECT_LT(r.validation_after, r.validation_before / 4);
    EXPECT_GT(r.weights[feature] - start[feature], 40) << r.weights[feature];
    EXPECT_NEAR(r.scale, k, k / 4);
}

TEST(Tuner, WrittenWeightsReadBack) {
    Weights w = engine_weights();
    for (std::size_t i = 0; i < w.size(); ++i) w[i] = double(i % 97) - 48.4;
    const std::string source = weights_source(w, "first line\nsecond line");
    EXPECT_NE(source.find("// first line\n// second line\n"), std::string::npos);
    const std::string  body = source.substr(source.find("= {"));
    std::vector<long>  numbers;
    std::istringstream lines(body.substr(3));
    for (std::string line; std::getline(lines, line);) {
        if (line.find("//") != std::string::npos) continue;
        const std::regex number(R"(-?\d+)");
        for (auto it = std::sregex_iterator(line.begin(), line.end(), number);
             it != std::sregex_iterator(); ++it)
            numbers.push_back(std::stol(it->str()));
    }
    ASSERT_EQ(numbers.size(), w.size());
    for (std::size_t i = 0; i < w.size(); ++i) EXPECT_EQ(numbers[i], std::lround(w[i])) << i;
    // Each leaf mode's table is written under its own name and read as the engine has it.
    EXPECT_NE(source.find("const EvalWeights eval_weights = {"), std::string::npos);
    EXPECT_NE(
        weights_source(w, "", Table::QSearch).find("const EvalWeights qsearch_eval_weights = {"),
        std::string::npos);
    EXPECT_NE(engine_weights(Table::QSearch), engine_weights(Table::SuperSoma));
}

}  // namespace
}  // namespace supersoma::tune
