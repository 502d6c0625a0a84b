#include "soma/neutralise.hpp"

#include <algorithm>

#include "engine/movegen.hpp"
#include "soma/soma.hpp"

namespace supersoma::soma {

namespace {

// True when `m` could parry `f`: it moves f's target, stands on f's line, or guards the
// square f lands on.
bool may_parry(const Position& pos, Move m, const XrefEntry& f) {
    const Square lands = f.move.to();
    const Square aim   = f.target != SQ_NONE ? f.target : lands;
    if (!m.is_drop() && m.from() == aim) return true;
    if (f.origin() != SQ_NONE && between_bb(f.origin(), aim).test(m.to())) return true;
    Bitboard occ = pos.pieces() | m.to();
    if (!m.is_drop()) occ ^= m.from();
    return attacks_from(pos.side_to_move(), m.placed(), m.to(), occ).test(lands);
}

}  // namespace

std::vector<Neutraliser> find_neutralisers(const Position& pos, const std::vector<XrefEntry>& entries,
                                           const EvalOptions& options, Value to_beat) {
    const Color      them = ~pos.side_to_move();
    std::vector<int> threats;
    Value            before = 0;
    for (int i = 0; i < int(entries.size()); ++i)
        if (entries[i].side == them && entries[i].value > 0 && entries[i].gains_at_once()) {
            threats.push_back(i);
            before += entries[i].value;
        }
    std::vector<Neutraliser> result;
    if (threats.empty()) return result;

    Position work(pos);
    for (Move m : generate(GenKind::Legal, pos)) {
        if (m.is_capture()) continue;  // captures are XREF entries, weighted by B2
        const Value gain  = m.is_promotion() ? options.profile->promotion_gain(m.moved()) : 0;
        Value       bound = gain;  // the most it could weigh: everything it might parry
        for (int i : threats)
            if (may_parry(pos, m, entries[i])) bound += entries[i].value;
        if (bound == gain || (!options.all_neutralisers && bound <= to_beat)) continue;
        work.do_move(m);
        // Only a safe parry counts ("the Rook can safely run", seed 003): a piece that the
        // opponent can then take with profit has not neutralised anything.
        if (stand_pat_gain(work, them, m.to(), *options.profile) > 0) {
            work.undo_move();
            continue;
        }
        const XrefTable after = build_xref(work, options, XrefScope::Parryable, them);
        work.undo_move();
        Neutraliser n{m, before - positive_total(after, them) + gain, {}};
        if (n.weight <= 0) continue;
        for (int i : threats) {
            const bool survives = std::any_of(after.entries.begin(), after.entries.end(), [&](const XrefEntry& e) {
                return e.value > 0 && e.move == entries[i].move;
            });
            if (!survives) n.saves.push_back(i);
        }
        result.push_back(std::move(n));
    }
    std::stable_sort(result.begin(), result.end(),
                     [](const Neutraliser& a, const Neutraliser& b) { return a.weight > b.weight; });
    return result;
}

}  // namespace supersoma::soma
