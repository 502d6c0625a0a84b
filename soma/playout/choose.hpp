#pragma once
// B3: choose the side to move's best XREF entry or neutralising move, or pass.

#include "soma/playout/choice_model.hpp"
#include "soma/playout/line.hpp"
#include "soma/playout/options.hpp"
#include "util/arena.hpp"

namespace supersoma::soma {

/// B3: sets it.chosen (and its weight and entry index) to the side to move's heaviest entry
/// or neutraliser; a pass when nothing weighs more than 0. Entries win ties; between entries
/// of equal weight the first in the table. With a `model`, "heaviest" is the model's score
/// (the pass scored too; it.chosen_score holds the winner's).
void choose(Iteration& it, const ChoiceModel* model = nullptr);

/// B3 on a table whose side to move's threats are still unvalued (XrefScope::Decisions):
/// values, in the screen's order, each threat that could still outweigh the side's heaviest
/// entry (its value bound plus the B2 credit it would get) and appends those worth something,
/// weighted as B1-B2 would (to `it.entries`; a model scores them in `it.context`). choose()
/// then picks what it picks on the complete table.
void add_threats_that_could_win(const Position& pos, Iteration& it,
    const ArenaVector<ThreatCandidate>& threats, const EvalOptions& options);

}  // namespace supersoma::soma
