#pragma once
// Case folding for names people type: USI option names and values, command-line choices.

#include <algorithm>
#include <cctype>
#include <string>
#include <string_view>

namespace supersoma {

/// `text` in lower case (ASCII).
inline std::string lower_case(std::string_view text) {
    std::string lower(text);
    for (char& c : lower) c = char(std::tolower(static_cast<unsigned char>(c)));
    return lower;
}

/// True when `a` and `b` differ at most in case (ASCII).
inline bool equal_ignoring_case(std::string_view a, std::string_view b) {
    const auto fold = [](char c) { return char(std::tolower(static_cast<unsigned char>(c))); };
    return std::ranges::equal(a, b, {}, fold, fold);
}

}  // namespace supersoma
