#include "cli/cli.hpp"

#include <algorithm>
#include <charconv>
#include <iostream>
#include <optional>
#include <utility>
#include <vector>

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

// Edits (insertions, deletions, substitutions) between two words.
std::size_t edit_distance(const std::string& a, const std::string& b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0]               = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            row[j]   = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
            diagonal = above;
        }
    }
    return row[b.size()];
}

// " (did you mean 'x'?)" for the closest of `names` to `word`, if one is close.
std::string nearest(const std::string& word, const std::vector<std::string>& names) {
    std::string best;
    std::size_t best_distance = std::max<std::size_t>(2, word.size() / 3) + 1;
    for (const std::string& name : names)
        if (const std::size_t d = edit_distance(word, name); d < best_distance)
            best = name, best_distance = d;
    return best.empty() ? "" : " (did you mean '" + best + "'?)";
}

// What CLI11 would misreport in the arguments: an unknown command (it says "A subcommand is
// required"), an unknown long option (a command with positional words takes it as one, then
// says its positional excludes another option) and a value missing at the end.
std::optional<std::string> argument_fault(CLI::App& app, int argc, char** argv) {
    const std::string first = argv[1];
    if (first.empty() || first[0] == '-') return std::nullopt;  // --help, --version
    std::vector<std::string> commands;
    for (const CLI::App* sub :
        std::as_const(app).get_subcommands([](const CLI::App*) { return true; }))
        commands.push_back(sub->get_name());
    if (std::find(commands.begin(), commands.end(), first) == commands.end()) {
        std::string list;
        for (const std::string& c : commands) list += (list.empty() ? "" : ", ") + c;
        return "unknown command '" + first + "'" + nearest(first, commands) + "; the commands are "
            + list;
    }
    CLI::App*                command = app.get_subcommand(first);
    std::vector<std::string> names;
    for (const CLI::Option* o : command->get_options())
        for (const std::string& name : o->get_lnames()) names.push_back("--" + name);
    for (int i = 2; i < argc; ++i) {
        const std::string word = argv[i];
        if (word == "--") break;  // the rest are positional words
        if (word.rfind("--", 0) != 0) continue;
        const std::string name  = word.substr(0, word.find('='));
        const auto        known = std::find(names.begin(), names.end(), name);
        if (known == names.end())
            return first + ": unknown option '" + name + "'" + nearest(name, names);
        const CLI::Option* option = command->get_option(name);
        if (option->get_items_expected_min() > 0 && word.find('=') == std::string::npos
            && (i + 1 == argc || std::string(argv[i + 1]).rfind("--", 0) == 0))
            return first + ": option " + name + " needs a value";
    }
    return std::nullopt;
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
    add_makebook_command(app);
    app.set_version_flag("--version", version());
    if (argc >= 2)
        if (const auto fault = argument_fault(app, argc, argv)) {
            std::cerr << "supersoma " << *fault << "\nRun with --help for more information."
                      << std::endl;
            return EXIT_BAD_INPUT;
        }
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
