#pragma once
// A game record file of either format, told apart by its content.

#include <string>

#include "record/recorded_game.hpp"

namespace supersoma::record {

/// Reads the CSA or KIF record at `path`. Throws std::runtime_error naming the file and,
/// for a bad record, the line and what is wrong with it.
RecordedGame load_record(const std::string& path, IllegalMove illegal = IllegalMove::Throw);

/// Parses record text: CSA when a line starts with "V2", "PI", "P1" or "N+", else KIF.
RecordedGame parse_record(const std::string& text, IllegalMove illegal = IllegalMove::Throw);

}  // namespace supersoma::record
