#pragma once
// Shift_JIS (Windows code page 932, as GUIs save KIF) to and from UTF-8: iconv on POSIX
// (encoding_iconv.cpp), the Windows API on Windows (encoding_windows.cpp).

#include <cstddef>
#include <optional>
#include <string>

namespace supersoma {

enum class Encoding { Utf8, ShiftJis };

/// What a conversion made of a text.
struct Conversion {
    std::string text;
    std::size_t failed_at = 0;  // 1-based byte of the input it stopped at; 0 when it all converted
};

/// `text` converted from `from` to `to`, or nullopt when the system cannot convert the pair.
std::optional<Conversion> convert_encoding(const std::string& text, Encoding to, Encoding from);

}  // namespace supersoma
