#pragma once
// B5: repeat B1-B4 until both sides pass in a row; the line and its net value.

#include "soma/playout/line.hpp"
#include "soma/playout/options.hpp"
#include "soma/playout/step_cache.hpp"

namespace supersoma::soma {

/// B5: plays the XREF table out from `root`; stops after two passes in a row, a mate (the
/// mating move, or a pass by a side with no legal move), a repeated position or
/// options.max_iterations moves. With a `record`, every iteration, the line and its net are
/// kept there; without one nothing is kept but the verdict, and the report settings
/// (complete_tables, all_neutralisers) are not read. A `cache` (value-only calls) lends the
/// steps of positions decided before and keeps this line's.
Verdict play_out(const Position& root, const EvalOptions& options, EvalResult* record = nullptr,
    StepCache* cache = nullptr);

}  // namespace supersoma::soma
