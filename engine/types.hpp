#pragma once
// Small value types of the shogi board: colours, squares, pieces, values.
//
// Squares are numbered file-major with 1a = 0: sq = (file - 1) * 9 + (rank - 1), so 9i = 80.
// Rank 1 ('a') is gote's back rank, rank 9 ('i') is sente's.

#include <cstdint>

namespace supersoma {

enum Color : std::uint8_t { SENTE, GOTE, COLOR_NB };

constexpr Color operator~(Color c) {
    return Color(c ^ 1);
}

enum File : std::int8_t {
    FILE_1,
    FILE_2,
    FILE_3,
    FILE_4,
    FILE_5,
    FILE_6,
    FILE_7,
    FILE_8,
    FILE_9,
    FILE_NB
};
enum Rank : std::int8_t {
    RANK_1,
    RANK_2,
    RANK_3,
    RANK_4,
    RANK_5,
    RANK_6,
    RANK_7,
    RANK_8,
    RANK_9,
    RANK_NB
};

enum Square : std::int8_t { SQ_11 = 0, SQ_99 = 80, SQUARE_NB = 81, SQ_NONE = 127 };

constexpr Square make_square(File f, Rank r) {
    return Square(f * 9 + r);
}
constexpr File file_of(Square s) {
    return File(s / 9);
}
constexpr Rank rank_of(Square s) {
    return Rank(s % 9);
}
constexpr bool is_ok(Square s) {
    return s >= 0 && s < SQUARE_NB;
}

/// Rank as seen by `c`: sente's far rank (rank 1) is 0 for sente, gote's (rank 9) is 0 for gote.
constexpr Rank relative_rank(Color c, Rank r) {
    return c == SENTE ? r : Rank(8 - r);
}

/// True when `r` lies in `c`'s promotion zone (the three far ranks).
constexpr bool in_promotion_zone(Color c, Rank r) {
    return relative_rank(c, r) <= RANK_3;
}

// Piece kinds. A promoted kind is its base kind + PROMOTED; gold and king never promote.
enum PieceType : std::uint8_t {
    NO_PIECE_TYPE,
    PAWN,
    LANCE,
    KNIGHT,
    SILVER,
    BISHOP,
    ROOK,
    GOLD,
    KING,
    PRO_PAWN,
    PRO_LANCE,
    PRO_KNIGHT,
    PRO_SILVER,
    HORSE,
    DRAGON,
    PIECE_TYPE_NB,
    PROMOTED     = 8,
    HAND_TYPE_NB = 8  // hand kinds are PAWN..GOLD
};

constexpr bool can_promote(PieceType pt) {
    return pt >= PAWN && pt <= ROOK;
}
constexpr bool is_promoted(PieceType pt) {
    return pt > KING;
}
constexpr PieceType promote(PieceType pt) {
    return PieceType(pt + PROMOTED);
}
/// The unpromoted kind, which is also the kind a captured piece becomes in hand.
constexpr PieceType unpromote(PieceType pt) {
    return is_promoted(pt) ? PieceType(pt - PROMOTED) : pt;
}

/// Number of far ranks where an unpromoted piece of this kind could never move again.
constexpr int dead_ranks(PieceType pt) {
    return pt == KNIGHT ? 2 : (pt == PAWN || pt == LANCE) ? 1 : 0;
}

/// True when an unpromoted `pt` of colour `c` may stand on rank `r` (it can still move).
constexpr bool can_stand(Color c, PieceType pt, Rank r) {
    return relative_rank(c, r) >= dead_ranks(pt);
}

// A piece is a kind and a colour: bit 4 is the colour.
enum Piece : std::uint8_t { NO_PIECE = 0, PIECE_NB = 32 };

constexpr Piece make_piece(Color c, PieceType pt) {
    return Piece((c << 4) | pt);
}
constexpr PieceType type_of(Piece p) {
    return PieceType(p & 15);
}
constexpr Color color_of(Piece p) {
    return Color(p >> 4);
}

/// Material and tactical values are plain integers in the unit of the active value profile.
using Value = int;

constexpr int MAX_MOVES = 600;  // the known maximum of legal moves in a shogi position is 593
constexpr int MAX_PLY   = 256;

constexpr Square& operator++(Square& s) {
    return s = Square(s + 1);
}
constexpr File& operator++(File& f) {
    return f = File(f + 1);
}
constexpr Rank& operator++(Rank& r) {
    return r = Rank(r + 1);
}
constexpr PieceType& operator++(PieceType& pt) {
    return pt = PieceType(pt + 1);
}

}  // namespace supersoma
