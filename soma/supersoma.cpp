#include "soma/supersoma.hpp"

#include "soma/playout/playout.hpp"

namespace supersoma::soma {

EvalResult evaluate(const Position& pos, const EvalOptions& options) {
    return play_out(pos, options);
}

const char* line_end_name(LineEnd end) {
    switch (end) {
    case LineEnd::TwoPasses: return "two-passes";
    case LineEnd::Mate: return "mate";
    case LineEnd::NoLegalMove: return "no-legal-move";
    case LineEnd::Repetition: return "repetition";
    case LineEnd::IterationLimit: return "iteration-limit";
    }
    return "two-passes";  // not reached: every enumerator is listed
}

}  // namespace supersoma::soma
