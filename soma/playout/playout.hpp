#pragma once
// B5: repeat B1-B4 until both sides pass in a row; the line and its net value.

#include "soma/playout/line.hpp"
#include "soma/playout/options.hpp"
#include "soma/playout/step_cache.hpp"

namespace supersoma::soma {

/// What a value-only playout takes from the verdicts before it and leaves for those after.
struct PlayoutReuse {
    StepCache* steps = nullptr;  // the steps of positions decided before; this line's are added
    // A3's results of the table of the position one move before the root, and the squares
    // that move may have changed: the first table takes the others' results.
    ExchangeReuse parent;
    // Receives the first table's A3 results; `first_built` says whether a first table was
    // built (not when its step came from `steps`).
    ArenaVector<ExchangeRecord>* first_exchanges = nullptr;
    bool                         first_built     = false;
};

/// B5: plays the XREF table out from `root`; stops after two passes in a row, a mate (the
/// mating move, or a pass by a side with no legal move), a repeated position or
/// options.max_iterations moves. With a `record`, every iteration, the line and its net are
/// kept there; without one nothing is kept but the verdict, and the report settings
/// (complete_tables, all_neutralisers) are not read. `reuse` (value-only calls only) lends
/// the work of verdicts before: the result is the same without it.
Verdict play_out(const Position& root, const EvalOptions& options, EvalResult* record = nullptr,
    PlayoutReuse* reuse = nullptr);

}  // namespace supersoma::soma
