#pragma once
// The openings a match starts its games from.

#include <string>
#include <vector>

namespace supersoma::match {

/// One opening: a start position and the moves played from it, as USI writes them.
struct Opening {
    std::string              start_sfen;  // canonical SFEN of the start position
    std::vector<std::string> moves;       // USI moves, checked legal
};

/// Reads openings, one per line: `startpos`, `sfen <SFEN>` or a bare SFEN, optionally behind
/// `position ` and followed by `moves …`. Blank lines and lines starting with '#' are skipped.
/// Throws std::runtime_error naming the line and what is wrong with it.
std::vector<Opening> parse_openings(const std::string& text);

/// Reads an openings file (see parse_openings); the error names the file.
std::vector<Opening> read_openings(const std::string& path);

}  // namespace supersoma::match
