// The USI command loop fed whole sessions: every line of the input is a command (go and stop
// at any point). One loop serves every input, as one engine process serves a GUI for many
// games; `quit` becomes `stop` so that the loop lives on. It must neither crash nor hang.
#include <cstdint>
#include <cstdio>
#include <sstream>
#include <string>

#include "engine/attacks.hpp"
#include "usi/usi_loop.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static supersoma::usi::UsiLoop* loop = [] {
        supersoma::attacks::init();
        auto* l = new supersoma::usi::UsiLoop(std::fopen("/dev/null", "w"));
        return l;
    }();
    // Keep each execution short: searches are bounded unless the input lifts the limits.
    loop->execute("setoption name DepthLimit value 3");
    loop->execute("setoption name USI_Hash value 1");
    std::istringstream lines(std::string(reinterpret_cast<const char*>(data), size));
    int                count = 0;
    for (std::string line; std::getline(lines, line) && count < 64; ++count)
        loop->execute(line.rfind("quit", 0) == 0 ? "stop" : line);
    loop->execute("stop");
    // Waits for the search (one session at a time) as a GUI's game end does; tables and
    // caches carry over as in one engine process (usinewgame would clear megabytes per input,
    // 40 % of the time of a run; the inputs send it when they like).
    loop->execute("gameover");
    return 0;
}
