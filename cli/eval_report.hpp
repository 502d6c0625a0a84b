#pragma once
// What `supersoma eval` renders: one evaluated position, fed alike to the text and JSON
// renderers (report_text.hpp, report_json.hpp).

#include <string>

#include "cli/board_diagram.hpp"
#include "soma/supersoma.hpp"

namespace supersoma::cli {

/// One position and its SUPER-SOMA result.
struct EvalReport {
    std::string      sfen;  // canonical SFEN of the evaluated position (to_sfen)
    soma::EvalResult result;
};

/// What the renderers show beyond the first iteration's table, the line and the net value.
struct ReportOptions {
    bool         all_iterations = false;  // every iteration's table, neutralisers and chosen move
    bool         explain        = false;  // each weight's contributions, the neutralisers' savings
    bool         board          = true;   // the position and the one the line ends in, as diagrams
    DiagramStyle diagram_style  = DiagramStyle::Letters;
};

/// "sente" or "gote".
inline const char* side_name(Color c) {
    return c == SENTE ? "sente" : "gote";
}

}  // namespace supersoma::cli
