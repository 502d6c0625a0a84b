#pragma once
// Labelled positions from match records: every move of one player whose record carries its
// score (the `'** <score> <line>` comments of `supersoma match`) becomes a line of the tuning
// set, the position before the move, the move and the score from the side to move.

#include <string>
#include <vector>

namespace supersoma::tune {

/// One labelled position, as tune_eval reads it (docs/tuning.md).
struct RecordLabel {
    std::string sfen;
    std::string move;   // USI
    std::string score;  // centipawns from the side to move, or "mate N" (negative: mated)
};

/// The labelled positions of one CSA record's moves by the player whose name starts with
/// `player`. Throws std::runtime_error when the record is not CSA.
std::vector<RecordLabel> labels_from_csa(const std::string& text, const std::string& player);

/// "SFEN;move;score", one line of a tuning set.
std::string to_line(const RecordLabel& label);

}  // namespace supersoma::tune
