#pragma once
// KIF game records, the format of Kifu for Windows, ShogiGUI, Shogidokoro and ShogiHome:
// UTF-8 or Shift_JIS text with a header (players, handicap or a board diagram) and one
// numbered move per line in Japanese notation with the origin square, e.g. "７六歩(77)".

#include <string>

#include "record/recorded_game.hpp"

namespace supersoma::record {

/// Parses KIF text (the main line; variations are skipped), checking every move against the
/// rules. Throws std::runtime_error naming the line and what is wrong with it.
RecordedGame parse_kif(const std::string& text);

/// `text` as UTF-8: returned as it is when it is valid UTF-8, else read as Shift_JIS (CP932,
/// the encoding of .kif files). Throws std::runtime_error when it is neither.
std::string kif_text_to_utf8(const std::string& text);

}  // namespace supersoma::record
