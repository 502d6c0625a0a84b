#include "soma/xref/relations.hpp"

#include "engine/mate1ply.hpp"

namespace supersoma::soma {

namespace {

// Sliding attacks of the piece on `s` seen through the first piece on each line: the x-ray
// squares, i.e. those attacked once the nearest blocker is gone.
Bitboard xray_attacks(const Position& pos, Square s) {
    const Piece    p      = pos.piece_on(s);
    const Bitboard occ    = pos.pieces();
    const Bitboard direct = attacks_from(color_of(p), type_of(p), s, occ);
    return attacks_from(color_of(p), type_of(p), s, occ.andnot(direct)).andnot(direct);
}

bool is_slider(PieceType pt) {
    return pt == LANCE || pt == BISHOP || pt == ROOK || pt == HORSE || pt == DRAGON;
}

// Pins of ~c's pieces by c's sliders (absolute and relative) and c's discovered attacks.
void find_lines(const Position& pos, const ValueProfile& profile, Color c, Relations& r) {
    for (Square slider : pos.pieces(c)) {
        if (!is_slider(type_of(pos.piece_on(slider)))) continue;
        for (Square behind : xray_attacks(pos, slider) & pos.pieces(~c)) {
            const Bitboard between = between_bb(slider, behind) & pos.pieces();
            if (between.more_than_one()) continue;  // only one blocker: the x-ray's own
            const Square front = between.lsb();
            const Piece  fp = pos.piece_on(front), bp = pos.piece_on(behind);
            if (color_of(fp) == c) {
                r.discoveries[c].push_back({front, slider, behind});
            } else if (type_of(bp) == KING
                || profile.board[type_of(bp)] > profile.board[type_of(fp)]) {
                r.pins[~c].push_back({front, slider, behind, type_of(bp) == KING});
            }
        }
    }
}

// Squares where c could promote with a non-capture.
Bitboard promotion_targets(const TacticalMoves& moves_of_c) {
    Bitboard b;
    for (Move m : moves_of_c.quiet_promotions) b |= m.to();
    return b;
}

}  // namespace

Relations find_mate_threats(const std::array<const Position*, COLOR_NB>& as_mover,
    const std::array<TacticalMoves, COLOR_NB>&                           moves) {
    Relations r;
    for (Color c : {SENTE, GOTE}) {
        r.mating_moves[c] = mating_moves(*as_mover[c], moves[c].checks);
        for (Move m : r.mating_moves[c]) r.mate_squares[c] |= m.to();
    }
    return r;
}

Relations find_relations(const std::array<const Position*, COLOR_NB>& as_mover,
    const std::array<TacticalMoves, COLOR_NB>& moves, const AttackMap& map,
    const ValueProfile& profile, const TieContext& ties) {
    Relations       r   = find_mate_threats(as_mover, moves);
    const Position& pos = *as_mover[SENTE];
    for (Color c : {SENTE, GOTE}) find_lines(pos, profile, c, r);

    for (Color c : {SENTE, GOTE}) {
        // A promotion square the enemy guards: c would promote there but for the guard.
        const Bitboard promo   = promotion_targets(moves[c]);
        r.promotion_squares[c] = promo & map.attacked[~c];
        for (Square s : r.promotion_squares[c]) r.promotion_guards[~c] |= map.attackers[~c][s];
    }

    // Ties: a defender of c holding two or more of: c's attacked pieces, squares where ~c
    // would promote, each held by it alone; squares where ~c would mate once it left (the
    // leave cost's mates, soma/shogi/ties.hpp).
    for (Color c : {SENTE, GOTE}) {
        const Bitboard critical = (pos.pieces(c) & map.attacked[~c]) | r.promotion_squares[~c];
        for (Square d : pos.pieces(c)) {
            Bitboard held;
            for (Square s : pos.attacks_of(d) & critical)
                if (map.attackers[c][s] == Bitboard(d)) held |= s;
            for (const LeaveGain& g : leave_gains(pos, d, profile, ties))
                if (g.gain == profile.board[KING]) held |= g.held;
            if (held.more_than_one()) r.ties[c].push_back({d, held});
        }
    }
    return r;
}

}  // namespace supersoma::soma
