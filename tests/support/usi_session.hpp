#pragma once
// A USI session with the real binary as the protocol tests drive it: past the handshake, with
// readers for the lines a search prints.

#include <algorithm>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/usi_process.hpp"

namespace supersoma::test {

#if defined(__SANITIZE_ADDRESS__)
constexpr int SLOW = 4;  // sanitizer builds run several times slower
#else
constexpr int SLOW = 1;
#endif
constexpr int PROMPT = 100 * SLOW;  // stop, isready and quit answer within 100 ms

inline std::vector<std::string> split(const std::string& line) {
    std::istringstream       in(line);
    std::vector<std::string> out;
    for (std::string t; in >> t;) out.push_back(t);
    return out;
}

/// The number after `key` in an `info` line (throws when the line has none).
inline long long info_field(const std::string& line, const std::string& key) {
    const auto words = split(line);
    return std::stoll(words.at(std::find(words.begin(), words.end(), key) - words.begin() + 1));
}

/// An engine past the handshake (usi, isready).
struct Engine : UsiProcess {
    Engine() {
        send("usi");
        EXPECT_TRUE(wait_for("usiok", 5000));
        ready();
    }
    void ready() {
        send("isready");
        EXPECT_TRUE(wait_for("readyok", 5000));
    }
    /// The engine's view of the position through the `d` debug command.
    std::string sfen() {
        send("d");
        auto line = wait_for("info string sfen ", 2000);
        return line ? line->substr(17) : "";
    }
    std::set<std::string> legal_moves() {
        send("d");
        auto line = wait_for("info string legal", 2000);
        auto t    = split(line.value_or(""));
        return {t.begin() + std::min<std::size_t>(3, t.size()), t.end()};
    }
    /// Lines up to and including the bestmove, or empty when none comes within `ms`.
    std::vector<std::string> until_bestmove(int ms) {
        std::vector<std::string> got;
        const auto               start = Clock::now();
        while (auto line = read_line(int(std::max<long>(0, ms - elapsed_ms(start))))) {
            got.push_back(*line);
            if (line->rfind("bestmove", 0) == 0) return got;
        }
        return {};
    }
    int count_bestmoves() const {
        int n = 0;
        for (const std::string& l : lines()) n += l.rfind("bestmove", 0) == 0;
        return n;
    }
};

}  // namespace supersoma::test
