#pragma once
// `supersoma eval --svg`: the position as an SVG picture with the first iteration's XREF drawn
// on it (an arrow per entry, coloured by side, its weight beside it) and the predicted line
// numbered on top. Plain SVG 1.1 with fonts every Debian machine has, so any browser or
// document shows it.

#include <string>

#include "cli/eval_report.hpp"

namespace supersoma::cli {

/// The picture of one evaluated position, a complete SVG document.
std::string render_svg(const EvalReport& report);

}  // namespace supersoma::cli
