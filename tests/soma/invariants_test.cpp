// SUPER-SOMA invariants on every perft-suite position, on random positions reached by legal
// play and on scattered ones (suite pieces moved about, valid but out of play): the playout
// terminates, its line is legal move after move, the net value is the line's signed sum, and
// capture entries carry the swap core's value.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "engine/sfen.hpp"
#include "soma/shogi/soma.hpp"
#include "soma/supersoma.hpp"
#include "support/engine_helpers.hpp"
#include "support/positions.hpp"

namespace supersoma::soma {
namespace {

void check_invariants(const std::string& sfen, const EvalOptions& options) {
    SCOPED_TRACE(sfen);
    const Position   root = test::position_of(sfen);
    const EvalResult r    = evaluate(root, options);

    ASSERT_FALSE(r.line.empty());
    ASSERT_EQ(r.line.size(), r.iterations.size());
    EXPECT_LE(int(r.iterations.size()), options.max_iterations);
    EXPECT_EQ(r.side_to_move, root.side_to_move());

    // The line is legal move after move; a pass hands the move over, and a side in check
    // passes only when it has no move at all (it is mated and the line ends there).
    Position pos(root);
    Value    net       = 0;
    bool     mated_end = false;
    for (std::size_t i = 0; i < r.line.size(); ++i) {
        const LineStep& step = r.line[i];
        EXPECT_EQ(step.side, pos.side_to_move()) << "step " << i;
        EXPECT_EQ(r.iterations[i].chosen, step.move) << "step " << i;
        if (!step.move.is_pass()) {
            ASSERT_TRUE(is_legal(pos, step.move)) << "step " << i << " " << to_usi(step.move);
        } else if (!has_legal_move(pos)) {
            EXPECT_EQ(i + 1, r.line.size()) << "the line went on after a side could not move";
            mated_end = true;
        } else {
            EXPECT_FALSE(pos.in_check()) << "a side in check passed at step " << i;
        }
        net += step.side == root.side_to_move() ? step.value : -step.value;
        pos.do_move(step.move);
    }
    EXPECT_EQ(r.net, net);

    // Ended by two passes, a mate, or the cycle guard.
    const std::size_t n   = r.line.size();
    const bool two_passes = n >= 2 && r.line[n - 1].move.is_pass() && r.line[n - 2].move.is_pass();
    const bool mate       = mated_end || (pos.in_check() && !has_legal_move(pos));
    EXPECT_TRUE(two_passes || mate || r.cycle_stopped());
    // `end` names that reason.
    switch (r.end) {
    case LineEnd::TwoPasses: EXPECT_TRUE(two_passes); break;
    case LineEnd::Mate:
        EXPECT_TRUE(r.iterations.back().chosen_entry >= 0
            && r.iterations.back().entries[r.iterations.back().chosen_entry].is(KIND_MATE));
        break;
    case LineEnd::NoLegalMove: EXPECT_TRUE(mated_end); break;
    case LineEnd::Repetition: EXPECT_LT(int(n), options.max_iterations); break;
    case LineEnd::IterationLimit: EXPECT_EQ(int(n), options.max_iterations); break;
    }
}

class SuiteInvariants : public ::testing::TestWithParam<std::string> { };

TEST_P(SuiteInvariants, HoldWithThreats) {
    check_invariants(GetParam(), EvalOptions {});
}

TEST_P(SuiteInvariants, HoldWithoutThreats) {
    EvalOptions options;
    options.threats = false;
    check_invariants(GetParam(), options);
}

INSTANTIATE_TEST_SUITE_P(PerftSuite, SuiteInvariants, ::testing::ValuesIn(test::suite_sfens()));
INSTANTIATE_TEST_SUITE_P(
    RandomPlay, SuiteInvariants, ::testing::ValuesIn(test::random_play_sfens(60)));
INSTANTIATE_TEST_SUITE_P(
    Scattered, SuiteInvariants, ::testing::ValuesIn(test::scattered_sfens(300)));

// The scattered sample is only worth running if it holds what play from the suite rarely
// gives: a side to move in check, a side with no legal move, a board with one king.
TEST(ScatteredPositions, IncludeChecksAndPositionsWithoutMoves) {
    int in_check = 0, no_move = 0, one_king = 0;
    for (const std::string& sfen : test::scattered_sfens(300)) {
        const Position pos = test::position_of(sfen);
        in_check += pos.in_check();
        no_move += !has_legal_move(pos);
        one_king += (pos.king_square(SENTE) == SQ_NONE) != (pos.king_square(GOTE) == SQ_NONE);
    }
    EXPECT_GE(in_check, 10);
    EXPECT_GE(no_move, 3);
    EXPECT_GE(one_king, 1);
}

// Without threats and ties every capture entry of the first table is the swap core's forced
// capture value of that move: the table adds nothing to the single-square SOMA.
TEST(CaptureEntries, EqualTheSwapCoreWithoutThreatsAndTies) {
    EvalOptions options;
    options.threats = false;
    options.ties    = false;
    int checked     = 0;
    for (const std::string& sfen : test::random_play_sfens(80)) {
        const Position   root = test::position_of(sfen);
        const EvalResult r    = evaluate(root, options);
        for (const XrefEntry& e : r.iterations.at(0).entries) {
            if (!e.is(KIND_CAPTURE) || e.is(KIND_MATE)) continue;
            Position as_mover(root);
            if (as_mover.side_to_move() != e.side) as_mover.do_move(Move::pass());
            ShogiSwapBoard     board(as_mover, *options.profile, e.move.to());
            const SwapAttacker first = board.attacker_on(e.move.from(), e.move.is_promotion());
            EXPECT_EQ(e.value, see_capture(board, e.side, first, board.target_value()))
                << sfen << " " << to_usi(e.move);
            ++checked;
        }
    }
    EXPECT_GT(checked, 100);  // the sample really exercised captures
}

}  // namespace
}  // namespace supersoma::soma
