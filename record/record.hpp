#pragma once
// A game record file of either format, told apart by its content.

#include <string>

#include "record/recorded_game.hpp"

namespace supersoma::record {

/// Reads the CSA or KIF record at `path` (.csa is CSA, .kif/.kifu KIF, else told by content).
/// Throws std::runtime_error naming the file and, for a bad record, the format tried, the line
/// and what is wrong with it; an empty file or text that is no record is refused.
RecordedGame load_record(const std::string& path, IllegalMove illegal = IllegalMove::Throw);

/// Parses record text: CSA when a line starts with a CSA statement ("V2", "PI", "P1", "N+",
/// "$", a move "+7776FU"), else KIF.
RecordedGame parse_record(const std::string& text, IllegalMove illegal = IllegalMove::Throw);

}  // namespace supersoma::record
