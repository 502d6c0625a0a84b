#pragma once
// `supersoma eval --static`: the search's static evaluation of a position taken apart, the
// learned evaluation piece by piece and the feature evaluation's material and positional terms.

#include <string>

#include "engine/position.hpp"
#include "eval/kp.hpp"

namespace supersoma::cli {

/// The report, in centipawns from sente's view unless said otherwise (both kings needed).
std::string render_static(const Position& pos, const eval::KpWeights& learned);

}  // namespace supersoma::cli
