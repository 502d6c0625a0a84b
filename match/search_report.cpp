#include "match/search_report.hpp"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <sstream>

namespace supersoma::match {

namespace {

std::optional<int> to_int(const std::string& word) {
    int         value       = 0;
    const char* first       = word.data() + (word.size() > 1 && word[0] == '+' ? 1 : 0);
    const char* last        = word.data() + word.size();
    const auto [end, error] = std::from_chars(first, last, value);
    if (error != std::errc() || end != last) return std::nullopt;
    return value;
}

/// The value after `score cp` or `score mate`; nullopt when malformed.
std::optional<int> score_value(const std::string& kind, const std::string& word) {
    if (kind == "mate" && word == "+") return UNKNOWN_MATE_PLIES;
    if (kind == "mate" && word == "-") return -UNKNOWN_MATE_PLIES;
    return to_int(word);
}

}  // namespace

std::optional<SearchReport> parse_info_line(const std::string& line) {
    std::istringstream words(line);
    std::string        word;
    if (!(words >> word) || word != "info") return std::nullopt;
    SearchReport report;
    bool         scored = false;
    while (words >> word) {
        if (word == "string") break;
        // With MultiPV the best line is the first; the others score other moves.
        if (word == "multipv" && (!(words >> word) || word != "1")) return std::nullopt;
        if (word == "score") {
            std::string kind, value;
            if (!(words >> kind >> value) || (kind != "cp" && kind != "mate")) return std::nullopt;
            const auto parsed = score_value(kind, value);
            if (!parsed) return std::nullopt;
            report.mate  = kind == "mate";
            report.value = *parsed;
            scored       = true;
        } else if (word == "pv") {
            // The pv runs to the end of the line: USI puts nothing after it but `string`.
            while (words >> word && word != "string") report.pv.push_back(word);
            break;
        }
    }
    if (!scored) return std::nullopt;
    return report;
}

int sente_score(const SearchReport& report, Color mover) {
    int value = report.value;
    if (report.mate) {
        const int plies = std::min(std::abs(value), UNKNOWN_MATE_PLIES);
        value           = value >= 0 ? CSA_MATE_VALUE - plies : plies - CSA_MATE_VALUE;
    }
    return mover == SENTE ? value : -value;
}

}  // namespace supersoma::match
