#include "soma/cross_reference.hpp"

namespace supersoma::soma {

std::optional<Contribution::Reason> removes(const XrefEntry& e, const XrefEntry& f) {
    if (e.side == f.side) return std::nullopt;
    if (e.is(KIND_CAPTURE) && f.origin() != SQ_NONE && e.move.to() == f.origin())
        return Contribution::Reason::CapturesMover;
    if (e.origin() != SQ_NONE && f.target != SQ_NONE && e.origin() == f.target)
        return Contribution::Reason::MovesTarget;
    return std::nullopt;
}

void credit(XrefEntry& e, const std::vector<XrefEntry>& entries) {
    for (std::size_t j = 0; j < entries.size(); ++j) {
        const XrefEntry& f = entries[j];
        if (f.value <= 0 || !f.gains_at_once()) continue;
        if (auto reason = removes(e, f)) {
            e.weight += f.value;
            e.contributions.push_back({int(j), f.value, *reason});
        }
    }
}

void cross_reference(XrefTable& table) {
    // An entry is never credited by an entry of its own side (removes()), so crediting one
    // entry cannot change what the others read.
    for (XrefEntry& e : table.entries) credit(e, table.entries);
}

}  // namespace supersoma::soma
