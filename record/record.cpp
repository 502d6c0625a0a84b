#include "record/record.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "record/csa.hpp"
#include "record/kif.hpp"

namespace supersoma::record {

namespace {

// Content sniffing, for text without a file name: a CSA statement at a line's start.
bool looks_like_csa(const std::string& text) {
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        for (const char* start : {"V2", "PI", "P1", "N+", "N-", "$"})
            if (line.rfind(start, 0) == 0) return true;
        // A move: "+7776FU".
        if (line.size() >= 7 && (line[0] == '+' || line[0] == '-')
            && std::all_of(
                line.begin() + 1, line.begin() + 5, [](char c) { return c >= '0' && c <= '9'; }))
            return true;
    }
    return false;
}

bool blank(const std::string& text) {
    return std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isspace(c); });
}

RecordedGame parse_as(bool csa, const std::string& text, IllegalMove illegal) {
    if (blank(text)) throw std::runtime_error("empty: no record in it");
    return csa ? parse_csa(text, illegal) : parse_kif(text, illegal);
}

}  // namespace

RecordedGame parse_record(const std::string& text, IllegalMove illegal) {
    return parse_as(looks_like_csa(text), text, illegal);
}

RecordedGame load_record(const std::string& path, IllegalMove illegal) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw std::runtime_error("'" + path + "' is a directory, not a game record");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read '" + path + "': no such file or no permission");
    std::ostringstream text;
    text << in.rdbuf();
    // The name says the format where it can (a CSA file whose first lines are comments would
    // fool the sniffing, and an error should name the format the file claims).
    const std::string ext = std::filesystem::path(path).extension().string();
    const bool        csa
        = ext == ".csa" || ((ext != ".kif" && ext != ".kifu") && looks_like_csa(text.str()));
    try {
        RecordedGame game = parse_as(csa, text.str(), illegal);
        if (!game.stopped.empty()) game.stopped = path + ": " + game.stopped;
        return game;
    } catch (const std::runtime_error& e) {
        throw std::runtime_error(path + ": " + e.what());
    }
}

}  // namespace supersoma::record
