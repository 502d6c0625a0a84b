// `supersoma usi` (and `supersoma` alone): the USI protocol on stdin/stdout.
#include <iostream>

#include "cli/cli.hpp"
#include "usi/usi_loop.hpp"

namespace supersoma::cli {

int run_usi(bool all_options) {
    usi::UsiLoop loop(stdout, all_options);
    return loop.run(std::cin);
}

void add_usi_command(CLI::App& app) {
    auto* cmd = app.add_subcommand("usi", "Speak USI on stdin/stdout (what a shogi GUI runs)");
    auto  all = std::make_shared<bool>(false);
    cmd->add_flag("--all-options", *all,
        "List the measurement switches too in the reply to `usi` (setoption takes them anyway)");
    cmd->callback([all] { throw CLI::RuntimeError(run_usi(*all)); });
}

}  // namespace supersoma::cli
