#pragma once
// Move text: USI ("7g7f", "8h2b+", "P*5e") and the SUPER-SOMA article's notation
// ("R 6dxs4d": sente's pieces in lower case, gote's in upper case, the reverse of SFEN).

#include <string>
#include <string_view>
#include <variant>

#include "engine/position.hpp"

namespace supersoma {

/// Why a move text was refused: malformed text, or a well-formed move that is not legal here.
struct MoveTextError {
    enum class Kind { Malformed, Illegal } kind;
    std::string what;
};

/// USI text of `m`; a pass is "pass", no move "none".
std::string to_usi(Move m);

/// Parses USI text into the legal move it names in `pos`, or says why not.
std::variant<Move, MoveTextError> parse_usi_move(const Position& pos, std::string_view text);

/// Square in USI/article form, e.g. "7g".
std::string square_name(Square s);

/// The article's notation of `m` played by `mover` (before the move is made).
std::string to_article(Move m, Color mover);

/// The Japanese name of a kind, as records write it: "歩", "成香", "龍".
std::string_view japanese_piece(PieceType pt);

/// The one-character name a board diagram draws: "歩", "杏" (promoted lance), "龍".
std::string_view japanese_piece_short(PieceType pt);

/// A digit 0-9 at full width, as records write files: "７".
std::string_view full_width_digit(int d);

/// A digit 0-9 as a kanji numeral, as records write ranks and counts: "六".
std::string_view kanji_digit(int d);

/// A count of pieces in hand as records write it after the kind: "" for one, "二" .. "十八".
std::string kanji_count(int n);

/// Japanese notation of `m`, legal in `pos` (before it is made), in UTF-8: side mark, file
/// and rank, piece, then 打 (drop), 成 or 不成 (when promotion was possible), e.g. "▲７六歩",
/// "△同　銀", "▲５二金打". `previous` (the move before, if any) gives 同. When like pieces
/// could go to the same square, 直, 上/引/寄 and 右/左 tell the mover apart ("▲５八金右").
std::string to_japanese(const Position& pos, Move m, Move previous = Move());

}  // namespace supersoma
