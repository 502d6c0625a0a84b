#include "engine/rules.hpp"

namespace supersoma {

Repetition repetition(const Position& pos, int occurrences) {
    const Key key   = pos.key();
    int       seen  = 1;
    int       first = 0;  // plies back to the earliest occurrence counted
    for (int back = 2; back <= pos.moves_made() && seen < occurrences; back += 2)
        if (pos.state_ago(back).key == key) ++seen, first = back;
    if (seen < occurrences) return Repetition::None;

    // state_ago(i).checkers is set when the move into that state gave check. Moves made by
    // the opponent of the side to move lead into states an even number of plies back.
    bool them_always_checked = true, us_always_checked = true;
    for (int back = 0; back < first; ++back) {
        const bool check = bool(pos.state_ago(back).checkers);
        (back % 2 == 0 ? them_always_checked : us_always_checked) &= check;
    }
    if (them_always_checked) return Repetition::SideToMoveWins;
    if (us_always_checked) return Repetition::SideToMoveLoses;
    return Repetition::Draw;
}

}  // namespace supersoma

namespace supersoma {

namespace {

constexpr int declaration_value(PieceType pt) {
    const PieceType base = unpromote(pt);
    return base == BISHOP || base == ROOK ? 5 : 1;
}

}  // namespace

int declaration_points(const Position& pos, Color c) {
    int points = 0;
    for (Square s : pos.pieces(c) & promotion_zone_bb(c))
        if (type_of(pos.piece_on(s)) != KING) points += declaration_value(type_of(pos.piece_on(s)));
    for (PieceType pt = PAWN; pt <= GOLD; ++pt)
        points += pos.hand(c).count(pt) * declaration_value(pt);
    return points;
}

bool declaration_wins(const Position& pos, EnteringKingRule rule) {
    if (rule == EnteringKingRule::None) return false;
    const Color  us   = pos.side_to_move();
    const Square king = pos.king_square(us);
    if (king == SQ_NONE || !in_promotion_zone(us, rank_of(king)) || pos.in_check()) return false;
    const Bitboard in_camp = pos.pieces(us) & promotion_zone_bb(us);
    if (in_camp.count() - 1 < 10) return false;  // the king does not count
    const int needed = rule == EnteringKingRule::Point24 ? 31 : (us == SENTE ? 28 : 27);
    return declaration_points(pos, us) >= needed;
}

}  // namespace supersoma
