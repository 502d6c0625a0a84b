// `supersoma eval`: SUPER-SOMA on one position or a file of them; option parsing and
// orchestration only (the renderers are report_text and report_json).
#include <algorithm>
#include <array>
#include <atomic>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include "engine/sfen.hpp"
#include "soma/supersoma.hpp"
#include "usi/cli.hpp"
#include "usi/report_json.hpp"
#include "usi/report_text.hpp"

namespace supersoma::cli {

namespace {

// Exit codes: 1 when some lines of a file failed (the others were evaluated), 2 when nothing
// could be evaluated (bad SFEN, unreadable file, unknown profile, bad option combination).
constexpr int ExitSomeLinesFailed = 1;
constexpr int ExitBadInput        = 2;

struct EvalCliOptions {
    std::vector<std::string> position;  // the SFEN words, or "startpos"
    std::string              file;      // one SFEN per line; "-" for stdin
    unsigned                 jobs    = 1;
    std::string              profile = "article";
    ReportOptions            report;
    bool                     json       = false;
    bool                     no_threats = false;
    bool                     no_ties    = false;
};

// One non-blank, non-comment line of the input.
struct InputLine {
    std::size_t number = 0;  // 1-based line number in the file
    std::string sfen;
};

// What one position gives: its rendered report, or why it was rejected.
struct Outcome {
    std::string output;
    std::string error;
};

[[noreturn]] void fail(const std::string& message, int code) {
    // CLI::App::exit prints nothing for a RuntimeError, so the message goes out here.
    std::cerr << "supersoma eval: " << message << std::endl;
    throw CLI::RuntimeError(message, code);
}

std::string known_profiles() {
    std::string names;
    for (std::string_view n : soma::profile_names())
        names += (names.empty() ? "" : ", ") + std::string(n);
    return names;
}

soma::ValueProfile profile_of(const std::string& name) {
    if (auto p = soma::find_profile(name)) return *p;
    fail("unknown profile '" + name + "'; known profiles: " + known_profiles(), ExitBadInput);
}

// Parses, evaluates and renders one SFEN; `input_line` is set in --file mode.
Outcome evaluate_one(const std::string& sfen, const soma::EvalOptions& eval,
    const EvalCliOptions& o, std::optional<std::size_t> input_line) {
    auto parsed = parse_sfen(sfen);
    if (auto* e = std::get_if<SfenError>(&parsed)) return {{}, e->message()};
    const Position&  pos = std::get<Position>(parsed);
    const EvalReport report {to_sfen(pos), soma::evaluate(pos, eval)};
    if (o.json) return {render_json(report, input_line ? -1 : 2, input_line) + '\n', {}};
    return {render_text(report, o.report), {}};
}

std::string trim(const std::string& s) {
    const auto first = s.find_first_not_of(" \t\r\n");
    if (first == std::string::npos) return {};
    return s.substr(first, s.find_last_not_of(" \t\r\n") - first + 1);
}

// The positions of a file: blank lines and '#' comments skipped; anything from a ';' on is
// dropped, so tests/data/perft-suite.txt can be read as it is.
std::vector<InputLine> read_lines(std::istream& in) {
    std::vector<InputLine> lines;
    std::string            text;
    for (std::size_t number = 1; std::getline(in, text); ++number) {
        text = trim(text.substr(0, text.find(';')));
        if (!text.empty() && text[0] != '#') lines.push_back({number, text});
    }
    return lines;
}

std::vector<InputLine> read_input(const std::string& file) {
    if (file == "-") return read_lines(std::cin);
    std::ifstream in(file);
    if (!in) fail("cannot read '" + file + "'", ExitBadInput);
    return read_lines(in);
}

// Evaluates every line on `jobs` threads, each taking the next index; results keep input order.
std::vector<Outcome> evaluate_all(const std::vector<InputLine>& lines, unsigned jobs,
    const soma::EvalOptions& eval, const EvalCliOptions& o) {
    std::vector<Outcome>     outcomes(lines.size());
    std::atomic<std::size_t> next {0};
    auto                     work = [&] {
        for (std::size_t i; (i = next.fetch_add(1)) < lines.size();)
            outcomes[i] = evaluate_one(lines[i].sfen, eval, o, lines[i].number);
    };
    std::vector<std::thread> workers;
    for (unsigned t = 1; t < std::min<std::size_t>(jobs, lines.size()); ++t)
        workers.emplace_back(work);
    work();
    for (auto& w : workers) w.join();
    return outcomes;
}

void run_file(const EvalCliOptions& o, const soma::EvalOptions& eval) {
    const auto     lines    = read_input(o.file);
    const unsigned jobs     = o.jobs ? o.jobs : std::max(1u, std::thread::hardware_concurrency());
    const auto     outcomes = evaluate_all(lines, jobs, eval, o);
    std::size_t    failed   = 0;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const Outcome& r = outcomes[i];
        if (!r.error.empty()) {
            ++failed;
            std::cerr << "line " << lines[i].number << ": " << r.error << '\n';
            if (o.json) std::cout << render_error_json(lines[i].number, r.error) << '\n';
            continue;
        }
        if (!o.json && i > 0) std::cout << '\n';
        std::cout << r.output;
    }
    std::cout << std::flush;
    if (failed)
        fail(std::to_string(failed) + " of " + std::to_string(lines.size()) + " lines failed",
            ExitSomeLinesFailed);
}

void run_eval(const EvalCliOptions& o) {
    if (o.position.empty() == o.file.empty())
        fail("give a position (an SFEN or startpos) or --file", ExitBadInput);
    const soma::ValueProfile profile = profile_of(o.profile);
    soma::EvalOptions        eval;
    eval.profile = &profile;
    eval.threats = !o.no_threats;
    eval.ties    = !o.no_ties;
    // B3 weighs only the neutralisers that could beat its best entry unless asked for all.
    eval.all_neutralisers = o.report.explain;
    // The text report shows the first table unless --iterations: the later ones need list
    // only what decides the moves (same line and net, about a third less work with threats).
    if (!o.json && !o.report.all_iterations) eval.complete_tables = 1;
    if (!o.file.empty()) return run_file(o, eval);

    std::string sfen;
    for (const auto& w : o.position) sfen += (sfen.empty() ? "" : " ") + w;
    const Outcome r = evaluate_one(sfen, eval, o, std::nullopt);
    if (!r.error.empty()) fail(r.error, ExitBadInput);
    std::cout << r.output << std::flush;
}

}  // namespace

