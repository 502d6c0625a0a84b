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

RecordedGame parse_record(const std::string& text) {
    return looks_like_csa(text) ? parse_csa(text) : parse_kif(text);
}

RecordedGame load_record(const std::string& path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw std::runtime_error("'" + path + "' is a directory, not a game record");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read '" + path + "': no such file or no permission");
    std::ostringstream text;
    text << in.rdbuf();
    try {
        return parse_record(text.str());
    } catch (const std::runtime_error& e) {
        throw std::runtime_error(path + ": " + e.what());
    }
}

}  // namespace supersoma::record
