#include "soma/playout/cross_reference.hpp"

#include <algorithm>

namespace supersoma::soma {

std::optional<Contribution::Reason> removes(const XrefEntry& e, const XrefEntry& f) {
    if (e.side == f.side) return std::nullopt;
    if (e.is(KIND_CAPTURE) && f.origin() != SQ_NONE && e.move.to() == f.origin())
        return Contribution::Reason::CapturesMover;
    if (e.origin() != SQ_NONE && f.target != SQ_NONE && e.origin() == f.target)
        return Contribution::Reason::MovesTarget;
    return std::nullopt;
}

Creditable::Creditable(const ArenaVector<XrefEntry>& entries) {
    for (auto& heads : by_origin_) heads.fill(-1);
    for (auto& heads : by_target_) heads.fill(-1);
    links_.reserve(2 * entries.size());
    // Linked from the last entry to the first, so each square's list runs in table order.
    for (int j = int(entries.size()) - 1; j >= 0; --j) {
        const XrefEntry& f = entries[j];
        if (f.value <= 0 || !f.gains_at_once()) continue;
        if (f.origin() != SQ_NONE) {
            int& head = by_origin_[f.side][f.origin()];
            links_.push_back({j, f.value, head});
            head = int(links_.size()) - 1;
        }
        if (f.target != SQ_NONE) {
            int& head = by_target_[f.side][f.target];
            links_.push_back({j, f.value, head});
            head = int(links_.size()) - 1;
        }
    }
}

void Creditable::credit(XrefEntry& e, bool record) const {
    const Color them = ~e.side;
    // removes(): e takes the piece an entry moves (it lands on that entry's origin), or e's
    // piece is the one an entry aims at. An entry on both lists counts once, as a capture.
    int taken = e.is(KIND_CAPTURE) ? by_origin_[them][e.move.to()] : -1;
    int moved = e.origin() != SQ_NONE ? by_target_[them][e.origin()] : -1;
    while (taken >= 0 || moved >= 0) {
        const bool capture
            = moved < 0 || (taken >= 0 && links_[taken].entry <= links_[moved].entry);
        const Link& link = links_[capture ? taken : moved];
        if (capture) {
            if (moved >= 0 && links_[moved].entry == link.entry) moved = links_[moved].next;
            taken = link.next;
        } else {
            moved = link.next;
        }
        e.weight += link.value;
        e.credit_largest = std::max(e.credit_largest, link.value);
        if (record)
            e.contributions.push_back({link.entry, link.value,
                capture ? Contribution::Reason::CapturesMover : Contribution::Reason::MovesTarget});
    }
}

void cross_reference(XrefTable& table, bool record) {
    // An entry is never credited by an entry of its own side (removes()), so crediting one
    // entry cannot change what the others read.
    const Creditable creditable(table.entries);
    for (XrefEntry& e : table.entries) creditable.credit(e, record);
}

}  // namespace supersoma::soma
