#pragma once
// A3: one XREF entry per capture of either side, valued by the pin- and tie-aware SOMA.

#include "soma/shogi/soma.hpp"
#include "soma/xref/relations.hpp"
#include "soma/xref/xref.hpp"
#include "util/arena.hpp"

namespace supersoma::soma {

/// A3: appends an entry for every capture of the side to move of `as_side`, `captures` as
/// GenKind::Captures lists them (the better promotion option of each from-to pair), whatever
/// its value: the article lists losing captures too. `relations` (optional) marks discovered
/// attacks. Without `annotate` the check flag and the parries (neutralise) are left unset: a parry
/// is weighed by values only. Each from-to pair's result is also recorded in table.exchanges; with
/// `reuse` (and no `ties`), a pair whose square is not stale takes its recorded result.
void list_exchanges(const Position& as_side, const MoveList& captures, const Relations* relations,
    const ValueProfile& profile, const TieContext* ties, XrefTable& table, bool annotate = true,
    const ExchangeReuse* reuse = nullptr);

/// True when the piece on `s` has a square to go to that its enemy does not attack.
bool can_run(const Position& pos, Square s);

/// How the victim's side could parry a capture of the piece on `target` by the piece on `from`;
/// `as_victim` is the board with the victim's side to move. Only legal moves and drops count:
/// the target's own to a square the capturer's side does not attack (run), others' onto the
/// line between (block) or to a square from which the placed piece guards the target (defend;
/// the attacker's own square is a capture, not a defence). A target the capture no longer wins
/// on is defended already.
Neutralisers parries(
    const Position& as_victim, Square from, Square target, const ValueProfile& profile);

}  // namespace supersoma::soma
