#pragma once
// Text rendering of `supersoma eval`: the XREF table laid out like the article's (seed 003),
// the predicted line and the net value.

#include <string>

#include "cli/eval_report.hpp"

namespace supersoma::cli {

/// The kind flags of an entry as the fixed-width string "x+fidc*m" (capture, promotion, fork,
/// immobile, discovered, check, drop, mate), '-' where a flag is off, like the article's
/// "BDRI+SRDX" column.
std::string kind_flags(std::uint16_t kinds);

/// The neutralise column: "rbd" for run, block, defend, '-' where that way is closed.
std::string neutralise_flags(const soma::Neutralisers& n);

/// The whole text report of one position, ending in a newline.
std::string render_text(const EvalReport& report, const ReportOptions& options);

}  // namespace supersoma::cli
