#pragma once
// Where a command-line job takes its position from: the words of a USI position ("startpos",
// an SFEN, either followed by "moves …"), or a game record (CSA or KIF) and a move number.

#include <optional>
#include <string>
#include <variant>

#include <CLI/CLI.hpp>

#include "engine/position.hpp"

namespace supersoma::cli {

/// The record options of a job: --record FILE and --ply N.
struct RecordInput {
    std::string        path;
    std::optional<int> ply;  // plies played from the record's start; unset: all of them
};

/// Adds --record and --ply to `cmd`; --ply needs --record.
void add_record_options(CLI::App* cmd, RecordInput& input);

/// The position a USI position text names, or a message saying which field, character or
/// move is wrong.
std::variant<Position, std::string> position_from_text(const std::string& text);

/// The position after `input.ply` plies of the record, or why it cannot be had.
std::variant<Position, std::string> position_from_record(const RecordInput& input);

}  // namespace supersoma::cli
