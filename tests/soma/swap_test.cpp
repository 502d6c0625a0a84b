// The board-agnostic swap core on scripted boards: seed 001's lists, the generalised terms
// with the article's shogi numbers, the king rule, the cut-off, and the threshold form.
#include "soma/core/swap.hpp"

#include <gtest/gtest.h>

#include <random>

#include "scripted_board.hpp"
#include "soma/core/swap_reference.hpp"

namespace supersoma::test {
namespace {

using soma::SwapAttacker;
using soma::Value;

/// The first capturer and the board holding the rest (the first is queue[0][0]).
ScriptedBoard line(std::vector<SwapAttacker> side0, std::vector<SwapAttacker> side1) {
    ScriptedBoard board;
    board.queue = {std::move(side0), std::move(side1)};
    return board;
}

Value forced(ScriptedBoard board, Value target) {
    const SwapAttacker first = board.queue[0][0];
    return soma::see_capture(board, 0, first, target);
}

// Article profile, shogi: pawn 52 taken by a knight (240) and retaken by a gold (440).
TEST(SwapCore, ShogiKnightTakesPawnRetakenByGoldIsMinus188) {
    EXPECT_EQ(forced(line({attacker(1, 240)}, {attacker(2, 440)}), 52), -188);
}

TEST(SwapCore, ShogiPromotingKnightTakesPawnRetakenByGoldIsMinus188) {
    EXPECT_EQ(forced(line({attacker(1, 350, 110)}, {attacker(2, 440)}), 52), -188);
}

TEST(SwapCore, ShogiGoldTiedAt790DoesNotRetakeSoKnightWins52) {
    EXPECT_EQ(forced(line({attacker(1, 240)}, {attacker(2, 440, 0, 790)}), 52), 52);
}

TEST(SwapCore, ShogiPromotingKnightWithTiedGoldWins162) {
    EXPECT_EQ(forced(line({attacker(1, 350, 110)}, {attacker(2, 440, 0, 790)}), 52), 162);
}

TEST(SwapCore, TheFourShogiCasesAgreeWithTheRecursiveReference) {
    for (auto [p, c, t] : {std::tuple {0, 240, 0}, {110, 350, 0}, {0, 240, 790}, {110, 350, 790}}) {
        ScriptedBoard board = line({attacker(1, c, p)}, {attacker(2, 440, 0, t)});
        ScriptedBoard copy  = board;
        EXPECT_EQ(forced(board, 52), soma::reference::see_capture(copy, 0, board.queue[0][0], 52));
    }
}

// Seed 001, position 2 as a script: N(325) takes p(100); n, R, b, Q, q follow.
ScriptedBoard seed001_position2() {
    return line({attacker(1, 325), attacker(3, 500), attacker(5, 1000)},
        {attacker(2, 325), attacker(4, 325), attacker(6, 1000)});
}

TEST(SwapCore, Seed001Position2IsMinus225WithTheFullSwapList) {
    ScriptedBoard board = seed001_position2();
    const auto    trace = soma::see_capture_trace(board, 0, attacker(1, 325), 100);
    EXPECT_EQ(trace.value, -225);
    EXPECT_EQ(trace.gains, (std::vector<Value> {100, 225, 100, 400, -75, 1075, -75}));
    ASSERT_EQ(trace.captures.size(), 6u);
    for (std::size_t i = 0; i < trace.captures.size(); ++i) {
        EXPECT_EQ(trace.captures[i].side, int(i % 2));
        EXPECT_EQ(trace.captures[i].attacker.square, int(i + 1));
    }
    EXPECT_EQ(forced(seed001_position2(), 100), -225);
}

TEST(SwapCore, TraceCountsOnlyTheCapturesBestPlayMakes) {
    // Seed 001 position 2: after nxN white stands on -225, since RxN would end at -400 once the
    // bishop retakes (backed-up gain[2]); best play is two captures.
    ScriptedBoard board = seed001_position2();
    EXPECT_EQ(soma::see_capture_trace(board, 0, attacker(1, 325), 100).played, 2u);
}

TEST(SwapCore, StandPatIsNeverNegative) {
    ScriptedBoard board = seed001_position2();
    EXPECT_EQ(soma::see(board, 0, 100), 0);
    ScriptedBoard undefended = line({attacker(1, 325)}, {});
    EXPECT_EQ(soma::see(undefended, 0, 100), 100);
    ScriptedBoard nobody = line({}, {attacker(1, 100)});
    EXPECT_EQ(soma::see(nobody, 0, 100), 0);
    ScriptedBoard empty_trace = line({}, {});
    EXPECT_TRUE(soma::see_trace(empty_trace, 0, 100).captures.empty());
}

TEST(SwapCore, KingDoesNotCaptureOntoAGuardedSquare) {
    // Pawn takes knight; the defender's only attacker is its king, the square is still guarded
    // by side 0's rook: the king stays, side 0 keeps the knight.
    EXPECT_EQ(
        forced(line({attacker(1, 100), attacker(3, 500)}, {attacker(2, 20000, 0, 0, true)}), 325),
        325);
    // With nothing left behind the pawn, the king takes it.
    EXPECT_EQ(forced(line({attacker(1, 100)}, {attacker(2, 20000, 0, 0, true)}), 325), 225);
}

TEST(SwapCore, KingCapturesLastWhenTheSquareIsFree) {
    // Side 0: queen then king; side 1: one rook. QxN RxQ KxR: 325 - 1000 + 500.
    EXPECT_EQ(
        forced(line({attacker(1, 1000), attacker(3, 20000, 0, 0, true)}, {attacker(2, 500)}), 325),
        -175);
    // A second defender keeps the king out: QxN RxQ and the king may not retake.
    EXPECT_EQ(forced(line({attacker(1, 1000), attacker(3, 20000, 0, 0, true)},
                         {attacker(2, 500), attacker(4, 500)}),
                  325),
        -675);
}

TEST(SwapCore, Seed001CutOffKeepsTheSignButNotTheValue) {
    // Pawn takes a knight defended by a pawn: worth 225. Seed 001's cut-off stops at the
    // speculative store (max(-325, 100 - 325) < 0) and answers 325.
    ScriptedBoard exact = line({attacker(1, 100)}, {attacker(2, 100)});
    ScriptedBoard seed  = exact;
    EXPECT_EQ(forced(exact, 325), 225);
    EXPECT_EQ(soma::reference::seed001_swap(seed, 0, attacker(1, 100), 325), 325);
}

TEST(SwapCore, ExactCutOffStopsEarly) {
    // Q takes a pawn defended by a pawn, and both sides have more. Side 0's best stand-pat is
    // -900 (after pxQ); after BxN side 1 could stand on +975, and -900 + 975 >= 0: the bounds
    // have met, so the bishop is never taken off and the last attacker never asked.
    ScriptedBoard board = line({attacker(1, 1000), attacker(3, 500), attacker(5, 325)},
        {attacker(2, 100), attacker(4, 325), attacker(6, 500)});
    ScriptedBoard full  = board;
    const Value   value = forced(board, 100);
    EXPECT_EQ(value, soma::see_capture_trace(full, 0, attacker(1, 1000), 100).value);
    ScriptedBoard counted = board;
    soma::see_capture(counted, 0, attacker(1, 1000), 100);
    EXPECT_LT(counted.removed.size(), 6u);
}

TEST(SwapCore, ThresholdFormBracketsTheValue) {
    for (Value t = -400; t <= 400; t += 25) {
        ScriptedBoard board = seed001_position2();
        EXPECT_EQ(soma::see_capture_at_least(board, 0, attacker(1, 325), 100, t), -225 >= t) << t;
    }
}

/// Explicit game tree over a scripted line: the mover stands or captures with its next one.
Value line_minimax(
    ScriptedBoard board, soma::Side mover, soma::Side root, Value balance, Value on_square) {
    const auto next = board.least_valuable_attacker(mover);
    if (!next || (next->is_king && board.guards(soma::other_side(mover)))) return balance;
    const Value gain = on_square + next->promotion_gain - next->leave_cost;
    board.remove(*next);
    const Value child = line_minimax(board, soma::other_side(mover), root,
        mover == root ? balance + gain : balance - gain, next->capture_value);
    return mover == root ? std::max(balance, child) : std::min(balance, child);
}

TEST(SwapCoreProperty, RandomLinesWithPromotionsAndTiesMatchTheMinimax) {
    std::mt19937_64 rng(20261121);
    auto            below     = [&](int n) { return int(rng() % std::uint64_t(n)); };
    long            cut_early = 0;
    for (int round = 0; round < 20000; ++round) {
        ScriptedBoard board;
        int           id = 0;
        for (int side : {0, 1}) {
            const int count = (side == 0 ? 1 : 0) + below(6);
            for (int i = 0; i < count; ++i) {
                const bool king = i == count - 1 && below(4) == 0;
                board.queue[side].push_back(attacker(++id, king ? 20000 : 50 + below(1000),
                    below(3) == 0 ? below(300) : 0, below(4) == 0 ? below(800) : 0, king));
            }
        }
        const Value        target = 50 + below(1000);
        const SwapAttacker first  = board.queue[0][0];
        ScriptedBoard      b1 = board, b2 = board, b3 = board;
        // line_minimax starts after the first capture: take it off its queue there.
        ScriptedBoard after = board;
        after.remove(first);
        const Value expected = line_minimax(
            after, 1, 0, target + first.promotion_gain - first.leave_cost, first.capture_value);
        const Value value = soma::see_capture(b1, 0, first, target);
        ASSERT_EQ(value, expected) << "round " << round;
        ASSERT_EQ(soma::reference::see_capture(b2, 0, first, target), expected);
        ASSERT_EQ(soma::see_capture_trace(b3, 0, first, target).value, expected);
        if (b1.removed.size() < b3.removed.size()) ++cut_early;
        for (Value t : {expected - 1, expected, expected + 1, Value(below(2000) - 1000)}) {
            ScriptedBoard plain = board;
            ASSERT_EQ(soma::see_capture_at_least(plain, 0, first, target, t), expected >= t);
            BoundedScriptedBoard bounded;
            static_cast<ScriptedBoard&>(bounded) = board;
            bounded.bound                        = 300;  // promotion_gain < 300, leave_cost >= 0
            ASSERT_EQ(soma::see_capture_at_least(bounded, 0, first, target, t), expected >= t);
        }
        ScriptedBoard stand = board, stand_ref = board, stand_ge = board;
        const Value   stand_expected = line_minimax(board, 0, 0, 0, target);
        ASSERT_EQ(soma::see(stand, 0, target), stand_expected);
        ASSERT_EQ(soma::reference::see(stand_ref, 0, target), stand_expected);
        ASSERT_EQ(soma::see_at_least(stand_ge, 0, target, stand_expected), true);
    }
    EXPECT_GT(cut_early, 1000);  // the exact cut-off fires, and changed nothing above
}

}  // namespace
}  // namespace supersoma::test
