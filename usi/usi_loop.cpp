#include "usi/usi_loop.hpp"

#include <algorithm>
#include <cassert>
#include <functional>
#include <sstream>
#include <variant>
#include <vector>

#include "engine/game_position.hpp"
#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "engine/rules.hpp"
#include "engine/sfen.hpp"
#include "search/values.hpp"
#include "util/system.hpp"

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

// The combos' names, each in the order of its enum.
const std::vector<std::string> LEAF_MODES(
    search::LEAF_MODE_NAMES.begin(), search::LEAF_MODE_NAMES.end());
// EvalFile's value for the weights built into the binary.
constexpr std::string_view     BUILTIN_EVAL_FILE = "<internal>";
const std::vector<std::string> ENTERING_RULES    = {"NoEnteringKing", "CSARule24", "CSARule27"};

int index_in(const std::vector<std::string>& names, const std::string& name) {
    const auto it = std::find(names.begin(), names.end(), name);
    assert(it != names.end() && "the option table admits only its own vars");
    return int(it - names.begin());
}

int entering_rule_index(EnteringKingRule rule) {
    switch (rule) {
    case EnteringKingRule::None: return 0;
    case EnteringKingRule::Point24: return 1;
    case EnteringKingRule::Point27: return 2;
    }
    return 2;
}

constexpr EnteringKingRule ENTERING_RULE_OF[]
    = {EnteringKingRule::None, EnteringKingRule::Point24, EnteringKingRule::Point27};

// A bare `go` (and a `ponderhit` with no clock after a `go ponder` with none) must end by
// itself: this long, unless DepthLimit or NodesLimit is set.
constexpr std::int64_t BARE_GO_MS = 1000;

enum class ClockToken { None, Bad, Read };

// Reads the clock token of `go` or `ponderhit` at tokens[i] into `limits`. A clock token
// without a number is reported and skipped (Bad).
ClockToken read_clock_token(const std::vector<std::string>& tokens, std::size_t& i,
    search::Limits& limits, const std::function<void(const std::string&)>& complain) {
    const std::string& t = tokens[i];
    if (t != "btime" && t != "wtime" && t != "byoyomi" && t != "binc" && t != "winc"
        && t != "movetime")
        return ClockToken::None;
    const auto n = i + 1 < tokens.size() ? parse_int(tokens[i + 1]) : std::nullopt;
    if (!n) {
        complain(t + " needs a number, ignored");
        return ClockToken::Bad;
    }
    ++i;
    if (t == "btime")
        limits.time[SENTE] = *n;
    else if (t == "wtime")
        limits.time[GOTE] = *n;
    else if (t == "byoyomi")
        limits.byoyomi = *n;
    else if (t == "binc")
        limits.inc[SENTE] = *n;
    else if (t == "winc")
        limits.inc[GOTE] = *n;
    else
        limits.movetime = std::max<std::int64_t>(*n, 1);
    return ClockToken::Read;
}

}  // namespace

void LineWriter::line(const std::string& text) {
    assert(text.find('\n') == std::string::npos && "one protocol line at a time");
    std::lock_guard lock(mutex_);
    if (silent_) return;
    std::fputs(text.c_str(), out_);
    std::fputc('\n', out_);
    std::fflush(out_);
}

