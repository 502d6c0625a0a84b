// Time budgets from the clocks USI sends; each budget stays inside what the clock allows.
#include "search/timeman.hpp"

#include <gtest/gtest.h>

#include <limits>

namespace supersoma::search {
namespace {

TimeManager plan(Limits limits, Color us = SENTE, int ply = 40, TimeMargins margins = {}) {
    TimeManager tm;
    tm.init(limits, us, ply, margins);
    return tm;
}

TEST(TimeManager, ByoyomiOnlyUsesTheByoyomiLessTheMargin) {
    Limits limits;
    limits.byoyomi = 1000;
    const auto tm  = plan(limits);
    EXPECT_TRUE(tm.active());
    EXPECT_EQ(tm.maximum(), 1000 - 120);
    EXPECT_EQ(tm.optimum(), 1000 - 120);
}

// Byoyomi not used is lost once the main time is gone, and so is a move time: the search
// runs to the hard limit. With main time or an increment left, time saved is kept.
TEST(TimeManager, SpendsAllOnlyWhereTimeNotUsedIsLost) {
    Limits byoyomi;
    byoyomi.byoyomi = 1000;
    EXPECT_TRUE(plan(byoyomi).spends_all());
    Limits movetime;
    movetime.movetime = 500;
    EXPECT_TRUE(plan(movetime).spends_all());
    Limits main_time      = byoyomi;
    main_time.time[SENTE] = 30000;
    EXPECT_FALSE(plan(main_time).spends_all());
    EXPECT_TRUE(plan(main_time, GOTE).spends_all());  // gote's main time is gone
    Limits fischer;
    fischer.time[SENTE] = 10000;
    fischer.inc[SENTE]  = 100;
    EXPECT_FALSE(plan(fischer).spends_all());
    Limits infinite   = byoyomi;
    infinite.infinite = true;
    EXPECT_FALSE(plan(infinite).spends_all());
}

TEST(TimeManager, ShortByoyomiKeepsAQuarterAtMost) {
    Limits limits;
    limits.byoyomi = 200;
    EXPECT_EQ(plan(limits).maximum(), 150);
    EXPECT_EQ(plan(limits).optimum(), 150);
}

// Found by fuzzing `go`: clocks near the largest number overflowed their sum (UBSan). They are
// read as a year, so budgets stay positive and within a year.
TEST(TimeManager, ClocksPastAYearAreReadAsAYear) {
    constexpr Millis huge = std::numeric_limits<Millis>::max();
    constexpr Millis year = Millis(366) * 24 * 3600 * 1000;
    Limits           limits;
    limits.time[SENTE] = limits.time[GOTE] = huge;
    limits.inc[SENTE] = limits.inc[GOTE] = huge;
    limits.byoyomi                       = huge;
    const auto clock                     = plan(limits);
    EXPECT_GT(clock.optimum(), 0);
    EXPECT_LE(clock.maximum(), 3 * year);
    limits          = {};
    limits.movetime = huge;
    const auto move = plan(limits);
    EXPECT_GT(move.optimum(), 0);
    EXPECT_LE(move.maximum(), year);
}

TEST(TimeManager, MainTimePlusByoyomiNeverExceedsTheirSum) {
    Limits limits;
    limits.time[SENTE] = 60000;
    limits.byoyomi     = 3000;
    const auto tm      = plan(limits);
    EXPECT_LE(tm.maximum(), 63000 - 120);
    EXPECT_GE(tm.optimum(), 3000 - 120);  // byoyomi not used is lost
    EXPECT_LE(tm.optimum(), tm.maximum());
}

TEST(TimeManager, FischerBudgetCountsTheIncrementOfThisMove) {
    Limits limits;
    limits.time[SENTE] = 10000;
    limits.inc[SENTE]  = 100;
    const auto tm      = plan(limits);
    EXPECT_GE(tm.optimum(), 100);
    EXPECT_LE(tm.maximum(), 10000 / 5 + 100);
}

TEST(TimeManager, SuddenDeathKeepsMostOfTheClock) {
    Limits limits;
    limits.time[SENTE] = 60000;
    const auto tm      = plan(limits, SENTE, 200);
    EXPECT_LE(tm.maximum(), 60000 / 5);
    EXPECT_GT(tm.optimum(), 0);
}

TEST(TimeManager, ReadsItsOwnSideClock) {
    Limits limits;
    limits.time[SENTE] = 600000;
    limits.time[GOTE]  = 500;
    const auto tm      = plan(limits, GOTE);
    EXPECT_LE(tm.maximum(), 500);
}

TEST(TimeManager, NegativeClocksStillLeaveAMove) {
    Limits limits;
    limits.time[SENTE] = -5000;
    limits.inc[SENTE]  = 1000;
    const auto tm      = plan(limits);
    EXPECT_TRUE(tm.active());
    EXPECT_GT(tm.maximum(), 0);
    EXPECT_LE(tm.maximum(), 1000);
}

TEST(TimeManager, MoveTimeIsADeadlineWithAMargin) {
    // The network delay is kept back, but never more than a quarter of the time.
    Limits limits;
    limits.movetime = 1000;
    EXPECT_EQ(plan(limits).optimum(), 1000 - 120);
    EXPECT_EQ(plan(limits).maximum(), 1000 - 120);
    limits.movetime = 300;
    EXPECT_EQ(plan(limits).maximum(), 300 - 75);
    limits.movetime = 2;
    EXPECT_EQ(plan(limits).maximum(), 2);
}

TEST(TimeManager, InfinitePonderAndNoClockAreUntimed) {
    Limits infinite;
    infinite.infinite = true;
    infinite.byoyomi  = 1000;
    EXPECT_FALSE(plan(infinite).active());
    Limits ponder;
    ponder.ponder  = true;
    ponder.byoyomi = 1000;
    EXPECT_FALSE(plan(ponder).active());
    EXPECT_FALSE(plan(Limits {}).active());
}

TEST(TimeManager, MarginsAreTheUsers) {
    Limits limits;
    limits.byoyomi = 2000;
    TimeMargins margins;
    margins.network_delay = 500;
    EXPECT_EQ(plan(limits, SENTE, 40, margins).maximum(), 1500);
}

}  // namespace
}  // namespace supersoma::search

