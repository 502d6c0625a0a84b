#pragma once
// The features of the learned evaluation (KP, after Bonanza): each piece on the board or in
// hand, weighed by where it stands relative to each king. A side's perspective looks at the
// board from its side, mirrored left-right when its king stands on the left half, so 45 king
// squares remain; for each, every piece (own or enemy, 14 kinds including the enemy king, 81
// squares) and the n-th piece of each kind in hand have a weight. One visitor serves the
// engine and the trainer (tools/train_kp), so what is trained is what plays.

#include <array>

#include "engine/position.hpp"

namespace supersoma::eval::kp {

constexpr int KING_BUCKETS   = 45;  // 9 ranks x 5 files, folded
constexpr int BOARD_KINDS    = 14;  // PAWN..DRAGON, the king included
constexpr int BOARD_FEATURES = COLOR_NB * BOARD_KINDS * SQUARE_NB;
/// Where the n-th piece of each kind in hand starts among a side's 38 hand features.
constexpr std::array<int, HAND_TYPE_NB> hand_base      = {0, 0, 18, 22, 26, 30, 32, 34};
constexpr int                           HAND_FEATURES  = 38;
constexpr int                           PIECE_FEATURES = BOARD_FEATURES + COLOR_NB * HAND_FEATURES;
/// One weight per king bucket and piece feature, then the side to move's bonus.
constexpr int TEMPO     = KING_BUCKETS * PIECE_FEATURES;
constexpr int WEIGHT_NB = TEMPO + 1;

/// How a side sees the board: its king's bucket and whether files are mirrored.
struct View {
    Color perspective;
    int   base;  // the bucket's first weight
    bool  mirror;

    /// `s` as the perspective sees it: rotated for gote, mirrored when the king is on the left.
    constexpr int square(Square s) const {
        const int o = perspective == SENTE ? int(s) : SQUARE_NB - 1 - int(s);
        return mirror ? (FILE_NB - 1 - o / 9) * 9 + o % 9 : o;
    }
    /// The weight of `p` standing on `s`.
    constexpr int board(Piece p, Square s) const {
        return base + ((color_of(p) != perspective) * BOARD_KINDS + type_of(p) - 1) * SQUARE_NB
            + square(s);
    }
    /// The weight of the `n`-th (from 0) piece of kind `pt` in `owner`'s hand.
    constexpr int hand(Color owner, PieceType pt, int n) const {
        return base + BOARD_FEATURES + (owner != perspective) * HAND_FEATURES + hand_base[pt] + n;
    }
};

/// The view of `perspective`, whose king stands on `king`.
constexpr View view_from(Color perspective, Square king) {
    const int  o      = perspective == SENTE ? int(king) : SQUARE_NB - 1 - int(king);
    const int  file   = o / 9;
    const bool mirror = file > FILE_5;
    const int  folded = mirror ? FILE_NB - 1 - file : file;
    return View {perspective, (folded * 9 + o % 9) * PIECE_FEATURES, mirror};
}

/// Calls `add(weight)` for every feature of `perspective`'s view of `pos` (which has its king).
template<class Add> void visit(const Position& pos, Color perspective, Add&& add) {
    const View v = view_from(perspective, pos.king_square(perspective));
    for (Square s : pos.pieces()) add(v.board(pos.piece_on(s), s));
    for (Color owner : {SENTE, GOTE})
        for (PieceType pt = PAWN; pt <= GOLD; pt = PieceType(pt + 1))
            for (int n = 0; n < pos.hand(owner).count(pt); ++n) add(v.hand(owner, pt, n));
}

/// Walks the moves from the state `plies` back to `pos`, latest first, and reports how each
/// changes the features of the views whose king stayed put: `remove(c, feature)` and
/// `add(c, feature)` for c's view, as `view_of(c, king)` numbers them. The hand slot of a drop or
/// capture depends on the count at that ply, so the moves are undone on a copy of the hands.
/// Returns which kings moved (those views must be computed from scratch). KP's sums and the
/// network's accumulators share it.
template<class ViewOf, class Remove, class Add>
std::array<bool, COLOR_NB> visit_changes(
    const Position& pos, int plies, ViewOf&& view_of, Remove&& remove, Add&& add) {
    std::array<bool, COLOR_NB> king_moved {};
    for (int i = 0; i < plies; ++i) {
        const Move m = pos.state_ago(i).last_move;
        if (!m.is_pass() && m.moved() == KING)
            king_moved[i % 2 == 0 ? ~pos.side_to_move() : pos.side_to_move()] = true;
    }
    const std::array<View, COLOR_NB> views
        = {view_of(SENTE, pos.king_square(SENTE)), view_of(GOTE, pos.king_square(GOTE))};
    std::array<Hand, COLOR_NB> hands = {pos.hand(SENTE), pos.hand(GOTE)};
    for (int i = 0; i < plies; ++i) {
        const StateInfo& st    = pos.state_ago(i);
        const Move       m     = st.last_move;
        const Color      mover = i % 2 == 0 ? ~pos.side_to_move() : pos.side_to_move();
        if (m.is_pass()) continue;
        const PieceType held
            = st.captured != NO_PIECE ? unpromote(type_of(st.captured)) : NO_PIECE_TYPE;
        for (Color c : {SENTE, GOTE}) {
            if (king_moved[c]) continue;
            const View& v = views[c];
            if (m.is_drop()) {
                remove(c, v.hand(mover, m.moved(), hands[mover].count(m.moved())));
                add(c, v.board(make_piece(mover, m.moved()), m.to()));
                continue;
            }
            remove(c, v.board(make_piece(mover, m.moved()), m.from()));
            add(c, v.board(make_piece(mover, m.placed()), m.to()));
            if (held != NO_PIECE_TYPE) {
                remove(c, v.board(st.captured, m.to()));
                add(c, v.hand(mover, held, hands[mover].count(held) - 1));
            }
        }
        if (m.is_drop())
            hands[mover].add(m.moved());
        else if (held != NO_PIECE_TYPE)
            hands[mover].remove(held);
    }
    return king_moved;
}

}  // namespace supersoma::eval::kp
