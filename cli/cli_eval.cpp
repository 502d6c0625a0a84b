// `supersoma eval`: SUPER-SOMA on one position (USI text or a game record) or on a stream of
// them; option parsing and orchestration only (the renderers are report_text and report_json).

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include "cli/board_svg.hpp"
#include "cli/cli.hpp"
#include "cli/ordered_batch.hpp"
#include "cli/position_input.hpp"
#include "cli/report_json.hpp"
#include "cli/report_text.hpp"
#include "cli/static_report.hpp"
#include "engine/sfen.hpp"
#include "eval/evaluate.hpp"
#include "eval/leaf.hpp"
#include "search/search.hpp"
#include "soma/supersoma.hpp"
#include "util/system.hpp"

namespace supersoma::cli {

namespace {

struct EvalCliOptions {
    std::vector<std::string> position;  // the words of a USI position
    std::string              file;      // one position per line; "-" for stdin
    RecordInput              record;
    unsigned                 jobs = 1;
    std::string              profile {soma::learned_model().name};
    ReportOptions            report;
    std::string              json;  // "", "full" or "summary"
    std::string              svg;   // a file for the picture; "-" for stdout
    bool                     japanese     = false;
    bool                     no_board     = false;
    bool                     no_threats   = false;
    bool                     no_ties      = false;
    bool                     leaf         = false;
    bool                     net_only     = false;
    bool                     static_terms = false;  // --static
    std::string              eval_file;             // learned weights for --static
};

// "learned" (the default): the article's values with B3's learned weights (docs/accuracy.md);
// the value profiles alone keep the article's rule.
bool is_learned(const std::string& name) {
    return name == soma::learned_model().name;
}

std::string known_profiles() {
    std::string names(soma::learned_model().name);
    for (std::string_view n : soma::profile_names())
        names += (names.empty() ? "" : ", ") + std::string(n);
    return names;
}

soma::ValueProfile profile_of(const std::string& name) {
    if (is_learned(name)) return *soma::learned_options().profile;
    if (auto p = soma::find_profile(name)) return *p;
    fail("eval", "unknown profile '" + name + "'; known profiles: " + known_profiles());
}

// The net alone, by the value-only call; with --leaf by a thread's own evaluator, as at the
// search's leaves (so timing `--leaf --net-only` times the leaf's verdict).
Value net_of(const Position& pos, const soma::EvalOptions& eval, bool leaf) {
    if (!leaf) return soma::evaluate_verdict(pos, eval).net;
    thread_local soma::Evaluator evaluator(eval, eval::LEAF_ARENA_BYTES);
    evaluator.set_options(eval);
    return evaluator.verdict(pos).net;
}

// The rendered report of `pos` in the format asked for.
std::string render(const Position& pos, const soma::EvalOptions& eval, const EvalCliOptions& o,
    std::optional<std::size_t> input_line) {
    if (o.net_only) return std::to_string(net_of(pos, eval, o.leaf)) + '\n';
    const EvalReport report {to_sfen(pos), soma::evaluate(pos, eval)};
    if (o.json.empty()) return render_text(report, o.report);
    const JsonDetail detail = o.json == "summary" ? JsonDetail::Summary : JsonDetail::Full;
    return render_json(report, detail, input_line ? -1 : 2, input_line) + '\n';
}

LineOutcome evaluate_text(const std::string& text, const soma::EvalOptions& eval,
    const EvalCliOptions& o, std::optional<std::size_t> input_line) {
    auto parsed = position_from_text(text);
    if (auto* error = std::get_if<std::string>(&parsed)) return {{}, *error};
    return {render(std::get<Position>(parsed), eval, o, input_line), {}};
}

// Opens the --file input, saying exactly why when it cannot be read.
std::istream& open_input(const std::string& file, std::ifstream& stream) {
    if (file == "-") return std::cin;
    std::error_code ec;
    if (std::filesystem::is_directory(file, ec))
        fail("eval", "--file '" + file + "' is a directory, not a file of positions");
    stream.open(file);
    if (!stream) fail("eval", "cannot read '" + file + "': " + std::strerror(errno));
    return stream;
}

// "1234 positions, 56/s" on stderr, rewritten in place, when stderr is a terminal.
class Progress {
public:
    Progress()
        : enabled_(stderr_is_terminal()) { }
    ~Progress() {
        if (enabled_ && shown_) std::cerr << "\r\033[K" << std::flush;
    }
    void tick(std::size_t done) {
        const auto now = std::chrono::steady_clock::now();
        if (!enabled_ || now - last_ < std::chrono::milliseconds(500)) return;
        last_                = now;
        shown_               = true;
        const double seconds = std::chrono::duration<double>(now - start_).count();
        std::cerr << "\r\033[K" << done << " positions, " << std::size_t(double(done) / seconds)
                  << "/s" << std::flush;
    }

private:
    bool                                  enabled_;
    bool                                  shown_ = false;
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
    std::chrono::steady_clock::time_point last_  = start_;
};

unsigned thread_count(unsigned asked) {
    const unsigned hardware = std::max(1u, std::thread::hardware_concurrency());
    return asked == 0 ? hardware : std::min(asked, hardware);
}

void run_file(const EvalCliOptions& o, const soma::EvalOptions& eval) {
    std::ifstream     stream;
    std::istream&     in     = open_input(o.file, stream);
    const unsigned    jobs   = thread_count(o.jobs);
    std::size_t       failed = 0, emitted = 0;
    Progress          progress;
    const std::size_t lines = run_ordered(
        in, jobs, 4 * std::size_t(jobs),
        [&](const InputLine& line) { return evaluate_text(line.text, eval, o, line.number); },
        [&](const InputLine& line, const LineOutcome& r) {
            if (!r.error.empty()) {
                ++failed;
                std::cerr << "line " << line.number << ": " << r.error << '\n';
                if (!o.json.empty()) std::cout << render_error_json(line.number, r.error) << '\n';
                if (o.net_only) std::cout << "error: " << r.error << '\n';
            } else {
                if (o.json.empty() && !o.net_only && emitted > 0) std::cout << '\n';
                std::cout << r.output;
            }
            ++emitted;
            std::cout << std::flush;  // a pipe reads each answer as soon as it is ready
            progress.tick(emitted);
        });
    if (failed)
        fail("eval", std::to_string(failed) + " of " + std::to_string(lines) + " lines failed",
            EXIT_SOME_FAILED);
}

soma::EvalOptions eval_options(const EvalCliOptions& o, const soma::ValueProfile& profile) {
    if (o.leaf) return eval::leaf_eval_options();
    soma::EvalOptions eval;
    eval.profile = &profile;
    eval.threats = !o.no_threats;
    eval.ties    = !o.no_ties;
    // B3 weighs only the neutralisers that could beat its best entry unless asked for all.
    eval.all_neutralisers = o.report.explain;
    // The text report shows the first table unless --iterations: the later ones need list
    // only what decides the moves (same line and net, about a third less work with threats).
    if (o.json.empty() && !o.report.all_iterations) eval.complete_tables = 1;
    return is_learned(o.profile) ? soma::with_model(eval, soma::learned_model()) : eval;
}

// --svg: the picture to its file (the report still goes to stdout) or, with "-", alone to stdout.
void write_svg(const Position& pos, const soma::EvalOptions& eval, const EvalCliOptions& o) {
    const std::string svg = render_svg({to_sfen(pos), soma::evaluate(pos, eval)});
    if (o.svg == "-") {
        std::cout << svg << std::flush;
        return;
    }
    std::ofstream file(o.svg);
    if (!(file << svg) || !file.flush())
        fail("eval", "cannot write '" + o.svg + "': " + std::strerror(errno));
    std::cout << render(pos, eval, o, std::nullopt) << std::flush;
}

// --static: the search's static evaluation taken apart instead of SUPER-SOMA's report.
void print_static(const Position& pos, const EvalCliOptions& o) {
    if (pos.king_square(SENTE) == SQ_NONE || pos.king_square(GOTE) == SQ_NONE)
        fail("eval", "--static needs both kings on the board");
    try {
        // What the engine would play with by default: the file's network or KP weights, else
        // the built-in one.
        search::SearchOptions options;
        eval::load_eval_file(o.eval_file, options.eval);
        const eval::Learned    learned = search::learned_evaluation_of(options);
        const eval::KpWeights& kp      = learned.network ? learned.network->kp() : *learned.kp;
        std::cout << render_static(pos, kp, learned.network) << std::flush;
    } catch (const std::runtime_error& e) {
        fail("eval", "--eval-file: " + std::string(e.what()));
    }
}

void run_eval(EvalCliOptions o) {
    const int sources = !o.position.empty() + !o.file.empty() + !o.record.path.empty();
    if (sources != 1)
        fail("eval",
            "give one position: USI text (an SFEN or startpos, optionally followed by moves), "
            "--file or --record");
    if (!o.json.empty() && o.json != "full" && o.json != "summary")
        fail("eval", "--json takes full or summary, not '" + o.json + "'");
    o.report.board                   = !o.no_board;
    o.report.diagram_style           = o.japanese ? DiagramStyle::Japanese : DiagramStyle::Letters;
    const soma::ValueProfile profile = profile_of(o.profile);
    const soma::EvalOptions  eval    = eval_options(o, profile);
    if (!o.file.empty() && !o.svg.empty())
        fail("eval", "--svg draws one position; it cannot be used with --file");
    if (!o.file.empty()) return run_file(o, eval);

    std::string text;
    for (const auto& w : o.position) text += (text.empty() ? "" : " ") + w;
    auto position
        = o.record.path.empty() ? position_from_text(text) : position_from_record(o.record);
    if (const auto* error = std::get_if<std::string>(&position)) {
        if (!o.json.empty()) std::cout << render_error_json(std::nullopt, *error) << std::endl;
        fail("eval", *error);
    }
    if (o.static_terms) return print_static(std::get<Position>(position), o);
    if (!o.svg.empty()) return write_svg(std::get<Position>(position), eval, o);
    std::cout << render(std::get<Position>(position), eval, o, std::nullopt) << std::flush;
}

}  // namespace

void add_eval_command(CLI::App& app) {
    auto  opts = std::make_shared<EvalCliOptions>();
    auto* cmd  = app.add_subcommand(
         "eval", "SUPER-SOMA: the XREF table, the predicted line and the net value of a position");
    auto* position = cmd->add_option("position", opts->position,
        "Position as in USI: an SFEN (quoted or as separate words) or startpos, optionally "
        "followed by 'moves' and the moves played");
    auto* file     = cmd->add_option("-f,--file", opts->file,
            "One position per line ('-' for stdin), answered line by line in input order; blank "
                "lines, '#' lines and anything after ';' are skipped");
    position->excludes(file);
    add_record_options(cmd, opts->record);
    whole_number(cmd->add_option("-j,--jobs", opts->jobs,
                     "Threads for --file (0: all; capped at the machine's hardware threads)"),
        0)
        ->capture_default_str();
    cmd->add_flag("--iterations", opts->report.all_iterations,
        "Print every iteration's table, neutralisers and chosen move");
    cmd->add_flag("--explain", opts->report.explain,
        "Show what each weight is made of and what each neutraliser saves (weighing every "
        "neutraliser, not only those that could beat the best entry)");
    cmd->add_flag("--json{full}", opts->json,
        "Machine-readable output (docs/eval-json.md), JSON Lines with --file; --json=summary "
        "keeps only the net, the line and its end");
    cmd->add_option("--svg", opts->svg,
        "Also draw the position with its XREF table and predicted line as SVG into this file "
        "('-': the picture alone on stdout)");
    cmd->add_flag("--net-only", opts->net_only,
        "One line per position: its net value (or 'error: ...'), for scripts and timing");
    cmd->add_flag("--japanese", opts->japanese, "Board diagrams in Japanese (KIF's BOD layout)");
    cmd->add_flag("--no-board", opts->no_board, "No board diagrams in the text report");
    cmd->add_option("--profile", opts->profile,
           "learned: the article's values, B3 by learned weights; article or full-hand: the "
           "article's rule with those values ("
               + known_profiles() + ")")
        ->capture_default_str();
    cmd->add_flag("--no-threats", opts->no_threats,
        "No A4 threats (forks, immobile pieces, drop threats): the article's scope");
    cmd->add_flag("--no-ties", opts->no_ties, "Plain SOMA instead of the tie-aware one");
    cmd->add_flag("--static", opts->static_terms,
        "The search's static evaluation instead: KP piece by piece, the network's part, and "
        "material alone");
    cmd->add_option("--eval-file", opts->eval_file,
        "A network (train_nnue) or KP weights (train_kp) for --static; default: the built-in "
        "evaluation");
    cmd->add_flag("--leaf", opts->leaf,
        "Exactly the configuration the search's leaves use (overrides --profile, --no-threats, "
        "--no-ties)");
    cmd->callback([opts] { run_eval(*opts); });
}

}  // namespace supersoma::cli