std::string format_info(const search::InfoReport& info) {
    assert(!info.pv.empty() && info.multipv >= 1);
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

UsiLoop::UsiLoop(std::FILE* out, bool list_expert_options)
    : out_(out)
    , list_expert_options_(list_expert_options) {
    declare_options();
}

UsiLoop::~UsiLoop() {
    out_.silence();
    finish_search();
}

// Every default is read from where the engine keeps it (SearchOptions, Engine, the loop's
// own members): the table states none of its own. The player's options come first; the
// measurement switches after them are `expert` (docs/usi.md).
void UsiLoop::declare_options() {
    using Type                      = UsiOption::Type;
    search::SearchOptions&      opt = engine_.options();
    const search::SearchOptions def;
    auto spin = [&](std::string name, std::int64_t initial, std::int64_t min, std::int64_t max,
                    std::function<void(std::int64_t)> apply) {
        assert(min <= initial && initial <= max);
        options_.add({name, Type::Spin, std::to_string(initial), min, max, {}, {},
            [apply](const std::string& v) { apply(parse_int(v).value_or(0)); }});
    };
    auto check = [&](std::string name, bool initial, std::function<void(bool)> apply) {
        options_.add({name, Type::Check, initial ? "true" : "false", 0, 0, {}, {},
            [apply](const std::string& v) { apply(v == "true"); }});
    };
    auto combo = [&](std::string name, const std::vector<std::string>& vars, int initial,
                     std::function<void(int)> apply) {
        options_.add({name, Type::Combo, vars.at(std::size_t(initial)), 0, 0, vars, {},
            [apply, &vars](const std::string& v) { apply(index_in(vars, v)); }});
    };

    spin("USI_Hash", std::int64_t(search::Engine::DEFAULT_HASH_MB), 1, 65536,
        [this](std::int64_t mb) {
            // A table larger than half the memory would be killed by the system, not refused.
            const std::int64_t limit
                = std::max<std::int64_t>(1, std::int64_t(physical_memory_bytes() / 2 >> 20));
            if (mb > limit) {
                info_string("USI_Hash " + std::to_string(mb)
                    + " MB is more than half the memory; using " + std::to_string(limit) + " MB");
                mb = limit;
            }
            engine_.set_hash_megabytes(std::size_t(mb));
        });
    check("USI_Ponder", false, [](bool) {});  // the GUI decides when to ponder
    spin("Threads", search::Engine::DEFAULT_THREADS, 1, 256,
        [this](std::int64_t n) { engine_.set_threads(int(n)); });
    spin("MultiPV", def.multipv, 1, MAX_MOVES, [&opt](std::int64_t n) { opt.multipv = int(n); });
    options_.alias("USI_MultiPV", "MultiPV");
    // The learned evaluation: the built-in one, or a file train_nnue (a network) or train_kp wrote.
    options_.add({"EvalFile", Type::String, std::string(BUILTIN_EVAL_FILE), 0, 0, {}, {},
        [this](const std::string& path) {
            engine_.set_eval_file(path == BUILTIN_EVAL_FILE ? std::string() : path);
        }});
    check("UseSuperSoma", def.use_super_soma, [&opt](bool on) { opt.use_super_soma = on; });
    combo("LeafMode", LEAF_MODES, int(def.leaf_mode),
        [&opt](int i) { opt.leaf_mode = search::LeafMode(i); });
    check("ShowSomaLine", show_soma_line_, [this](bool on) { show_soma_line_ = on; });
    spin("NetworkDelay", def.margins.network_delay, 0, 10000,
        [&opt](std::int64_t ms) { opt.margins.network_delay = ms; });
    spin("NetworkDelay2", def.margins.network_delay2, 0, 10000,
        [&opt](std::int64_t ms) { opt.margins.network_delay2 = ms; });
    spin("MinimumThinkingTime", def.margins.minimum_thinking, 0, 60000,
        [&opt](std::int64_t ms) { opt.margins.minimum_thinking = ms; });
    spin("SlowMover", def.margins.slow_mover_percent, 1, 1000,
        [&opt](std::int64_t percent) { opt.margins.slow_mover_percent = int(percent); });
    check("WholeSecondsClock", def.margins.whole_seconds,
        [&opt](bool on) { opt.margins.whole_seconds = on; });
    combo("EnteringKingRule", ENTERING_RULES, entering_rule_index(def.entering_king),
        [&opt](int i) { opt.entering_king = ENTERING_RULE_OF[i]; });
    spin("MaxMovesToDraw", def.max_moves_to_draw, 0, 100000,
        [&opt](std::int64_t n) { opt.max_moves_to_draw = int(n); });
    spin("ResignValue", def.resign_value, 0, 99999,
        [&opt](std::int64_t cp) { opt.resign_value = int(cp); });
    spin("DrawValueBlack", def.draw_value_cp[SENTE], -30000, 30000,
        [&opt](std::int64_t cp) { opt.draw_value_cp[SENTE] = int(cp); });
    spin("DrawValueWhite", def.draw_value_cp[GOTE], -30000, 30000,
        [&opt](std::int64_t cp) { opt.draw_value_cp[GOTE] = int(cp); });
    check("ConsiderationMode", consideration_mode_, [this](bool on) { consideration_mode_ = on; });
    spin("PvInterval", def.pv_interval_ms, 0, 100000,
        [&opt](std::int64_t ms) { opt.pv_interval_ms = int(ms); });
    check("USI_OwnBook", own_book_, [this](bool on) { own_book_ = on; });
    options_.add({"BookFile", Type::String, "", 0, 0, {}, {},
        [this](const std::string& path) { load_book(path); }});
    spin("BookMoves", book_choice_.max_ply, 0, 100000,
        [this](std::int64_t ply) { book_choice_.max_ply = int(ply); });
    spin("BookEvalDiff", book_choice_.eval_diff, 0, 99999,
        [this](std::int64_t cp) { book_choice_.eval_diff = int(cp); });
    spin("DepthLimit", depth_limit_, 0, search::MAX_DEPTH,
        [this](std::int64_t d) { depth_limit_ = int(d); });
    spin("NodesLimit", std::int64_t(nodes_limit_), 0, INT32_MAX,  // GUIs keep spins in 32 bits
        [this](std::int64_t n) { nodes_limit_ = std::uint64_t(n); });
    options_.add({"ClearHash", Type::Button, "", 0, 0, {}, {},
        [this](const std::string&) { engine_.new_game(); }});

    const std::size_t first_expert = options_.all().size();
    spin("RootMateProbeNodes", def.root_mate_probe_nodes, 0, 100'000'000,
        [&opt](std::int64_t nodes) { opt.root_mate_probe_nodes = int(nodes); });
    check("LeafParryOnlyWithoutGain", def.leaf.parry_only_without_gain,
        [&opt](bool on) { opt.leaf.parry_only_without_gain = on; });
    spin("LeafNetDiscount", def.leaf.net_discount_percent, 1, 100,
        [&opt](std::int64_t percent) { opt.leaf.net_discount_percent = int(percent); });
    check(
        "LeafNeutralisers", def.leaf.neutralisers, [&opt](bool on) { opt.leaf.neutralisers = on; });
    spin("LeafMaxMoves", def.leaf.max_moves, 1, 64,
        [&opt](std::int64_t n) { opt.leaf.max_moves = int(n); });
    spin("ReverseFutilityDepth", def.reverse_futility_depth, 0, 64,
        [&opt](std::int64_t plies) { opt.reverse_futility_depth = int(plies); });
    spin("ReverseFutilityMargin", search::to_centipawns(def.reverse_futility_margin), 0, 50000,
        [&opt](
            std::int64_t cp) { opt.reverse_futility_margin = search::from_centipawns(int(cp)); });
    spin("LateMovePruning", def.late_move_pruning_base, 0, 600,
        [&opt](std::int64_t moves) { opt.late_move_pruning_base = int(moves); });
    spin("LosingMovePruning", def.losing_move_pruning_depth, 0, 64,
        [&opt](std::int64_t plies) { opt.losing_move_pruning_depth = int(plies); });
    check("Aspiration", def.aspiration, [&opt](bool on) { opt.aspiration = on; });
    check("NullMove", def.null_move, [&opt](bool on) { opt.null_move = on; });
    check("LateMoveReductions", def.late_reductions, [&opt](bool on) { opt.late_reductions = on; });
    check("Futility", def.futility, [&opt](bool on) { opt.futility = on; });
    check("Razoring", def.razoring, [&opt](bool on) { opt.razoring = on; });
    check("ProbCut", def.probcut, [&opt](bool on) { opt.probcut = on; });
    check("SingularExtension", def.singular_extension,
        [&opt](bool on) { opt.singular_extension = on; });
    check("InternalReduction", def.internal_reduction,
        [&opt](bool on) { opt.internal_reduction = on; });
    check("SomaOrdering", def.soma_ordering, [&opt](bool on) { opt.soma_ordering = on; });
    check("SomaExtension", def.soma_extension, [&opt](bool on) { opt.soma_extension = on; });
    check("PositionalEval", def.eval.positional, [&opt](bool on) { opt.eval.positional = on; });
    check("UseNetwork", def.eval.use_network, [&opt](bool on) { opt.eval.use_network = on; });
    options_.mark_expert_from(first_expert);
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
        cmd_ponderhit(tokens);
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
    for (const UsiOption& o : options_.all())
        if (!o.expert || list_expert_options_) out_.line(o.declaration());
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
    const auto tokens   = tokenize(line);
    bool       given    = false;  // any limit at all
    auto       complain = [this](const std::string& why) { info_string("go: " + why); };
    for (std::size_t i = 1; i < tokens.size(); ++i) {
        const std::string& t = tokens[i];
        if (t == "ponder")
            limits.ponder = given = true;
        else if (t == "infinite")
            limits.infinite = given = true;
        else if (t == "mate") {
            cmd_go_mate(tokens, i + 1);
            return;
        } else if (t == "searchmoves") {
            // The moves run to the end of the line (USI puts searchmoves last).
            for (++i; i < tokens.size(); ++i) {
                const auto move = parse_usi_move(engine_.position(), tokens[i]);
                if (const auto* error = std::get_if<MoveTextError>(&move))
                    complain("searchmoves " + tokens[i] + ": " + error->what + ", ignored");
                else
                    limits.search_moves.push_back(std::get<Move>(move));
            }
            break;
        } else if (const ClockToken read = read_clock_token(tokens, i, limits, complain);
                   read != ClockToken::None)
            given |= read == ClockToken::Read;
        else if (t == "depth" || t == "nodes" || t == "movestogo") {
            const auto n = i + 1 < tokens.size() ? parse_int(tokens[i + 1]) : std::nullopt;
            if (!n) {
                complain(t + " needs a number, ignored");
                continue;
            }
            ++i;
            given |= t != "movestogo";
            if (t == "depth")
                limits.depth = int(std::clamp<std::int64_t>(*n, 1, search::MAX_DEPTH));
            else if (t == "nodes")
                limits.nodes = std::uint64_t(std::max<std::int64_t>(*n, 1));
        }
    }
    if (!limits.depth) limits.depth = depth_limit_;
    if (!limits.nodes) limits.nodes = nodes_limit_;
    if (!given && !limits.depth && !limits.nodes) limits.movetime = BARE_GO_MS;
    ponder_without_clock_ = limits.ponder && !limits.has_clock() && !limits.movetime
        && !limits.depth && !limits.nodes;
    if (play_from_book(limits)) return;

    // SUPER-SOMA's line for the root is made now, on the clock the search's budget counts
    // from (limits.start), and printed with the bestmove (docs/usi.md has its cost).
    const std::string soma_line
        = show_soma_line_ ? engine_.supersoma_line(engine_.position()) : std::string();
    info_sequence_.start(consideration_mode_);
    shown_nodes_ = 0;
    engine_.go(
        limits,
        [this](const search::InfoReport& info) {
            if (!info_sequence_.admit(info)) return;
            out_.line(format_info(info));
            shown_nodes_ = info.nodes;
        },
        [this, soma_line, start = limits.start](const search::SearchResult& result) {
            // The lines the search ended with may all have been shown already: the GUI (and a
            // match record) still learns the nodes and time at which it ended.
            if (const std::uint64_t nodes = engine_.pool().nodes(); nodes > shown_nodes_) {
                const search::Millis time
                    = std::max<search::Millis>(1, search::elapsed_since(start));
                out_.line("info nodes " + std::to_string(nodes) + " nps "
                    + std::to_string(nodes * 1000 / std::uint64_t(time)) + " time "
                    + std::to_string(time) + " hashfull "
                    + std::to_string(engine_.tt().hashfull()));
            }
            if (!soma_line.empty()) info_string(soma_line);
            out_.line(format_bestmove(result));
        });
}

bool UsiLoop::play_from_book(const search::Limits& limits) {
    // Analysis and pondering search: the GUI wants lines, and `bestmove` must wait anyway.
    if (!own_book_ || !book_ || limits.infinite || limits.ponder || !limits.search_moves.empty())
        return false;
    const std::optional<BookMove> choice
        = book_->choose(engine_.position(), book_choice_, book_random_);
    if (!choice) return false;
    std::string line = "info depth " + std::to_string(std::max(choice->depth, 1))
        + " multipv 1 score cp " + std::to_string(choice->value) + " nodes 0 time 0 pv "
        + to_usi(choice->move);
    if (!choice->ponder.is_none()) line += " " + to_usi(choice->ponder);
    out_.line(line);
    info_string("book move, " + std::to_string(book_->find(engine_.position())->size())
        + " in the book here");
    search::SearchResult result;
    result.kind   = search::SearchResult::Kind::Move;
    result.best   = choice->move;
    result.ponder = choice->ponder;
    out_.line(format_bestmove(result));
    return true;
}

void UsiLoop::load_book(const std::string& path) {
    if (path.empty() || path == "<empty>") {
        book_.reset();
        return;
    }
    book_ = Book::load(path);
    info_string("book " + path + ": " + std::to_string(book_->positions()) + " positions");
}

// `ponderhit [btime … wtime … byoyomi …|binc … winc …]`: the clock it brings, if any,
// replaces the one of `go ponder` (ShogiHome's early ponder sends `go ponder` with none).
void UsiLoop::cmd_ponderhit(const std::vector<std::string>& tokens) {
    search::Limits clock;
    auto           complain = [this](const std::string& why) { info_string("ponderhit: " + why); };
    for (std::size_t i = 1; i < tokens.size(); ++i) read_clock_token(tokens, i, clock, complain);
    if (!clock.has_clock() && !clock.movetime && ponder_without_clock_) clock.movetime = BARE_GO_MS;
    engine_.ponderhit(clock);
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
    if (!mate_solver_) mate_solver_ = std::make_unique<search::MateSolver>();
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
