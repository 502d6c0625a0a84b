#include "usi/usi_loop.hpp"

#include <unistd.h>

#include <algorithm>
#include <sstream>
#include <variant>
#include <vector>

#include "engine/game_position.hpp"
#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "engine/rules.hpp"
#include "engine/sfen.hpp"
#include "search/values.hpp"
#include "soma/supersoma.hpp"

namespace supersoma::usi {

namespace {

// Whitespace tokens of one line (runs of spaces and tabs, a trailing CR, all tolerated).
std::vector<std::string> tokenize(const std::string& line) {
    std::vector<std::string> tokens;
    std::istringstream       in(line);
    for (std::string t; in >> t;) tokens.push_back(t);
    return tokens;
}

// Everything after the token `word` in `line`, trimmed (option values keep their spaces).
std::string rest_after(const std::string& line, const std::string& word) {
    std::istringstream in(line);
    for (std::string t; in >> t;)
        if (t == word) {
            std::string rest;
            std::getline(in, rest);
            const auto first = rest.find_first_not_of(" \t");
            const auto last  = rest.find_last_not_of(" \t\r");
            return first == std::string::npos ? "" : rest.substr(first, last - first + 1);
        }
    return "";
}

bool flag(const std::string& value) {
    return value == "true";
}

search::LeafMode leaf_mode(const std::string& name) {
    return name == "QSearch" ? search::LeafMode::QSearch : search::LeafMode::SuperSoma;
}

search::EvalTable eval_table(const std::string& name) {
    if (name == "HandSet") return search::EvalTable::HandSet;
    if (name == "Fitted") return search::EvalTable::Fitted;
    return search::EvalTable::Auto;
}

EnteringKingRule entering_king_rule(const std::string& name) {
    if (name == "NoEnteringKing") return EnteringKingRule::None;
    if (name == "CSARule24") return EnteringKingRule::Point24;
    return EnteringKingRule::Point27;
}

// SUPER-SOMA's predicted line and net for the root, the view no other engine can give.
std::string soma_line(const Position& root) {
    const soma::EvalResult result = soma::evaluate(root, search::leaf_eval_options());
    std::string            text   = "supersoma line";
    for (const soma::LineStep& step : result.line) text += " " + to_usi(step.move);
    if (result.line.empty()) text += " (none)";
    return text + " net " + std::to_string(result.net) + " ends " + line_end_name(result.end);
}

}  // namespace

void LineWriter::line(const std::string& text) {
    std::lock_guard lock(mutex_);
    if (silent_) return;
    std::fputs(text.c_str(), out_);
    std::fputc('\n', out_);
    std::fflush(out_);
}

std::string format_info(const search::InfoReport& info) {
    std::string line = "info depth " + std::to_string(info.depth) + " seldepth "
        + std::to_string(info.sel_depth) + " multipv " + std::to_string(info.multipv) + " score "
        + search::usi_score(info.score);
    if (info.bound == search::BOUND_LOWER) line += " lowerbound";
    if (info.bound == search::BOUND_UPPER) line += " upperbound";
    line += " nodes " + std::to_string(info.nodes) + " nps " + std::to_string(info.nps) + " time "
        + std::to_string(info.time) + " hashfull " + std::to_string(info.hashfull) + " pv";
    for (Move m : info.pv) line += " " + to_usi(m);
    return line;
}

std::string format_bestmove(const search::SearchResult& result) {
    using Kind = search::SearchResult::Kind;
    if (result.kind == Kind::Win) return "bestmove win";
    if (result.kind == Kind::Resign) return "bestmove resign";
    std::string line = "bestmove " + to_usi(result.best);
    if (!result.ponder.is_none()) line += " ponder " + to_usi(result.ponder);
    return line;
}

UsiLoop::UsiLoop(std::FILE* out)
    : out_(out) {
    declare_options();
}

UsiLoop::~UsiLoop() {
    out_.silence();
    finish_search();
}

void UsiLoop::declare_options() {
    using Type                 = UsiOption::Type;
    search::SearchOptions& opt = engine_.options();
    auto spin = [&](std::string name, std::int64_t def, std::int64_t min, std::int64_t max,
                    std::function<void(std::int64_t)> apply) {
        options_.add({name, Type::Spin, std::to_string(def), min, max, {}, {},
            [apply](const std::string& v) { apply(parse_int(v).value_or(0)); }});
    };
    auto check = [&](std::string name, bool def, std::function<void(bool)> apply) {
        options_.add({name, Type::Check, def ? "true" : "false", 0, 0, {}, {},
            [apply](const std::string& v) { apply(flag(v)); }});
    };
    auto combo = [&](std::string name, std::string def, std::vector<std::string> vars,
                     std::function<void(const std::string&)> apply) {
        options_.add({name, Type::Combo, def, 0, 0, vars, {}, apply});
    };

    spin("USI_Hash", 64, 1, 65536, [this](std::int64_t mb) {
        // A table larger than half the memory would be killed by the system, not refused.
        const std::int64_t limit = std::max<std::int64_t>(
            1, std::int64_t(sysconf(_SC_PHYS_PAGES)) / 2 / (1024 * 1024 / sysconf(_SC_PAGESIZE)));
        if (mb > limit) {
            info_string("USI_Hash " + std::to_string(mb)
                + " MB is more than half the memory; using " + std::to_string(limit) + " MB");
            mb = limit;
        }
        engine_.set_hash_megabytes(std::size_t(mb));
    });
    check("USI_Ponder", false, [](bool) {});  // the GUI decides when to ponder
    spin("Threads", 1, 1, 256, [this](std::int64_t n) { engine_.set_threads(int(n)); });
    spin("MultiPV", 1, 1, MAX_MOVES, [&opt](std::int64_t n) { opt.multipv = int(n); });
    options_.alias("USI_MultiPV", "MultiPV");
    combo("LeafMode", "SuperSoma", {"SuperSoma", "QSearch"},
        [&opt](const std::string& v) { opt.leaf_mode = leaf_mode(v); });
    spin("DepthLimit", 0, 0, MAX_PLY - 16, [this](std::int64_t d) { depth_limit_ = int(d); });
    spin("NodesLimit", 0, 0, 9007199254740991,
        [this](std::int64_t n) { nodes_limit_ = std::uint64_t(n); });
    spin(
        "NetworkDelay", 120, 0, 10000, [&opt](std::int64_t ms) { opt.margins.network_delay = ms; });
    spin("MinimumThinkingTime", 100, 0, 60000,
        [&opt](std::int64_t ms) { opt.margins.minimum_thinking = ms; });
    combo("EnteringKingRule", "CSARule27", {"NoEnteringKing", "CSARule24", "CSARule27"},
        [&opt](const std::string& v) { opt.entering_king = entering_king_rule(v); });
    spin(
        "MaxMovesToDraw", 0, 0, 100000, [&opt](std::int64_t n) { opt.max_moves_to_draw = int(n); });
    spin("ResignValue", 0, 0, 99999, [&opt](std::int64_t cp) { opt.resign_value = int(cp); });
    spin("RootMateProbe", 100, 0, 10000,
        [&opt](std::int64_t ms) { opt.root_mate_probe_ms = int(ms); });
    check("LeafParryOnlyWithoutGain", true,
        [&opt](bool on) { opt.leaf_parry_only_without_gain = on; });
    spin("LeafNetDiscount", 80, 1, 100,
        [&opt](std::int64_t percent) { opt.leaf_net_discount_percent = int(percent); });
    check("LeafTies", false, [&opt](bool on) { opt.leaf_ties = on; });
    check("LeafNeutralisers", true, [&opt](bool on) { opt.leaf_neutralisers = on; });
    spin("LeafMaxMoves", 4, 1, 64, [&opt](std::int64_t n) { opt.leaf_max_moves = int(n); });
    spin("LazyLeafMargin", 0, 0, 50000,
        [&opt](std::int64_t cp) { opt.lazy_leaf_margin = search::from_centipawns(int(cp)); });
    spin("ReverseFutilityDepth", 3, 0, 64,
        [&opt](std::int64_t plies) { opt.reverse_futility_depth = int(plies); });
    spin("ReverseFutilityMargin", 173, 0, 50000, [&opt](std::int64_t cp) {
        opt.reverse_futility_margin = search::from_centipawns(int(cp));
    });
    spin("LateMovePruning", 5, 0, 600,
        [&opt](std::int64_t moves) { opt.late_move_pruning_base = int(moves); });
    spin("LosingMovePruning", 4, 0, 64,
        [&opt](std::int64_t plies) { opt.losing_move_pruning_depth = int(plies); });
    check("ContinuationHistory", false, [&opt](bool on) { opt.continuation_history = on; });
    check("HistoryReductions", false, [&opt](bool on) { opt.history_reductions = on; });
    spin("LeafMateProbe", 0, 0, 100000,
        [&opt](std::int64_t nodes) { opt.leaf_mate_probe_nodes = int(nodes); });
    check("ShowSomaLine", true, [this](bool on) { show_soma_line_ = on; });
    check("Aspiration", true, [&opt](bool on) { opt.aspiration = on; });
    check("NullMove", true, [&opt](bool on) { opt.null_move = on; });
    check("LateMoveReductions", true, [&opt](bool on) { opt.late_reductions = on; });
    check("Futility", true, [&opt](bool on) { opt.futility = on; });
    check("CheckExtension", true, [&opt](bool on) { opt.check_extension = on; });
    check("SomaOrdering", true, [&opt](bool on) { opt.soma_ordering = on; });
    check("SomaExtension", true, [&opt](bool on) { opt.soma_extension = on; });
    check("SomaInterior", true, [&opt](bool on) { opt.soma_interior = on; });
    check("PositionalEval", true, [&opt](bool on) { opt.positional = on; });
    combo("EvalWeights", "Auto", {"Auto", "HandSet", "Fitted"},
        [&opt](const std::string& v) { opt.eval_table = eval_table(v); });
    options_.add({"ClearHash", Type::Button, "", 0, 0, {}, {},
        [this](const std::string&) { engine_.new_game(); }});
}

int UsiLoop::run(std::istream& in) {
    for (std::string line; std::getline(in, line);)
        if (!execute(line)) return 0;
    execute("quit");  // end of input is quit
    return 0;
}

bool UsiLoop::execute(const std::string& line) {
    const std::vector<std::string> tokens = tokenize(line);
    if (tokens.empty()) return true;
    const std::string& cmd = tokens[0];
    if (cmd == "usi")
        cmd_usi();
    else if (cmd == "isready")
        cmd_isready();
    else if (cmd == "setoption")
        cmd_setoption(line);
    else if (cmd == "usinewgame")
        finish_search(), engine_.new_game();
    else if (cmd == "position")
        cmd_position(line);
    else if (cmd == "go")
        cmd_go(line);
    else if (cmd == "stop")
        engine_.stop(), mate_stop_ = true;
    else if (cmd == "ponderhit")
        engine_.ponderhit();
    else if (cmd == "gameover")
        finish_search();
    else if (cmd == "d")
        cmd_display();
    else if (cmd == "quit") {
        out_.silence();
        finish_search();
        return false;
    }
    // Anything else is ignored, as the protocol asks.
    return true;
}

void UsiLoop::cmd_usi() {
    out_.line("id name supersoma 0.2");
    out_.line("id author the supersoma team");
    for (const UsiOption& o : options_.all()) out_.line(o.declaration());
    out_.line("usiok");
}

void UsiLoop::cmd_isready() {
    // During a search: answer at once and let it run (the table is resized when idle).
    if (!engine_.searching()) engine_.ready();
    out_.line("readyok");
}

void UsiLoop::cmd_setoption(const std::string& line) {
    finish_search();
    const auto tokens = tokenize(line);
    if (tokens.size() < 3 || tokens[1] != "name") {
        info_string("setoption: expected 'setoption name <id> [value <x>]', ignored");
        return;
    }
    const std::string value = rest_after(line, "value");
    if (auto refused = options_.set(tokens[2], value)) info_string(*refused);
}

void UsiLoop::cmd_position(const std::string& line) {
    finish_search();
    auto parsed = parse_game_position(line);
    if (auto* error = std::get_if<SfenError>(&parsed)) {
        info_string("position: " + error->message() + "; the previous position is kept");
        return;
    }
    const GamePosition& game = std::get<GamePosition>(parsed);
    if (game.move_error)
        info_string("position: " + *game.move_error + "; position set up to the move before it");
    engine_.set_position(game.position);
}

void UsiLoop::cmd_go(const std::string& line) {
    search::Limits limits;  // start: now, when the line was read
    finish_search();
    const auto tokens = tokenize(line);
    bool       given  = false;  // any limit at all
    for (std::size_t i = 1; i < tokens.size(); ++i) {
        const std::string& t = tokens[i];
        if (t == "ponder")
            limits.ponder = given = true;
        else if (t == "infinite")
            limits.infinite = given = true;
        else if (t == "mate") {
            cmd_go_mate(tokens, i + 1);
            return;
        } else if (t == "searchmoves")
            break;
        else if (t == "btime" || t == "wtime" || t == "byoyomi" || t == "binc" || t == "winc"
            || t == "movetime" || t == "depth" || t == "nodes" || t == "movestogo") {
            const auto n = i + 1 < tokens.size() ? parse_int(tokens[i + 1]) : std::nullopt;
            if (!n) {
                info_string("go: " + t + " needs a number, ignored");
                continue;
            }
            ++i;
            const std::int64_t v = *n;
            given |= t != "movestogo";
            if (t == "btime")
                limits.time[SENTE] = v;
            else if (t == "wtime")
                limits.time[GOTE] = v;
            else if (t == "byoyomi")
                limits.byoyomi = v;
            else if (t == "binc")
                limits.inc[SENTE] = v;
            else if (t == "winc")
                limits.inc[GOTE] = v;
            else if (t == "movetime")
                limits.movetime = std::max<std::int64_t>(v, 1);
            else if (t == "depth")
                limits.depth = int(std::clamp<std::int64_t>(v, 1, MAX_PLY - 16));
            else if (t == "nodes")
                limits.nodes = std::uint64_t(std::max<std::int64_t>(v, 1));
        }
    }
    if (!limits.depth) limits.depth = depth_limit_;
    if (!limits.nodes) limits.nodes = nodes_limit_;
    // A bare `go` must end by itself: a second of thinking unless a limit option is set.
    if (!given && !limits.depth && !limits.nodes) limits.movetime = 1000;

    const Position root = engine_.position();
    engine_.go(
        limits, [this](const search::InfoReport& info) { out_.line(format_info(info)); },
        [this, root](const search::SearchResult& result) {
            if (show_soma_line_) info_string(soma_line(root));
            out_.line(format_bestmove(result));
        });
}

// Debug extension (YaneuraOu has a `d` too): the position as the engine holds it, its legal
// moves and what the rules say of it; match scripts use it as a referee.
void UsiLoop::cmd_display() {
    const Position& pos = engine_.position();
    info_string("sfen " + to_sfen(pos));
    std::string moves = "legal";
    for (Move m : generate(GenKind::Legal, pos)) moves += " " + to_usi(m);
    info_string(moves);
    const char* state = "ongoing";
    if (!has_legal_move(pos))
        state = "no-legal-move";
    else
        switch (repetition(pos)) {
        case Repetition::Draw: state = "repetition-draw"; break;
        case Repetition::SideToMoveWins: state = "perpetual-check-by-opponent"; break;
        case Repetition::SideToMoveLoses: state = "perpetual-check-by-side-to-move"; break;
        case Repetition::None: break;
        }
    info_string(std::string("state ") + state + " check " + (pos.in_check() ? "yes" : "no")
        + " declaration "
        + (declaration_wins(pos, engine_.options().entering_king) ? "wins" : "no"));
}

void UsiLoop::finish_search() {
    if (mate_thread_.joinable()) {
        mate_stop_ = true;
        mate_thread_.join();
    }
    if (!engine_.searching()) return;
    engine_.stop();
    engine_.wait();
}

// `go mate <ms>|infinite`: a df-pn search on its own thread, answered by exactly one
// `checkmate` line (never `bestmove`), also when `stop` ends it.
void UsiLoop::cmd_go_mate(const std::vector<std::string>& tokens, std::size_t at) {
    std::chrono::milliseconds limit {0};  // infinite
    if (at < tokens.size() && tokens[at] != "infinite") {
        const auto ms = parse_int(tokens[at]);
        if (!ms || *ms <= 0) {
            info_string("go mate: '" + tokens[at]
                + "' is neither milliseconds nor infinite; "
                  "searching until stop");
        } else {
            limit = std::chrono::milliseconds(*ms);
        }
    }
    if (!mate_solver_) mate_solver_ = std::make_unique<search::MateSolver>(64);
    mate_stop_          = false;
    const Position root = engine_.position();
    mate_thread_        = std::thread([this, root, limit] {
        const search::MateResult r = mate_solver_->solve(root, limit, mate_stop_);
        switch (r.status) {
        case search::MateResult::Status::Mate: {
            std::string line = "checkmate";
            for (Move m : r.line) line += " " + to_usi(m);
            out_.line(line);
            break;
        }
        case search::MateResult::Status::NoMate: out_.line("checkmate nomate"); break;
        case search::MateResult::Status::Timeout: out_.line("checkmate timeout"); break;
        }
    });
}

}  // namespace supersoma::usi
