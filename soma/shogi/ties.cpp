#include "soma/shogi/ties.hpp"

#include <algorithm>

#include "engine/mate1ply.hpp"
#include "engine/movegen.hpp"
#include "soma/shogi/soma.hpp"

namespace supersoma::soma {

namespace {

using MoverMoves = TieContext::MoverMoves;

// `pos` with `mover` to move, as the context has it or as a copy made now.
const Position& mover_board(MoverMoves& m, const Position& pos, Color mover) {
    if (!m.board) {
        m.copy.emplace(pos);
        if (m.copy->side_to_move() != mover) m.copy->do_move(Move::pass());
        m.board = &*m.copy;
    }
    return *m.board;
}

// The mover's position to make moves on (and undo them).
Position& scratch(MoverMoves& m) {
    if (!m.copy) {
        m.copy.emplace(*m.board);
        m.board = &*m.copy;
    }
    return *m.copy;
}

// What the promotion `pm` gains, less what the other side then wins on its square with the
// pieces in `removed` off the board; at least 0 (an unsafe promotion is not played).
Value promotion_value(
    Position& as_mover, Move pm, const ValueProfile& profile, Bitboard removed = {}) {
    as_mover.do_move(pm);
    const Value risk = stand_pat_gain(as_mover, as_mover.side_to_move(), pm.to(), profile, removed);
    as_mover.undo_move();
    return std::max(0, profile.promotion_gain(pm.moved()) - risk);
}

// The mover's promotions onto `squares` (which the piece on `defender` alone guards) that gain
// more once it has left.
void promotions_allowed(const Position& pos, MoverMoves& m, Color mover, Square defender,
    Bitboard squares, const ValueProfile& profile, ArenaVector<LeaveGain>& out) {
    // A promotion lands in the zone or starts there.
    const Bitboard zone       = promotion_zone_bb(mover);
    const Bitboard promotable = pos.promotable();
    const Bitboard reachable
        = (pos.pieces(mover) & promotable & zone) ? Bitboard::all() : zone;  // cheap first cut
    Bitboard wanted;
    for (Square t : (squares & reachable).andnot(pos.pieces()))
        if (pos.attackers_to(mover, t) & promotable & (zone.test(t) ? Bitboard::all() : zone))
            wanted |= t;
    if (!wanted) return;
    if (!m.promotions) {
        m.promotions.emplace();
        const Position& board = mover_board(m, pos, mover);
        for (Move pm : generate(GenKind::Promotions, board))
            if (!pm.is_capture() && attacks_landing(board, pm, ~mover)) m.promotions->push_back(pm);
        m.promotion_values.assign(m.promotions->size(), TieContext::Unknown);
    }
    for (std::size_t i = 0; i < m.promotions->size(); ++i) {
        const Move pm = (*m.promotions)[i];
        if (!wanted.test(pm.to())) continue;
        Value& now = m.promotion_values[i];
        if (now == TieContext::Unknown) now = promotion_value(scratch(m), pm, profile);
        const Value without = promotion_value(scratch(m), pm, profile, Bitboard(defender));
        if (without > now) out.push_back({defender, pm, without - now, pm.to()});
    }
}

// Fills m.check_squares (per kind, the squares from which a `mover` piece of that kind would
// check the enemy king) and m.held_check_squares.
void find_check_squares(const Position& pos, MoverMoves& m, Color mover) {
    if (m.check_squares) return;
    m.check_squares.emplace();
    const Square ksq = pos.king_square(~mover);
    for (PieceType pt = PAWN; pt < PIECE_TYPE_NB; ++pt) {
        if (pt == KING) continue;
        (*m.check_squares)[pt] = attacks_from(~mover, pt, ksq, pos.pieces());
        const bool held        = pos.pieces(mover, pt) || (pt <= GOLD && pos.hand(mover).has(pt))
            || (is_promoted(pt) && pos.pieces(mover, unpromote(pt)));
        if (held) m.held_check_squares |= (*m.check_squares)[pt];
    }
}

// The mover's sliders on `squares` with one mover piece between them and the enemy king: the
// squares of those pieces (moving off the line, they uncover check) and of the sliders.
struct Discoveries {
    Bitboard blockers;
    Bitboard sliders;
};

Discoveries discoveries_from(const Position& pos, Color mover, Square ksq, Bitboard squares) {
    Discoveries    d;
    const Bitboard occ = pos.pieces();
    const Bitboard on_king_lines
        = squares & pos.pieces(mover) & (rook_pseudo_attacks(ksq) | bishop_pseudo_attacks(ksq));
    for (Square s : on_king_lines) {
        const Bitboard between = between_bb(s, ksq) & occ;
        if (!between || between.more_than_one() || !(between & pos.pieces(mover))) continue;
        if (!attacks_from(mover, type_of(pos.piece_on(s)), s, occ ^ between).test(ksq)) continue;
        d.blockers |= between;
        d.sliders |= s;
    }
    return d;
}

// The slider whose check the move of the blocker on `from` uncovers.
Square uncovered_slider(const Discoveries& d, Square from, Square ksq) {
    for (Square s : d.sliders)
        if (between_bb(s, ksq).test(from)) return s;
    return SQ_NONE;
}

// The mover's checks from `squares` (which the piece on `defender` alone guards) that mate
// once it has left and do not mate now: direct checks by a piece moved or dropped there, and
// checks by a slider there that a move uncovers. The piece is tied to a square where mate
// could occur (seed 003).
void mates_allowed(const Position& pos, MoverMoves& m, Color mover, Square defender,
    Bitboard squares, const ValueProfile& profile, ArenaVector<LeaveGain>& out) {
    const Square ksq = pos.king_square(~mover);
    if (ksq == SQ_NONE) return;
    find_check_squares(pos, m, mover);
    const std::array<Bitboard, PIECE_TYPE_NB>& checks  = *m.check_squares;
    const Discoveries                          uncover = discoveries_from(pos, mover, ksq, squares);
    // Board moves of each kind onto the squares it, or its promotion, checks from, and drops
    // of every kind held (pawns excepted: a pawn drop that mates is illegal).
    Destinations wanted;
    Bitboard     drop_targets, any;
    for (Square t : squares& m.held_check_squares) {
        const Bitboard movers = pos.attackers_to(mover, t);
        for (PieceType pt = PAWN; pt < PIECE_TYPE_NB; ++pt) {
            if (pt == KING) continue;
            const bool checks_from
                = checks[pt].test(t) || (can_promote(pt) && checks[promote(pt)].test(t));
            if (checks_from && (movers & pos.pieces(mover, pt))) wanted.by_kind[pt] |= t, any |= t;
            if (checks[pt].test(t) && pt > PAWN && pt <= GOLD && pos.hand(mover).has(pt)
                && !pos.piece_on(t))
                drop_targets |= t, any |= t;
        }
    }
    wanted.free_from = uncover.blockers;
    if (!any && !uncover.blockers) return;
    // A piece shielding its king (or a king already in check) leaves no position to search.
    if (pos.attackers_to(mover, ksq, pos.pieces() ^ defender)) return;
    MoveList moves;
    generate_legal(mover_board(m, pos, mover), drop_targets, wanted, moves);
    std::optional<Position> without;
    for (Move cm : moves) {
        if (cm.is_drop() && cm.moved() == PAWN) continue;
        const bool   direct = any.test(cm.to()) && checks[cm.placed()].test(cm.to());
        const Square slider
            = !cm.is_drop() && uncover.blockers.test(cm.from()) && !aligned(cm.from(), cm.to(), ksq)
            ? uncovered_slider(uncover, cm.from(), ksq)
            : SQ_NONE;
        if (!direct && slider == SQ_NONE) continue;
        if (!may_mate(*m.board, cm, Bitboard(defender))) continue;
        if (!without) {
            BoardSetup setup      = m.board->setup();
            setup.board[defender] = NO_PIECE;
            without.emplace(setup);
            if (without->in_check()) return;  // the piece shielded the mover's king
        }
        if (!is_mate_after(*without, cm)) continue;
        if (may_mate(*m.board, cm) && is_mate_after(scratch(m), cm)) continue;  // mates anyway
        out.push_back({defender, cm, profile.board[KING], slider != SQ_NONE ? slider : cm.to()});
    }
}

}  // namespace

TieContext::TieContext(const Position& pos, const std::array<const Position*, COLOR_NB>& as_mover)
    : attacked {}
    , attacked_twice {} {
    standing.fill(Unknown);
    for (Color c : {SENTE, GOTE})
        if (as_mover[c]) movers[c].emplace(as_mover[c]);
    std::array<Bitboard, COLOR_NB> once {};
    for (Square s : pos.pieces()) {
        const Color    c = color_of(pos.piece_on(s));
        const Bitboard a = pos.attacks_of(s);
        attacked[c] |= a;
        if (type_of(pos.piece_on(s)) == KING) continue;
        attacked_twice[c] |= once[c] & a;
        once[c] |= a;
    }
}

namespace {

// Works out, once per defender, what its leaving allows and keeps it in ties.leave_gains.
void price_leave(
    const Position& pos, Square defender, const ValueProfile& profile, const TieContext& ties) {
    if (ties.priced.test(defender)) return;
    ties.priced |= defender;
    if (type_of(pos.piece_on(defender)) == KING) return;  // it joins last, if at all
    const Color c     = color_of(pos.piece_on(defender));
    const Color mover = ~c;
    // Only what the piece alone holds: where another guard stands, nothing changes much.
    const Bitboard alone
        = pos.attacks_of(defender).andnot(pos.pieces(c)).andnot(ties.attacked_twice[c]);
    if (!alone) return;
    std::optional<MoverMoves>& slot = ties.movers[mover];
    if (!slot) slot.emplace(nullptr);
    promotions_allowed(pos, *slot, mover, defender, alone, profile, ties.leave_gains);
    mates_allowed(pos, *slot, mover, defender, alone, profile, ties.leave_gains);
}

}  // namespace

ArenaVector<LeaveGain> leave_gains(
    const Position& pos, Square defender, const ValueProfile& profile, const TieContext& ties) {
    price_leave(pos, defender, profile, ties);
    ArenaVector<LeaveGain> out;
    for (const LeaveGain& g : ties.leave_gains)
        if (g.defender == defender) out.push_back(g);
    return out;
}

Value tie_cost(const Position& pos, Square from, Square exchange_square,
    const ValueProfile& profile, const TieContext& ties) {
    const Color    c       = color_of(pos.piece_on(from));
    const Bitboard exposed = pos.attacks_of(from) & pos.pieces(c) & ties.attacked[~c];
    Value          cost    = 0;
    for (Square g : exposed.andnot(Bitboard(exchange_square))) {
        Value& now = ties.standing[g];
        if (now == TieContext::Unknown) now = stand_pat_gain(pos, ~c, g, profile);
        const Value after = stand_pat_gain(pos, ~c, g, profile, Bitboard(from));
        cost              = std::max(cost, after - now);
    }
    price_leave(pos, from, profile, ties);
    // The piece on the exchange square is taken and the defender stands there afterwards: a
    // move from or onto it, or a discovered check by the slider it took, no longer counts.
    // (An exchange square is occupied, so it is never on an open checking line.)
    for (const LeaveGain& g : ties.leave_gains)
        if (g.defender == from && g.held != exchange_square && g.move.to() != exchange_square
            && (g.move.is_drop() || g.move.from() != exchange_square))
            cost = std::max(cost, g.gain);
    return cost;
}

}  // namespace supersoma::soma
