// selfplay: training positions from the engine's own games (docs/eval.md). Each job plays
// games with a fixed node count per move, a few random moves early for variety, and writes
// every position it searched with the score, the best move and the game's result, in the
// binary form of tools/training_data.hpp. A game starts from a random walk of the start
// position (moves that leave no piece to be won on their square) or from an openings file;
// never from a position of the judging openings (bench/data/judging-openings.txt).
// A run appends one shard (its seed, nodes and the engine's commit in a header) to the file:
// running again resumes (a game cut short is dropped, a new random seed is drawn), and the files
// of several machines, each run with the same command, concatenate.
//   selfplay --positions N --out FILE [--nodes N] [--jobs N] [--openings FILE] [--seed N]
//   selfplay --summary FILE
#include <CLI/CLI.hpp>
#include <atomic>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <future>
#include <iostream>
#include <mutex>
#include <random>
#include <thread>
#include <unordered_set>

#include "soma/shogi/soma.hpp"

#include "build_info.hpp"
#include "engine/attacks.hpp"
#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "engine/sfen.hpp"
#include "eval/evaluate.hpp"
#include "match/openings.hpp"
#include "match/referee.hpp"
#include "search/engine.hpp"
#include "tools/training_data.hpp"

namespace {

using namespace supersoma;

struct Settings {
    std::uint64_t positions    = 100000;
    std::uint64_t nodes        = 6000;
    int           jobs         = 1;
    int           random_moves = 2;     // random moves per game, in the first random_plies plies
    int           random_plies = 24;    // after the opening
    int           max_plies    = 320;   // a draw after this many plies
    int           adjudicate   = 2000;  // cp: a game this far ahead for 8 plies is decided
    std::uint64_t seed         = 0;     // 0: drawn at random, so that machines differ
    int           walk_min     = 6;     // random-walk starts: plies from the start position
    int           walk_max     = 24;
};

struct Shared {
    const Settings&                   settings;
    const std::vector<match::Opening> openings;  // empty: random-walk starts
    // The keys of the judging openings' positions of JUDGING_MIN_PLIES or more.
    const std::unordered_set<Key> judging;
    std::ofstream&                out;
    std::mutex                    mutex;
    std::atomic<std::uint64_t>    written {0};
    std::atomic<std::uint64_t>    games {0};
};

struct Searched {
    Move  best  = Move::none();
    Value score = 0;
};

Searched search_once(search::Engine& engine, const Position& pos, std::uint64_t nodes) {
    engine.set_position(pos);
    search::Limits limits;
    limits.nodes = nodes;
    search::InfoReport                 last;
    std::promise<search::SearchResult> done;
    engine.go(
        limits, [&last](const search::InfoReport& info) { last = info; },
        [&done](const search::SearchResult& r) { done.set_value(r); });
    const search::SearchResult result = done.get_future().get();
    engine.wait();
    return {result.best, last.pv.empty() ? result.score : last.score};
}

Position opening_position(const match::Opening& opening) {
    auto     parsed = parse_sfen(opening.start_sfen);
    Position pos    = std::get<Position>(parsed);
    for (const std::string& text : opening.moves)
        pos.do_move(std::get<Move>(parse_usi_move(pos, text)));
    return pos;
}

// Positions this deep in a judging opening are never a start (the shallower ones are common
// to every opening).
constexpr int JUDGING_MIN_PLIES = 8;

std::unordered_set<Key> judging_keys(const std::string& path) {
    std::unordered_set<Key> keys;
    if (path.empty()) return keys;
    for (const match::Opening& opening : match::read_openings(path)) {
        Position pos = std::get<Position>(parse_sfen(opening.start_sfen));
        for (std::size_t i = 0; i < opening.moves.size(); ++i) {
            pos.do_move(std::get<Move>(parse_usi_move(pos, opening.moves[i])));
            if (int(i) + 1 >= JUDGING_MIN_PLIES) keys.insert(pos.key());
        }
    }
    return keys;
}

// A walk of random moves from the start position, each one leaving no piece to be won on its
// square (SOMA), so the start stays playable; a walk that meets a judging position or a
// position without such a move is walked again.
Position random_walk(const Shared& shared, std::mt19937_64& rng) {
    const Settings& s       = shared.settings;
    const auto&     profile = eval::search_profile();
    for (;;) {
        Position  pos   = Position::startpos();
        const int plies = std::uniform_int_distribution<int>(s.walk_min, s.walk_max)(rng);
        bool      ok    = true;
        for (int ply = 0; ply < plies && ok; ++ply) {
            std::vector<Move> safe;
            for (Move m : generate(GenKind::Legal, pos)) {
                Position after = pos;
                after.do_move(m);
                const Color them = after.side_to_move();
                if (!after.attacked_by(them, m.to())
                    || soma::stand_pat_gain(after, them, m.to(), profile) <= 0)
                    safe.push_back(m);
            }
            ok = !safe.empty();
            if (ok)
                pos.do_move(
                    safe[std::uniform_int_distribution<std::size_t>(0, safe.size() - 1)(rng)]);
            ok = ok && !(ply + 1 >= JUDGING_MIN_PLIES && shared.judging.count(pos.key()));
        }
        if (ok && has_legal_move(pos)) return pos;
    }
}

Position start_position(const Shared& shared, std::mt19937_64& rng) {
    if (shared.openings.empty()) return random_walk(shared, rng);
    for (;;) {
        const match::Opening& opening = shared.openings[std::uniform_int_distribution<std::size_t>(
            0, shared.openings.size() - 1)(rng)];
        Position              pos     = opening_position(opening);
        if (!shared.judging.count(pos.key())) return pos;
    }
}

// One game; its positions are appended to the file when it ends.
void play_game(Shared& shared, search::Engine& engine, std::mt19937_64& rng) {
    const Settings& s   = shared.settings;
    Position        pos = start_position(shared, rng);
    pos.forget_history();
    match::Referee referee(pos, EnteringKingRule::Point27, s.max_plies);
    engine.new_game();

    std::vector<int> random_at;
    for (int i = 0; i < s.random_moves; ++i)
        random_at.push_back(std::uniform_int_distribution<int>(0, s.random_plies - 1)(rng));

    std::vector<tune::TrainingRecord> records;
    std::vector<Color>                movers;  // each record's side to move, for its result
    std::optional<Color>              winner;
    bool                              decided  = false;
    int                               lopsided = 0;
    for (int ply = 0; !decided; ++ply) {
        const Position& now   = referee.position();
        const Searched  found = search_once(engine, now, s.nodes);
        if (found.best.is_none()) {  // resign or declare: judged below by the referee's rules
            break;
        }
        tune::TrainingRecord r;
        r.position = tune::pack(now);
        r.score    = std::int16_t(std::clamp<Value>(found.score, -32000, 32000));
        r.move     = found.best.raw();
        r.ply      = std::uint16_t(std::min(now.ply(), 65535));
        records.push_back(r);
        movers.push_back(now.side_to_move());

        const int cp = search::to_centipawns(found.score);
        lopsided     = std::abs(cp) >= s.adjudicate ? lopsided + 1 : 0;
        if (lopsided >= 8) {
            winner  = cp > 0 ? now.side_to_move() : ~now.side_to_move();
            decided = true;
            break;
        }
        Move play = found.best;
        if (std::find(random_at.begin(), random_at.end(), ply) != random_at.end()) {
            const MoveList legal = generate(GenKind::Legal, now);
            play = legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)];
        }
        if (const auto result = referee.play(to_usi(play))) {
            decided = true;
            if (result->winner != match::Winner::Draw)
                winner = result->winner == match::Winner::Sente ? SENTE : GOTE;
        }
    }
    if (!decided) {  // the engine resigned: the side to move lost
        if (const auto result = referee.judge(); result && result->winner == match::Winner::Draw)
            winner.reset();
        else
            winner = ~referee.position().side_to_move();
    }
    for (std::size_t i = 0; i < records.size(); ++i)
        records[i].result = std::int8_t(!winner ? 0 : *winner == movers[i] ? 1 : -1);
    std::lock_guard lock(shared.mutex);
    if (shared.written >= s.positions) return;
    records.resize(std::min<std::size_t>(records.size(), s.positions - shared.written));
    tune::write_game(shared.out, records);
    shared.out.flush();
    shared.written += records.size();
    ++shared.games;
}

