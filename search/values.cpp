#include "search/values.hpp"

namespace supersoma::search {

std::string usi_score(Value v) {
    if (v >= VALUE_MATE_IN_MAX_PLY) return "mate " + std::to_string(VALUE_MATE - v);
    if (v <= -VALUE_MATE_IN_MAX_PLY) return "mate -" + std::to_string(VALUE_MATE + v);
    return "cp " + std::to_string(to_centipawns(v));
}

}  // namespace supersoma::search
