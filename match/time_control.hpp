#pragma once
// Time controls of a match and the clock each engine plays on, kept as a GUI keeps it.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/types.hpp"

namespace supersoma::match {

/// A time control: main time with byoyomi or increment, a fixed time per move, or a fixed
/// amount of work (nodes or depth) with no clock.
struct TimeControl {
    int64_t main_ms      = 0;
    int64_t byoyomi_ms   = 0;
    int64_t increment_ms = 0;
    int64_t movetime_ms  = 0;
    int64_t nodes        = 0;
    int     depth        = 0;
    /// Each move's time counted in whole seconds, the fraction dropped, as CSA servers,
    /// floodgate and the big tournaments count it (engines made for them, GPS Shogi among
    /// them, think up to the next full second).
    bool whole_seconds = false;

    bool has_clock() const { return movetime_ms == 0 && nodes == 0 && depth == 0; }
    /// The same text `parse_time_control` reads, normalised.
    std::string describe() const;

    bool operator==(const TimeControl&) const = default;
};

/// What a game's records say of its time: one control when both sides play on it, else each
/// side's ("sente byoyomi=800 / gote byoyomi=200", a match given time odds).
std::string describe_time_controls(const TimeControl& sente, const TimeControl& gote);

/// Parses comma-separated terms: byoyomi=MS, fischer=MAIN+INC, time=MAIN, inc=MS,
/// movetime=MS, nodes=N, depth=N, and count=ms|seconds for a clock (seconds: whole seconds);
/// e.g. "byoyomi=1000", "fischer=10000+100", "time=60000,byoyomi=1000,count=seconds". On a
/// bad text returns nothing and says why in `error`.
std::optional<TimeControl> parse_time_control(std::string_view text, std::string& error);

/// One engine's clock.
class GameClock {
public:
    explicit GameClock(const TimeControl& tc)
        : tc_(tc)
        , remaining_ms_(tc.main_ms) { }

    /// The time control this clock runs on.
    const TimeControl& time_control() const { return tc_; }
    /// Main time left, as sent in btime/wtime.
    int64_t remaining_ms() const { return remaining_ms_; }
    /// The longest a move may take without losing on time (counted in whole seconds, up to
    /// the next full second).
    int64_t budget_ms() const;
    /// Charges a move that took `elapsed_ms`; false when it lost on time.
    bool charge(int64_t elapsed_ms);

private:
    TimeControl tc_;
    int64_t     remaining_ms_;
};

/// The `go` command for `mover`, given both clocks (sente's first), each on its own control:
/// the limit, byoyomi or movetime are the mover's, each increment its side's. `swapped` sends
/// sente's time as wtime and gote's as btime, for engines that read them the wrong way round.
std::string go_command(
    Color mover, const GameClock& sente, const GameClock& gote, bool swapped = false);

}  // namespace supersoma::match
