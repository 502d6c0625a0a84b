// The static evaluation: symmetric, material in the search profile's units, the learned
// evaluation where both kings stand and material alone where one is missing.
#include "eval/evaluate.hpp"

#include <gtest/gtest.h>

#include "tests/support/engine_helpers.hpp"

namespace supersoma::eval {
namespace {

// KP alone, as a build without a network plays.
Learned builtin() {
    EvalSettings settings;
    settings.use_network = false;
    return learned_evaluation(settings, true);
}

TEST(Evaluate, FlippedPositionScoresTheSameForTheOtherSide) {
    for (const std::string& sfen : test::suite_sfens()) {
        const Position pos = test::from_sfen(sfen);
        EXPECT_EQ(static_value(pos, builtin()), static_value(test::flipped(pos), builtin()))
            << sfen;
        EXPECT_EQ(material_balance(pos), material_balance(test::flipped(pos))) << sfen;
    }
}

TEST(Evaluate, MaterialCountsHandPiecesAtBoardValue) {
    const Position pos = test::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b RP 1");
    EXPECT_EQ(material(pos, SENTE), search_profile().board[ROOK] + search_profile().board[PAWN]);
    EXPECT_EQ(material(pos, GOTE), 0);
    EXPECT_EQ(material_balance(pos), material(pos, SENTE));
    EXPECT_GT(static_value(pos, builtin()), 500);
}

TEST(Evaluate, BothKingsGiveTheLearnedValue) {
    const Position pos = test::from_sfen(std::string(test::suite_sfens()[3]));
    EXPECT_EQ(static_value(pos, builtin()), kp_evaluate_from_scratch(pos, *builtin().kp));
}

// A tsume has no attacking king: the learned evaluation has no view, material decides.
TEST(Evaluate, AMissingKingIsValuedByMaterialAlone) {
    const Position tsume = test::from_sfen("2lks4/2Rsg4/2RN5/9/9/9/9/9/9 b S2b3gs3n3l18p 1");
    EXPECT_EQ(static_value(tsume, builtin()), material_balance(tsume));
}

TEST(Evaluate, SettingsChooseTheEvaluation) {
    const Learned bare = learned_evaluation(EvalSettings {}, false);
    EXPECT_EQ(bare.network, Network::builtin().get());
    EXPECT_EQ(bare.kp, Network::builtin() ? nullptr : KpWeights::builtin().get());
    EXPECT_EQ(builtin().kp, KpWeights::builtin().get());
    EXPECT_EQ(builtin().network, nullptr);
    EvalSettings off;
    off.positional = false;
    EXPECT_FALSE(learned_evaluation(off, true).incremental());
    EvalSettings file;
    file.weights = std::make_shared<const KpWeights>();
    EXPECT_EQ(learned_evaluation(file, true).kp, file.weights.get());
    file.network = std::make_shared<const Network>(64, KpWeights());
    // A file's network plays whether the threat inputs are asked for or not.
    for (bool threat_inputs : {false, true})
        EXPECT_EQ(learned_evaluation(file, threat_inputs).network, file.network.get());
    const Position pos = test::from_sfen(std::string(test::suite_sfens()[5]));
    EXPECT_EQ(static_value(pos, Learned {}), material_balance(pos));
}

// The build's two networks: the threat inputs' one when asked for, the other when not.
TEST(Evaluate, ThreatInputsChooseTheBuiltInNetworkWithThem) {
    const Learned with    = learned_evaluation(EvalSettings {}, true);
    const Learned without = learned_evaluation(EvalSettings {}, false);
    if (!Network::builtin(true)) GTEST_SKIP() << "this build has no network with threat inputs";
    ASSERT_NE(with.network, nullptr);
    ASSERT_NE(without.network, nullptr);
    EXPECT_EQ(with.network, Network::builtin(true).get());
    EXPECT_TRUE(with.network->has_threats());
    EXPECT_FALSE(without.network->has_threats());
    const Position pos = test::from_sfen(std::string(test::suite_sfens()[4]));
    EXPECT_NE(static_value(pos, with), static_value(pos, without));
}

}  // namespace
}  // namespace supersoma::eval
