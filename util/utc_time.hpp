#pragma once
// The current UTC time as text: the dates that game records carry and the names of the
// folders a match writes them to.

#include <ctime>
#include <string>

#include "util/system.hpp"

namespace supersoma {

/// The current UTC time written by std::strftime with `format` ("%Y/%m/%d %H:%M:%S").
inline std::string utc_now(const char* format) {
    const std::time_t t   = std::time(nullptr);
    const std::tm     utc = utc_calendar(t);
    char              text[64];
    return std::strftime(text, sizeof text, format, &utc) ? text : "";
}

}  // namespace supersoma
