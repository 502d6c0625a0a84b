#include "soma/xref.hpp"

#include "soma/attack_map.hpp"
#include "soma/exchanges.hpp"
#include "soma/relations.hpp"
#include "soma/threats.hpp"

namespace supersoma::soma {

XrefTable build_xref(const Position& pos, const EvalOptions& options, XrefScope scope, Color side) {
    const ValueProfile& profile = *options.profile;
    // Each side's moves are generated with that side to move; the board is the same.
    BoardSetup flipped_setup   = pos.setup();
    flipped_setup.side_to_move = ~pos.side_to_move();
    const Position flipped(flipped_setup);
    std::array<const Position*, COLOR_NB> as_mover{};
    as_mover[pos.side_to_move()]  = &pos;
    as_mover[~pos.side_to_move()] = &flipped;

    const AttackMap map       = build_attack_map(pos);                       // A1
    const Relations relations = find_relations(as_mover, map, profile);     // A2
    const TieContext ties{&map};

    XrefTable table;
    list_exchanges(as_mover, relations, profile, options.ties ? &ties : nullptr, table);  // A3
    for (Color c : {SENTE, GOTE}) {                                                        // A4
        list_promotions(*as_mover[c], profile, table);
        list_mates(*as_mover[c], relations.mating_moves[c], profile, table);
        if (options.threats && scope == XrefScope::Full) list_threats(*as_mover[c], profile, table);
    }
    if (scope == XrefScope::Parryable)
        std::erase_if(table.entries, [&](const XrefEntry& e) { return e.side != side; });
    return table;
}

Value positive_total(const XrefTable& table, Color side) {
    Value total = 0;
    for (const XrefEntry& e : table.entries)
        if (e.side == side && e.value > 0) total += e.value;
    return total;
}

}  // namespace supersoma::soma
