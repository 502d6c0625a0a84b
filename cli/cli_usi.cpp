// `supersoma usi` (and `supersoma` alone): the USI protocol on stdin/stdout.
#include <iostream>

#include "cli/cli.hpp"
#include "usi/usi_loop.hpp"

namespace supersoma::cli {

int run_usi() {
    usi::UsiLoop loop;
    return loop.run(std::cin);
}

void add_usi_command(CLI::App& app) {
    auto* cmd = app.add_subcommand("usi", "Speak USI on stdin/stdout (what a shogi GUI runs)");
    cmd->callback([] { throw CLI::RuntimeError(run_usi()); });
}

}  // namespace supersoma::cli
