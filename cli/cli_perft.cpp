// `supersoma perft`: leaf counts of the legal move tree, with time and leaves per second.
#include <chrono>
#include <iostream>
#include <string>
#include <variant>

#include "cli/cli.hpp"
#include "cli/position_input.hpp"
#include "engine/notation.hpp"
#include "engine/perft.hpp"

namespace supersoma::cli {

namespace {

struct PerftOptions {
    int         depth  = 1;
    std::string sfen   = "startpos";
    bool        divide = false;
    RecordInput record;
};

void run_perft(const PerftOptions& o) {
    auto parsed
        = o.record.path.empty() ? position_from_text(o.sfen) : position_from_record(o.record);
    if (const auto* error = std::get_if<std::string>(&parsed)) fail("perft", *error);
    Position      pos   = std::get<Position>(std::move(parsed));
    const auto    start = std::chrono::steady_clock::now();
    std::uint64_t nodes = 0;
    if (o.divide) {
        for (auto [move, n] : perft_divide(pos, o.depth)) {
            std::cout << to_usi(move) << ": " << n << '\n';
            nodes += n;
        }
    } else {
        nodes = perft(pos, o.depth);
    }
    const double seconds
        = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cout << "nodes " << nodes << "\ntime " << seconds << " s\nleaves/s "
              << std::uint64_t(double(nodes) / std::max(seconds, 1e-9)) << std::endl;
}

}  // namespace

void add_perft_command(CLI::App& app) {
    auto  opts = std::make_shared<PerftOptions>();
    auto* cmd  = app.add_subcommand("perft", "Count the leaves of the legal move tree");
    whole_number(cmd->add_option("-d,--depth", opts->depth, "Depth in plies"), 0, 12)->required();
    auto* sfen = cmd->add_option("--sfen", opts->sfen,
        "Position as in USI: an SFEN or startpos, optionally followed by 'moves' and the moves");
    sfen->capture_default_str();
    add_record_options(cmd, opts->record);
    cmd->get_option("--record")->excludes(sfen);
    cmd->add_flag("--divide", opts->divide, "Print the count under each root move");
    cmd->callback([opts] { run_perft(*opts); });
}

}  // namespace supersoma::cli
