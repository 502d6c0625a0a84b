#include <unistd.h>

#include "util/system.hpp"

namespace supersoma {

std::uint64_t physical_memory_bytes() {
    const long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGESIZE);
    return pages > 0 && page_size > 0 ? std::uint64_t(pages) * std::uint64_t(page_size) : 0;
}

bool stderr_is_terminal() {
    return isatty(STDERR_FILENO) == 1;
}

std::tm utc_calendar(std::time_t t) {
    std::tm utc {};
    gmtime_r(&t, &utc);
    return utc;
}

}  // namespace supersoma
