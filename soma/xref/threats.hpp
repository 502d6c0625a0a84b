#pragma once
// A4: further threats (seed 003, A4): safe promotions, forks by moves and drops, attacks on
// pieces that cannot run. Threats are valued after the opponent's best reply.

#include <array>
#include <optional>

#include "soma/shogi/soma.hpp"
#include "soma/xref/relations.hpp"
#include "soma/xref/xref.hpp"
#include "util/arena.hpp"

namespace supersoma::soma {

/// Appends `side`'s non-capture promotions (`promotions`, as TacticalMoves lists them) that
/// gain: promotion value less what the opponent then wins on the square; listed only when
/// positive (spec 4.1 listing rule).
void list_promotions(const Position& as_side, const MoveList& promotions,
    const ValueProfile& profile, XrefTable& table);

/// Appends `side`'s mates in one (A2's mate threats) as entries worth the king.
void list_mates(
    const Position& as_side, const MoveList& mates, const ValueProfile& profile, XrefTable& table);

/// Appends `side`'s forks and attacks on immobile pieces, by moves and drops, each valued
/// after the opponent's best reply; listed only when positive.
void list_threats(const Position& as_side, const ValueProfile& profile, XrefTable& table);

/// list_threats' first half: `side`'s moves and drops that would fork or attack a piece that
/// cannot run, the most promising first, as many as the second half values.
ArenaVector<ThreatCandidate> screen_threats(const Position& as_side, const ValueProfile& profile);

/// list_threats' second half: `c` valued after the opponent's best reply, as the entry
/// list_threats makes of it; nothing when that value is not positive.
std::optional<XrefEntry> value_threat(
    const Position& as_side, const ThreatCandidate& c, const ValueProfile& profile);

/// The entry the threat `c` would make, all but its value (and what B1-B2 add).
XrefEntry threat_entry_shell(
    const Position& as_side, const ThreatCandidate& c, const ValueProfile& profile);

/// The most value_threat can give `c`: the king if the move checks, else its best target,
/// plus what the move itself gains.
Value threat_value_bound(
    const Position& as_side, const ThreatCandidate& c, const ValueProfile& profile);

}  // namespace supersoma::soma
