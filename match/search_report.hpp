#pragma once
// What an engine's `info` lines said about the move it chose: the score and the expected line,
// kept with each move of a game record as Floodgate's CSA comments keep them.

#include <optional>
#include <string>
#include <vector>

#include "engine/types.hpp"

namespace supersoma::match {

/// The plies stored for a mate whose distance the engine left out (`score mate +`).
constexpr int UNKNOWN_MATE_PLIES = 999;
/// The CSA comment's value of a mate in 0 plies; a mate in N is this less N.
constexpr int CSA_MATE_VALUE = 30000;

/// The score and principal variation of one `info` line, from the side to move.
struct SearchReport {
    bool                     mate  = false;  // value counts plies to mate, not centipawns
    int                      value = 0;      // negative: the side to move is losing
    std::vector<std::string> pv;             // USI moves, the engine's own move first
};

/// The score and pv of a USI `info` line; nullopt when it gives no score (or is not `info`),
/// or when it is a MultiPV line other than the first. Words after `string` are text.
std::optional<SearchReport> parse_info_line(const std::string& line);

/// The report's score from sente's side, as the `'**` comment of a CSA record gives it:
/// centipawns, or CSA_MATE_VALUE less the plies for a mate. `mover` is the side that searched.
int sente_score(const SearchReport& report, Color mover);

}  // namespace supersoma::match
