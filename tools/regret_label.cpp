// regret_label: the regret-labelled set of SUPER-SOMA's first move (docs/accuracy.md). It reads
// self-play positions (tools/selfplay's data file), keeps those with a tactic on the board (an
// XREF entry of either side that gains at once), and scores each candidate first move of the
// side to move (its entries and neutralisers under the full method and under the leaf's
// configuration) with the engine's own search restricted to the candidates (MultiPV over
// `searchmoves`, fixed depth, so every candidate's score is exact), then the best of the other
// moves (SUPER-SOMA's pass), and what depth-1, -2 and -4 searches play. Positions are taken
// from the file at a fixed stride, so shards with other --shard values never overlap.
//   regret_label --data FILE --out FILE [--depth D] [--positions N] [--shard I/N] [--jobs N]
#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <fstream>
#include <future>
#include <iostream>
#include <mutex>
#include <thread>
#include <unordered_set>

#include "build_info.hpp"
#include "engine/attacks.hpp"
#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "engine/sfen.hpp"
#include "eval/leaf.hpp"
#include "search/engine.hpp"
#include "soma/supersoma.hpp"
#include "tools/regret_set.hpp"
#include "tools/training_data.hpp"

namespace {

using namespace supersoma;

struct Settings {
    std::string   data, out;
    int           depth     = 7;
    std::uint64_t positions = 1000;
    int           shard = 0, shards = 1;
    int           jobs    = 1;
    int           min_ply = 16;
    int           hash_mb = 16;
};

// The side to move's candidate first moves under `options`: its entries and neutralisers in
// the first table, every neutraliser weighed.
void add_candidates(const Position& pos, soma::EvalOptions options, std::vector<Move>& out) {
    options.all_neutralisers        = true;
    options.parry_only_without_gain = false;
    options.complete_tables         = 1;
    options.max_iterations          = 1;
    const soma::EvalResult r        = soma::evaluate(pos, options);
    const soma::Iteration& first    = r.iterations.front();
    auto                   add      = [&](Move m) {
        if (std::find(out.begin(), out.end(), m) == out.end()) out.push_back(m);
    };
    for (const soma::XrefEntry& e : first.entries)
        if (e.side == pos.side_to_move()) add(e.move);
    for (const soma::Neutraliser& n : first.neutralisers) add(n.move);
}

// A tactic on the board: an entry of either side that gains at once.
bool tactical(const Position& pos) {
    soma::EvalOptions options;
    options.threats          = false;
    options.max_iterations   = 1;
    const soma::EvalResult r = soma::evaluate(pos, options);
    for (const soma::XrefEntry& e : r.iterations.front().entries)
        if (e.value > 0 && e.gains_at_once()) return true;
    return false;
}

int clipped_cp(Value v) {
    if (search::is_mate_score(v)) return v > 0 ? tune::REGRET_CLIP : -tune::REGRET_CLIP;
    return std::clamp(search::to_centipawns(v), -tune::REGRET_CLIP, tune::REGRET_CLIP);
}

// The last line of each of the first `multipv` slots of a search of `pos` to `depth` among
// `moves` (every move if empty); a slot that did not complete the depth exactly is left empty.
std::vector<search::InfoReport> search_lines(search::Engine& engine, const Position& pos,
    const std::vector<Move>& moves, int depth, int multipv) {
    std::vector<search::InfoReport> lines(static_cast<std::size_t>(multipv));
    engine.options().multipv = multipv;
    search::Limits limits;
    limits.depth        = depth;
    limits.search_moves = moves;
    std::promise<void> done;
    engine.set_position(pos);
    engine.go(
        limits,
        [&](const search::InfoReport& info) {
            if (info.multipv <= multipv) lines[std::size_t(info.multipv - 1)] = info;
        },
        [&](const search::SearchResult&) { done.set_value(); });
    done.get_future().get();
    engine.wait();
    for (search::InfoReport& info : lines)
        if (info.depth != depth || info.bound != search::BOUND_EXACT) info.pv.clear();
    return lines;
}

// The exact score of each of `moves` at `depth` (one MultiPV line each), or nothing.
std::optional<std::vector<tune::RegretPosition::Scored>> search_each(
    search::Engine& engine, const Position& pos, const std::vector<Move>& moves, int depth) {
    std::vector<tune::RegretPosition::Scored> scored;
    for (const search::InfoReport& info :
        search_lines(engine, pos, moves, depth, int(moves.size()))) {
        if (info.pv.empty()) return std::nullopt;
        scored.push_back({to_usi(info.pv[0]), clipped_cp(info.score)});
    }
    return scored;
}

std::optional<tune::RegretPosition> label(
    search::Engine& engine, const Position& pos, const Settings& s) {
    std::vector<Move> candidates;
    add_candidates(pos, soma::EvalOptions {}, candidates);
    add_candidates(pos, eval::leaf_eval_options(), candidates);
    if (candidates.empty()) return std::nullopt;
    engine.new_game();
    tune::RegretPosition p;
    p.sfen           = to_sfen(pos);
    p.depth          = s.depth;
    const auto moves = search_each(engine, pos, candidates, s.depth);
    if (!moves) return std::nullopt;
    p.moves = *moves;
    std::vector<Move> rest;
    for (Move m : generate(GenKind::Legal, pos))
        if (std::find(candidates.begin(), candidates.end(), m) == candidates.end())
            rest.push_back(m);
    if (!rest.empty()) {
        // The best of the rest: one line over all of them.
        const search::InfoReport best = search_lines(engine, pos, rest, s.depth, 1).front();
        if (best.pv.empty()) return std::nullopt;
        p.rest = tune::RegretPosition::Scored {to_usi(best.pv[0]), clipped_cp(best.score)};
    }
    constexpr std::array<int, 3> SHALLOW = {1, 2, 4};
    for (std::size_t i = 0; i < SHALLOW.size(); ++i) {
        engine.new_game();
        const search::InfoReport line = search_lines(engine, pos, {}, SHALLOW[i], 1).front();
        if (line.pv.empty()) return std::nullopt;
        p.shallow[i] = to_usi(line.pv[0]);
        // A move outside the candidates is scored alone, so its regret is exact too.
        const bool known = std::any_of(
            p.moves.begin(), p.moves.end(), [&](const auto& m) { return m.move == p.shallow[i]; });
        if (!known) {
            const auto alone = search_each(engine, pos, {line.pv[0]}, s.depth);
            if (!alone) return std::nullopt;
            p.moves.push_back(alone->front());
        }
    }
    return p;
}

int run(const Settings& s) {
    std::vector<tune::TrainingRecord> records = tune::read_records(s.data);
    std::vector<Position>             positions;
    std::unordered_set<Key>           seen;
    for (std::size_t i = std::size_t(s.shard); i < records.size(); i += std::size_t(s.shards)) {
        const auto setup = tune::unpack(records[i].position);
        if (!setup || records[i].ply < s.min_ply) continue;
        Position pos(*setup);
        if (!has_legal_move(pos) || !seen.insert(pos.key()).second || !tactical(pos)) continue;
        positions.push_back(pos);
        if (positions.size() >= s.positions) break;
    }
    std::ofstream out(s.out, std::ios::app);
    if (!out) {
        std::cerr << "regret_label: cannot write '" << s.out << "'\n";
        return 1;
    }
    out << "# regret_label commit " << build::commit << " data " << s.data << " shard " << s.shard
        << "/" << s.shards << " depth " << s.depth << " positions " << positions.size() << "\n";
    std::mutex               mutex;
    std::atomic<std::size_t> next {0}, written {0};
    auto                     job = [&] {
        search::Engine engine;
        engine.set_hash_megabytes(std::size_t(s.hash_mb));
        engine.options().root_mate_probe_nodes = 0;  // the same label every run
        engine.ready();
        for (std::size_t i; (i = next.fetch_add(1)) < positions.size();) {
            const auto p = label(engine, positions[i], s);
            if (!p) continue;
            std::lock_guard lock(mutex);
            out << tune::format_regret_line(*p) << "\n" << std::flush;
            std::cerr << "\r" << ++written << " / " << positions.size() << " positions   "
                      << std::flush;
        }
    };
    std::vector<std::thread> jobs;
    for (int j = 0; j < s.jobs; ++j) jobs.emplace_back(job);
    for (std::thread& t : jobs) t.join();
    std::cerr << "\n";
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App    app {"The regret-labelled set of SUPER-SOMA's first move"};
    Settings    s;
    std::string shard = "0/1";
    app.add_option("--data", s.data, "Self-play positions (tools/selfplay's data file)")
        ->required()
        ->check(CLI::ExistingFile);
    app.add_option("--out", s.out, "The set to append to")->required();
    app.add_option("--depth", s.depth, "Depth of every search")->check(CLI::Range(1, 30));
    app.add_option("--positions", s.positions, "At most this many positions");
    app.add_option("--shard", shard, "I/N: every N-th record from the I-th (0-based)");
    app.add_option("--jobs", s.jobs, "Positions labelled at a time")->check(CLI::Range(1, 256));
    app.add_option("--min-ply", s.min_ply, "Skip positions before this game ply");
    CLI11_PARSE(app, argc, argv);
    if (std::sscanf(shard.c_str(), "%d/%d", &s.shard, &s.shards) != 2 || s.shards < 1 || s.shard < 0
        || s.shard >= s.shards) {
        std::cerr << "regret_label: --shard takes I/N with 0 <= I < N, not '" << shard << "'\n";
        return 2;
    }
    attacks::init();
    try {
        return run(s);
    } catch (const std::exception& e) {
        std::cerr << "regret_label: " << e.what() << "\n";
        return 1;
    }
}
