#pragma once
// B3's other candidates: moves that parry opposing entries by running, interposing or
// defending (seed 003: "a move to neutralise an opponent's threat").

#include "soma/playout/line.hpp"
#include "soma/playout/options.hpp"
#include "util/arena.hpp"

namespace supersoma::soma {

/// The side to move's safe non-capturing moves that parry positive opposing entries, each
/// weighted by how much of the opponent's parryable value (captures, promotions, mates) it
/// removes, less what it newly exposes, plus its own promotion gain; best first. Unless
/// options.all_neutralisers, a move that could not weigh more than `to_beat` is skipped (with
/// options.choice: could not score more, by the model's bound).
ArenaVector<Neutraliser> find_neutralisers(const Position& pos,
    const ArenaVector<XrefEntry>& entries, const EvalOptions& options, double to_beat);

/// For a side in check with nothing worth playing: the evasion that leaves the opponent the
/// least (same measure as a neutraliser, captures included), even if its weight is <= 0.
/// The side must have a legal move.
Neutraliser best_evasion(
    const Position& pos, const ArenaVector<XrefEntry>& entries, const EvalOptions& options);

}  // namespace supersoma::soma
