#pragma once
// A minimal chess board for the SEE adapter: pieces, side to move, FEN in and out. No move
// generation; castling and en passant fields are checked and kept, nothing more.

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "soma/chess/chess_attacks.hpp"

namespace supersoma::soma::chess {

/// Chess colours; white moves first (the swap core's side 0 is WHITE).
enum Color : std::uint8_t { WHITE, BLACK, COLOR_NB };
/// Chess piece kinds, in the order of soma::ChessValues.
enum Kind : std::uint8_t { PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, KIND_NB };

/// The other colour.
constexpr Color operator~(Color color) {
    return Color(color ^ 1);
}

/// A piece on the board.
struct Piece {
    Color       color;
    Kind        kind;
    friend bool operator==(Piece, Piece) = default;
};

/// "e4" for square 28.
std::string square_name(Square square);
/// The square named "e4", or nothing.
std::optional<Square> parse_square(std::string_view text);

/// Pieces on 64 squares, side to move and the FEN's other fields as given.
class ChessBoard {
public:
    /// The piece on `square`, if any.
    std::optional<Piece> piece_at(Square square) const {
        const std::uint8_t code = mailbox_[square];
        if (!code) return std::nullopt;
        return Piece {Color((code - 1) >> 3), Kind((code - 1) & 7)};
    }
    /// The kind of the piece on the occupied `square`.
    Kind kind_at(Square square) const { return Kind((mailbox_[square] - 1) & 7); }
    /// The colour of the piece on the occupied `square`.
    Color color_at(Square square) const { return Color((mailbox_[square] - 1) >> 3); }
    /// All pieces of `color`.
    Bitboard pieces(Color color) const { return by_color_[color]; }
    /// All pieces of `kind`, both colours.
    Bitboard pieces(Kind kind) const { return by_kind_[kind]; }
    /// Pieces of `color` and `kind`.
    Bitboard pieces(Color color, Kind kind) const { return by_color_[color] & by_kind_[kind]; }
    /// Every occupied square.
    Bitboard occupied() const { return by_color_[WHITE] | by_color_[BLACK]; }
    /// The king of `color` (the board has exactly one per colour once parsed).
    Square king_square(Color color) const { return std::countr_zero(pieces(color, KING)); }
    /// Who moves.
    Color side_to_move() const { return side_to_move_; }
    /// Squares where a piece of `color` could be pinned, whatever else stands or leaves: those
    /// strictly between its king and an enemy bishop, rook or queen on a line that piece moves
    /// along (Stockfish's snipers, without the blockers test). Kept by put and clear; the SEE
    /// adapter runs its exact pin test only on these squares.
    Bitboard pin_lines(Color color) const { return pin_lines_[color]; }

    /// Puts `piece` on the empty `square`.
    void put(Square square, Piece piece);
    /// Empties `square`.
    void clear(Square square);
    /// Sets who moves.
    void set_side_to_move(Color color) { side_to_move_ = color; }

    /// Castling rights as in the FEN ("-" when none).
    const std::string& castling() const { return castling_; }
    /// The en passant square of the FEN, if any.
    std::optional<Square> en_passant() const { return en_passant_; }
    /// The FEN's halfmove clock (0 when absent).
    int halfmove_clock() const { return halfmove_clock_; }
    /// The FEN's fullmove number (1 when absent).
    int fullmove_number() const { return fullmove_number_; }

private:
    friend struct FenParser;

    void update_pin_lines();

    std::array<Bitboard, COLOR_NB> by_color_ {};
    std::array<Bitboard, KIND_NB>  by_kind_ {};
    std::array<std::uint8_t, 64>   mailbox_ {};  ///< 0 empty, else color * 8 + kind + 1
    std::array<Bitboard, COLOR_NB> pin_lines_ {};
    Color                          side_to_move_ = WHITE;
    std::string                    castling_     = "-";
    std::optional<Square>          en_passant_;
    int                            halfmove_clock_  = 0;
    int                            fullmove_number_ = 1;
};

/// Why a FEN was refused: the field (placement, side, castling, en passant, halfmove,
/// fullmove), the 0-based column in the whole text, and what was wrong.
struct FenError {
    std::string field;
    std::size_t column = 0;
    std::string what;
    /// One line for a user.
    std::string message() const;
};

/// The board of `fen`; the side, castling and en passant fields are required, the move
/// counters optional (EPD style, as in seed 001's positions).
std::variant<ChessBoard, FenError> parse_fen(std::string_view fen);

/// The FEN of `board` (always six fields).
std::string to_fen(const ChessBoard& board);

/// The FEN letter of `piece` ("P" white pawn, "n" black knight).
char piece_letter(Piece piece);

}  // namespace supersoma::soma::chess