void run_job(Shared& shared, int job) {
    search::Engine engine;
    engine.set_hash_megabytes(16);
    engine.set_threads(1);
    engine.options().leaf_mode             = search::LeafMode::QSearch;
    engine.options().root_mate_probe_nodes = 0;
    engine.ready();
    std::mt19937_64 rng(shared.settings.seed * 1000003 + std::uint64_t(job));
    while (shared.written < shared.settings.positions) play_game(shared, engine, rng);
}

int print_summary(const std::string& path) {
    try {
        const tune::DataFileSummary summary = tune::summarise_data_file(path);
        std::uint64_t               records = 0, games = 0;
        for (const tune::ShardSummary& shard : summary.shards) {
            std::cout << "shard seed " << shard.header.seed << ", " << shard.header.nodes
                      << " nodes a move, commit " << shard.header.commit << ", begun "
                      << shard.header.started << ": " << shard.games << " games, " << shard.records
                      << " positions\n";
            records += shard.records;
            games += shard.games;
        }
        std::cout << summary.shards.size() << " shards, " << games << " games, " << records
                  << " positions, " << summary.total_bytes << " bytes";
        if (summary.whole_bytes != summary.total_bytes)
            std::cout << " (" << summary.total_bytes - summary.whole_bytes
                      << " bytes of a game cut short at the end)";
        std::cout << "\n";
    } catch (const std::exception& e) {
        std::cerr << "selfplay: " << e.what() << "\n";
        return 1;
    }
    return 0;
}

