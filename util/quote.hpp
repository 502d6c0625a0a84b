#pragma once
// Quoting a character of user input in an error message without breaking a multi-byte one.
// Header-only and dependency-free, so every layer (the board, the chess adapter) may use it.

#include <cstdio>
#include <string>
#include <string_view>

namespace supersoma {

/// The character that starts at byte `i` of `text`, in single quotes: a whole UTF-8
/// sequence when one starts there (so "日" is echoed as '日', not as a broken byte), else
/// the byte in hex ("byte 0xff").
inline std::string quote_character(std::string_view text, std::size_t i) {
    const auto lead   = static_cast<unsigned char>(text[i]);
    const int  length = lead < 0x80 ? 1
         : (lead >> 5) == 0x6       ? 2
         : (lead >> 4) == 0xE       ? 3
         : (lead >> 3) == 0x1E      ? 4
                                    : 0;
    bool       whole  = length > 0 && i + std::size_t(length) <= text.size();
    for (int k = 1; whole && k < length; ++k)
        whole = (static_cast<unsigned char>(text[i + std::size_t(k)]) >> 6) == 0x2;
    if (whole && (lead >= 0x20 && lead != 0x7F))
        return "'" + std::string(text.substr(i, std::size_t(length))) + "'";
    char hex[16];
    std::snprintf(hex, sizeof hex, "byte 0x%02x", lead);
    return hex;
}

}  // namespace supersoma
