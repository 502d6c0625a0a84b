#include "usi/info_sequence.hpp"

#include <algorithm>
#include <cassert>

namespace supersoma::usi {

void InfoSequence::start(bool exact_only) {
    shown_.clear();
    exact_only_ = exact_only;
}

bool InfoSequence::admit(const search::InfoReport& info) {
    assert(info.multipv >= 1 && !info.pv.empty());
    if (exact_only_ && info.bound != search::BOUND_EXACT) return false;
    if (std::size_t(info.multipv) > shown_.size()) shown_.resize(std::size_t(info.multipv));
    Shown& last = shown_[std::size_t(info.multipv - 1)];
    if (info.depth < last.depth) return false;
    // The same result again, its line only followed further through the table: nothing new.
    const std::size_t common = std::min(info.pv.size(), last.pv.size());
    if (info.depth == last.depth && info.score == last.score && info.bound == last.bound
        && std::equal(info.pv.begin(), info.pv.begin() + common, last.pv.begin()))
        return false;
    last = {info.depth, info.score, info.bound, info.pv};
    return true;
}

}  // namespace supersoma::usi
