#pragma once
// perft: counts the leaves of the legal move tree, the standard check of move generation.

#include <cstdint>
#include <utility>
#include <vector>

#include "engine/position.hpp"

namespace supersoma {

/// Leaves of the legal move tree of depth `depth` (bulk-counted at the last ply).
std::uint64_t perft(Position& pos, int depth);

/// perft of each legal root move, in generation order.
std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth);

}  // namespace supersoma
