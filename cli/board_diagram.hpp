#pragma once
// The board as text, the way shogi books and GUIs print it: file 9 on the left, rank 1 at the
// top, gote's hand above and sente's below.

#include <string>

#include "engine/position.hpp"

namespace supersoma::cli {

/// How pieces are written in a diagram.
enum class DiagramStyle {
    Letters,   // SFEN letters, sente's upper case, gote's lower case; ranks a-i as USI names them
    Japanese,  // the KIF board diagram (BOD): kanji, gote's marked 'v'; KIF readers take it back
};

/// The position as a multi-line diagram, each line ending in a newline.
std::string board_diagram(const Position& pos, DiagramStyle style);

}  // namespace supersoma::cli
