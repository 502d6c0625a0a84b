#pragma once
// Game records in CSA format (V2.2), which shogi GUIs open: written by the match tool,
// read back by it and by the tests.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "match/referee.hpp"
#include "match/search_report.hpp"

namespace supersoma::match {

/// One game as played.
struct GameRecord {
    std::string              names[COLOR_NB];  // sente's, gote's
    std::string              event;
    std::string              start_time;  // "YYYY/MM/DD HH:MM:SS"
    std::string              time_control;
    std::string              start_sfen;  // the position the opening starts from
    std::vector<std::string> moves;       // every move in USI, the opening's included
    std::vector<int64_t>     times_ms;    // thinking time per move (0 for the opening's)
    std::vector<std::optional<SearchReport>> reports;  // per move: its engine's last score
    int                                      opening_plies = 0;
    GameResult                               result;
    Color                    last_to_move = SENTE;  // the side to move when the game ended
    std::vector<std::string> fault_lines;  // last output of the engine that lost by a fault
};

/// The record as CSA text. Every move must be legal from `start_sfen`. A move with a report
/// is followed by a Floodgate comment, `'** <score from sente's side> <expected line>`, which
/// GUIs draw as the game's evaluation graph.
std::string to_csa(const GameRecord& record);

/// Reads back a record that to_csa wrote: names, start position, moves, time control and
/// result (thinking times, reports and fault lines are not kept). nullopt when it has no result
/// line, as when the writer was stopped part way; throws std::runtime_error when it is not CSA.
std::optional<GameRecord> read_csa_result(const std::string& text);

}  // namespace supersoma::match
