#pragma once
// B2: cross-reference the XREF entries (seed 003 step B2, spec 4.1).

#include <array>
#include <optional>

#include "soma/xref/xref.hpp"
#include "util/arena.hpp"

namespace supersoma::soma {

/// B2: an entry gains the value of each positive opposing entry it removes, by taking that
/// entry's moving piece or by moving away the piece it would take; each counted once. Only
/// entries that gain at once count (XrefEntry::gains_at_once). With `record` every credit is
/// listed on the receiving entry (for reports; the weights are the same without).
void cross_reference(XrefTable& table, bool record = true);

/// The entries of a table that B2 credits (positive, gaining at once), found by square: by
/// the square their piece leaves and by the square they aim at, so crediting an entry reads
/// only the entries it can remove instead of the whole table.
class Creditable {
public:
    /// Indexes `entries` (kept by index and value: the vector may grow afterwards).
    explicit Creditable(const ArenaVector<XrefEntry>& entries);
    /// B2 for one entry: adds to `e`'s weight and contributions every indexed entry that `e`
    /// removes (removes()), in table order; listed in its contributions with `record`.
    void credit(XrefEntry& e, bool record = true) const;

private:
    struct Link {
        int   entry;
        Value value;
        int   next;  // the next link on the same square, or -1
    };
    ArenaVector<Link>                                links_;
    std::array<std::array<int, SQUARE_NB>, COLOR_NB> by_origin_;  // first link, or -1
    std::array<std::array<int, SQUARE_NB>, COLOR_NB> by_target_;
};

/// True when `e` removes the opposing entry `f`, and why: the rule Creditable applies.
std::optional<Contribution::Reason> removes(const XrefEntry& e, const XrefEntry& f);

}  // namespace supersoma::soma
