#pragma once
// SFEN in and out. Parsing validates everything a game position must satisfy, except that
// positions with one king (tsume) or none (analysis diagrams) are accepted.

#include <string>
#include <string_view>
#include <variant>

#include "engine/position.hpp"

namespace supersoma {

/// Why an SFEN was rejected: the field ("board", "side", "hands", "ply"), the 1-based column
/// in the text given, and what is wrong there.
struct SfenError {
    std::string field;
    std::size_t column = 0;
    std::string what;

    /// One line for people, e.g. "SFEN board, column 12: bad piece letter 'x'".
    std::string message() const;
};

/// The SFEN of the initial position.
inline constexpr std::string_view StartSfen
    = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

/// Parses "startpos", "<board> <side> <hands> [<ply>]", or either behind a leading "sfen ".
/// Nothing is built unless the whole text is valid.
std::variant<Position, SfenError> parse_sfen(std::string_view text);

/// Canonical SFEN: hands in the order RBGSNLP, sente's first; the ply is included.
std::string to_sfen(const Position& pos);

/// Hand pieces in the order SFEN, KIF and BOD list them: rook first, pawn last.
inline constexpr PieceType HandOrder[] = {ROOK, BISHOP, GOLD, SILVER, KNIGHT, LANCE, PAWN};

/// A piece type as SFEN writes sente's ("P", "+R"); "" for no piece.
std::string_view sfen_letters(PieceType pt);

/// A piece as SFEN writes it on the board: "S" for sente's silver, "+r" for gote's dragon; ""
/// for no piece.
std::string sfen_piece(Piece p);

}  // namespace supersoma
