#pragma once
// `supersoma eval --static`: the search's static evaluation of a position taken apart, the
// learned evaluation piece by piece and the feature evaluation's material and positional terms.

#include <string>

#include "engine/position.hpp"
#include "eval/kp.hpp"
#include "eval/nnue.hpp"

namespace supersoma::cli {

/// The report, in centipawns from sente's view unless said otherwise (both kings needed): KP
/// piece by piece, the network's part when `network` is given (KP is then its own), the total
/// and material alone.
std::string render_static(
    const Position& pos, const eval::KpWeights& learned, const eval::Network* network = nullptr);

}  // namespace supersoma::cli
