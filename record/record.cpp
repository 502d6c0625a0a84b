#include "record/record.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "record/csa.hpp"
#include "record/kif.hpp"

namespace supersoma::record {

namespace {

bool looks_like_csa(const std::string& text) {
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);)
        for (const char* start : {"V2", "PI", "P1", "N+", "N-"})
            if (line.rfind(start, 0) == 0) return true;
    return false;
}

}  // namespace

RecordedGame parse_record(const std::string& text, IllegalMove illegal) {
    return looks_like_csa(text) ? parse_csa(text, illegal) : parse_kif(text, illegal);
}

RecordedGame load_record(const std::string& path, IllegalMove illegal) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw std::runtime_error("'" + path + "' is a directory, not a game record");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read '" + path + "': no such file or no permission");
    std::ostringstream text;
    text << in.rdbuf();
    try {
        RecordedGame game = parse_record(text.str(), illegal);
        if (!game.stopped.empty()) game.stopped = path + ": " + game.stopped;
        return game;
    } catch (const std::runtime_error& e) {
        throw std::runtime_error(path + ": " + e.what());
    }
}

}  // namespace supersoma::record
