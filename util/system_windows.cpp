#include <io.h>
#include <windows.h>

#include <cstdio>

#include "util/system.hpp"

namespace supersoma {

std::uint64_t physical_memory_bytes() {
    MEMORYSTATUSEX status {};
    status.dwLength = sizeof status;
    return GlobalMemoryStatusEx(&status) ? std::uint64_t(status.ullTotalPhys) : 0;
}

bool stderr_is_terminal() {
    return _isatty(_fileno(stderr)) != 0;
}

std::tm utc_calendar(std::time_t t) {
    std::tm utc {};
    gmtime_s(&utc, &t);
    return utc;
}

}  // namespace supersoma
