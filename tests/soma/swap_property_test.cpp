// The swap core with the chess adapter against independent oracles on 10,000 random
// positions: seed 000's recursive SEE, and a brute-force minimax that makes the captures on a
// mailbox (tests/support/chess_oracle.hpp). Forced and stand-pat forms, thresholds around
// the value, the trace, and seed 001's cut-off (same sign, not always the same value).
#include <gtest/gtest.h>

#include <random>

#include "soma/chess/chess_capture.hpp"
#include "soma/chess/chess_swap.hpp"
#include "soma/core/swap_reference.hpp"
#include "support/chess_oracle.hpp"

namespace supersoma::soma::chess {
namespace {

namespace oracle = test::chess_oracle;

constexpr int Positions = 10000;

int sign(Value v) {
    return (v > 0) - (v < 0);
}

struct Counts {
    long forced = 0, stand_pat = 0, seed_value_differs = 0;
};

/// Every check on the forced capture from `from` to `to`.
void check_forced(const ChessBoard& board, const oracle::Mailbox& m, const ChessValues& values,
    Square from, Square to, std::mt19937_64& rng, oracle::Coverage& coverage, Counts& counts) {
    const Value truth = oracle::forced_capture(m, from, to, values, &coverage);
    const Value value = see_capture(board, values, from, to);
    ASSERT_EQ(value, truth) << to_fen(board) << " " << capture_text(from, to, false);
    ChessSwap    swap(board, values, to);
    SwapAttacker first = *swap.attacker_on(from);
    const Side   side  = board.piece_at(from)->color;
    ASSERT_EQ(reference::see_capture(swap, side, first, swap.target_value()), truth);
    ASSERT_EQ(see_capture_trace(board, values, from, to).value, truth);
    for (Value t : {truth - 1, truth, truth + 1, Value(oracle::below(rng, 2401) - 1200)})
        ASSERT_EQ(see_capture_at_least(board, values, from, to, t), truth >= t)
            << to_fen(board) << " " << capture_text(from, to, false) << " t=" << t;
    if (rank_of(to) != 0 && rank_of(to) != 7) {  // seed 001 as printed knows no promotion
        ChessSwap   seed_swap(board, values, to);
        const Value seed
            = reference::seed001_swap(seed_swap, side, first, seed_swap.target_value());
        ASSERT_EQ(sign(seed), sign(truth)) << to_fen(board) << " " << capture_text(from, to, false);
        counts.seed_value_differs += seed != truth;
    }
    ++counts.forced;
}

/// Every check on the stand-pat form for `side` on `to`.
void check_stand_pat(const ChessBoard& board, const oracle::Mailbox& m, const ChessValues& values,
    Square to, Color side, std::mt19937_64& rng, oracle::Coverage& coverage, Counts& counts) {
    const Value truth = oracle::stand_pat(m, to, side, values, &coverage);
    ASSERT_EQ(see(board, values, to, side), truth) << to_fen(board) << " " << square_name(to);
    ChessSwap swap(board, values, to);
    ASSERT_EQ(reference::see(swap, side, swap.target_value()), truth);
    ASSERT_EQ(see_trace(board, values, to, side).value, truth);
    for (Value t : {truth - 1, truth, truth + 1, Value(oracle::below(rng, 1201))})
        ASSERT_EQ(see_at_least(board, values, to, side, t), truth >= t)
            << to_fen(board) << " " << square_name(to) << " t=" << t;
    ++counts.stand_pat;
}

TEST(ChessSwapProperty, IterativeRecursiveAndBruteForceAgreeOnRandomPositions) {
    std::mt19937_64  rng(0x50A4'2026);
    oracle::Coverage coverage;
    Counts           counts;
    for (int n = 0; n < Positions; ++n) {
        const ChessBoard      board  = oracle::random_board(rng);
        const oracle::Mailbox m      = oracle::mailbox_of(board);
        const ChessValues     values = n % 3 == 0 ? CpwValues
                : n % 3 == 1                      ? MediocreValues
                                                  : oracle::random_values(rng);
        for (Square to = 0; to < 64; ++to) {
            if (!m[to] || m[to]->kind == KING) continue;
            const Color side = ~m[to]->color;  // the side that may capture on `to`
            for (Square from : oracle::attackers(m, to, side))
                if (oracle::legal_capture(m, from, to))
                    check_forced(board, m, values, from, to, rng, coverage, counts);
            check_stand_pat(board, m, values, to, side, rng, coverage, counts);
            if (HasFatalFailure()) return;
        }
    }
    // The positions exercise every rule, and seed 001's cut-off really does change values.
    EXPECT_GT(counts.forced, 40000);
    EXPECT_GT(counts.stand_pat, 40000);
    EXPECT_GT(coverage.pinned_skipped, 500);
    EXPECT_GT(coverage.king_refused, 500);
    EXPECT_GT(coverage.king_captures, 500);
    EXPECT_GT(coverage.promotions, 500);
    EXPECT_GT(coverage.xray_captures, 500);
    EXPECT_GT(counts.seed_value_differs, 500);
    RecordProperty("forced", std::to_string(counts.forced));
    RecordProperty("stand_pat", std::to_string(counts.stand_pat));
    RecordProperty("pinned_skipped", std::to_string(coverage.pinned_skipped));
    RecordProperty("king_refused", std::to_string(coverage.king_refused));
    RecordProperty("king_captures", std::to_string(coverage.king_captures));
    RecordProperty("promotions", std::to_string(coverage.promotions));
    RecordProperty("xray_captures", std::to_string(coverage.xray_captures));
    RecordProperty("seed_value_differs", std::to_string(counts.seed_value_differs));
}

}  // namespace
}  // namespace supersoma::soma::chess
