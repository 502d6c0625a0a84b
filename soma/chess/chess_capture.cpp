#include "soma/chess/chess_capture.hpp"

#include "soma/chess/chess_swap.hpp"

namespace supersoma::soma::chess {

std::string CaptureError::message() const {
    return "move, column " + std::to_string(column + 1) + ": " + what;
}

std::string capture_text(Square from, Square to, bool promotes) {
    return square_name(from) + square_name(to) + (promotes ? "q" : "");
}

std::variant<ChessCapture, CaptureError> parse_capture(
    const ChessBoard& board, std::string_view text) {
    if (text.size() != 4 && text.size() != 5)
        return CaptureError {0, "expected a move like e1e5, got '" + std::string(text) + "'"};
    const std::optional<Square> from = parse_square(text.substr(0, 2));
    if (!from) return CaptureError {0, "bad square '" + std::string(text.substr(0, 2)) + "'"};
    const std::optional<Square> to = parse_square(text.substr(2, 2));
    if (!to) return CaptureError {2, "bad square '" + std::string(text.substr(2, 2)) + "'"};
    const Color                side  = board.side_to_move();
    const std::string          mover = side == WHITE ? "white" : "black";
    const std::optional<Piece> piece = board.piece_at(*from);
    if (!piece || piece->color != side)
        return CaptureError {0, "no " + mover + " piece on " + square_name(*from)};
    const std::optional<Piece> victim = board.piece_at(*to);
    if (!victim || victim->color == side) {
        const bool en_passant = piece->kind == PAWN && board.en_passant() == to;
        return CaptureError {2,
            en_passant ? "en passant captures are not supported"
                       : "not a capture: no " + std::string(side == WHITE ? "black" : "white")
                    + " piece on " + square_name(*to)};
    }
    if (victim->kind == KING) return CaptureError {2, "the king cannot be captured"};
    const bool promotes = piece->kind == PAWN && rank_of(*to) == (side == WHITE ? 7 : 0);
    if (text.size() == 5 && (!promotes || text[4] != 'q'))
        return CaptureError {4,
            promotes ? "only promotion to a queen ('q') is supported"
                     : "'" + std::string(1, text[4]) + "' but no promotion"};
    const ChessValues any_values = CpwValues;  // legality does not depend on values
    const ChessSwap   swap(board, any_values, *to);
    if (!swap.attacker_on(*from))
        return CaptureError {
            0, "the piece on " + square_name(*from) + " does not attack " + square_name(*to)};
    if (piece->kind == KING ? swap.guards(int(~side)) : swap.pinned(*from, side))
        return CaptureError {0,
            piece->kind == KING ? "illegal: the king would step onto a guarded square"
                                : "illegal: the piece on " + square_name(*from) + " is pinned"};
    return ChessCapture {*from, *to};
}

}  // namespace supersoma::soma::chess
