#include "cli/cli.hpp"

#include <cctype>
#include <iostream>

#include "engine/attacks.hpp"

namespace supersoma::cli {

CLI::Validator whole_number() {
    return CLI::Validator(
        [](const std::string& text) -> std::string {
            std::size_t i = text.size() > 1 && (text[0] == '-' || text[0] == '+') ? 1 : 0;
            if (i == text.size()) return "'" + text + "' is not a whole number";
            for (; i < text.size(); ++i)
                if (!std::isdigit(static_cast<unsigned char>(text[i])))
                    return "'" + text + "' is not a whole number";
            return {};
        },
        "INT");
}

int run(int argc, char** argv) {
    attacks::init();
    CLI::App app {"supersoma: a USI shogi engine with a SUPER-SOMA static tactical evaluator"};
    app.require_subcommand(1);
    add_perft_command(app);
    add_see_command(app);
    add_eval_command(app);
    add_usi_command(app);
    add_bench_command(app);
    add_match_command(app);
    add_mate_command(app);
    try {
        app.parse(argc, argv);
    } catch (const CLI::Error& e) {
        return app.exit(e);
    }
    return 0;
}

}  // namespace supersoma::cli
