#pragma once
// Search scores: material units of the search profile (pawn 52), mates by distance in plies.

#include <cassert>
#include <cstdint>
#include <string>

#include "engine/types.hpp"

namespace supersoma::search {

constexpr Value VALUE_DRAW     = 0;
constexpr Value VALUE_MATE     = 32000;
constexpr Value VALUE_INFINITE = 32001;
constexpr Value VALUE_NONE     = 32002;
/// Scores beyond this are mates found within the search horizon.
constexpr Value VALUE_MATE_IN_MAX_PLY = VALUE_MATE - MAX_PLY;

/// The score of mating at `ply` plies from the root.
constexpr Value mate_in(int ply) {
    assert(ply >= 0 && ply <= MAX_PLY);
    return VALUE_MATE - ply;
}
/// The score of being mated at `ply` plies from the root.
constexpr Value mated_in(int ply) {
    assert(ply >= 0 && ply <= MAX_PLY);
    return -VALUE_MATE + ply;
}
constexpr bool is_mate_score(Value v) {
    return v >= VALUE_MATE_IN_MAX_PLY || v <= -VALUE_MATE_IN_MAX_PLY;
}

/// What one pawn on the board is worth in search units (USI reports centipawns).
constexpr Value PAWN_UNITS = 52;

/// Centipawns (a pawn worth 100, as USI options give them) in search units, rounded.
constexpr Value from_centipawns(int cp) {
    return Value((std::int64_t(cp) * PAWN_UNITS + (cp >= 0 ? 50 : -50)) / 100);
}

/// Search units in centipawns (USI scores and options), truncated toward zero.
constexpr int to_centipawns(Value v) {
    return int(std::int64_t(v) * 100 / PAWN_UNITS);
}

/// USI score text: "cp <n>" with a pawn worth 100, or "mate <plies>" signed from the side to
/// move's view (negative when it is mated).
std::string usi_score(Value v);

}  // namespace supersoma::search
