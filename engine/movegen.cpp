#include "engine/movegen.hpp"

#include <algorithm>
#include <array>
#include <cassert>

namespace supersoma {

namespace {

// Which parts of the legal list to produce.
struct Parts {
    bool                captures, quiets, drops;
    Bitboard            drop_mask = Bitboard::all();  // drops only onto these squares
    const Destinations* kinds     = nullptr;          // board moves only onto these squares
};

// `targets` narrowed to what `parts` wants of the piece `pt` on `from`.
Bitboard wanted(const Parts& parts, PieceType pt, Square from, Bitboard targets) {
    if (!parts.kinds || parts.kinds->free_from.test(from)) return targets;
    return targets & parts.kinds->by_kind[pt];
}

// Where generated moves go: a list, or a counter that never materialises them (perft's
// last ply). Both see the same legal target sets, so they cannot disagree.
struct ListSink {
    MoveList& list;

    // The moves of `pt` from `from` to each target, with every promotion option the rules allow.
    void board(const Position& pos, PieceType pt, Square from, Bitboard targets) {
        const Color us = pos.side_to_move();
        for (Square to : targets) {
            const PieceType captured = type_of(pos.piece_on(to));
            const bool      zone
                = in_promotion_zone(us, rank_of(from)) || in_promotion_zone(us, rank_of(to));
            if (zone && can_promote(pt)) {
                list.push_back(Move::board(from, to, pt, captured, true));
                if (can_stand(us, pt, rank_of(to)))
                    list.push_back(Move::board(from, to, pt, captured, false));
            } else {
                list.push_back(Move::board(from, to, pt, captured, false));
            }
        }
    }
    void drops(PieceType pt, Bitboard targets) {
        for (Square to : targets) list.push_back(Move::drop(pt, to));
    }
};

struct CountSink {
    int count = 0;

