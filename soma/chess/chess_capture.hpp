#pragma once
// A capture typed as "e1e5" (optionally "e7d8q"), checked against a chess board: the piece on
// the first square belongs to the side to move and legally takes a piece on the second.

#include <cstddef>
#include <string>
#include <string_view>
#include <variant>

#include "soma/chess/chess_board.hpp"

namespace supersoma::soma::chess {

/// A checked capture.
struct ChessCapture {
    Square from;
    Square to;
};

/// Why a capture was refused; `column` is 0-based in the move text.
struct CaptureError {
    std::size_t column = 0;
    std::string what;
    /// One line for a user.
    std::string message() const;
};

/// The capture `text` on `board`, or why it is not a legal capture by the side to move (no
/// piece of that side, nothing to take, the piece does not attack the square, it is pinned,
/// the king would step onto a guarded square, the target is a king, or en passant).
std::variant<ChessCapture, CaptureError> parse_capture(
    const ChessBoard& board, std::string_view text);

/// "e1e5", with a trailing 'q' when a pawn promotes.
std::string capture_text(Square from, Square to, bool promotes);

}  // namespace supersoma::soma::chess
