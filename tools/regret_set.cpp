#include "tools/regret_set.hpp"

#include <algorithm>
#include <cstdint>
#include <sstream>

namespace supersoma::tune {

int RegretPosition::best() const {
    int best = rest ? rest->cp : -REGRET_CLIP;
    for (const Scored& s : moves) best = std::max(best, s.cp);
    return best;
}

std::optional<int> RegretPosition::score_of(const std::string& move) const {
    for (const Scored& s : moves)
        if (s.move == move) return s.cp;
    return pass_score();
}

std::string format_regret_line(const RegretPosition& p) {
    std::ostringstream out;
    out << "sfen " << p.sfen << " ; depth " << p.depth << " ; rest ";
    if (p.rest)
        out << p.rest->move << ' ' << p.rest->cp;
    else
        out << "none 0";
    out << " ; shallow";
    for (const std::string& m : p.shallow) out << ' ' << (m.empty() ? "none" : m);
    out << " ; moves";
    for (const auto& s : p.moves) out << ' ' << s.move << ' ' << s.cp;
    return out.str();
}

std::optional<RegretPosition> parse_regret_line(const std::string& line) {
    RegretPosition p;
    // The fields, split at " ; " (an SFEN holds no ';').
    std::vector<std::string> fields;
    std::string              field;
    std::istringstream       split(line);
    while (std::getline(split, field, ';')) fields.push_back(field);
    if (fields.size() != 5) return std::nullopt;
    auto words = [](const std::string& text) {
        std::istringstream       in(text);
        std::vector<std::string> w;
        for (std::string s; in >> s;) w.push_back(s);
        return w;
    };
    const auto sfen = words(fields[0]);
    if (sfen.size() < 5 || sfen[0] != "sfen") return std::nullopt;
    for (std::size_t i = 1; i < sfen.size(); ++i) p.sfen += (i > 1 ? " " : "") + sfen[i];
    try {
        const auto depth = words(fields[1]);
        if (depth.size() != 2 || depth[0] != "depth") return std::nullopt;
        p.depth         = std::stoi(depth[1]);
        const auto rest = words(fields[2]);
        if (rest.size() != 3 || rest[0] != "rest") return std::nullopt;
        if (rest[1] != "none") p.rest = RegretPosition::Scored {rest[1], std::stoi(rest[2])};
        const auto shallow = words(fields[3]);
        if (shallow.size() != 4 || shallow[0] != "shallow") return std::nullopt;
        for (int i = 0; i < 3; ++i) p.shallow[i] = shallow[i + 1] == "none" ? "" : shallow[i + 1];
        const auto moves = words(fields[4]);
        if (moves.empty() || moves[0] != "moves" || moves.size() % 2 != 1) return std::nullopt;
        for (std::size_t i = 1; i < moves.size(); i += 2)
            p.moves.push_back({moves[i], std::stoi(moves[i + 1])});
    } catch (const std::exception&) {
        return std::nullopt;
    }
    return p;
}

std::vector<RegretPosition> read_regret_set(std::istream& in) {
    std::vector<RegretPosition> set;
    for (std::string line; std::getline(in, line);)
        if (auto p = parse_regret_line(line)) set.push_back(std::move(*p));
    return set;
}

bool is_held_out(const std::string& sfen) {
    // FNV-1a: the same on every machine and compiler (std::hash is not).
    std::uint64_t h = 14695981039346656037ull;
    for (unsigned char c : sfen) h = (h ^ c) * 1099511628211ull;
    return h % 5 == 0;
}

}  // namespace supersoma::tune
