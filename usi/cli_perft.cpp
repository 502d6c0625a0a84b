// `supersoma perft`: leaf counts of the legal move tree, with time and leaves per second.
#include <chrono>
#include <iostream>
#include <string>
#include <variant>

#include "engine/notation.hpp"
#include "engine/perft.hpp"
#include "engine/sfen.hpp"
#include "usi/cli.hpp"

namespace supersoma::cli {

namespace {

struct PerftOptions {
    int         depth  = 1;
    std::string sfen   = "startpos";
    bool        divide = false;
};

void run_perft(const PerftOptions& o) {
    auto parsed = parse_sfen(o.sfen);
    if (auto* e = std::get_if<SfenError>(&parsed)) {
        // CLI::App::exit prints nothing for a RuntimeError, so the message goes out here.
        std::cerr << "supersoma perft: " << e->message() << std::endl;
        throw CLI::RuntimeError(2);
    }
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
    cmd->add_option("-d,--depth", opts->depth, "Depth in plies")
        ->required()
        ->check(CLI::Range(0, 12));
    cmd->add_option("--sfen", opts->sfen, "Position as SFEN, or startpos")->capture_default_str();
    cmd->add_flag("--divide", opts->divide, "Print the count under each root move");
    cmd->callback([opts] { run_perft(*opts); });
}

}  // namespace supersoma::cli
