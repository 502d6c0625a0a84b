// `supersoma analyse`: a played game (a record, a folder of records, stdin, or a USI position
// with its moves) searched move by move; writes the annotated KIF and the HTML report beside
// the record or into --out, and the JSON summary to stdout with --json. Option parsing and
// orchestration only: the analysis is game_analysis, the outputs analysis_report.

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "cli/analysis_report.hpp"
#include "cli/cli.hpp"
#include "cli/game_analysis.hpp"
#include "engine/game_position.hpp"
#include "engine/notation.hpp"
#include "engine/sfen.hpp"
#include "record/kif.hpp"
#include "record/record.hpp"
#include "util/system.hpp"

namespace supersoma::cli {

namespace {

namespace fs = std::filesystem;

struct AnalyseCliOptions {
    std::vector<std::string> position;  // the words of a USI position with its moves
    std::string              record;    // a file, a folder of records, or "-" for stdin
    std::string              out;       // the folder for the reports; "" beside each record
    int                      depth = 0, time_ms = 0;
    std::uint64_t            nodes = 0;
    unsigned                 jobs  = 1;
    int                      from = 1, to = 1 << 30;
    std::string              leaf     = "qsearch";
    bool                     json     = false;
    bool                     force    = false;       // replace reports of an earlier run
    std::string              notation = "japanese";  // the HTML report's moves and boards
};

// The depth a search of each position gets when no limit is given.
constexpr int DEFAULT_DEPTH = 12;

// One game to analyse: where it came from and where its reports go.
struct Job {
    std::string          name;  // for messages and the report's title
    fs::path             stem;  // the reports are stem + ".analysis.kif" / ".analysis.html"
    record::RecordedGame game;
    bool                 utf8 = false;  // the record is a .kifu: its report is one too
};

// "startpos moves 7g7f" or "<sfen> moves ...": the same words `position` takes in USI, read
// by the same parser.
record::RecordedGame game_from_position(const std::string& text) {
    const auto parsed = parse_game_position(text);
    if (const auto* error = std::get_if<SfenError>(&parsed)) fail("analyse", error->message());
    const GamePosition&  position = std::get<GamePosition>(parsed);
    record::RecordedGame game;
    game.start_sfen = to_sfen(position.start);
    for (Move m : position.moves) {
        game.moves.push_back(to_usi(m));
        game.comments.emplace_back();
        game.seconds.push_back(-1);
    }
    if (position.move_error) game.stopped = *position.move_error;
    return game;
}

// A record of a folder to analyse; the reports of an earlier run (*.analysis.kif) are not.
bool is_record_file(const fs::path& p) {
    const std::string ext = p.extension().string();
    return (ext == ".kif" || ext == ".kifu" || ext == ".csa")
        && p.stem().extension() != ".analysis";
}

// The games named on the command line; unreadable records in a folder are reported and
// skipped (counted in `failed`).
std::vector<Job> collect_jobs(const AnalyseCliOptions& o, int& failed) {
    std::vector<Job> jobs;
    const fs::path   out = o.out;
    if (!o.position.empty()) {
        std::string text;
        for (const auto& w : o.position) text += (text.empty() ? "" : " ") + w;
        jobs.push_back({"position", (o.out.empty() ? fs::path(".") : out) / "position",
            game_from_position(text)});
        return jobs;
    }
    if (o.record == "-") {
        const std::string text((std::istreambuf_iterator<char>(std::cin)), {});
        try {
            jobs.push_back({"stdin", (o.out.empty() ? fs::path(".") : out) / "stdin",
                record::parse_record(text, record::IllegalMove::Stop)});
        } catch (const std::runtime_error& e) {
            fail("analyse", std::string("stdin: ") + e.what());
        }
        return jobs;
    }
    std::error_code       ec;
    std::vector<fs::path> files;
    if (fs::is_directory(o.record, ec)) {
        for (const auto& entry : fs::directory_iterator(o.record, ec))
            if (entry.is_regular_file() && is_record_file(entry.path()))
                files.push_back(entry.path());
        std::sort(files.begin(), files.end());
        if (files.empty()) fail("analyse", "no .kif, .kifu or .csa record in '" + o.record + "'");
    } else {
        files.push_back(o.record);
    }
    for (const fs::path& file : files) {
        try {
            const fs::path stem = (o.out.empty() ? file.parent_path() : out) / file.stem();
            jobs.push_back(
                {file.string(), stem, record::load_record(file.string(), record::IllegalMove::Stop),
                    file.extension() == ".kifu"});
        } catch (const std::runtime_error& e) {
            if (files.size() == 1) fail("analyse", e.what());
            std::cerr << "supersoma analyse: " << e.what() << std::endl;
            ++failed;
        }
    }
    return jobs;
}

// Why `game` cannot be analysed as asked ("" when it can): no moves, or --from past its end.
std::string unanalysable(const record::RecordedGame& game, const AnalyseCliOptions& o) {
    if (game.moves.empty()) return "no moves to analyse";
    if (std::size_t(o.from) > game.moves.size())
        return "--from " + std::to_string(o.from) + " is past the game's last move ("
            + std::to_string(game.moves.size()) + ")";
    return {};
}

void write_file(const fs::path& path, const std::string& text) {
    std::ofstream file(path, std::ios::binary);
    if (!(file << text) || !file.flush())
        fail("analyse", "cannot write '" + path.string() + "': " + std::strerror(errno));
}

// The annotated record as the GUIs' convention says: a .kifu record gives a .kifu (UTF-8),
// any other a .kif in Shift_JIS, or a .kifu when a character (in a name, a comment) has no
// Shift_JIS code. Returns where it went.
fs::path write_annotated_record(const Job& job, const GameAnalysis& analysis) {
    const fs::path kifu = job.stem.string() + ".analysis.kifu";
    if (!job.utf8) {
        if (const auto sjis = record::utf8_to_shift_jis(annotated_kif(analysis, "Shift_JIS"))) {
            const fs::path kif = job.stem.string() + ".analysis.kif";
            write_file(kif, *sjis);
            return kif;
        }
        std::cerr << "supersoma analyse: " << job.name
                  << ": the record has characters Shift_JIS lacks; written as UTF-8 (.kifu)"
                  << std::endl;
    }
    write_file(kifu, annotated_kif(analysis, "UTF-8"));
    return kifu;
}

// "analyse: 34/120 positions, 12 s left" on one terminal line, redrawn in place.
AnalysisProgress terminal_progress(const std::string& name) {
    if (!stderr_is_terminal()) return {};
    const auto start = std::chrono::steady_clock::now();
    return [name, start](int done, int total) {
        const double seconds
            = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const double left = done ? seconds * (total - done) / done : 0;
        std::fprintf(stderr, "\ranalyse %s: %d/%d positions, %.0f s left   ", name.c_str(), done,
            total, left);
        if (done == total) std::fprintf(stderr, "\n");
        std::fflush(stderr);
    };
}

int run_analyse(const AnalyseCliOptions& o) {
    if (o.position.empty() == o.record.empty())
        fail("analyse", "give one game: --record FILE|FOLDER|- or a USI position with its moves");
    if ((o.depth > 0) + (o.time_ms > 0) + (o.nodes > 0) > 1)
        fail("analyse", "give at most one of --depth, --time and --nodes");
    if (o.from > o.to)
        fail("analyse",
            "--from " + std::to_string(o.from) + " is after --to " + std::to_string(o.to));
    if (!o.out.empty()) {
        std::error_code ec;
        fs::create_directories(o.out, ec);
        if (!fs::is_directory(o.out)) fail("analyse", "cannot make the folder '" + o.out + "'");
    }
    AnalysisSettings settings;
    settings.limits.depth    = o.depth;
    settings.limits.movetime = o.time_ms;
    settings.limits.nodes    = o.nodes;
    if (!o.depth && !o.time_ms && !o.nodes) settings.limits.depth = DEFAULT_DEPTH;
    settings.leaf_mode = *search::leaf_mode_named(o.leaf);
    settings.jobs      = o.jobs ? o.jobs : std::max(1u, std::thread::hardware_concurrency());
    settings.from_ply  = o.from;
    settings.to_ply    = o.to;

    int        failed = 0;
    const auto jobs   = collect_jobs(o, failed);
    // Earlier reports are checked for before any game is analysed, so that a refusal leaves
    // nothing half done.
    for (const Job& job : jobs)
        for (const char* ext : {".analysis.kif", ".analysis.kifu", ".analysis.html"})
            if (const fs::path report = job.stem.string() + ext; fs::exists(report) && !o.force)
                fail("analyse",
                    "'" + report.string() + "' exists (from an earlier run?); --force replaces it");
    // Where the reports go and what is said: stdout is the JSON's when asked for.
    std::ostream& say = o.json ? std::cerr : std::cout;
    for (const Job& job : jobs) {
        if (const std::string fault = unanalysable(job.game, o); !fault.empty()) {
            if (jobs.size() == 1) fail("analyse", job.name + ": " + fault);
            std::cerr << "supersoma analyse: " << job.name << ": " << fault << std::endl;
            ++failed;
            continue;
        }
        const fs::path     html     = job.stem.string() + ".analysis.html";
        const GameAnalysis analysis = analyse_game(job.game, settings, terminal_progress(job.name));
        const fs::path     kif      = write_annotated_record(job, analysis);
        write_file(html,
            html_report(analysis, job.name,
                o.notation == "english" ? Notation::English : Notation::Japanese));
        say << job.name << ": " << kif.string() << ", " << html.string() << std::endl;
        if (o.json)
            std::cout << analysis_json(analysis).dump(jobs.size() > 1 ? -1 : 2) << std::endl;
        if (!analysis.stopped.empty()) {
            std::cerr << "supersoma analyse: " << analysis.stopped
                      << " (the moves before it are analysed)" << std::endl;
            ++failed;
        }
    }
    if (jobs.empty()) fail("analyse", "no game could be read");
    return failed ? EXIT_SOME_FAILED : 0;
}

}  // namespace

void add_analyse_command(CLI::App& app) {
    auto  opts     = std::make_shared<AnalyseCliOptions>();
    auto* cmd      = app.add_subcommand("analyse",
             "Analyse a played game move by move: scores, mistakes and what SUPER-SOMA sees; writes an "
                  "annotated KIF and an HTML report");
    auto* position = cmd->add_option("position", opts->position,
        "Instead of a record: a USI position with its moves (startpos moves 7g7f 3c3d ...)");
    auto* record   = cmd->add_option("-r,--record", opts->record,
          "A CSA or KIF record, a folder of them (one report per game) or '-' for stdin");
    position->excludes(record);
    cmd->add_option("-o,--out", opts->out,
        "Folder for the reports (default: beside each record; the current folder for stdin "
        "and positions)");
    auto* depth = whole_number(
        cmd->add_option("--depth", opts->depth, "Search each position to this depth (default 12)"),
        1, 64);
    auto* time = whole_number(
        cmd->add_option("--time", opts->time_ms, "Search each position this many ms"), 1);
    auto* nodes = cmd->add_option("--nodes", opts->nodes, "Search each position this many nodes")
                      ->check(CLI::PositiveNumber);
    depth->excludes(time)->excludes(nodes);
    time->excludes(nodes);
    whole_number(cmd->add_option("-j,--jobs", opts->jobs,
                     "Threads, one position each (0: all); a fixed depth or node count gives the "
                     "same analysis on any number"),
        0, 256)
        ->capture_default_str();
    whole_number(
        cmd->add_option("--from", opts->from, "The first move to analyse (1: the game's first)"),
        1);
    whole_number(cmd->add_option("--to", opts->to, "The last move to analyse"), 1);
    cmd->add_option("--leaf", opts->leaf, "Leaf mode of the search")
        ->check(cli::is_name_in(search::LEAF_MODE_NAMES))
        ->capture_default_str();
    cmd->add_option("--notation", opts->notation,
           "Moves and pieces in the HTML report: japanese (▲７六歩, kanji boards) or english "
           "(USI, SFEN letters); the KIF is Japanese")
        ->check(CLI::IsMember({"japanese", "english"}))
        ->capture_default_str();
    cmd->add_flag("--force", opts->force, "Replace the reports of an earlier run");
    cmd->add_flag("--json", opts->json,
        "The summary as JSON on stdout (docs/analyse.md; one line per game for a folder)");
    cmd->callback([opts] {
        const int code = run_analyse(*opts);
        if (code) throw CLI::RuntimeError(code);
    });
}

}  // namespace supersoma::cli
