#pragma once
// KIF game records, the format of Kifu for Windows, ShogiGUI, Shogidokoro and ShogiHome:
// UTF-8 or Shift_JIS text with a header (players, handicap or a board diagram) and one
// numbered move per line in Japanese notation with the origin square, e.g. "７六歩(77)".

#include <optional>
#include <string>

#include "engine/position.hpp"
#include "record/recorded_game.hpp"

namespace supersoma::record {

/// Parses KIF text (the main line; variations are skipped), checking every move against the
/// rules. Throws std::runtime_error naming the line and what is wrong with it (an illegal
/// move too, unless `illegal` is Stop).
RecordedGame parse_kif(const std::string& text, IllegalMove illegal = IllegalMove::Throw);

/// A move as a KIF move line writes it: the destination (同　 when it is the previous move's),
/// the piece as it stood, 成 or 打, and the origin, e.g. "７六歩(77)", "同　銀成(54)",
/// "５二金打" (a declined promotion bare, "２二角(88)", as ShogiHome writes it). `m` must be
/// legal in `pos`.
std::string kif_move(const Position& pos, Move m, Move previous = Move());

/// The KIF header that sets up `start_sfen`: "手合割：平手" for the start position, else the
/// board diagram (BOD) with both hands and the side to move.
std::string kif_start(const std::string& start_sfen);

/// `text` as UTF-8: returned as it is when it is valid UTF-8, else read as Shift_JIS (CP932,
/// the encoding of .kif files). Throws std::runtime_error when it is neither.
std::string kif_text_to_utf8(const std::string& text);

/// UTF-8 `text` in Shift_JIS (CP932); nullopt when a character has no Shift_JIS code.
std::optional<std::string> utf8_to_shift_jis(const std::string& text);

/// The game as KIF text (UTF-8, whatever `encoding` the first line names): its header, the
/// start position, every move with its time and comments, the end word with its comments and
/// the result line (the record's own, else "まで8手で後手の勝ち" when the end tells it).
std::string to_kif(const RecordedGame& game, const std::string& encoding = "UTF-8");

}  // namespace supersoma::record
