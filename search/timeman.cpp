#include "search/timeman.hpp"

#include <algorithm>
#include <cassert>

namespace supersoma::search {

namespace {

// No clock holds more than a year: longer times (fuzzed `go` commands) are read as a year, so
// that sums and deadlines cannot overflow.
constexpr Millis LONGEST_CLOCK = Millis(366) * 24 * 3600 * 1000;

// A time of the `go` command as the plan reads it: 0 when negative (ShogiHome sends negative
// clocks when the main time is below the increment), a year at most.
Millis clock_time(Millis ms) {
    return std::clamp<Millis>(ms, 0, LONGEST_CLOCK);
}

// Moves the main time is spread over: more early, fewer once the game is long.
Millis moves_to_plan(int ply) {
    return std::max<Millis>(20, 50 - ply / 8);
}

}  // namespace

void TimeManager::init(const Limits& limits, Color us, int ply, const TimeMargins& margins) {
    active_     = false;
    spends_all_ = false;
    if (limits.infinite || limits.ponder) return;  // ponderhit re-plans with ponder off
    if (limits.movetime > 0) {
        // A GUI or match tool may hold the engine to movetime as a deadline: keep a margin,
        // at most a quarter of the time, so that short movetimes still think.
        const Millis movetime = clock_time(limits.movetime);
        active_               = true;
        spends_all_           = true;
        optimum_              = maximum_
            = std::max<Millis>(1, movetime - std::min(margins.network_delay2, movetime / 4));
        assert(maximum_ <= movetime);
        return;
    }
    if (!limits.has_clock()) return;
    active_ = true;

    const Millis time = clock_time(limits.time[us]);
    const Millis inc  = clock_time(limits.inc[us]);
    // A clock that counts whole seconds drops each move's fraction of a second: the move has
    // 999 ms more than the clock says (taken as byoyomi when there is byoyomi).
    const Millis dropped   = margins.whole_seconds ? 999 : 0;
    const Millis byoyomi   = limits.byoyomi > 0 ? clock_time(limits.byoyomi) + dropped : 0;
    const Millis available = time + inc + (byoyomi > 0 ? byoyomi : dropped);
    // Main time runs first; once it is gone, a byoyomi not used is not kept for later moves.
    spends_all_ = time == 0 && inc == 0 && byoyomi > 0;
    // Keep the margin back, but at most a quarter of what there is (a 200 ms byoyomi with a
    // 120 ms margin would think 80 ms), and never plan below 10 ms: a move must be made.
    const Millis margin = std::min(margins.network_delay2, available / 4);
    const Millis hard   = std::max<Millis>(10, available - margin);

    Millis optimum = time * margins.slow_mover_percent / 100 / moves_to_plan(ply) + inc;
    // Byoyomi not used is lost, so a move may always take it whole.
    if (byoyomi > 0)
        optimum = std::max(optimum, byoyomi - std::min(margins.network_delay, byoyomi / 4));
    optimum = std::max(optimum, margins.minimum_thinking);

    // Sudden death or short main time: never bet more than a fifth of what is left on one move.
    Millis cap = hard;
    if (byoyomi == 0) cap = std::min(cap, std::max<Millis>(10, time / 5 + inc + dropped - margin));
    optimum_ = std::min(optimum, cap);
    maximum_ = std::min(std::max(optimum_, std::min(optimum * 3, time / 8 + optimum)), cap);
    assert(0 <= optimum_ && optimum_ <= maximum_ && maximum_ <= std::max<Millis>(10, available));
}

}  // namespace supersoma::search
