// The learned evaluation: incremental sums equal the sums from scratch, colours are symmetric,
// weight files are checked.
#include "eval/kp.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <random>

#include "engine/movegen.hpp"
#include "tests/support/engine_helpers.hpp"

namespace supersoma::eval {
namespace {

// Weights with every feature different, so a feature updated wrongly changes the sum.
KpWeights distinct_weights() {
    KpWeights       w;
    std::mt19937_64 rng(7);
    for (int i = 0; i < kp::WEIGHT_NB; ++i)
        w[i] = std::int16_t(std::uniform_int_distribution<int>(-3000, 3000)(rng));
    w.rehash();
    return w;
}

TEST(KpEvaluation, IncrementalSumsEqualSumsFromScratchOverRandomGames) {
    const KpWeights        w      = distinct_weights();
    const test::WalkCounts walked = test::random_walk(40, 3, [&](const Position& pos) {
        ASSERT_EQ(kp_evaluate(pos, w), kp_evaluate_from_scratch(pos, w)) << to_sfen(pos);
        ASSERT_EQ(pos.state().eval_cache.sums[SENTE], kp_view_sum(pos, SENTE, w));
        ASSERT_EQ(pos.state().eval_cache.sums[GOTE], kp_view_sum(pos, GOTE, w));
    });
    EXPECT_GT(walked.checked, 700);
    for (int gap = 1; gap <= 12; ++gap) EXPECT_GT(walked.gaps[std::size_t(gap)], 20) << gap;
    EXPECT_GT(walked.kings, 100);  // the paths that matter were taken
    EXPECT_GT(walked.drops, 100);
    EXPECT_GT(walked.captures, 100);
    EXPECT_GT(walked.passes, 100);
}

TEST(KpEvaluation, OtherWeightsDoNotReuseTheCachedSums) {
    const KpWeights a = distinct_weights();
    const KpWeights b;
    Position        pos = Position::startpos();
    pos.do_move(test::usi_move(pos, "7g7f"));
    ASSERT_NE(kp_evaluate(pos, a), 0);
    EXPECT_EQ(kp_evaluate(pos, b), 0);
}

TEST(KpEvaluation, FlippedPositionScoresTheSameForTheOtherSide) {
    const KpWeights w = distinct_weights();
    for (const std::string& sfen : test::random_play_sfens(300)) {
        const Position pos = test::from_sfen(sfen);
        if (pos.king_square(SENTE) == SQ_NONE || pos.king_square(GOTE) == SQ_NONE) continue;
        EXPECT_EQ(kp_evaluate_from_scratch(pos, w), kp_evaluate_from_scratch(test::flipped(pos), w))
            << sfen;
    }
}

TEST(KpEvaluation, BuiltInWeightsLoadAndKnowTheStartPositionIsLevel) {
    const auto& w = KpWeights::builtin();
    ASSERT_NE(w, nullptr);
    // The start position is symmetric: only the side to move's bonus remains.
    EXPECT_LT(std::abs(kp_evaluate_from_scratch(Position::startpos(), *w)), 30);
    // A rook more is a lot more.
    const Position up_a_rook
        = test::from_sfen("lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
    EXPECT_GT(kp_evaluate_from_scratch(up_a_rook, *w), 300);
}

TEST(KpWeights, FileRoundTripsAndDamageIsNamed) {
    const KpWeights                  w     = distinct_weights();
    const std::vector<unsigned char> bytes = w.to_bytes();
    EXPECT_EQ(KpWeights::from_bytes(bytes).hash(), w.hash());

    std::vector<unsigned char> damaged = bytes;
    damaged[damaged.size() / 2] ^= 1;
    try {
        KpWeights::from_bytes(damaged);
        ADD_FAILURE() << "a damaged file was read";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("hash"), std::string::npos) << e.what();
    }
    std::vector<unsigned char> short_file(bytes.begin(), bytes.end() - 2);
    EXPECT_THROW(KpWeights::from_bytes(short_file), std::runtime_error);
    std::vector<unsigned char> other(bytes);
    other[0] = 'X';
    EXPECT_THROW(KpWeights::from_bytes(other), std::runtime_error);
    EXPECT_THROW(KpWeights::load("/nonexistent/weights.bin"), std::runtime_error);
}

}  // namespace
}  // namespace supersoma::eval
