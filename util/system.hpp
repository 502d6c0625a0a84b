#pragma once
// What the operating system tells: the few calls that differ between POSIX and Windows, each
// answered by system_posix.cpp or system_windows.cpp (CMake builds the one that fits).

#include <cstdint>
#include <ctime>

namespace supersoma {

/// The machine's physical memory in bytes (0 when the system does not say).
std::uint64_t physical_memory_bytes();

/// True when standard error is a terminal (progress lines are drawn only there).
bool stderr_is_terminal();

/// The calendar time of `t` in UTC (thread-safe, unlike std::gmtime).
std::tm utc_calendar(std::time_t t);

}  // namespace supersoma
