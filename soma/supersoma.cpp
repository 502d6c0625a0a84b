#include "soma/supersoma.hpp"

#include "soma/playout.hpp"

namespace supersoma::soma {

EvalResult evaluate(const Position& pos, const EvalOptions& options) {
    return play_out(pos, options);
}

}  // namespace supersoma::soma
