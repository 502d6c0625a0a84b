// mating_moves() skips checks that leave the king a flight square before making them; it
// must find exactly the checks after which the opponent has no legal move, and mate_in_one()
// the first of them.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "engine/mate1ply.hpp"
#include "engine/notation.hpp"
#include "engine/sfen.hpp"
#include "support/engine_helpers.hpp"

namespace supersoma {
namespace {

using test::from_sfen;

// The mates by brute force: make every legal move, keep those that leave no reply.
std::vector<std::string> brute_force_mates(Position& pos) {
    std::vector<std::string> mates;
    for (Move m : generate(GenKind::Legal, pos)) {
        pos.do_move(m);
        if (pos.in_check() && count_legal(pos) == 0) mates.push_back(to_usi(m));
        pos.undo_move();
    }
    return mates;
}

std::vector<std::string> fast_mates(Position& pos) {
    std::vector<std::string> mates;
    for (Move m : mating_moves(pos)) mates.push_back(to_usi(m));
    return mates;
}

TEST(MateInOne, FindsAGoldDropMateOnTheHead) {
    // Gote king 5a between its own knights (which cannot reach 5b); sente's pawn on 5c
    // guards 5b, and a gold there covers 4b and 6b.
    Position pos = from_sfen("3nkn3/9/4P4/9/9/9/9/9/4K4 b G 1");
    EXPECT_EQ(fast_mates(pos), brute_force_mates(pos));
    EXPECT_EQ(fast_mates(pos), std::vector<std::string> {"G*5b"});
}

TEST(MateInOne, FindsAMateThatOpensALineToTheLastFlightSquare) {
    // Gote king 1a with one flight, 1b. The gold on 3b to 2a checks (the knight on 3c guards
    // it) and cannot reach 1b from there; leaving 3b, it opens the rook's rank to 1b. A
    // screen judging a check by its piece's reach alone would drop this mate.
    Position                       pos      = from_sfen("8k/R5G2/6N2/9/9/9/9/9/4K4 b - 1");
    const std::vector<std::string> expected = brute_force_mates(pos);
    EXPECT_EQ(fast_mates(pos), expected);
    EXPECT_NE(std::find(expected.begin(), expected.end(), "3b2a"), expected.end());
}

TEST(MateInOne, AgreesWithBruteForceOnSuiteAndRandomPositions) {
    std::mt19937 rng(7);
    int          positions = 0, with_mates = 0;
    for (const std::string& sfen : test::suite_sfens()) {
        Position pos = from_sfen(sfen);
        for (int ply = 0; ply < 40; ++ply) {
            const std::vector<std::string> expected = brute_force_mates(pos);
            ASSERT_EQ(fast_mates(pos), expected) << to_sfen(pos);
            // The search's single answer: the first of the list, and none only without one.
            const Move first = pos.in_check() ? Move::none() : mate_in_one(pos);
            ASSERT_EQ(first.is_none() ? std::string() : to_usi(first),
                pos.in_check() || expected.empty() ? std::string() : expected.front())
                << to_sfen(pos);
            ++positions;
            with_mates += !expected.empty();
            const MoveList moves = generate(GenKind::Legal, pos);
            if (moves.empty()) break;
            pos.do_move(moves[rng() % moves.size()]);
        }
    }
    EXPECT_GT(positions, 3000);
    EXPECT_GT(with_mates, 20);  // the sample contains real mates, so the test can fail
}

}  // namespace
}  // namespace supersoma
