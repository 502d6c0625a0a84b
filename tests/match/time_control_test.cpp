#include "match/time_control.hpp"

#include <gtest/gtest.h>

namespace supersoma::match {
namespace {

TimeControl parsed(const char* text) {
    std::string error;
    const auto  tc = parse_time_control(text, error);
    EXPECT_TRUE(tc) << text << ": " << error;
    return tc.value_or(TimeControl {});
}

TEST(TimeControl, ParsesEachForm) {
    EXPECT_EQ(parsed("byoyomi=1000").byoyomi_ms, 1000);
    const TimeControl fischer = parsed("fischer=10000+100");
    EXPECT_EQ(fischer.main_ms, 10000);
    EXPECT_EQ(fischer.increment_ms, 100);
    const TimeControl both = parsed("time=60000,byoyomi=1000");
    EXPECT_EQ(both.main_ms, 60000);
    EXPECT_EQ(both.byoyomi_ms, 1000);
    EXPECT_EQ(parsed("movetime=200").movetime_ms, 200);
    EXPECT_EQ(parsed("nodes=5000").nodes, 5000);
    EXPECT_EQ(parsed("depth=3").depth, 3);
    EXPECT_EQ(both.describe(), "time=60000,byoyomi=1000");
}

TEST(TimeControl, RefusesBadTextWithAReason) {
    for (const char* text : {"", "byoyomi", "byoyomi=abc", "fischer=100", "fischer=1+x",
             "byoyomi=-5", "speed=3", "byoyomi=0", "movetime=100,byoyomi=10", "count=seconds",
             "byoyomi=1000,count=s", "movetime=100,count=seconds"}) {
        std::string error;
        EXPECT_FALSE(parse_time_control(text, error)) << text;
        EXPECT_FALSE(error.empty()) << text;
    }
}

TEST(GameClock, ByoyomiCoversOnlyWhatMainTimeDoesNot) {
    const TimeControl tc = parsed("time=2000,byoyomi=1000");
    GameClock         clock(tc);
    EXPECT_EQ(clock.budget_ms(), 3000);
    EXPECT_TRUE(clock.charge(1500));
    EXPECT_EQ(clock.remaining_ms(), 500);
    EXPECT_TRUE(clock.charge(1500));  // 500 of main time, 1000 of byoyomi
    EXPECT_EQ(clock.remaining_ms(), 0);
    EXPECT_EQ(clock.budget_ms(), 1000);
    EXPECT_TRUE(clock.charge(1000));
    EXPECT_FALSE(clock.charge(1001));
}

TEST(GameClock, CountedInWholeSecondsAMoveUsesUpToTheNextFullSecond) {
    const TimeControl tc = parsed("time=2000,byoyomi=1000,count=seconds");
    EXPECT_EQ(tc.describe(), "time=2000,byoyomi=1000,count=seconds");
    EXPECT_FALSE(parsed("byoyomi=1000,count=ms").whole_seconds);
    GameClock clock(tc);
    EXPECT_EQ(clock.budget_ms(), 3999);
    EXPECT_TRUE(clock.charge(1999));  // one second
    EXPECT_EQ(clock.remaining_ms(), 1000);
    EXPECT_TRUE(clock.charge(2999));  // the last of main time and the byoyomi
    EXPECT_EQ(clock.remaining_ms(), 0);
    EXPECT_EQ(clock.budget_ms(), 1999);
    EXPECT_TRUE(clock.charge(1145));  // GPS Shogi's move at byoyomi 1 s
    EXPECT_FALSE(clock.charge(2000));
}

TEST(GameClock, FischerAddsTheIncrementBeforeTheMove) {
    const TimeControl tc = parsed("fischer=1000+100");
    GameClock         clock(tc);
    EXPECT_EQ(clock.budget_ms(), 1100);
    EXPECT_TRUE(clock.charge(600));
    EXPECT_EQ(clock.remaining_ms(), 500);
    EXPECT_TRUE(clock.charge(600));
    EXPECT_EQ(clock.remaining_ms(), 0);
    EXPECT_FALSE(clock.charge(101));
}

TEST(GameClock, MoveTimeIsAPerMoveLimitAndWorkLimitsHaveNone) {
    GameClock movetime(parsed("movetime=200"));
    EXPECT_EQ(movetime.budget_ms(), 200);
    EXPECT_TRUE(movetime.charge(200));
    EXPECT_FALSE(movetime.charge(201));
    GameClock nodes(parsed("nodes=100"));
    EXPECT_TRUE(nodes.charge(100000));
}

TEST(GameClock, GoCommandsAsGuisSendThem) {
    const TimeControl byoyomi = parsed("time=60000,byoyomi=1000");
    GameClock         sente(byoyomi), gote(byoyomi);
    ASSERT_TRUE(sente.charge(5000));
    EXPECT_EQ(go_command(SENTE, sente, gote), "go btime 55000 wtime 60000 byoyomi 1000");
    EXPECT_EQ(go_command(GOTE, sente, gote, true), "go btime 60000 wtime 55000 byoyomi 1000");
    const TimeControl fischer = parsed("fischer=10000+100");
    GameClock         fs(fischer), fg(fischer);
    EXPECT_EQ(go_command(SENTE, fs, fg), "go btime 10000 wtime 10000 binc 100 winc 100");
    const GameClock nodes(parsed("nodes=77")), movetime(parsed("movetime=50"));
    EXPECT_EQ(go_command(SENTE, nodes, nodes), "go nodes 77");
    EXPECT_EQ(go_command(GOTE, movetime, movetime), "go movetime 50");
    const GameClock depth(parsed("depth=4"));
    EXPECT_EQ(go_command(SENTE, depth, depth), "go depth 4");
}

TEST(GameClock, TimeOddsGiveEachSideItsOwnControl) {
    const GameClock long_byoyomi(parsed("byoyomi=800")), short_byoyomi(parsed("byoyomi=200"));
    EXPECT_EQ(go_command(SENTE, long_byoyomi, short_byoyomi), "go btime 0 wtime 0 byoyomi 800");
    EXPECT_EQ(go_command(GOTE, long_byoyomi, short_byoyomi), "go btime 0 wtime 0 byoyomi 200");
    // Each increment is its own side's, whoever is to move.
    const GameClock slow(parsed("fischer=10000+300")), fast(parsed("fischer=5000+100"));
    EXPECT_EQ(go_command(GOTE, slow, fast), "go btime 10000 wtime 5000 binc 300 winc 100");
    EXPECT_EQ(go_command(SENTE, fast, slow, true), "go btime 10000 wtime 5000 binc 300 winc 100");
    // A work limit is the mover's alone.
    const GameClock nodes(parsed("nodes=400")), depth(parsed("depth=3"));
    EXPECT_EQ(go_command(SENTE, nodes, depth), "go nodes 400");
    EXPECT_EQ(go_command(GOTE, nodes, depth), "go depth 3");
    EXPECT_EQ(describe_time_controls(parsed("byoyomi=800"), parsed("byoyomi=800")), "byoyomi=800");
    EXPECT_EQ(describe_time_controls(parsed("byoyomi=800"), parsed("byoyomi=200")),
        "sente byoyomi=800 / gote byoyomi=200");
}

}  // namespace
}  // namespace supersoma::match
