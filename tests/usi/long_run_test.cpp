// Long runs through the USI loop, outside the default suite (label "long"; docs/robustness.md):
// hundreds of games in one process without memory growth or state leaking between games, and
// `stop` at random moments always answered by exactly one bestmove.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <random>
#include <string>

#include "support/usi_process.hpp"

namespace supersoma::test {
namespace {

/// Resident memory of `pid` in kB, from /proc.
long resident_kb(pid_t pid) {
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    for (std::string line; std::getline(status, line);)
        if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
    return -1;
}

std::string bestmove_of(UsiProcess& engine, int ms) {
    const auto line = engine.wait_for("bestmove", ms);
    return line ? line->substr(9, line->find(' ', 9) - 9) : "";
}

/// Plays one short game of the engine against itself; the moves made, or empty on a fault.
int play_game(UsiProcess& engine, int max_plies, std::mt19937& rng) {
    engine.send("usinewgame");
    engine.send("isready");
    if (!engine.wait_for("readyok", 10000)) return -1;
    std::string moves;
    int         plies = 0;
    for (; plies < max_plies; ++plies) {
        engine.send("position startpos" + (moves.empty() ? "" : " moves" + moves));
        engine.send("go nodes " + std::to_string(200 + rng() % 800));
        const std::string best = bestmove_of(engine, 10000);
        if (best.empty()) return -1;
        if (best == "resign" || best == "win") break;
        moves += " " + best;
    }
    engine.send("gameover draw");
    return plies;
}

TEST(LongRun, TwoHundredGamesInOneProcessWithoutGrowth) {
    UsiProcess engine;
    engine.send("usi");
    ASSERT_TRUE(engine.wait_for("usiok", 10000));
    engine.send("setoption name LeafMode value QSearch");
    std::mt19937 rng(7);
    long         after_warmup = 0;
    for (int game = 0; game < 200; ++game) {
        ASSERT_GT(play_game(engine, 40, rng), 0) << "game " << game;
        if (game == 19) after_warmup = resident_kb(engine.pid());
    }
    const long at_end = resident_kb(engine.pid());
    ASSERT_GT(after_warmup, 0);
    std::printf("resident memory: %ld kB after 20 games, %ld kB after 200\n", after_warmup, at_end);
    // The table and caches are allocated once: 180 more games may not add 8 MB.
    EXPECT_LT(at_end - after_warmup, 8 * 1024) << after_warmup << " kB -> " << at_end << " kB";
    // State does not leak: a fresh game from the start position still plays the same first
    // move as a fresh process does at the same node count.
    engine.send("usinewgame");
    engine.send("position startpos");
    engine.send("go nodes 5000");
    const std::string after_many = bestmove_of(engine, 10000);
    UsiProcess        fresh;
    fresh.send("usi");
    fresh.send("setoption name LeafMode value QSearch");
    fresh.send("isready");
    ASSERT_TRUE(fresh.wait_for("readyok", 10000));
    fresh.send("usinewgame");
    fresh.send("position startpos");
    fresh.send("go nodes 5000");
    EXPECT_EQ(after_many, bestmove_of(fresh, 10000));
}

TEST(LongRun, StopAtRandomMomentsAlwaysGivesOneBestmove) {
    UsiProcess engine;
    engine.send("usi");
    ASSERT_TRUE(engine.wait_for("usiok", 10000));
    std::mt19937 rng(11);
    for (int i = 0; i < 1000; ++i) {
        engine.send(i % 3 == 0 ? "position startpos moves 7g7f 3c3d" : "position startpos");
        const int kind = int(rng() % 3);
        engine.send(kind == 0 ? "go infinite"
                : kind == 1   ? "go btime 1000 wtime 1000 byoyomi 100"
                              : "go ponder byoyomi 1000");
        usleep(useconds_t(rng() % 30'000));
        engine.send("stop");
        ASSERT_TRUE(engine.wait_for("bestmove", 5000)) << "round " << i;
    }
    engine.send("isready");
    ASSERT_TRUE(engine.wait_for("readyok", 5000));
    int bestmoves = 0;
    for (const std::string& l : engine.lines()) bestmoves += l.rfind("bestmove", 0) == 0;
    EXPECT_EQ(bestmoves, 1000);
}

}  // namespace
}  // namespace supersoma::test
