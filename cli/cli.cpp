#include "cli/cli.hpp"

#include <charconv>
#include <iostream>

#include "build_info.hpp"
#include "engine/attacks.hpp"

namespace supersoma::cli {

CLI::Option* whole_number(CLI::Option* option, std::int64_t min, std::int64_t max) {
    option->check(CLI::Validator(
        [min, max](const std::string& text) -> std::string {
            std::int64_t value      = 0;
            const char*  first      = text.data() + (text.size() > 1 && text[0] == '+' ? 1 : 0);
            const auto [end, error] = std::from_chars(first, text.data() + text.size(), value);
            if (error == std::errc::result_out_of_range) return "'" + text + "' is out of range";
            if (error != std::errc() || end != text.data() + text.size() || text.empty())
                return "'" + text + "' is not a whole number";
            if (value < min || value > max)
                return std::to_string(value) + " is not in [" + std::to_string(min) + " - "
                    + std::to_string(max) + "]";
            return {};
        },
        ""));  // no description: the type name below says it all
    if (max != INT64_MAX)
        return option->type_name(
            "INT in [" + std::to_string(min) + " - " + std::to_string(max) + "]");
    return option->type_name(min != INT64_MIN ? "INT >= " + std::to_string(min) : "INT");
}

namespace {

// "supersoma <commit>": the build's git commit, marked when the tree had changes.
std::string version() {
    return std::string("supersoma ") + build::commit + (build::commit_dirty ? " (modified)" : "");
}

}  // namespace

void fail(std::string_view command, const std::string& message, int code) {
    std::cerr << "supersoma " << command << ": " << message << std::endl;
    throw CLI::RuntimeError(message, code);
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
    add_analyse_command(app);
    app.set_version_flag("--version", version());
    try {
        app.parse(argc, argv);
    } catch (const CLI::RuntimeError& e) {
        return app.exit(e);  // a command's own failure keeps its code
    } catch (const CLI::Error& e) {
        // Help and version exit 0; every fault in the options is bad input, as docs/ say.
        const int code = app.exit(e);
        return code == 0 ? 0 : EXIT_BAD_INPUT;
    }
    return 0;
}

}  // namespace supersoma::cli
