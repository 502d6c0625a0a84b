#include <windows.h>

#include "record/encoding.hpp"

namespace supersoma {

namespace {

constexpr UINT SHIFT_JIS_CODE_PAGE = 932;

UINT code_page(Encoding e) {
    return e == Encoding::Utf8 ? CP_UTF8 : SHIFT_JIS_CODE_PAGE;
}

// The prefix of `text` (in `page`) that converts: the byte a conversion failed at, by halving.
std::size_t first_bad_byte(const std::string& text, UINT page) {
    std::size_t good = 0, bad = text.size();
    while (bad - good > 1) {
        const std::size_t mid = (good + bad) / 2;
        const bool        ok
            = MultiByteToWideChar(page, MB_ERR_INVALID_CHARS, text.data(), int(mid), nullptr, 0)
            > 0;
        (ok ? good : bad) = mid;
    }
    return bad;
}

}  // namespace

std::optional<Conversion> convert_encoding(const std::string& text, Encoding to, Encoding from) {
    Conversion c;
    if (text.empty()) return c;
    const UINT from_page = code_page(from), to_page = code_page(to);
    const int  wide_size = MultiByteToWideChar(
         from_page, MB_ERR_INVALID_CHARS, text.data(), int(text.size()), nullptr, 0);
    if (wide_size <= 0) {
        c.failed_at = first_bad_byte(text, from_page);
        return c;
    }
    std::wstring wide(std::size_t(wide_size), L'\0');
    MultiByteToWideChar(from_page, 0, text.data(), int(text.size()), wide.data(), wide_size);
    // To Shift_JIS, a character it lacks must fail rather than become '?'.
    BOOL      lost     = FALSE;
    BOOL*     lost_ptr = to_page == CP_UTF8 ? nullptr : &lost;
    const int size
        = WideCharToMultiByte(to_page, 0, wide.data(), wide_size, nullptr, 0, nullptr, lost_ptr);
    c.text.resize(std::size_t(std::max(size, 0)));
    WideCharToMultiByte(to_page, 0, wide.data(), wide_size, c.text.data(), size, nullptr, lost_ptr);
    if (lost) c.failed_at = 1;
    return c;
}

}  // namespace supersoma
