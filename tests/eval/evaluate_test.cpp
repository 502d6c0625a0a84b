// The static evaluation: symmetric, material in the search profile's units, the learned
// evaluation where both kings stand and material alone where one is missing.
#include "eval/evaluate.hpp"

#include <gtest/gtest.h>

#include "tests/support/engine_helpers.hpp"

namespace supersoma::eval {
namespace {

const KpWeights* builtin() {
    return learned_weights(EvalSettings {});
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
    EXPECT_EQ(static_value(pos, builtin()), kp_evaluate_from_scratch(pos, *builtin()));
}

// A tsume has no attacking king: the learned evaluation has no view, material decides.
TEST(Evaluate, AMissingKingIsValuedByMaterialAlone) {
    const Position tsume = test::from_sfen("2lks4/2Rsg4/2RN5/9/9/9/9/9/9 b S2b3gs3n3l18p 1");
    EXPECT_EQ(static_value(tsume, builtin()), material_balance(tsume));
}

TEST(Evaluate, SettingsChooseTheWeights) {
    EXPECT_EQ(learned_weights(EvalSettings {}), KpWeights::builtin().get());
    EXPECT_EQ(learned_weights(EvalSettings {false, nullptr}), nullptr);
    const auto file = std::make_shared<const KpWeights>();
    EXPECT_EQ(learned_weights(EvalSettings {true, file}), file.get());
    const Position pos = test::from_sfen(std::string(test::suite_sfens()[5]));
    EXPECT_EQ(static_value(pos, nullptr), material_balance(pos));
}

}  // namespace
}  // namespace supersoma::eval
