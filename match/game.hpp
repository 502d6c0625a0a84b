#pragma once
// One game between two running USI engines, judged by the rules and by the clock.

#include <chrono>
#include <string>

#include "engine/rules.hpp"
#include "match/csa_record.hpp"
#include "match/openings.hpp"
#include "match/time_control.hpp"
#include "match/usi_engine.hpp"

namespace supersoma::match {

struct GameSettings {
    TimeControl      time_control;  // both sides', unless an engine brings its own
    EnteringKingRule entering_king = EnteringKingRule::Point27;
    int              max_plies     = 320;  // a draw when reached (the opening's plies count)
    /// How long past its time an engine may stay silent before it is stopped as hung.
    std::chrono::milliseconds hang_grace {10'000};
    std::string               event = "supersoma match";
};

/// Plays `opening` to the end with `sente` and `gote` (both already started and answering)
/// and returns the record. Neither engine is restarted here; after a crash or a hang the
/// caller replaces the engine that failed.
GameRecord play_game(
    UsiEngine& sente, UsiEngine& gote, const Opening& opening, const GameSettings& settings);

}  // namespace supersoma::match
