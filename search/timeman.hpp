#pragma once
// The time budget of one move from the clock the GUI sends (USI: main time, byoyomi,
// Fischer increment, or a fixed move time), with the user's safety margins.

#include <chrono>
#include <cstdint>
#include <vector>

#include "engine/move.hpp"
#include "engine/types.hpp"

namespace supersoma::search {

using Clock     = std::chrono::steady_clock;
using TimePoint = Clock::time_point;
using Millis    = std::int64_t;

/// What `go` asked for. Times in milliseconds; 0 means "not given".
struct Limits {
    Millis        time[COLOR_NB] {0, 0};
    Millis        inc[COLOR_NB] {0, 0};
    Millis        byoyomi  = 0;
    Millis        movetime = 0;
    int           depth    = 0;
    std::uint64_t nodes    = 0;
    bool          infinite = false;
    bool          ponder   = false;
    TimePoint     start    = Clock::now();  // when the `go` (or `ponderhit`) line was read
    /// `go searchmoves`: the root searches only these (legal ones); empty: every move.
    std::vector<Move> search_moves;

    /// True when a clock was given (main time, byoyomi or increment).
    bool has_clock() const {
        return time[SENTE] || time[GOTE] || inc[SENTE] || inc[GOTE] || byoyomi;
    }
};

/// The user's margins (USI options NetworkDelay, NetworkDelay2, MinimumThinkingTime,
/// SlowMover, named as YaneuraOu names them, and WholeSecondsClock).
struct TimeMargins {
    Millis network_delay      = 120;  // the usual delay: a byoyomi move aims this much short
    Millis network_delay2     = 120;  // the worst delay: kept back from every hard deadline
    Millis minimum_thinking   = 100;  // never plan to think less than this when time allows
    int    slow_mover_percent = 100;  // the share of main time planned for a move, in percent
    // The clock counts each move's time in whole seconds, the fraction dropped (CSA servers,
    // floodgate): a move may run up to 999 ms past the time it has.
    bool whole_seconds = false;

    bool operator==(const TimeMargins&) const = default;
};

/// Optimum and maximum thinking time for one move.
class TimeManager {
public:
    /// Plans the move of `us` at game ply `ply` under `limits`.
    void init(const Limits& limits, Color us, int ply, const TimeMargins& margins);

    /// True when time matters for this search (a clock or a move time was given).
    bool active() const { return active_; }
    /// Time the search aims to use; iterative deepening stops starting iterations past it.
    Millis optimum() const { return optimum_; }
    /// Hard limit: the search stops the moment it is reached.
    Millis maximum() const { return maximum_; }
    /// True when time left unused is lost (a move time, or byoyomi with no main time left):
    /// the search goes on to the hard limit instead of stopping after an iteration.
    bool spends_all() const { return spends_all_; }

private:
    bool   active_     = false;
    bool   spends_all_ = false;
    Millis optimum_    = 0;
    Millis maximum_    = 0;
};

/// Milliseconds since `start`.
inline Millis elapsed_since(TimePoint start) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
}

}  // namespace supersoma::search
