#include <iconv.h>

#include "record/encoding.hpp"

namespace supersoma {

namespace {
const char* iconv_name(Encoding e) {
    return e == Encoding::Utf8 ? "UTF-8" : "CP932";
}
}  // namespace

std::optional<Conversion> convert_encoding(const std::string& text, Encoding to, Encoding from) {
    iconv_t cd = iconv_open(iconv_name(to), iconv_name(from));
    if (cd == iconv_t(-1)) return std::nullopt;
    // Neither way grows past half again: Shift_JIS's two bytes become UTF-8's three at most.
    Conversion  c {std::string(text.size() * 3 / 2 + 16, '\0')};
    char*       in_ptr   = const_cast<char*>(text.data());
    std::size_t in_left  = text.size();
    char*       out_ptr  = c.text.data();
    std::size_t out_left = c.text.size();
    if (iconv(cd, &in_ptr, &in_left, &out_ptr, &out_left) == std::size_t(-1))
        c.failed_at = text.size() - in_left + 1;
    iconv_close(cd);
    c.text.resize(c.text.size() - out_left);
    return c;
}

}  // namespace supersoma
