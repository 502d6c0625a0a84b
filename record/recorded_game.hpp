#pragma once
// What a game record holds once read, whatever its format (CSA, KIF).

#include <string>
#include <vector>

#include "engine/types.hpp"

namespace supersoma::record {

/// The players, the start position, the main line's moves (as USI) with their comments and
/// how it ended.
struct RecordedGame {
    std::string              names[COLOR_NB];  // sente's, gote's
    std::string              start_sfen;
    std::vector<std::string> moves;
    /// comments[i]: the comment lines that follow moves[i], without the format's comment
    /// mark (CSA's ', KIF's *); one entry per move.
    std::vector<std::vector<std::string>> comments;
    std::string end;  // the format's own end token ("%TORYO", "投了"); "" if none
    /// Read with IllegalMove::Stop: why the moves stopped before the record's end (the
    /// line and the illegal move); "" when every move was read.
    std::string stopped;
};

/// What a reader does with a move the rules forbid.
enum class IllegalMove {
    Throw,  // the record is rejected (the error names the line)
    Stop,   // the moves before it are kept and RecordedGame::stopped says why
};

}  // namespace supersoma::record
