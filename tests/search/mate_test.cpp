// The df-pn mate solver: lines of known length (tests/data/tsume.txt, each length confirmed
// as the shortest mate by Fairy-Stockfish), checked move by move, and against a brute-force
// search for the short ones; pawn-drop mate is no mate; time and stop end it.
#include "search/mate.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>

#include "support/engine_helpers.hpp"

namespace supersoma::search {
namespace {

using namespace std::chrono_literals;

struct Tsume {
    std::string sfen;
    int         plies;
};

std::vector<Tsume> tsume_set() {
    std::ifstream      file(SUPERSOMA_TEST_DATA "/tsume.txt");
    std::vector<Tsume> set;
    for (std::string line; std::getline(file, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream fields(line);
        std::string        sfen, plies;
        std::getline(fields, sfen, ';');
        std::getline(fields, plies, ';');
        set.push_back({sfen, std::stoi(plies)});
    }
    return set;
}

/// Brute force: can the side to move mate by checks within `plies` (odd)?
bool mates_within(Position& pos, int plies) {
    for (const Move check : generate(GenKind::Checks, pos)) {
        pos.do_move(check);
        bool           all_answered = true;
        const MoveList evasions     = generate(GenKind::Evasions, pos);
        for (const Move e : evasions) {
            pos.do_move(e);
            all_answered = plies >= 3 && mates_within(pos, plies - 2);
            pos.undo_move();
            if (!all_answered) break;
        }
        pos.undo_move();
        if (all_answered) return true;
    }
    return false;
}

/// Replays `line`: every attacker move checks, every move is legal, the end is mate.
void expect_mating_line(const Position& start, const std::vector<Move>& line) {
    Position pos = start;
    for (std::size_t i = 0; i < line.size(); ++i) {
        ASSERT_TRUE(is_legal(pos, line[i])) << "ply " << i + 1;
        if (i % 2 == 0) {
            EXPECT_TRUE(pos.gives_check(line[i])) << "ply " << i + 1;
        }
        pos.do_move(line[i]);
    }
    EXPECT_TRUE(pos.in_check());
    EXPECT_FALSE(has_legal_move(pos));
}

MateResult solve(const std::string& sfen, std::chrono::milliseconds limit = 10s) {
    static MateSolver       solver(64);
    const std::atomic<bool> stop {false};
    return solver.solve(test::from_sfen(sfen), limit, stop);
}

TEST(MateSolver, SolvesTheSetWithTheShortestLines) {
    const auto set = tsume_set();
    ASSERT_GE(set.size(), 20u);
    std::map<int, int> lengths;
    for (const Tsume& t : set) {
        if (t.plies > 11) continue;  // the longer ones take seconds each: bench/mate_bench.sh
        const MateResult r = solve(t.sfen);
        ASSERT_EQ(r.status, MateResult::Status::Mate) << t.sfen;
        EXPECT_EQ(int(r.line.size()), t.plies) << t.sfen;
        expect_mating_line(test::from_sfen(t.sfen), r.line);
        ++lengths[t.plies];
    }
    for (int plies : {1, 3, 5, 7, 9, 11})
        EXPECT_GE(lengths[plies], 1) << "no " << plies << "-ply problem";
}

TEST(MateSolver, BruteForceFindsNoShorterMate) {
    for (const Tsume& t : tsume_set()) {
        if (t.plies > 5) continue;
        Position pos = test::from_sfen(t.sfen);
        EXPECT_TRUE(mates_within(pos, t.plies)) << t.sfen;
        if (t.plies > 1) {
            EXPECT_FALSE(mates_within(pos, t.plies - 2)) << t.sfen;
        }
    }
}

TEST(MateSolver, PawnDropMateIsNoMate) {
    // The only mating move would be P*1b, which the rules forbid.
    const MateResult r = solve("7nk/9/8G/9/9/9/9/9/4K4 b P 1");
    EXPECT_EQ(r.status, MateResult::Status::NoMate);
    // The same with a gold in hand mates at once.
    EXPECT_EQ(solve("7nk/9/8G/9/9/9/9/9/4K4 b G 1").line.size(), 1u);
}

// Gote's king on 5a, in check from the rook once it reaches 9a, may drop its silver or gold
// on 8a or 7a, where nothing of gote's guards it: the rook takes and checks again (useless
// interpositions, 無駄合). The line leaves them out: the guarded interposition on 6a, then
// mate, in 3 plies, not the 5 the drops could stretch it to.
TEST(MateSolver, LineLeavesOutUselessInterpositions) {
    const std::string sfen = "4ks3/Rp7/2N1G4/9/9/9/9/9/9 b gs 1";
    const MateResult  r    = solve(sfen);
    ASSERT_EQ(r.status, MateResult::Status::Mate);
    ASSERT_EQ(r.line.size(), 3u);
    expect_mating_line(test::from_sfen(sfen), r.line);
    EXPECT_EQ(to_usi(r.line[0]), "9b9a+");
    EXPECT_TRUE(r.line[1].is_drop());
    EXPECT_EQ(to_usi(r.line[1]).substr(1), "*6a");
    // Counting every defence, the drops included, no mate is shorter than 5 plies.
    Position pos = test::from_sfen(sfen);
    EXPECT_FALSE(mates_within(pos, 3));
    EXPECT_TRUE(mates_within(pos, 5));
}

// When a useless interposition is the defender's only answer, the line keeps it, so that it
// still ends in mate: here gote's pawn cannot go to 6a (a pawn on 6d already, nifu) nor 8a
// (8b), only to 7a.
TEST(MateSolver, OnlyUselessInterpositionIsKept) {
    const std::string sfen = "4ks3/Rp7/2N1G4/3p5/9/9/9/9/9 b p 1";
    const MateResult  r    = solve(sfen);
    ASSERT_EQ(r.status, MateResult::Status::Mate);
    ASSERT_EQ(r.line.size(), 3u);
    expect_mating_line(test::from_sfen(sfen), r.line);
    EXPECT_EQ(to_usi(r.line[1]), "P*7a");
}

// A limit too long for the clock (found by fuzzing `go mate`) is no limit, not an overflow.
TEST(MateSolver, LimitPastAYearIsNoLimit) {
    const MateResult r
        = solve("4k4/9/4P4/9/9/9/9/9/4K4 b G 1", std::chrono::milliseconds(5'077'777'777'777'777));
    ASSERT_EQ(r.status, MateResult::Status::Mate);
    EXPECT_EQ(r.line.size(), 1u);
}

TEST(MateSolver, NoCheckOrAnEscapeIsNoMate) {
    EXPECT_EQ(solve(std::string(StartSfen)).status, MateResult::Status::NoMate);
    // Checks exist but the king always escapes to the open board.
    EXPECT_EQ(solve("9/9/9/9/4k4/9/9/9/4K4 b G 1").status, MateResult::Status::NoMate);
}

TEST(MateSolver, TimeAndStopEndTheSearch) {
    // A long classical problem (Shogi Muso no. 1) is not solved in 100 ms.
    const std::string hard  = "3g1n1l1/2p1g1r2/5k2S/4p1N+R1/3+p5/7N1/B8/9/9 b 2GSNb2s3l15p 1";
    const auto        start = std::chrono::steady_clock::now();
    EXPECT_EQ(solve(hard, 100ms).status, MateResult::Status::Timeout);
    EXPECT_LT(std::chrono::steady_clock::now() - start, 1s);
    MateSolver        solver(4);
    std::atomic<bool> stop {true};
    EXPECT_EQ(solver.solve(test::from_sfen(hard), 0ms, stop).status, MateResult::Status::Timeout);
}

// The search's bounded probe: a mate within its plies and nodes is proven with a length no
// shorter than the shortest; too few nodes, too few plies or no mate give nothing.
TEST(MateProve, BoundedProofsForTheSearch) {
    MateSolver solver(2);
    int        proven = 0;
    for (const Tsume& problem : tsume_set()) {
        if (problem.plies > 7) continue;
        const Position pos    = test::from_sfen(problem.sfen);
        const auto     length = solver.prove(pos, 7, 100'000);
        ASSERT_TRUE(length) << problem.sfen;
        EXPECT_GE(*length, problem.plies) << problem.sfen;
        EXPECT_LE(*length, 7);
        EXPECT_EQ(*length % 2, 1);
        if (problem.plies >= 5) {
            EXPECT_FALSE(solver.prove(pos, 3, 100'000)) << problem.sfen;  // longer than 3
            EXPECT_FALSE(solver.prove(pos, 7, 2)) << problem.sfen;        // two nodes
        }
        ++proven;
    }
    EXPECT_GE(proven, 10);
    EXPECT_FALSE(solver.prove(test::from_sfen(StartSfen), 7, 100'000));
}

}  // namespace
}  // namespace supersoma::search
