#pragma once
// The command-line jobs: one CLI11 subcommand per job, each registered from its own file.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "util/text.hpp"

namespace supersoma::cli {

/// Exit code of a job that did part of its work: some lines, positions or games failed.
constexpr int EXIT_SOME_FAILED = 1;
/// Exit code of a job that could do nothing with what it was given.
constexpr int EXIT_BAD_INPUT = 2;

/// Ends the job `command` with `message` on stderr ("supersoma eval: ...") and exit code
/// `code`; CLI::App::exit prints nothing for a RuntimeError, so the message goes out here.
[[noreturn]] void fail(
    std::string_view command, const std::string& message, int code = EXIT_BAD_INPUT);

/// Makes `option` take a whole number in [min, max] ("abc" is called what it is, not out of
/// range), shown in --help as `INT in [min - max]` (`INT >= min` without a maximum); returns
/// `option` for further settings.
CLI::Option* whole_number(
    CLI::Option* option, std::int64_t min = INT64_MIN, std::int64_t max = INT64_MAX);

/// A check that an option's value is one of `names` in any case (listed in lower case).
template<std::size_t N> CLI::IsMember is_name_in(const std::array<std::string_view, N>& names) {
    std::vector<std::string> lower;
    for (std::string_view name : names) lower.push_back(lower_case(name));
    return CLI::IsMember(lower, CLI::ignore_case);
}

/// Adds `perft` to `app`.
void add_perft_command(CLI::App& app);
/// Adds `see` (chess single-square SOMA/SEE) to `app`.
void add_see_command(CLI::App& app);
/// Adds `eval` (SUPER-SOMA on one position or a file of them) to `app`.
void add_eval_command(CLI::App& app);

/// Adds `usi` (the USI protocol on stdin/stdout) to `app`.
void add_usi_command(CLI::App& app);
/// Adds `bench` (fixed positions to a fixed depth: node signature and speed) to `app`.
void add_bench_command(CLI::App& app);
/// Adds `match` (games between USI engines, with statistics) to `app`.
void add_match_command(CLI::App& app);
/// Adds `mate` (the df-pn checkmate solver on one position) to `app`.
void add_mate_command(CLI::App& app);
/// Adds `analyse` (a played game explained move by move) to `app`.
void add_analyse_command(CLI::App& app);
/// Adds `makebook` (an opening book from the engine's searches) to `app`.
void add_makebook_command(CLI::App& app);
/// Speaks USI on stdin/stdout until quit; returns the exit code.
int run_usi(bool all_options);

/// Runs the command line `argv`; returns the process exit code.
int run(int argc, char** argv);

}  // namespace supersoma::cli
