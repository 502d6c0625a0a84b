// The USI command loop fed whole sessions: every line of the input is a command (go and stop
// at any point); the session ends with quit. The loop must neither crash nor hang.
#include <cstdint>
#include <cstdio>
#include <sstream>
#include <string>

#include "engine/attacks.hpp"
#include "usi/usi_loop.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const bool ready = (supersoma::attacks::init(), true);
    (void)ready;
    static std::FILE*       sink = std::fopen("/dev/null", "w");
    supersoma::usi::UsiLoop loop(sink);
    // Keep each execution short: searches are bounded unless the input lifts the limits.
    loop.execute("setoption name DepthLimit value 3");
    loop.execute("setoption name USI_Hash value 1");
    std::istringstream lines(std::string(reinterpret_cast<const char*>(data), size));
    int                count = 0;
    for (std::string line; std::getline(lines, line) && count < 64; ++count)
        if (!loop.execute(line)) return 0;
    loop.execute("quit");
    return 0;
}