namespace supersoma::search {
namespace {

// NetworkDelay is the usual delay a byoyomi move aims short by; NetworkDelay2 the worst one,
// kept back from the hard deadline.
TEST(TimeManager, NetworkDelayAimsAndNetworkDelay2Bounds) {
    Limits limits;
    limits.byoyomi = 2000;
    TimeMargins margins;
    margins.network_delay  = 100;
    margins.network_delay2 = 400;
    const auto tm          = plan(limits, SENTE, 40, margins);
    EXPECT_EQ(tm.maximum(), 2000 - 400);
    EXPECT_EQ(tm.optimum(), 2000 - 400);  // never past the hard limit
    margins.network_delay2 = 50;
    const auto loose       = plan(limits, SENTE, 40, margins);
    EXPECT_EQ(loose.optimum(), 2000 - 100);
    EXPECT_EQ(loose.maximum(), 2000 - 100);  // byoyomi alone: the move takes what it aims at
    limits.time[SENTE] = 200;  // a little main time left: the worst delay bounds the move
    EXPECT_EQ(plan(limits, SENTE, 40, margins).maximum(), 1900 + 200 / 8);
    margins.network_delay2 = 400;
    EXPECT_EQ(plan(limits, SENTE, 40, margins).maximum(), 200 + 2000 - 400);
}

// A clock that counts whole seconds (CSA servers, floodgate) drops each move's fraction: with
// WholeSecondsClock a byoyomi move may run 999 ms longer, less the same delays.
TEST(TimeManager, AWholeSecondsClockGivesEachMoveTheFractionItDrops) {
    Limits limits;
    limits.byoyomi = 1000;
    TimeMargins margins;
    EXPECT_EQ(plan(limits, SENTE, 40, margins).maximum(), 1000 - 120);
    margins.whole_seconds = true;
    const auto tm         = plan(limits, SENTE, 40, margins);
    EXPECT_EQ(tm.optimum(), 1999 - 120);
    EXPECT_EQ(tm.maximum(), 1999 - 120);
    EXPECT_TRUE(tm.spends_all());
    // With main time and no byoyomi the move may take the fraction too, and no more.
    Limits sudden;
    sudden.time[SENTE]    = 100;
    margins.whole_seconds = false;
    const Millis without  = plan(sudden, SENTE, 40, margins).maximum();
    margins.whole_seconds = true;
    EXPECT_GT(plan(sudden, SENTE, 40, margins).maximum(), without);
    EXPECT_LE(plan(sudden, SENTE, 40, margins).maximum(), 100 + 999);
}

// SlowMover scales the share of main time a move plans for.
TEST(TimeManager, SlowMoverScalesTheMainTimeShare) {
    Limits limits;
    limits.time[SENTE] = limits.time[GOTE] = 600'000;
    TimeMargins  margins;
    const Millis normal        = plan(limits, SENTE, 40, margins).optimum();
    margins.slow_mover_percent = 200;
    const Millis slow          = plan(limits, SENTE, 40, margins).optimum();
    margins.slow_mover_percent = 50;
    const Millis fast          = plan(limits, SENTE, 40, margins).optimum();
    EXPECT_NEAR(double(slow), 2.0 * double(normal), 2.0);
    EXPECT_NEAR(double(fast), 0.5 * double(normal), 2.0);
}

}  // namespace
}  // namespace supersoma::search
