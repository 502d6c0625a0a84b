#include "search/values.hpp"

#include <algorithm>

namespace supersoma::search {

std::string usi_score(Value v) {
    assert(-VALUE_MATE <= v && v <= VALUE_MATE && "a score the search found, not a sort key");
    // A GUI reads the plies as an unsigned integer: one at least, a single minus sign.
    v = std::clamp(v, -VALUE_MATE, VALUE_MATE);
    if (v >= VALUE_MATE_IN_MAX_PLY) return "mate " + std::to_string(std::max(1, VALUE_MATE - v));
    if (v <= -VALUE_MATE_IN_MAX_PLY) return "mate -" + std::to_string(std::max(1, VALUE_MATE + v));
    return "cp " + std::to_string(to_centipawns(v));
}

}  // namespace supersoma::search