void add_eval_command(CLI::App& app) {
    auto  opts = std::make_shared<EvalCliOptions>();
    auto* cmd  = app.add_subcommand(
         "eval", "SUPER-SOMA: the XREF table, the predicted line and the net value of a position");
    auto* position = cmd->add_option(
        "position", opts->position, "Position as SFEN (quoted or as separate words), or startpos");
    auto* file = cmd->add_option("-f,--file", opts->file,
        "One SFEN per line ('-' for stdin); blank lines, '#' lines and "
        "anything after ';' are skipped");
    position->excludes(file);
    cmd->add_option("-j,--jobs", opts->jobs, "Threads for --file (0: all cores)")
        ->capture_default_str();
    cmd->add_flag("--iterations", opts->report.all_iterations,
        "Print every iteration's table, neutralisers and chosen move");
    cmd->add_flag("--explain", opts->report.explain,
        "Show what each weight is made of and what each neutraliser saves (weighing every "
        "neutraliser, not only those that could beat the best entry)");
    cmd->add_flag("--json", opts->json,
        "Machine-readable output (docs/eval-json.md); JSON Lines with --file");
    cmd->add_option("--profile", opts->profile, "Value profile (" + known_profiles() + ")")
        ->capture_default_str();
    cmd->add_flag("--no-threats", opts->no_threats,
        "No A4 threats (forks, immobile pieces, drop threats): the article's scope");
    cmd->add_flag("--no-ties", opts->no_ties, "Plain SOMA instead of the tie-aware one");
    cmd->callback([opts] { run_eval(*opts); });
}

}  // namespace supersoma::cli
