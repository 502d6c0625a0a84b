#pragma once
// `supersoma eval --svg`: the position as an SVG picture with the first iteration's XREF drawn
// on it (an arrow per entry, coloured by side, its weight beside it) and the predicted line
// numbered on top. Plain SVG 1.1 with fonts every Debian machine has, so any browser or
// document shows it.

#include <cstddef>
#include <cstdint>
#include <string>

#include "cli/eval_report.hpp"

namespace supersoma::cli {

/// How a board is drawn: the names of pieces and squares, and what is drawn over it.
struct BoardStyle {
    bool japanese = false;  // kanji pieces and ranks (一..九), moves as ▲７六歩; else SFEN/USI
    bool        entries    = true;  // the first iteration's XREF entries, arrows with their weights
    bool        title      = true;  // the SFEN above the board (wrapped)
    std::size_t line_moves = SIZE_MAX;  // how many of the line's first moves are drawn
    std::string caption;                // the text under the line; "" for "net N (side's view)"
};

/// The picture of one evaluated position, a complete SVG document.
std::string render_svg(const EvalReport& report, const BoardStyle& style = {});

}  // namespace supersoma::cli
