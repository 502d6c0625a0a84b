#include "cli/game_analysis.hpp"

#include <algorithm>
#include <atomic>
#include <cassert>
#include <cmath>
#include <condition_variable>
#include <future>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "cli/report_json.hpp"
#include "engine/notation.hpp"
#include "engine/sfen.hpp"
#include "eval/evaluate.hpp"
#include "eval/nnue.hpp"
#include "eval/threats.hpp"
#include "record/kif.hpp"
#include "search/engine.hpp"
#include "soma/shogi/soma.hpp"
#include "soma/supersoma.hpp"

namespace supersoma::cli {

namespace {

// Thresholds on the winning chance lost (docs/analyse.md): a pawn's worth in a level game
// is about 4 %, a silver about 20 %.
constexpr double INACCURACY_DROP = 0.05;
constexpr double MISTAKE_DROP    = 0.10;
constexpr double BLUNDER_DROP    = 0.20;
constexpr double WIN_SCALE_CP    = 600;
constexpr int    MAX_THREATS     = 5;
// The material a line must win to explain a mistake: more than a pawn traded off.
constexpr int MATERIAL_REASON_CP = 150;
// The longest SUPER-SOMA line shown: the moves up to its last gain, at most this many.
constexpr std::size_t MAX_LINE_SHOWN = 8;
// The threat inputs shown with a mistake: the most costly, each costing at least MIN_SHIFT_CP
// (a defence more or less costs a few centipawns: noise to a player).
constexpr std::size_t MAX_SHIFTS   = 3;
constexpr int         MIN_SHIFT_CP = 10;

// The game walked once: the position after each of the first `plies` moves (index 0: the
// start), each with its history (repetitions), and the moves.
struct Walk {
    std::vector<Position> positions;
    std::vector<Move>     moves;
};

Walk walk(const record::RecordedGame& game, int plies) {
    const auto parsed = parse_sfen(game.start_sfen);
    if (const auto* error = std::get_if<SfenError>(&parsed))
        throw std::runtime_error("bad start position: " + error->message());
    Walk w;
    w.positions.push_back(std::get<Position>(parsed));
    for (int i = 0; i < plies; ++i) {
        Position   pos  = w.positions.back();
        const auto move = parse_usi_move(pos, game.moves[std::size_t(i)]);
        // The reader checked every move; a game built by hand may not have been.
        if (const auto* error = std::get_if<MoveTextError>(&move))
            throw std::runtime_error("move " + std::to_string(i + 1) + " ("
                + game.moves[std::size_t(i)] + "): " + error->what);
        pos.do_move(std::get<Move>(move));
        w.moves.push_back(std::get<Move>(move));
        w.positions.push_back(std::move(pos));
    }
    return w;
}

// One position's search with a fresh table and histories: the same result on any thread.
PositionScore search_position(
    search::Engine& engine, const Position& pos, const search::Limits& limits) {
    PositionScore score;
    if (!has_legal_move(pos)) {
        score.cp   = -MATE_CP;
        score.mate = 0;
        return score;
    }
    engine.new_game();
    engine.set_position(pos);
    search::InfoReport                 last;
    std::promise<search::SearchResult> done;
    search::Limits                     go = limits;
    go.start                              = search::Clock::now();
    engine.go(
        go, [&last](const search::InfoReport& info) { last = info; },
        [&done](const search::SearchResult& r) { done.set_value(r); });
    const search::SearchResult result = done.get_future().get();
    engine.wait();
    const Value value = last.pv.empty() ? result.score : last.score;
    if (search::is_mate_score(value)) {
        const int plies = search::VALUE_MATE - std::abs(value);
        score.mate      = value > 0 ? plies : -plies;
        score.cp        = value > 0 ? MATE_CP : -MATE_CP;
    } else {
        score.cp = std::clamp(search::to_centipawns(value), -MATE_CP + 1, MATE_CP - 1);
    }
    score.best = result.best.is_none() ? "" : to_usi(result.best);
    for (Move m : last.pv) score.pv.push_back(to_usi(m));
    if (score.pv.empty() && !score.best.empty()) score.pv.push_back(score.best);
    score.depth = std::max(last.depth, result.depth);
    score.nodes = engine.pool().nodes();
    return score;
}

// How many of a SUPER-SOMA line's first moves matter: up to the last that gains (a capture, a
// promotion) or mates, at most MAX_LINE_SHOWN, and never past a pass: a pass is a quiet move
// SUPER-SOMA does not name (the learned choice passes when a quiet move is worth more than any
// tactic), so what follows it is not forced and a player could not quote it.
std::size_t moves_that_matter(const soma::EvalResult& result) {
    std::size_t forced = 0;
    while (forced < result.line.size() && !result.line[forced].move.is_pass()) ++forced;
    std::size_t shown = result.end == soma::LineEnd::Mate ? forced : 0;
    for (std::size_t i = 0; i < forced; ++i)
        if (result.line[i].value != 0) shown = std::max(shown, i + 1);
    return std::min(shown, MAX_LINE_SHOWN);
}

// The material the first `moves` of a line win for `side`, in cp: what a player counts along
// the line shown (the playout's net goes on past it, to a mate's value).
int line_gain_cp(const soma::EvalResult& result, std::size_t moves, Color side) {
    int gain = 0;
    for (std::size_t i = 0; i < moves; ++i) {
        const int cp = search::to_centipawns(result.line[i].value);
        gain += result.line[i].side == side ? cp : -cp;
    }
    return gain;
}

// The threat inputs `played` made or ended that cost the mover, by the built-in threat network
// (the one the analysis searches with): the same words as `eval --static`.
std::vector<ThreatShift> threat_shifts(const Position& before, Move played, const Position& after) {
    std::vector<ThreatShift> shifts;
    const auto&              network = eval::Network::builtin(true);
    // The network reads king-relative features: a diagram without both kings has none.
    const bool kings = before.king_square(SENTE) != SQ_NONE && before.king_square(GOTE) != SQ_NONE;
    if (!network || !kings) return shifts;
    for (const eval::nnue::ThreatChange& c : eval::nnue::threat_changes(*network, before, after)) {
        const int cp = search::to_centipawns(c.value);
        if (cp > -MIN_SHIFT_CP || shifts.size() == MAX_SHIFTS) break;  // most costly first
        // A captured piece's attacks and attackers end with it: the material counts the capture
        // (the attack carried out is no threat lost).
        const bool captured_piece
            = played.is_capture() && !c.appeared && (c.from == played.to() || c.to == played.to());
        if (captured_piece) continue;
        shifts.push_back({square_name(c.from), square_name(c.to), sfen_piece(c.piece),
            sfen_piece(c.target), c.feature, c.appeared, cp});
    }
    return shifts;
}

// What SUPER-SOMA sees in `after`, the position a mistake left: the opponent's entries that
// gain at once, and its predicted line.
Explanation explain(const Position& before, Move played, const Position& after) {
    Explanation               why;
    const soma::EvalResult    result = soma::evaluate(after, explanation_options());
    const soma::ValueProfile& values = eval::search_profile();
    if (!result.iterations.empty()) {
        for (const soma::XrefEntry& e : result.iterations[0].entries) {
            if (e.side != after.side_to_move() || !e.gains_at_once() || e.value <= 0) continue;
            Threat t;
            t.move  = to_usi(e.move);
            t.kind  = kind_names(e.kinds).empty() ? "" : kind_names(e.kinds).front();
            t.value = search::to_centipawns(e.value);
            if (e.target != SQ_NONE && after.piece_on(e.target) != NO_PIECE) {
                t.target = square_name(e.target);
                t.piece  = sfen_piece(after.piece_on(e.target));
            }
            why.threats.push_back(t);
        }
        std::stable_sort(why.threats.begin(), why.threats.end(),
            [](const Threat& a, const Threat& b) { return a.value > b.value; });
        if (why.threats.size() > MAX_THREATS) why.threats.resize(MAX_THREATS);
    }
    const std::size_t shown = moves_that_matter(result);
    for (std::size_t i = 0; i < shown; ++i) why.line.push_back(to_usi(result.line[i].move));
    why.net   = line_gain_cp(result, shown, after.side_to_move());
    why.mates = result.end == soma::LineEnd::Mate && shown == result.line.size();
    if (played.is_capture())
        if (const Value swap = soma::capture_value(before, played, values); swap < 0)
            why.exchange = search::to_centipawns(swap);
    why.shifts = threat_shifts(before, played, after);
    return why;
}

// What `best` wins for the mover, in cp: its capture's exchange (SOMA) and the material of
// SUPER-SOMA's line in the position it leaves.
int better_plan_cp(const Position& before, const std::string& best) {
    const auto move = parse_usi_move(before, best);
    if (!std::holds_alternative<Move>(move)) return 0;
    Position after = before;
    after.do_move(std::get<Move>(move));
    const soma::EvalResult result = soma::evaluate(after, explanation_options());
    // The best move's own gain, then what the line after it wins, both for the mover.
    const int own = std::get<Move>(move).is_capture() ? search::to_centipawns(
                        soma::capture_value(before, std::get<Move>(move), eval::search_profile()))
                                                      : 0;
    return std::max(0, own)
        + line_gain_cp(result, moves_that_matter(result), before.side_to_move());
}

// What decides a move the drop classed a mistake or a blunder (None: nothing it can show).
Reason reason_for(const MoveAnalysis& a) {
    if (a.mate_allowed) return Reason::MateAllowed;
    if (a.mate_missed) return Reason::MateMissed;
    const Explanation& why = *a.explanation;
    if (why.exchange) return Reason::Exchange;
    if (why.net >= MATERIAL_REASON_CP) return Reason::Material;
    if (why.better_plan_cp >= MATERIAL_REASON_CP) return Reason::BetterPlan;
    int shifts_cp = 0;
    for (const ThreatShift& s : why.shifts) shifts_cp += s.value;
    if (shifts_cp <= -THREATS_REASON_CP) return Reason::Threats;
    return Reason::None;
}

}  // namespace

const char* reason_name(Reason r) {
    switch (r) {
    case Reason::None: return "";
    case Reason::MateAllowed: return "mate allowed";
    case Reason::MateMissed: return "mate missed";
    case Reason::Exchange: return "exchange";
    case Reason::Material: return "material";
    case Reason::BetterPlan: return "better plan";
    case Reason::Threats: return "threats";
    }
    return "";
}

const soma::EvalOptions& explanation_options() {
    static const soma::EvalOptions options = soma::learned_options();
    return options;
}

const char* class_name(MoveClass c) {
    switch (c) {
    case MoveClass::Good: return "good";
    case MoveClass::Inaccuracy: return "inaccuracy";
    case MoveClass::Mistake: return "mistake";
    case MoveClass::Blunder: return "blunder";
    }
    return "good";
}

std::optional<Color> mating_side(const PositionScore& score, Color to_move) {
    if (!score.mate) return std::nullopt;
    return *score.mate > 0 ? to_move : ~to_move;  // 0: the side to move is mated already
}

double win_chance(int cp) {
    return 1.0 / (1.0 + std::exp(-double(cp) / WIN_SCALE_CP));
}

MoveClass classify(double drop) {
    return drop >= BLUNDER_DROP   ? MoveClass::Blunder
        : drop >= MISTAKE_DROP    ? MoveClass::Mistake
        : drop >= INACCURACY_DROP ? MoveClass::Inaccuracy
                                  : MoveClass::Good;
}

GameAnalysis analyse_game(const record::RecordedGame& game, const AnalysisSettings& settings,
    const AnalysisProgress& progress) {
    GameAnalysis analysis;
    analysis.game    = game;
    analysis.stopped = game.stopped;
    const int moves  = int(game.moves.size());
    const int first  = std::max(settings.from_ply, 1);
    const int last   = std::min(settings.to_ply, moves);
    if (first > last) return analysis;

    // Positions first-1 .. last: before each analysed move, and after the last one.
    const Walk                 game_walk = walk(game, last);
    const int                  count     = last - first + 2;
    std::vector<PositionScore> scores(static_cast<std::size_t>(count));
    // The played move's score from the position before it, by the same search with the root
    // restricted to it (none where the search's best is the move played).
    std::vector<std::optional<PositionScore>> played(static_cast<std::size_t>(count));
    std::atomic<int>                          next {0};
    int                                       done = 0;
    std::mutex                                mutex;
    std::condition_variable                   changed;
    std::exception_ptr                        failure;
    auto                                      work = [&] {
        try {
            search::Engine engine;
            engine.set_hash_megabytes(settings.hash_mb);
            engine.set_threads(1);
            engine.options().leaf_mode = settings.leaf_mode;
            // A fixed depth or node count must give the same result on every run.
            if (settings.limits.depth || settings.limits.nodes)
                engine.options().root_mate_probe_nodes = 0;
            engine.ready();
            for (int i; (i = next.fetch_add(1)) < count;) {
                const Position& pos = game_walk.positions[std::size_t(first - 1 + i)];
                scores[std::size_t(i)] = search_position(engine, pos, settings.limits);
                if (i + 1 < count) {
                    const Move m = game_walk.moves[std::size_t(first - 1 + i)];
                    if (to_usi(m) != scores[std::size_t(i)].best) {
                        search::Limits only = settings.limits;
                        only.search_moves   = {m};
                        played[std::size_t(i)] = search_position(engine, pos, only);
                    }
                }
                std::lock_guard lock(mutex);
                ++done;
                changed.notify_one();
            }
        } catch (...) {
            std::lock_guard lock(mutex);
            if (!failure) failure = std::current_exception();
            next = count;  // the others stop too
            done = count;
            changed.notify_one();
        }
    };
    const unsigned jobs = std::max(1u, std::min<unsigned>(settings.jobs, unsigned(count)));
    std::vector<std::thread> threads;
    for (unsigned j = 0; j < jobs; ++j) threads.emplace_back(work);
    for (int reported = 0;;) {
        std::unique_lock lock(mutex);
        changed.wait(lock, [&] { return done != reported; });
        reported = done;
        lock.unlock();
        if (progress && !failure) progress(reported, count);
        if (reported >= count) break;
    }
    for (std::thread& t : threads) t.join();
    if (failure) std::rethrow_exception(failure);

    Move previous = first >= 2 ? game_walk.moves[std::size_t(first - 2)] : Move::none();
    for (int ply = first; ply <= last; ++ply) {
        const Position& pos = game_walk.positions[std::size_t(ply - 1)];
        const Move      m   = game_walk.moves[std::size_t(ply - 1)];
        MoveAnalysis    a;
        a.ply                  = ply;
        a.mover                = pos.side_to_move();
        a.usi                  = to_usi(m);
        a.kif                  = record::kif_move(pos, m, previous);
        a.japanese             = to_japanese(pos, m, previous);
        a.sfen_before          = to_sfen(pos);
        a.before               = scores[std::size_t(ply - first)];
        a.after                = scores[std::size_t(ply - first + 1)];
        a.played               = played[std::size_t(ply - first)].value_or(a.before);
        a.before_cp            = a.before.cp;
        a.after_cp             = std::min(a.played.cp, a.before_cp);
        a.drop_cp              = std::max(0, a.before_cp - a.after_cp);
        a.drop                 = std::max(0.0, win_chance(a.before_cp) - win_chance(a.after_cp));
        a.cls                  = a.usi == a.before.best ? MoveClass::Good : classify(a.drop);
        const Position& after  = game_walk.positions[std::size_t(ply)];
        a.sfen_after           = to_sfen(after);
        const auto mate_before = mating_side(a.before, a.mover);
        const auto mate_after  = mating_side(a.after, ~a.mover);
        if (mate_after == ~a.mover && mate_before != ~a.mover) a.mate_allowed = *a.after.mate;
        if (mate_before == a.mover && mate_after != a.mover) a.mate_missed = *a.before.mate;
        if (a.cls == MoveClass::Mistake || a.cls == MoveClass::Blunder) {
            a.explanation                 = explain(pos, m, after);
            a.explanation->better_plan_cp = better_plan_cp(pos, a.before.best);
            a.reason                      = reason_for(a);
            // No reason to show: the search's word alone does not make a mistake.
            if (a.reason == Reason::None) {
                a.cls         = MoveClass::Inaccuracy;
                a.unexplained = true;
            }
        }

        PlayerSummary& p = analysis.players[a.mover];
        ++p.moves;
        p.inaccuracies += a.cls == MoveClass::Inaccuracy;
        p.mistakes += a.cls == MoveClass::Mistake;
        p.blunders += a.cls == MoveClass::Blunder;
        p.average_loss_cp += a.drop_cp;
        analysis.moves.push_back(std::move(a));
        previous = m;
    }
    for (PlayerSummary& p : analysis.players)
        if (p.moves) p.average_loss_cp /= p.moves;
    return analysis;
}

}  // namespace supersoma::cli
