#include "soma/playout/update.hpp"

#include <optional>

#include "soma/xref/threats.hpp"

namespace supersoma::soma {

namespace {

// Every square whose content can change what a swap-off on `s` sees: its lines to the edge
// (x-rays included) and the steps and knight jumps of either colour. Symmetric: s is in
// reach(x) exactly when x is in reach(s).
Bitboard swap_reach(Square s) {
    return rook_pseudo_attacks(s) | bishop_pseudo_attacks(s) | step_attacks(SENTE, KING, s)
        | step_attacks(SENTE, KNIGHT, s) | step_attacks(GOTE, KNIGHT, s) | Bitboard(s);
}

Bitboard swap_reach(Bitboard squares) {
    Bitboard r;
    for (Square s : squares) r |= swap_reach(s);
    return r;
}

bool same_lines_and_kings(const Position& a, const Position& b) {
    for (Color c : {SENTE, GOTE})
        if (a.pinned(c) != b.pinned(c) || a.pinners(c) != b.pinners(c)
            || a.king_square(c) != b.king_square(c))
            return false;
    return !a.checkers() && !b.checkers();
}

}  // namespace

Bitboard unchanged_exchange_squares(
    const Position& before, const Position& after, Move m, bool ties) {
    if (!same_lines_and_kings(before, after)) return Bitboard();
    if (m.is_pass()) return Bitboard::all();
    const Bitboard changed = m.is_drop() ? Bitboard(m.to()) : Bitboard(m.from()) | m.to();
    // A swap-off on s reads swap_reach(s); by symmetry the squares that reach a changed
    // square are swap_reach(changed).
    // With ties a leave cost also reads the promotions and mates a defender prevents, which
    // a move anywhere can change: nothing is carried over.
    return ties ? Bitboard() : ~swap_reach(changed);
}

XrefTable apply_and_update(
    Position& pos, Move m, const EvalOptions& options, XrefScope scope, ExchangeMemo* memo) {
    std::optional<Position> before;
    if (memo) before.emplace(pos);
    pos.do_move(m);
    // Nothing here reads the undo stack: dropping it keeps the many copies the table is built
    // with (one per tried move) from copying the whole playout's history each time.
    pos.forget_history();
    if (!memo) return build_xref(pos, options, scope);
    memo->previous = std::move(memo->current);
    memo->current.clear();
    memo->reusable = unchanged_exchange_squares(*before, pos, m, options.ties);
    return build_xref(pos, options, scope, SENTE, memo);
}

XrefTable keep_after_pass(Position& pos, ArenaVector<XrefEntry> built,
    std::optional<RelationSummary> relations, const EvalOptions& options, XrefScope scope) {
    pos.do_move(Move::pass());
    pos.forget_history();
    // build_xref lists both sides' entries from the board alone, in colour order: the pass
    // changed nothing they read.
    // Their weights and contributions are B2's of the last table; B1 starts them afresh.
    XrefTable table;
    table.entries   = std::move(built);
    table.relations = std::move(relations);
    if (options.threats && scope == XrefScope::Decisions)
        table.unvalued_threats = screen_threats(pos, *options.profile);
    return table;
}

}  // namespace supersoma::soma