    void board(const Position& pos, PieceType pt, Square from, Bitboard targets) {
        count += targets.count();
        if (!can_promote(pt)) return;
        const Color    us = pos.side_to_move();
        const Bitboard promoted
            = in_promotion_zone(us, rank_of(from)) ? targets : targets & promotion_zone_bb(us);
        // Each promotable target adds the promoting move; dead squares lose the plain one.
        count += promoted.count() - (targets & far_ranks_bb(us, dead_ranks(pt))).count();
    }
    void drops(PieceType, Bitboard targets) { count += targets.count(); }
};

// Files holding an unpromoted pawn of `c`, as full files: no second pawn may be dropped there.
Bitboard pawn_files(const Position& pos, Color c) {
    Bitboard files;
    for (Square s : pos.pieces(c, PAWN)) files |= file_bb(file_of(s));
    return files;
}

template<class Sink>
void generate_board_moves(const Position& pos, Sink& sink, Bitboard targets, const Parts& parts) {
    const Color    us     = pos.side_to_move();
    const Bitboard occ    = pos.pieces();
    const Square   ksq    = pos.king_square(us);
    const Bitboard pinned = pos.pinned(us);
    for (Square from : pos.pieces(us).andnot(pos.pieces(KING))) {
        const PieceType pt   = type_of(pos.piece_on(from));
        const Bitboard  want = wanted(parts, pt, from, targets);
        // Narrowed to a few squares (checks), most pieces cannot reach one even on an empty
        // board: a table lookup spares them the attack computation.
        if (parts.kinds && !(pseudo_attacks(us, pt, from) & want)) continue;
        Bitboard to = attacks_from(us, pt, from, occ) & want;
        if (pinned.test(from)) to &= line_bb(ksq, from);
        if (to) sink.board(pos, pt, from, to);
    }
}

template<class Sink> void generate_king_moves(const Position& pos, Sink& sink, Bitboard targets) {
    const Color  us  = pos.side_to_move();
    const Square ksq = pos.king_square(us);
    if (ksq == SQ_NONE) return;
    const Bitboard occ = pos.pieces() ^ ksq;
    Bitboard       safe;
    for (Square t : step_attacks(us, KING, ksq) & targets)
        if (!pos.attacked_by(~us, t, occ)) safe |= t;
    if (safe) sink.board(pos, KING, ksq, safe);
}

template<class Sink> void generate_drops(const Position& pos, Sink& sink, Bitboard targets) {
    const Color us   = pos.side_to_move();
    const Hand& hand = pos.hand(us);
    for (PieceType pt = PAWN; pt <= GOLD; ++pt) {
        if (!hand.has(pt)) continue;
        Bitboard to = targets.andnot(far_ranks_bb(us, dead_ranks(pt)));
        if (pt == PAWN) {
            to = to.andnot(pawn_files(pos, us));
            // Only the square in front of the enemy king can be a pawn-drop mate.
            const Square theirs = pos.king_square(~us);
            if (theirs != SQ_NONE) {
                const Bitboard front = step_attacks(~us, PAWN, theirs) & to;
                if (front && pawn_drop_mates(pos, front.lsb())) to ^= front;
            }
        }
        if (to) sink.drops(pt, to);
    }
}

// The legal moves of the requested parts; evasions when in check.
template<class Sink> void generate_parts(const Position& pos, Sink& sink, Parts parts) {
    const Color    us    = pos.side_to_move();
    const Bitboard empty = ~pos.pieces();
    Bitboard       board_targets;
    if (parts.captures) board_targets |= pos.pieces(~us);
    if (parts.quiets) board_targets |= empty;
    Bitboard drop_targets = parts.drops ? empty & parts.drop_mask : Bitboard();

    const Square ksq = pos.king_square(us);
    if (ksq != SQ_NONE) generate_king_moves(pos, sink, wanted(parts, KING, ksq, board_targets));
    const Bitboard checkers = pos.checkers();
    if (checkers) {
        if (checkers.more_than_one()) return;  // only the king may move
        const Square   checker = checkers.lsb();
        const Bitboard block   = between_bb(ksq, checker);
        board_targets &= block | checker;
        drop_targets &= block;
    }
    generate_board_moves(pos, sink, board_targets, parts);
    if (drop_targets) generate_drops(pos, sink, drop_targets);
}

void generate_parts(const Position& pos, MoveList& list, Parts parts) {
    ListSink sink {list};
    generate_parts(pos, sink, parts);
}

// Where the side to move gives check from, worked out once per position: the squares each
// kind checks from directly, and the pieces that may uncover a check.
struct CheckTargets {
    std::array<Bitboard, PIECE_TYPE_NB> squares {};   // where each kind checks from directly
    Bitboard                            drops;        // where some kind in hand checks
    Bitboard                            discoverers;  // our blockers of our own sliders
    Destinations                        moves;        // board destinations that may check
    Square                              king = SQ_NONE;

