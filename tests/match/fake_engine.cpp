// A USI engine that misbehaves on request, for the match tool's tests. It plays the first
// legal move, or a scripted move list, and at the N-th `go` (1-based) can crash, hang,
// answer late, play an illegal move, resign or declare a win (N counts from each usinewgame).
//
//   fake_engine [--script "m1 m2 …"] [--crash-at N] [--hang-at N] [--slow-at N --slow-ms MS]
//               [--illegal-at N] [--resign-at N] [--win-at N] [--no-usiok]
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include "engine/attacks.hpp"
#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "engine/sfen.hpp"

using namespace supersoma;

namespace {

/// The legal position a `position` command names, or nothing.
std::optional<Position> read_position(const std::string& line) {
    std::string text = line.substr(9);
    std::string moves;
    if (const auto at = text.find(" moves"); at != std::string::npos) {
        moves = text.substr(at + 6);
        text.erase(at);
    }
    auto parsed = parse_sfen(text);
    if (!std::holds_alternative<Position>(parsed)) return std::nullopt;
    Position           pos = std::get<Position>(parsed);
    std::istringstream words(moves);
    for (std::string w; words >> w;) {
        const auto m = parse_usi_move(pos, w);
        if (!std::holds_alternative<Move>(m)) return std::nullopt;
        pos.do_move(std::get<Move>(m));
    }
    return pos;
}

}  // namespace

int main(int argc, char** argv) {
    attacks::init();
    std::map<std::string, std::string> args;
    for (int i = 1; i < argc; ++i) {
        const std::string key = argv[i];
        args[key]             = i + 1 < argc && argv[i + 1][0] != '-' ? argv[++i] : "1";
    }
    auto at = [&](const char* key) { return args.count(key) ? std::atoi(args[key].c_str()) : -1; };
    std::vector<std::string> script;
    std::istringstream       script_words(args["--script"]);
    for (std::string w; script_words >> w;) script.push_back(w);

    std::optional<Position> pos;
    int                     gos = 0;
    for (std::string line; std::getline(std::cin, line);) {
        if (line == "usi") {
            std::cout << "id name fake" << std::endl;
            if (!args.count("--no-usiok")) std::cout << "usiok" << std::endl;
        } else if (line == "isready") {
            std::cout << "readyok" << std::endl;
        } else if (line == "usinewgame") {
            gos = 0;  // the misbehaviour counts from each game's start
        } else if (line == "quit") {
            return 0;
        } else if (line.rfind("position ", 0) == 0) {
            pos = read_position(line);
        } else if (line.rfind("go", 0) == 0) {
            ++gos;
            if (gos == at("--crash-at")) std::abort();
            if (gos == at("--hang-at")) continue;  // and ignores the `stop` that follows
            if (gos == at("--slow-at"))
                std::this_thread::sleep_for(std::chrono::milliseconds(at("--slow-ms")));
            std::string move;
            if (gos == at("--illegal-at"))
                move = "9i9a";
            else if (gos == at("--resign-at"))
                move = "resign";
            else if (gos == at("--win-at"))
                move = "win";
            else if (std::size_t(gos) <= script.size())
                move = script[std::size_t(gos - 1)];
            else if (pos) {
                const MoveList legal = generate(GenKind::Legal, *pos);
                move                 = legal.empty() ? "resign" : to_usi(legal[0]);
            } else
                move = "resign";
            std::cout << "info depth 1 score cp " << gos << " pv " << move << std::endl;
            std::cout << "bestmove " << move << std::endl;
        }
    }
    return 0;
}