// Resuming: cuts a game left unfinished at the end of an existing file and draws a seed unless
// one is given (a seed the file already has is refused, since it would repeat its games).
bool prepare_output(const std::string& path, Settings& settings) {
    if (settings.seed == 0)
        settings.seed = (std::uint64_t(std::random_device {}()) << 32 | std::random_device {}())
                % 1000000000000ull
            + 1;
    if (std::filesystem::exists(path)) {
        try {
            const tune::DataFileSummary summary = tune::summarise_data_file(path);
            for (const tune::ShardSummary& shard : summary.shards) {
                if (shard.header.seed == settings.seed) {
                    std::cerr << "selfplay: '" << path << "' already has a shard of seed "
                              << settings.seed << "; leave --seed out to draw another\n";
                    return false;
                }
            }
            if (summary.whole_bytes != summary.total_bytes) {
                std::filesystem::resize_file(path, summary.whole_bytes);
                std::cerr << "selfplay: cut " << summary.total_bytes - summary.whole_bytes
                          << " bytes of a game left unfinished\n";
            }
        } catch (const std::exception& e) {
            std::cerr << "selfplay: " << e.what() << "\n";
            return false;
        }
    }
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App    app {"Training positions from the engine's own games"};
    Settings    settings;
    std::string out_path, openings_path, judging_path = "bench/data/judging-openings.txt";
    app.add_option("--positions", settings.positions, "How many positions to write")
        ->check(CLI::Range(1ull, 1000000000ull));
    app.add_option("--out", out_path, "The data file to append a shard to (resumes a stopped run)");
    app.add_option("--nodes", settings.nodes, "Nodes per move")
        ->check(CLI::Range(1ull, 100000000ull));
    app.add_option("--jobs", settings.jobs, "Games played at a time")->check(CLI::Range(1, 256));
    app.add_option("--openings", openings_path,
           "Start positions (match openings format); default: random walks from the start")
        ->check(CLI::ExistingFile);
    app.add_option("--walk-plies", settings.walk_min, "Random-walk starts: fewest plies")
        ->check(CLI::Range(0, 100));
    app.add_option("--walk-plies-max", settings.walk_max, "Random-walk starts: most plies")
        ->check(CLI::Range(0, 100));
    app.add_option("--judging", judging_path,
        "The judging openings, whose positions never start a game ('' for none)");
    app.add_option("--random-moves", settings.random_moves, "Random moves per game, early")
        ->check(CLI::Range(0, 100));
    app.add_option(
        "--seed", settings.seed, "Seed of the random moves and openings; default: drawn at random");
    std::string summary_path;
    app.add_option("--summary", summary_path, "Print the shards of a data file and stop");
    app.get_option("--out")->excludes(app.get_option("--summary"));
    CLI11_PARSE(app, argc, argv);
    if (!summary_path.empty()) return print_summary(summary_path);
    if (out_path.empty()) {
        std::cerr << "selfplay: --out is required\n";
        return 2;
    }
    if (settings.walk_max < settings.walk_min) {
        std::cerr << "selfplay: --walk-plies-max is less than --walk-plies\n";
        return 2;
    }

    attacks::init();
    if (!prepare_output(out_path, settings)) return 1;
    std::ofstream out(out_path, std::ios::binary | std::ios::app);
    if (!out) {
        std::cerr << "selfplay: cannot write '" << out_path << "'\n";
        return 1;
    }
    try {
        Shared shared {settings,
            openings_path.empty() ? std::vector<match::Opening> {}
                                  : match::read_openings(openings_path),
            judging_keys(judging_path), out, {}, {}, {}};
        std::cerr << "selfplay: shard of seed " << settings.seed << " onto '" << out_path << "'\n";
        tune::write_shard_header(
            out, {settings.seed, settings.nodes, std::int64_t(std::time(nullptr)), build::commit});
        const auto               start = std::chrono::steady_clock::now();
        std::vector<std::thread> jobs;
        for (int j = 0; j < settings.jobs; ++j) jobs.emplace_back(run_job, std::ref(shared), j);
        for (;;) {
            std::this_thread::sleep_for(std::chrono::seconds(2));
            const std::uint64_t written = shared.written;
            const double        seconds
                = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            const double rate = double(written) / std::max(seconds, 1e-3);
            std::cerr << "\r" << written << " / " << settings.positions << " positions, "
                      << shared.games << " games, " << int(rate) << " positions/s, ETA "
                      << int(double(settings.positions - std::min(written, settings.positions))
                             / std::max(rate, 1e-3))
                      << " s   " << std::flush;
            if (written >= settings.positions) break;
        }
        for (std::thread& t : jobs) t.join();
        std::cerr << "\n";
    } catch (const std::exception& e) {
        std::cerr << "selfplay: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
