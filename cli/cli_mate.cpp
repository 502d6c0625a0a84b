// `supersoma mate "<SFEN>" [--time MS]`: the df-pn solver on one position, the mating line in
// USI and in Japanese notation.
#include <chrono>
#include <iostream>
#include <string>
#include <vector>

#include "cli/cli.hpp"
#include "cli/position_input.hpp"
#include "engine/notation.hpp"
#include "search/mate.hpp"

namespace supersoma::cli {

namespace {

struct MateOptions {
    std::vector<std::string> position;  // the words of a USI position
    RecordInput              record;
    int                      time_ms   = 10'000;
    int                      hash_mb   = int(search::MateSolver::DEFAULT_MEGABYTES);
    int                      max_plies = 127;
};

int run_mate(const MateOptions& o) {
    std::string text;
    for (const auto& w : o.position) text += (text.empty() ? "" : " ") + w;
    if (text.empty() == o.record.path.empty()) {
        std::cerr << "supersoma mate: give one position: USI text or --record" << std::endl;
        return 2;
    }
    auto parsed = o.record.path.empty() ? position_from_text(text) : position_from_record(o.record);
    if (const auto* error = std::get_if<std::string>(&parsed)) {
        std::cerr << "supersoma mate: " << *error << std::endl;
        return 2;
    }
    const Position           pos = std::get<Position>(std::move(parsed));
    search::MateSolver       solver(std::size_t(o.hash_mb));
    const std::atomic<bool>  never {false};
    const auto               start = std::chrono::steady_clock::now();
    const search::MateResult r
        = solver.solve(pos, std::chrono::milliseconds(o.time_ms), never, o.max_plies);
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
        std::chrono::steady_clock::now() - start)
                        .count();
    switch (r.status) {
    case search::MateResult::Status::Mate: {
        std::cout << "mate in " << r.line.size() << " plies:";
        for (Move m : r.line) std::cout << " " << to_usi(m);
        std::cout << "\n";
        Position walk = pos;
        Move     previous;
        for (Move m : r.line) {
            std::cout << to_japanese(walk, m, previous) << (m == r.line.back() ? "\n" : " ");
            walk.do_move(m);
            previous = m;
        }
        break;
    }
    case search::MateResult::Status::NoMate: std::cout << "no mate\n"; break;
    case search::MateResult::Status::Timeout: std::cout << "unknown: time ran out\n"; break;
    }
    std::cout << "nodes " << r.nodes << ", time " << ms << " ms" << std::endl;
    return 0;
}

}  // namespace

void add_mate_command(CLI::App& app) {
    auto  o   = std::make_shared<MateOptions>();
    auto* cmd = app.add_subcommand("mate", "Solve a mate by checks (df-pn)");
    cmd->add_option("position", o->position,
        "The position, attacker to move, as in USI: an SFEN or startpos, optionally followed by "
        "'moves' and the moves");
    add_record_options(cmd, o->record);
    whole_number(cmd->add_option("--time", o->time_ms, "Time limit in ms"), 1, 86'400'000);
    whole_number(cmd->add_option("--hash", o->hash_mb, "Table size in MB"), 1, 65536);
    whole_number(cmd->add_option("--max-plies", o->max_plies, "Longest line searched"), 1, 999);
    cmd->callback([o] { throw CLI::RuntimeError(run_mate(*o)); });
}

}  // namespace supersoma::cli
