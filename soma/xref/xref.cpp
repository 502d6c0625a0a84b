#include "soma/xref/xref.hpp"

#include <algorithm>
#include <array>

#include "engine/mate1ply.hpp"

#include "soma/xref/attack_map.hpp"
#include "soma/xref/exchanges.hpp"
#include "soma/xref/relations.hpp"
#include "soma/xref/threats.hpp"

namespace supersoma::soma {

namespace {

// `pos` with the other side to move; the board and hands unchanged.
Position with_side_flipped(const Position& pos) {
    Position flipped(pos);
    flipped.do_move(Move::pass());
    return flipped;
}

// What a parry is measured against: `side`'s entries that gain at once (A3 captures, A4
// promotions, A2 mates), without the relations and threats only the full table needs.
XrefTable build_parryable(const Position& as_side, const XrefOptions& options, bool mates) {
    std::array<const Position*, COLOR_NB> as_mover {};
    as_mover[as_side.side_to_move()] = &as_side;
    XrefTable     table;
    TacticalMoves moves;
    generate_tactical(as_side, moves, mates);
    // Only values count here (weigh_parry): no check flags or parries to annotate. Without
    // ties no context is made (its attack pass is a tenth of a parry table).
    if (options.ties) {
        const TieContext ties {as_side, as_mover};
        list_exchanges(as_side, moves.captures, nullptr, *options.profile, &ties, table, false);
    } else {
        list_exchanges(as_side, moves.captures, nullptr, *options.profile, nullptr, table, false);
    }
    list_promotions(as_side, moves.quiet_promotions, *options.profile, table);
    if (mates) list_mates(as_side, mating_moves(as_side, moves.checks), *options.profile, table);
    return table;
}

// A1-A4 for both sides of `pos` (`as_mover` holds it with each side to move). `ties` is
// given when the table is complete (A2 reports ties whatever the options) or the options ask
// for tie-aware exchanges.
XrefTable build_both_sides(const Position&       pos,
    const std::array<const Position*, COLOR_NB>& as_mover, const XrefOptions& options,
    bool complete, const TieContext* ties, const ExchangeReuse* reuse) {
    const ValueProfile& profile = *options.profile;
    // Each side's captures, promotions and checks, from one pass over its pieces.
    std::array<TacticalMoves, COLOR_NB> moves;
    for (Color c : {SENTE, GOTE})
        generate_tactical(*as_mover[c], moves[c], complete || options.mate_search);
    // A Decisions table leaves out what only the report reads: the A2 relations besides the
    // mate threats, and the check and parry annotations of captures.
    // A1's per-square attackers feed only the relations; ties need the attacked squares.
    Relations relations = complete
        ? find_relations(as_mover, moves, build_attack_map(pos), profile, *ties)  // A1, A2
        : options.mate_search ? find_mate_threats(as_mover, moves)
                              : Relations {};
    if (!options.mate_search)  // the ablation: a complete table keeps its other relations
        for (Color c : {SENTE, GOTE}) {
            relations.mating_moves[c].clear();
            relations.mate_squares[c] = Bitboard {};
        }

    XrefTable table;
    for (Color c : {SENTE, GOTE}) {
        list_exchanges(*as_mover[c], moves[c].captures, &relations, profile,
            options.ties ? ties : nullptr, table, complete, reuse);                // A3
        list_promotions(*as_mover[c], moves[c].quiet_promotions, profile, table);  // A4
        list_mates(*as_mover[c], relations.mating_moves[c], profile, table);
        if (options.threats && complete)
            list_threats(*as_mover[c], profile, table);
        else if (options.threats && c == pos.side_to_move())
            table.unvalued_threats = screen_threats(*as_mover[c], profile);
    }
    if (complete) table.relations = static_cast<const RelationSummary&>(relations);
    return table;
}

}  // namespace

XrefTable build_xref(
    const Position& pos, const XrefOptions& options, XrefScope scope, const ExchangeReuse* reuse) {
    // Each side's moves are generated with that side to move; the board is the same.
    const Position                        flipped = with_side_flipped(pos);
    std::array<const Position*, COLOR_NB> as_mover {};
    as_mover[pos.side_to_move()]  = &pos;
    as_mover[~pos.side_to_move()] = &flipped;
    const bool complete           = scope == XrefScope::Full;
    if (!complete && !options.ties)
        return build_both_sides(pos, as_mover, options, false, nullptr, reuse);
    const TieContext ties {pos, as_mover};
    return build_both_sides(pos, as_mover, options, complete, &ties, reuse);
}

XrefTable build_parry_table(
    const Position& pos, Color side, const XrefOptions& options, bool mates) {
    return build_parryable(side == pos.side_to_move() ? pos : with_side_flipped(pos), options,
        mates && options.mate_search);
}

Value positive_total(const ArenaVector<XrefEntry>& entries, Color side, bool at_once_only) {
    Value total = 0;
    for (const XrefEntry& e : entries)
        if (e.side == side && e.value > 0 && (!at_once_only || e.gains_at_once())) total += e.value;
    return total;
}

}  // namespace supersoma::soma
