#include "match/openings.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "engine/notation.hpp"
#include "engine/sfen.hpp"

namespace supersoma::match {

namespace {

Opening parse_opening(std::string line) {
    if (line.rfind("position ", 0) == 0) line.erase(0, 9);
    std::string moves_text;
    if (const auto at = line.find(" moves"); at != std::string::npos) {
        moves_text = line.substr(at + 6);
        line.erase(at);
    }
    auto parsed = parse_sfen(line);
    if (const auto* error = std::get_if<SfenError>(&parsed))
        throw std::runtime_error(error->message());
    Position&          pos = std::get<Position>(parsed);
    Opening            opening {to_sfen(pos), {}};
    std::istringstream words(moves_text);
    for (std::string word; words >> word;) {
        const auto move = parse_usi_move(pos, word);
        if (const auto* error = std::get_if<MoveTextError>(&move))
            throw std::runtime_error("move " + std::to_string(opening.moves.size() + 1) + " '"
                + word + "': " + error->what);
        pos.do_move(std::get<Move>(move));
        opening.moves.push_back(word);
    }
    return opening;
}

}  // namespace

std::vector<Opening> parse_openings(const std::string& text) {
    std::vector<Opening> openings;
    std::istringstream   lines(text);
    int                  number = 0;
    for (std::string line; std::getline(lines, line);) {
        ++number;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        const auto first = line.find_first_not_of(" \t");
        if (first == std::string::npos || line[first] == '#') continue;
        try {
            openings.push_back(parse_opening(line.substr(first)));
        } catch (const std::runtime_error& e) {
            throw std::runtime_error("line " + std::to_string(number) + ": " + e.what());
        }
    }
    return openings;
}

std::vector<Opening> read_openings(const std::string& path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw std::runtime_error("openings file '" + path + "' is a directory");
    std::ifstream file(path);
    if (!file) throw std::runtime_error("cannot read openings file '" + path + "'");
    std::ostringstream text;
    text << file.rdbuf();
    if (file.bad()) throw std::runtime_error("cannot read openings file '" + path + "'");
    try {
        auto openings = parse_openings(text.str());
        if (openings.empty()) throw std::runtime_error("no opening in it");
        return openings;
    } catch (const std::runtime_error& e) {
        throw std::runtime_error(path + ": " + e.what());
    }
}

}  // namespace supersoma::match
