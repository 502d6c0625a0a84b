#pragma once
// CSA game records (V2.2), the format shogi servers and GUIs exchange: the pieces of the
// format that writing needs, and a reader that checks every move against the rules.

#include <string>

#include "engine/position.hpp"
#include "record/recorded_game.hpp"

namespace supersoma::record {

/// The CSA code of a piece type ("FU", "RY").
const char* csa_piece(PieceType pt);

/// The position as CSA "P1".."P9" lines, pieces in hand and the side to move.
std::string csa_position(const Position& pos);

/// `m` in CSA ("+7776FU"), legal in `pos` (before it is made).
std::string csa_move(const Position& pos, Move m);

/// Parses CSA text. Throws std::runtime_error naming the line and what is wrong with it.
RecordedGame parse_csa(const std::string& text, IllegalMove illegal = IllegalMove::Throw);

}  // namespace supersoma::record
