#pragma once
// UTF-8 in user input: where a character ends, and quoting one in an error message without
// breaking it. Header-only and dependency-free, so every layer (the board, the chess adapter,
// the record readers) may use it.

#include <cstdio>
#include <string>
#include <string_view>

namespace supersoma {

/// The length in bytes of the well-formed UTF-8 character that starts at byte `i` of
/// `text`, or 0 when none starts there (a stray continuation byte, a cut sequence).
inline std::size_t utf8_length(std::string_view text, std::size_t i) {
    const auto        lead   = static_cast<unsigned char>(text[i]);
    const std::size_t length = lead < 0x80 ? 1
        : (lead >> 5) == 0x6               ? 2
        : (lead >> 4) == 0xE               ? 3
        : (lead >> 3) == 0x1E              ? 4
                                           : 0;
    if (length == 0 || i + length > text.size()) return 0;
    for (std::size_t k = 1; k < length; ++k)
        if ((static_cast<unsigned char>(text[i + k]) >> 6) != 0x2) return 0;
    return length;
}

/// The character that starts at byte `i` of `text`, in single quotes: a whole UTF-8
/// sequence when one starts there (so "日" is echoed as '日', not as a broken byte), else
/// the byte in hex ("byte 0xff"), as are control characters.
inline std::string quote_character(std::string_view text, std::size_t i) {
    const auto        lead   = static_cast<unsigned char>(text[i]);
    const std::size_t length = utf8_length(text, i);
    if (length > 0 && lead >= 0x20 && lead != 0x7F)
        return "'" + std::string(text.substr(i, length)) + "'";
    char hex[16];
    std::snprintf(hex, sizeof hex, "byte 0x%02x", lead);
    return hex;
}

}  // namespace supersoma
