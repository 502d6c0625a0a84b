#include "soma/xref/exchanges.hpp"

#include <cassert>
#include <optional>

#include "engine/movegen.hpp"
#include "soma/xref/attack_map.hpp"

namespace supersoma::soma {

namespace {

bool discovers(const Relations& relations, Color side, Move m) {
    for (const Discovery& d : relations.discoveries[side])
        if (d.blocker == m.from() && !aligned(d.slider, d.target, m.to())) return true;
    return false;
}

}  // namespace

bool can_run(const Position& pos, Square s) {
    const Color owner = color_of(pos.piece_on(s));
    for (Square to : pos.attacks_of(s).andnot(pos.pieces(owner)))
        if (!pos.attacked_by(~owner, to, pos.pieces() ^ s)) return true;
    return false;
}

Neutralisers parries(
    const Position& as_victim, Square from, Square target, const ValueProfile& profile) {
    Neutralisers   n;
    const Color    victim  = as_victim.side_to_move();
    const Bitboard between = between_bb(from, target);
    n.defend               = !wins_on(as_victim, ~victim, target, profile);
    // The target's own moves (running: to a square the capturer's side does not attack), and
    // the others' onto the line or (unless defended already) to where they could guard the
    // target; moving onto the attacker is taking it.
    Bitboard     drop_squares = between;
    Destinations wanted;
    if (!n.defend) {
        for (Bitboard g : drop_attack_squares(as_victim, victim, Bitboard(target)))
            drop_squares |= g;
        wanted = attack_origins(as_victim, Bitboard(target));
    }
    for (Bitboard& b : wanted.by_kind) b = (b | between).andnot(Bitboard(from));
    wanted.free_from = Bitboard(target);
    MoveList moves;
    generate_legal(as_victim, drop_squares, wanted, moves);
    for (Move m : moves) {
        const Bitboard occ = as_victim.pieces_after(m);
        if (!m.is_drop() && m.from() == target)
            n.run = n.run || !as_victim.attacked_by(~victim, m.to(), occ);
        else if (between.test(m.to()))
            n.block = true;
        else if (!n.defend)
            n.defend = attacks_from(victim, m.placed(), m.to(), occ).test(target);
    }
    return n;
}

void list_exchanges(const Position& pos, const Relations* relations, const ValueProfile& profile,
    const TieContext* ties, XrefTable& table, bool annotate) {
    const Color    side     = pos.side_to_move();
    const MoveList captures = generate(GenKind::Captures, pos);
    // The parries are the other side's moves: its board, made once.
    std::optional<Position> as_victim;
    if (annotate && !captures.empty()) {
        as_victim.emplace(pos);
        as_victim->do_move(Move::pass());
    }
    table.entries.reserve(table.entries.size() + captures.size());  // at most one entry each
    auto exchange = [&](Move m) { return capture_exchange(pos, m, profile, ties); };
    for (std::size_t i = 0; i < captures.size(); ++i) {
        Move m = captures[i];
        if (m.captured() == KING) continue;  // only in positions where the idle side is in check
        Exchange ex = exchange(m);
        // The promoting and plain versions of one capture are adjacent: keep the better.
        if (i + 1 < captures.size() && captures[i + 1].from() == m.from()
            && captures[i + 1].to() == m.to()) {
            const Exchange other = exchange(captures[i + 1]);
            if (other.value > ex.value) m = captures[i + 1], ex = other;
            ++i;
        }
        assert(pos.piece_on(m.to()) != NO_PIECE && color_of(pos.piece_on(m.to())) != side);
        assert(ex.recapture <= 0 && "the reply takes back, it never gives");
        XrefEntry e;
        e.move  = m;
        e.side  = side;
        e.kinds = KIND_CAPTURE | (m.is_promotion() ? KIND_PROMOTION : 0)
            | (annotate && pos.gives_check(m) ? KIND_CHECK : 0)
            | (relations && discovers(*relations, side, m) ? KIND_DISCOVERED : 0);
        e.value     = ex.value;
        e.first     = ex.first;
        e.recapture = ex.recapture;
        e.target    = m.to();
        if (annotate) e.neutralise = parries(*as_victim, m.from(), m.to(), profile);
        table.entries.push_back(std::move(e));
    }
}

}  // namespace supersoma::soma