    // Whether the legal move `m`, listed from `moves` or `drops`, gives check.
    bool checks(const Position& pos, Move m) const {
        const bool discovered
            = !m.is_drop() && discoverers.test(m.from()) && !aligned(m.from(), m.to(), king);
        // A slider's own square may open a line through its origin: check that case fully.
        const bool direct = squares[m.placed()].test(m.to())
            || (!m.is_drop() && between_bb(m.to(), king).test(m.from()) && pos.gives_check(m));
        // A king never checks by itself, only by what it uncovers.
        return discovered || (direct && m.placed() != KING);
    }
};

// The check targets of the side to move against the enemy king at `ksq` (on the board).
CheckTargets check_targets(const Position& pos, Square ksq) {
    const Color  us = pos.side_to_move();
    CheckTargets t;
    t.king = ksq;
    // Where each kind checks from: the king's own attacks as that kind (moves mirror between
    // the colours), the five gold-like kinds and the sliders' lines computed once.
    const Bitboard occ  = pos.pieces();
    const Bitboard gold = step_attacks(~us, GOLD, ksq), king = step_attacks(~us, KING, ksq);
    const Bitboard diagonals = bishop_attacks(ksq, occ), lines = rook_attacks(ksq, occ);
    auto&          squares = t.squares;
    squares[PAWN]          = step_attacks(~us, PAWN, ksq);
    squares[LANCE]         = lance_attacks(~us, ksq, occ);
    squares[KNIGHT]        = step_attacks(~us, KNIGHT, ksq);
    squares[SILVER]        = step_attacks(~us, SILVER, ksq);
    squares[BISHOP]        = diagonals;
    squares[ROOK]          = lines;
    squares[HORSE]         = diagonals | king;
    squares[DRAGON]        = lines | king;
    for (PieceType pt : {GOLD, PRO_PAWN, PRO_LANCE, PRO_KNIGHT, PRO_SILVER}) squares[pt] = gold;
    assert(std::ranges::all_of(std::array {PAWN, LANCE, KNIGHT, SILVER, GOLD, BISHOP, ROOK,
                                   PRO_PAWN, PRO_LANCE, PRO_KNIGHT, PRO_SILVER, HORSE, DRAGON},
        [&](PieceType pt) { return squares[pt] == attacks_from(~us, pt, ksq, occ); }));
    // A drop checks only directly: drops elsewhere are not generated at all (most of a list).
    for (PieceType pt = PAWN; pt <= GOLD; ++pt)
        if (pos.hand(us).has(pt)) t.drops |= squares[pt];
    // Board moves only onto squares their kind (or its promotion) checks from, except for
    // pieces that may uncover a check: blockers of our sliders, and sliders with an open line
    // to the king (moving away along it, they see through their old square; a blocked one
    // cannot, and its direct checks are in squares).
    t.discoverers = pos.blockers_for_king(~us) & pos.pieces(us);
    t.moves       = {{}, t.discoverers};
    for (PieceType pt = PAWN; pt < PIECE_TYPE_NB; ++pt)
        if (pt != KING)
            t.moves.by_kind[pt]
                = squares[pt] | (can_promote(pt) ? squares[promote(pt)] : Bitboard());
    const Bitboard sliders = pos.pieces(LANCE) | pos.pieces(BISHOP) | pos.pieces(ROOK)
        | pos.pieces(HORSE) | pos.pieces(DRAGON);
    for (Square s : pos.pieces(us) & sliders)
        if (line_bb(s, ksq) && !(between_bb(s, ksq) & pos.pieces())) t.moves.free_from |= s;
    return t;
}

// Checking moves: a legal move checks when the placed kind attacks the king from its
// destination, or when it uncovers a slider. Squares that check are worked out once per
// kind, so no move needs its own attack computation.
void generate_checks(const Position& pos, MoveList& list) {
    const Square ksq = pos.king_square(~pos.side_to_move());
    if (ksq == SQ_NONE) return;
    const CheckTargets targets = check_targets(pos, ksq);
    MoveList           all;
    generate_parts(pos, all, {true, true, true, targets.drops, &targets.moves});
    for (Move m : all)
        if (targets.checks(pos, m)) list.push_back(m);
}

// The promoting board moves, in the order generate_parts lists them: only promotable kinds,
// only targets that allow promotion, so no full list is built and filtered.
void generate_promotions(const Position& pos, MoveList& list) {
    const Color    us       = pos.side_to_move();
    Bitboard       targets  = ~pos.pieces(us);
    const Bitboard checkers = pos.checkers();
    if (checkers) {
        if (checkers.more_than_one()) return;  // only the king may move, and it never promotes
        targets &= between_bb(pos.king_square(us), checkers.lsb()) | checkers;
    }
    const Bitboard promotable = pos.promotable();
    const Square   ksq        = pos.king_square(us);
    const Bitboard pinned     = pos.pinned(us);
    const Bitboard occ        = pos.pieces();
    // Pawns and silvers step one rank forward at most, knights jump two: those further back
    // cannot reach the zone (sliders are left to their attacks).
    const Bitboard out_of_reach
        = (pos.pieces(us, PAWN) | pos.pieces(us, SILVER)).andnot(far_ranks_bb(us, 4))
        | pos.pieces(us, KNIGHT).andnot(far_ranks_bb(us, 5));
    for (Square from : (pos.pieces(us) & promotable).andnot(out_of_reach)) {
        const PieceType pt = type_of(pos.piece_on(from));
        Bitboard        to = attacks_from(us, pt, from, occ) & targets;
        if (!in_promotion_zone(us, rank_of(from))) to &= promotion_zone_bb(us);
        if (pinned.test(from)) to &= line_bb(ksq, from);
        for (Square t : to)
            list.push_back(Move::board(from, t, pt, type_of(pos.piece_on(t)), true));
    }
}

}  // namespace

bool pawn_drop_mates(const Position& pos, Square to) {
    const Color  us  = pos.side_to_move();
    const Square ksq = pos.king_square(~us);
    if (ksq == SQ_NONE || !step_attacks(us, PAWN, to).test(ksq)) return false;
    const Bitboard occ = pos.pieces() | to;

    // Can a piece other than the king take the pawn without exposing its king?
    Bitboard defenders = pos.attackers_to(~us, to, occ).andnot(pos.pieces(KING));
    for (Square from : defenders) {
        const Bitboard after = occ ^ from;
        const Bitboard sliders
            = (rook_attacks(ksq, after) & (pos.pieces(us, ROOK) | pos.pieces(us, DRAGON)))
            | (bishop_attacks(ksq, after) & (pos.pieces(us, BISHOP) | pos.pieces(us, HORSE)))
            | (lance_attacks(~us, ksq, after) & pos.pieces(us, LANCE));
        if (!sliders) return false;
    }
    // Can the king step to a square we do not attack (taking the pawn included)? The pawn
    // itself is not in pos's piece sets, which is right: it attacks only the king's square.
    const Bitboard king_occ = occ ^ ksq;
    for (Square t : step_attacks(~us, KING, ksq).andnot(pos.pieces(~us)))
        if (!pos.attacked_by(us, t, king_occ)) return false;
    return true;
}

void generate(GenKind kind, const Position& pos, MoveList& list) {
    switch (kind) {
    case GenKind::Legal: generate_parts(pos, list, {true, true, true}); break;
    case GenKind::Captures: generate_parts(pos, list, {true, false, false}); break;
    case GenKind::Quiets: generate_parts(pos, list, {false, true, false}); break;
    case GenKind::Drops: generate_parts(pos, list, {false, false, true}); break;
    case GenKind::Evasions:
        if (pos.in_check()) generate_parts(pos, list, {true, true, true});
        break;
    case GenKind::Checks: generate_checks(pos, list); break;
    case GenKind::Promotions: generate_promotions(pos, list); break;
    }
}

MoveList generate(GenKind kind, const Position& pos) {
    MoveList list;
    generate(kind, pos, list);
    return list;
}

void generate_tactical(const Position& pos, TacticalMoves& out, bool with_checks) {
    out.captures.clear();
    out.quiet_promotions.clear();
    out.checks.clear();
    const Color  us    = pos.side_to_move();
    const Square ksq   = pos.king_square(us);
    const Square enemy = pos.king_square(~us);
    // In check every part is an evasion: the separate generators know how (a rare case).
    if (pos.in_check() || ksq == SQ_NONE) {
        generate(GenKind::Captures, pos, out.captures);
        MoveList promotions;
        generate(GenKind::Promotions, pos, promotions);
        for (Move m : promotions)
            if (!m.is_capture()) out.quiet_promotions.push_back(m);
        if (with_checks) generate(GenKind::Checks, pos, out.checks);
        return;
    }
    with_checks                 = with_checks && enemy != SQ_NONE;
    const CheckTargets targets  = with_checks ? check_targets(pos, enemy) : CheckTargets {};
    const Bitboard     occ      = pos.pieces();
    const Bitboard     theirs   = pos.pieces(~us);
    const Bitboard     empty    = ~occ;
    const Bitboard     not_ours = ~pos.pieces(us);
    ListSink           captures {out.captures};
    MoveList           may_check;  // board moves onto check squares, filtered at the end
    ListSink           checks {may_check};

    // The lists keep generate_parts' order: the king's moves, the other pieces by square,
    // then drops. Each piece's attacks are computed once and shared by the three lists.
    const Bitboard king_checks
        = with_checks && targets.moves.free_from.test(ksq) ? not_ours : Bitboard();
    Bitboard safe;
    for (Square t : step_attacks(us, KING, ksq) & (theirs | king_checks))
        if (!pos.attacked_by(~us, t, occ ^ ksq)) safe |= t;
    if (safe & theirs) captures.board(pos, KING, ksq, safe & theirs);
    if (safe & king_checks) checks.board(pos, KING, ksq, safe & king_checks);

    const Bitboard promotable = pos.promotable();
    const Bitboard pinned     = pos.pinned(us);
    for (Square from : pos.pieces(us).andnot(pos.pieces(KING))) {
        const PieceType pt = type_of(pos.piece_on(from));
        Bitboard        to = attacks_from(us, pt, from, occ);
        if (pinned.test(from)) to &= line_bb(ksq, from);
        if (to & theirs) captures.board(pos, pt, from, to & theirs);
        if (promotable.test(from)) {
            Bitboard promote_to = to & empty;
            if (!in_promotion_zone(us, rank_of(from))) promote_to &= promotion_zone_bb(us);
            for (Square t : promote_to)
                out.quiet_promotions.push_back(Move::board(from, t, pt, NO_PIECE_TYPE, true));
        }
        if (!with_checks) continue;
        const Bitboard want
            = targets.moves.free_from.test(from) ? not_ours : not_ours & targets.moves.by_kind[pt];
        if (to & want) checks.board(pos, pt, from, to & want);
    }
    if (!with_checks) return;
    if (targets.drops & empty) generate_drops(pos, checks, targets.drops & empty);
    for (Move m : may_check)
        if (targets.checks(pos, m)) out.checks.push_back(m);
}

void generate_legal(const Position& pos, Bitboard drop_targets, MoveList& list) {
    generate_parts(pos, list, {true, true, true, drop_targets});
}

void generate_legal(
    const Position& pos, Bitboard drop_targets, const Destinations& destinations, MoveList& list) {
    generate_parts(pos, list, {true, true, true, drop_targets, &destinations});
}

int count_legal(const Position& pos) {
    CountSink sink;
    generate_parts(pos, sink, {true, true, true});
    return sink.count;
}

bool has_legal_move(const Position& pos) {
    // A king step is the usual answer; look for one before counting everything.
    const Color  us  = pos.side_to_move();
    const Square ksq = pos.king_square(us);
    if (ksq != SQ_NONE) {
        const Bitboard occ = pos.pieces() ^ ksq;
        for (Square t : step_attacks(us, KING, ksq).andnot(pos.pieces(us)))
            if (!pos.attacked_by(~us, t, occ)) return true;
    }
    return count_legal(pos) > 0;
}

bool is_legal(const Position& pos, Move m) {
    assert(!m.is_pass() && "a pass is not a move of the game");
    if (m.is_none() || m.moved() == NO_PIECE_TYPE || m.to() >= SQUARE_NB) return false;
    const Color     us = pos.side_to_move();
    const Square    to = m.to();
    const PieceType pt = m.moved();
    if (m.is_drop()) {
        // Any kind of hand, onto an empty square where it can still move, no second pawn on
        // a file and no pawn-drop mate.
        if (pt > GOLD || m.is_capture() || m.is_promotion() || !pos.hand(us).has(pt)
            || pos.piece_on(to) != NO_PIECE || !can_stand(us, pt, rank_of(to)))
            return false;
        if (pt == PAWN) {
            if (pawn_files(pos, us) & to) return false;
            if (pawn_drop_mates(pos, to)) return false;
        }
        return pos.legal_after_pseudo(m);
    }
    const Square from = m.from();
    if (from >= SQUARE_NB || pos.piece_on(from) != make_piece(us, pt)) return false;
    // The captured kind is part of the move: it must be what stands there, and an enemy.
    const Piece target = pos.piece_on(to);
    if (target == NO_PIECE ? m.is_capture()
                           : color_of(target) == us || type_of(target) != m.captured())
        return false;
    if (!attacks_from(us, pt, from, pos.pieces()).test(to)) return false;
    if (m.is_promotion()) {
        if (!can_promote(pt)
            || !(in_promotion_zone(us, rank_of(from)) || in_promotion_zone(us, rank_of(to))))
            return false;
    } else if (!can_stand(us, pt, rank_of(to))) {
        return false;
    }
    return pos.legal_after_pseudo(m);
}

}  // namespace supersoma
