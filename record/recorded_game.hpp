#pragma once
// What a game record holds once read, whatever its format (CSA, KIF).

#include <string>
#include <utility>
#include <vector>

#include "engine/types.hpp"

namespace supersoma::record {

/// The players, the start position, the main line's moves (as USI) with their comments and
/// times, the header and how it ended: what a writer needs to give the record back whole.
struct RecordedGame {
    std::string              names[COLOR_NB];  // sente's, gote's
    std::string              start_sfen;
    std::vector<std::string> moves;
    /// comments[i]: the comment lines that follow moves[i], without the format's comment
    /// mark (CSA's ' or '*, KIF's *); one entry per move.
    std::vector<std::vector<std::string>> comments;
    /// seconds[i]: the time moves[i] took, -1 when the record does not say; one per move.
    std::vector<int> seconds;
    /// The header in its order, under KIF's names (開始日時, 棋戦, 先手 …; CSA's $EVENT is
    /// 棋戦), without the lines that set up the position (手合割, the hands, the diagram).
    std::vector<std::pair<std::string, std::string>> headers;
    std::vector<std::string> start_comments;  // the comments before the first move
    std::string              end;  // the format's own end token ("%TORYO", "投了"); "" if none
    int end_seconds = -1;          // the time the end took (a resignation's), -1 if unsaid
    std::vector<std::string> end_comments;  // the comments on the end token
    /// Free text after the moves, KIF's result line "まで181手で先手の勝ち".
    std::vector<std::string> trailer;
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
