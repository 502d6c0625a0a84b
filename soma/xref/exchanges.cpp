#include "soma/xref/exchanges.hpp"

#include <cassert>

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

namespace {

// The recorded result for the from-to pair of `m`, if `reuse` has one that still stands.
const ExchangeRecord* reusable(const ExchangeReuse* reuse, Move m) {
    if (!reuse || reuse->stale.test(m.to())) return nullptr;
    for (const ExchangeRecord& r : *reuse->records)
        if (r.move.from() == m.from() && r.move.to() == m.to()) return &r;
    return nullptr;
}

// A3's entries for `captures` (all of one side, in generation order); `as_victim`, the board
// with the other side to move, is given when the entries are annotated with their parries.
void add_exchanges(const Position& pos, const MoveList& captures, const Relations* relations,
    const ValueProfile& profile, const TieContext* ties, XrefTable& table,
    const Position* as_victim, const ExchangeReuse* reuse) {
    const Color side     = pos.side_to_move();
    const bool  annotate = as_victim != nullptr;
    table.entries.reserve(table.entries.size() + captures.size());  // at most one entry each
    auto exchange = [&](Move m) { return capture_exchange(pos, m, profile, ties); };
    for (std::size_t i = 0; i < captures.size(); ++i) {
        Move m = captures[i];
        if (m.captured() == KING) continue;  // only in positions where the idle side is in check
        // The promoting and plain versions of one capture are adjacent: keep the better.
        const bool pair = i + 1 < captures.size() && captures[i + 1].from() == m.from()
            && captures[i + 1].to() == m.to();
        Exchange ex;
        if (const ExchangeRecord* kept = reusable(ties ? nullptr : reuse, m)) {
            assert(kept->move == m || (pair && kept->move == captures[i + 1]));
            m  = kept->move;
            ex = kept->exchange;
            assert(ex == exchange(m) && "a square the move left alone keeps its exchange");
        } else {
            ex = exchange(m);
            if (pair) {
                const Exchange other = exchange(captures[i + 1]);
                if (other.value > ex.value) m = captures[i + 1], ex = other;
            }
        }
        i += pair;
        assert(pos.piece_on(m.to()) != NO_PIECE && color_of(pos.piece_on(m.to())) != side);
        assert(ex.recapture <= 0 && "the reply takes back, it never gives");
        table.exchanges.push_back({m, ex});
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

}  // namespace

Bitboard stale_squares(const Position& before, const Position& after, Move m) {
    for (Color c : {SENTE, GOTE})
        if (before.king_square(c) != after.king_square(c) || before.pinned(c) != after.pinned(c)
            || before.pinners(c) != after.pinners(c))
            return Bitboard::all();
    Bitboard changed = Bitboard(m.to());
    if (!m.is_drop()) changed |= m.from();
    Bitboard stale = changed;
    for (Square s : changed)
        stale |= bishop_pseudo_attacks(s) | rook_pseudo_attacks(s) | step_attacks(SENTE, KNIGHT, s)
            | step_attacks(GOTE, KNIGHT, s);
    return stale;
}

void list_exchanges(const Position& pos, const MoveList& captures, const Relations* relations,
    const ValueProfile& profile, const TieContext* ties, XrefTable& table, bool annotate,
    const ExchangeReuse* reuse) {
    if (!annotate || captures.empty()) {
        add_exchanges(pos, captures, relations, profile, ties, table, nullptr, reuse);
        return;
    }
    // The parries are the other side's moves: its board, made once.
    Position as_victim(pos);
    as_victim.do_move(Move::pass());
    add_exchanges(pos, captures, relations, profile, ties, table, &as_victim, reuse);
}

}  // namespace supersoma::soma
