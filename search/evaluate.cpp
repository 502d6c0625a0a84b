#include "search/evaluate.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>

#include "engine/attacks.hpp"

namespace supersoma::search {

namespace {

// Bonus by rank as the owner sees it (index 0 = the enemy's back rank). Pawns and silvers
// gain by advancing; lances and knights are clumsy far forward without promotion; golds are
// defenders and lose value when they stray.
constexpr std::array<std::array<Value, RANK_NB>, HAND_TYPE_NB> rank_bonus = {{
    {},                                // no piece
    {0, 0, 8, 7, 5, 2, 0, 0, 0},       // pawn (rank 1 never holds an unpromoted pawn)
    {0, -4, 0, 2, 2, 2, 2, 0, 0},      // lance
    {0, 0, -6, 0, 2, 2, 0, -2, -4},    // knight
    {6, 8, 8, 6, 4, 2, 2, 0, -2},      // silver
    {0, 0, 0, 0, 0, 0, 0, 0, 0},       // bishop
    {6, 6, 6, 0, 0, 0, 0, 0, 0},       // rook: on the enemy's ranks it promotes at will
    {-8, -8, -6, -4, -2, 0, 2, 4, 2},  // gold
}};

constexpr int chebyshev(Square a, Square b) {
    return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}

Value placement(const Position& pos, Color c) {
    Value v = 0;
    for (Square s : pos.pieces(c)) {
        const PieceType pt = type_of(pos.piece_on(s));
        if (pt < KING) v += rank_bonus[pt][relative_rank(c, rank_of(s))];
    }
    return v;
}

// Defenders near one's own king, attackers near it and attacks on its neighbourhood.
Value king_safety(const Position& pos, Color c) {
    const Square king = pos.king_square(c);
    if (king == SQ_NONE) return 0;
    Value          v         = 0;
    const Bitboard defenders = pos.pieces(c) & (pos.golds() | pos.pieces(SILVER));
    for (Square s : defenders)
        if (chebyshev(s, king) <= 2) v += 10;
    for (Square s : pos.pieces(~c)) {
        if (s == pos.king_square(~c)) continue;
        const int d = chebyshev(s, king);
        if (d <= 2)
            v -= 14;
        else if (d == 3)
            v -= 5;
    }
    const Bitboard around = step_attacks(c, KING, king);
    for (Square s : around)
        if (pos.attacked_by(~c, s)) v -= 8;
    // Pieces in the enemy's hand can be dropped next to the king.
    for (PieceType pt = LANCE; pt <= GOLD; ++pt) v -= 3 * pos.hand(~c).count(pt);
    return v;
}

Value hand_flexibility(const Position& pos, Color c) {
    Value v = 0;
    for (PieceType pt = PAWN; pt <= GOLD; ++pt)
        if (pos.hand(c).has(pt)) v += 6;
    return v;
}

}  // namespace

const soma::ValueProfile& search_profile() {
    return soma::full_hand_profile();
}

Value material(const Position& pos, Color c) {
    const soma::ValueProfile& profile = search_profile();
    Value                     v       = 0;
    for (Square s : pos.pieces(c)) {
        const PieceType pt = type_of(pos.piece_on(s));
        if (pt != KING) v += profile.board[pt];
    }
    for (PieceType pt = PAWN; pt <= GOLD; ++pt) v += pos.hand(c).count(pt) * profile.hand[pt];
    return v;
}

Value positional(const Position& pos, Color c) {
    return placement(pos, c) + king_safety(pos, c) + hand_flexibility(pos, c);
}

Value static_eval(const Position& pos) {
    const Color us = pos.side_to_move();
    return material(pos, us) - material(pos, ~us) + positional(pos, us) - positional(pos, ~us);
}

}  // namespace supersoma::search
