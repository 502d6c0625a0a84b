#pragma once
// B2: cross-reference the XREF entries (seed 003 step B2, spec 4.1).

#include <optional>

#include "soma/xref.hpp"

namespace supersoma::soma {

/// B2: an entry gains the value of each positive opposing entry it removes, by taking that
/// entry's moving piece or by moving away the piece it would take; each counted once. Only
/// entries that gain at once count (XrefEntry::gains_at_once).
/// Every contribution is recorded on the receiving entry.
void cross_reference(XrefTable& table);

/// B2 for one entry: adds to `e`'s weight and contributions every positive opposing entry of
/// `entries` that gains at once and that `e` removes.
void credit(XrefEntry& e, const std::vector<XrefEntry>& entries);

/// True when `e` removes the opposing entry `f`, and why.
std::optional<Contribution::Reason> removes(const XrefEntry& e, const XrefEntry& f);

}  // namespace supersoma::soma
