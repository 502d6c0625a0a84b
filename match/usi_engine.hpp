#pragma once
// One USI engine as the match tool drives it: handshake, options, games, moves with deadlines.

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "match/child_process.hpp"
#include "match/search_report.hpp"
#include "match/time_control.hpp"

namespace supersoma::match {

/// How to start an engine and what to set on it.
struct EngineSpec {
    std::string                                      command;
    std::vector<std::pair<std::string, std::string>> options;  // name, value
    std::string name;  // the match's name for it; empty: the engine's own `id name`
    // Send each side's clock under the other's name: Fairy-Stockfish 11.1 in USI mode reads
    // btime as gote's and wtime as sente's (docs/match.md), and overruns its own clock.
    bool swapped_clocks = false;
    // Its own time control (a match with time odds); without one it plays on the match's.
    std::optional<TimeControl> time_control;
};

/// The engine's answer to one `go`.
struct EngineReply {
    enum class Status { Move, NoAnswer, Crashed } status = Status::Move;
    std::string                 move;  // bestmove's first word ("7g7f", "resign", "win")
    int64_t                     elapsed_ms = 0;
    std::optional<SearchReport> report;  // the last `info` line with a score, if any
};

class UsiEngine {
public:
    /// Starts the engine and completes the handshake (usi, options, isready) within
    /// `startup`; throws std::runtime_error with the engine's last lines when it cannot.
    UsiEngine(const EngineSpec& spec, std::chrono::milliseconds startup);

    /// How the engine was started.
    const EngineSpec& spec() const { return spec_; }
    /// The engine's `id name` (or "?" when it gave none).
    const std::string& id_name() const { return id_name_; }
    /// Starts a new game (usinewgame, then isready); false when the engine does not answer.
    bool new_game(std::chrono::milliseconds timeout);
    /// Sends `position_command` and `go_command` and waits for `bestmove` until `deadline`;
    /// on no answer sends `stop` and waits `stop_grace` more before giving up.
    EngineReply think(const std::string& position_command, const std::string& go_command,
        SteadyClock::time_point deadline, std::chrono::milliseconds stop_grace);
    /// Tells the engine how the game ended ("win", "lose", "draw").
    void game_over(const std::string& result);
    /// Sends quit and ends the process (killed after `grace`).
    void quit(std::chrono::milliseconds grace);
    /// True while the process runs.
    bool alive() { return process_.running(); }
    /// The engine's last output lines and, when it ended, how.
    std::vector<std::string> last_lines();

private:
    bool wait_for(const std::string& word, SteadyClock::time_point deadline);

    EngineSpec   spec_;
    ChildProcess process_;
    std::string  id_name_ = "?";
};

}  // namespace supersoma::match
