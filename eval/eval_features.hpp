#pragma once
// The positional evaluation as a linear model: a position lists, for each side, which features
// it has (piece on a square, piece near a king, attacked king neighbours, pieces in hand), and
// the positional term is the sum of their weights. One visitor serves the engine (it adds
// weights) and the tuner (it collects the features), so what is tuned is what is played.

#include <algorithm>
#include <array>
#include <cstdint>

#include "engine/attacks.hpp"
#include "engine/position.hpp"

namespace supersoma::eval::features {

/// Piece kinds the weights tell apart: the four small promoted kinds move alike and share one.
enum Kind : int {
    K_PAWN,
    K_LANCE,
    K_KNIGHT,
    K_SILVER,
    K_BISHOP,
    K_ROOK,
    K_GOLD,
    K_PROMOTED_MINOR,
    K_HORSE,
    K_DRAGON,
    KIND_NB
};

/// Squares as the owner sees them, folded left-right: 9 ranks x 5 files.
constexpr int SQUARE_SLOTS = 45;
/// Offsets from a king within three squares, folded left-right: 7 ranks x 4 files.
constexpr int KING_ZONE_SLOTS = 28;
/// Most attacked squares around a king.
constexpr int ATTACKED_SLOTS = 9;
/// Counts told apart in hand, per kind: pawns 0..8 (8 or more), L N S G 0..4, B R 0..2.
constexpr std::array<int, HAND_TYPE_NB> hand_slots = {0, 9, 5, 5, 5, 3, 3, 5};

// Feature index ranges.
constexpr int PIECE_SQUARE  = 0;
constexpr int KING_SQUARE   = PIECE_SQUARE + KIND_NB * SQUARE_SLOTS;
constexpr int OWN_NEAR_KING = KING_SQUARE + SQUARE_SLOTS;
constexpr int FOE_NEAR_KING = OWN_NEAR_KING + KIND_NB * KING_ZONE_SLOTS;
constexpr int KING_ATTACKED = FOE_NEAR_KING + KIND_NB * KING_ZONE_SLOTS;
constexpr int HAND          = KING_ATTACKED + ATTACKED_SLOTS;
constexpr int hand_offset(PieceType pt) {
    int offset = HAND;
    for (int t = PAWN; t < pt; ++t) offset += hand_slots[t];
    return offset;
}
constexpr int FEATURE_NB = hand_offset(GOLD) + hand_slots[GOLD];

constexpr Kind kind_of(PieceType pt) {
    constexpr std::array<Kind, PIECE_TYPE_NB> kinds = {KIND_NB, K_PAWN, K_LANCE, K_KNIGHT, K_SILVER,
        K_BISHOP, K_ROOK, K_GOLD, KIND_NB, K_PROMOTED_MINOR, K_PROMOTED_MINOR, K_PROMOTED_MINOR,
        K_PROMOTED_MINOR, K_HORSE, K_DRAGON};
    return kinds[pt];
}

// std::abs is not constexpr in every library (clang), and these tables are built at compile
// time.
constexpr int absolute(int x) {
    return x < 0 ? -x : x;
}

/// File and rank as `c` sees the board (its far rank 0), the file not folded.
struct OwnerView {
    int file;
    int rank;  // 0 = the enemy's back rank
};
constexpr OwnerView view(Color c, Square s) {
    return c == SENTE ? OwnerView {file_of(s), rank_of(s)}
                      : OwnerView {8 - file_of(s), 8 - rank_of(s)};
}

/// Per colour and square, its slot among the 45 (a table: the evaluation's inner loop).
inline constexpr auto square_slots = [] {
    std::array<std::array<std::uint8_t, SQUARE_NB>, COLOR_NB> slots {};
    for (Color c : {SENTE, GOTE})
        for (int s = 0; s < SQUARE_NB; ++s) {
            const OwnerView v = view(c, Square(s));
            slots[c][s]       = std::uint8_t(v.rank * 5 + std::min(v.file, 8 - v.file));
        }
    return slots;
}();

/// The squares within three of each square: where a piece counts as near a king there.
inline constexpr auto king_zones = [] {
    std::array<Bitboard, SQUARE_NB> zones {};
    for (int k = 0; k < SQUARE_NB; ++k)
        for (int s = 0; s < SQUARE_NB; ++s)
            if (absolute(file_of(Square(k)) - file_of(Square(s))) <= 3
                && absolute(rank_of(Square(k)) - rank_of(Square(s))) <= 3)
                zones[k] |= Square(s);
    return zones;
}();

/// Slot of `s` (within king_zones[king]) relative to `c`'s king at `king`.
constexpr int king_zone_slot(Color c, Square king, Square s) {
    const OwnerView k = view(c, king), p = view(c, s);
    return (p.rank - k.rank + 3) * 4 + absolute(p.file - k.file);
}

/// Calls `add(index, count)` for each feature `c` has in `pos` (each counts once).
template<class Add> void visit(const Position& pos, Color c, Add&& add) {
    const Square king = pos.king_square(c);
    for (Square s : pos.pieces(c)) {
        const PieceType pt = type_of(pos.piece_on(s));
        if (pt != KING) add(PIECE_SQUARE + kind_of(pt) * SQUARE_SLOTS + square_slots[c][s], 1);
    }
    if (king != SQ_NONE) {
        add(KING_SQUARE + square_slots[c][king], 1);
        const Bitboard zone = king_zones[king];
        for (Square s : pos.pieces(c) & zone) {
            const PieceType pt = type_of(pos.piece_on(s));
            if (pt != KING)
                add(OWN_NEAR_KING + kind_of(pt) * KING_ZONE_SLOTS + king_zone_slot(c, king, s), 1);
        }
        for (Square s : pos.pieces(~c) & zone) {
            const PieceType pt = type_of(pos.piece_on(s));
            if (pt != KING)
                add(FOE_NEAR_KING + kind_of(pt) * KING_ZONE_SLOTS + king_zone_slot(c, king, s), 1);
        }
        int attacked = 0;
        for (Square s : step_attacks(c, KING, king)) attacked += pos.attacked_by(~c, s);
        add(KING_ATTACKED + attacked, 1);
    }
    for (PieceType pt = PAWN; pt <= GOLD; pt = PieceType(pt + 1)) {
        const int count = std::min<int>(pos.hand(c).count(pt), hand_slots[pt] - 1);
        add(hand_offset(pt) + count, 1);
    }
}

}  // namespace supersoma::eval::features
