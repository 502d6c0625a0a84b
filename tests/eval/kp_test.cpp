// The learned evaluation: incremental sums equal the sums from scratch, colours are symmetric,
// weight files are checked.
#include "eval/kp.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
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
    const KpWeights     w = distinct_weights();
    std::mt19937_64     rng(3);
    int                 kings = 0, drops = 0, captures = 0, passes = 0, checked = 0;
    std::array<int, 13> gaps {};  // evaluations by plies since the last one (12: 12 or more)
    for (int game = 0; game < 40; ++game) {
        Position pos = Position::startpos();
        // Evaluations 1 to 12 plies apart, as in a search, where most nodes' parents were
        // never evaluated: the sums come from the nearest evaluated state within reach.
        int next = 1, since = 0;
        for (int ply = 0; ply < 160; ++ply) {
            const MoveList moves = generate(GenKind::Legal, pos);
            if (moves.empty()) break;
            if (!pos.in_check() && ply % 17 == 5) {
                pos.do_move(Move::pass());
                ++passes;
            } else {
                const Move m
                    = moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)];
                kings += m.moved() == KING;
                drops += m.is_drop();
                captures += m.is_capture();
                pos.do_move(m);
            }
            if (++since < next) continue;
            ASSERT_EQ(kp_evaluate(pos, w), kp_evaluate_from_scratch(pos, w)) << to_sfen(pos);
            ASSERT_EQ(pos.state().eval_cache.sums[SENTE], kp_view_sum(pos, SENTE, w));
            ASSERT_EQ(pos.state().eval_cache.sums[GOTE], kp_view_sum(pos, GOTE, w));
            ++gaps[std::min(since, 12)];
            ++checked;
            since = 0;
            next  = std::uniform_int_distribution<int>(1, 12)(rng);
        }
        // Undone to the start, the cached sums of the earlier states still hold.
        while (pos.moves_made() > 0) pos.undo_move();
    }
    EXPECT_GT(checked, 700);
    for (int gap = 1; gap <= 12; ++gap) EXPECT_GT(gaps[gap], 20) << gap;
    EXPECT_GT(kings, 100);  // the paths that matter were taken
    EXPECT_GT(drops, 100);
    EXPECT_GT(captures, 100);
    EXPECT_GT(passes, 100);
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
