#pragma once
// The benchmarks' positions: a suite file's lines (`SFEN;…`, as tests/data/perft-suite.txt),
// the text before the first ';' of each line that is not a comment.

#include <fstream>
#include <iostream>
#include <string>
#include <variant>
#include <vector>

#include "engine/sfen.hpp"

namespace supersoma::bench {

/// The positions of the suite at `path`; a line that is no position is named on stderr.
inline std::vector<Position> read_suite(const std::string& path) {
    std::vector<Position> positions;
    std::ifstream         in(path);
    for (std::string line; std::getline(in, line);) {
        line = line.substr(0, line.find(';'));
        if (line.empty() || line[0] == '#') continue;
        auto parsed = parse_sfen(line);
        if (auto* p = std::get_if<Position>(&parsed))
            positions.push_back(std::move(*p));
        else
            std::cerr << "skipped: " << std::get<SfenError>(parsed).message() << '\n';
    }
    return positions;
}

}  // namespace supersoma::bench
