#pragma once
// What a GUI sees of one search's reports. The search reports its lines as they stand; GUIs
// keep the last line of each MultiPV slot and plot depth, so the protocol never lets a
// slot's depth go back, never repeats a line (the same depth, score and bound, with moves that
// agree as far as both go), and in ConsiderationMode (the GUIs' analysis panes) shows only exact
// scores.

#include <vector>

#include "search/search.hpp"

namespace supersoma::usi {

class InfoSequence {
public:
    /// A new search; `exact_only` drops lowerbound and upperbound lines.
    void start(bool exact_only);
    /// True when `info` should reach the GUI (and is remembered as its slot's last line).
    bool admit(const search::InfoReport& info);

private:
    struct Shown {
        int           depth = 0;
        Value         score = 0;
        search::Bound bound = search::BOUND_NONE;
        search::PV    pv;
    };
    std::vector<Shown> shown_;  // by multipv - 1
    bool               exact_only_ = false;
};

}  // namespace supersoma::usi
