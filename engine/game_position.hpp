#pragma once
// A position as USI's `position` command writes it: "startpos" or an SFEN (the keyword "sfen"
// may come first), then optionally "moves" and the moves played from there. Used alike by the
// USI loop and by every command-line job that takes a position.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/position.hpp"
#include "engine/sfen.hpp"

namespace supersoma {

/// The start position, the moves played from it, the position reached, and why the moves
/// stopped early if they did.
struct GamePosition {
    Position                   start;       // before the first move, without history
    std::vector<Move>          moves;       // every move that was legal, in order
    Position                   position;    // after every move that was legal
    std::optional<std::string> move_error;  // e.g. "move 3 '7g7f' refused (…)"
};

/// Parses "[position] (startpos | [sfen] <sfen>) [moves <m1> <m2> …]". An SFEN error leaves
/// nothing built; a bad move keeps the position before it and says which move and why.
std::variant<GamePosition, SfenError> parse_game_position(std::string_view text);

}  // namespace supersoma
