// `supersoma match`: plays USI engines against each other, as a GUI would, and reports the
// score, the Elo difference with its interval and, when asked, an SPRT verdict.
#include <iostream>

#include "cli/cli.hpp"
#include "match/match.hpp"
#include "util/utc_time.hpp"

namespace supersoma::cli {

namespace {

struct MatchCommand {
    std::vector<std::string> engines;
    std::vector<std::string> options;         // "N:Name=Value"
    std::vector<std::string> names;           // "N:Name"
    std::vector<int>         swapped_clocks;  // engine numbers
    std::vector<std::string> engine_tcs;      // "N:TC", time odds
    std::string              time_control = "byoyomi=1000";
    std::string              openings;
    std::string              sprt;
    std::string              records;
    std::string              entering_king = "27";
    int                      games         = 2;
    int                      concurrency   = 1;
    int                      max_plies     = 320;
    int                      hang_seconds  = 10;
    bool                     resume        = false;
};

/// Splits "N:rest" with N = 1 or 2; false on another form.
bool split_engine_prefix(const std::string& text, int& index, std::string& rest) {
    if (text.size() < 3 || (text[0] != '1' && text[0] != '2') || text[1] != ':') return false;
    index = text[0] - '1';
    rest  = text.substr(2);
    return true;
}

int run_match(const MatchCommand& c) {
    match::MatchSettings s;
    std::string          error;
    if (c.engines.size() != 2) {
        std::cerr << "error: give --engine exactly twice (the same command twice is fine)\n";
        return 2;
    }
    for (int i = 0; i < 2; ++i) s.engines[std::size_t(i)].command = c.engines[std::size_t(i)];
    for (const std::string& o : c.options) {
        int         index = 0;
        std::string rest;
        const auto  eq = o.find('=');
        if (!split_engine_prefix(o, index, rest) || eq == std::string::npos) {
            std::cerr << "error: --option '" << o << "': expected N:Name=Value with N 1 or 2\n";
            return 2;
        }
        const auto at = rest.find('=');
        s.engines[std::size_t(index)].options.emplace_back(rest.substr(0, at), rest.substr(at + 1));
    }
    for (const std::string& n : c.names) {
        int         index = 0;
        std::string rest;
        if (!split_engine_prefix(n, index, rest) || rest.empty()) {
            std::cerr << "error: --name '" << n << "': expected N:Name with N 1 or 2\n";
            return 2;
        }
        s.engines[std::size_t(index)].name = rest;
    }
    for (int n : c.swapped_clocks) s.engines[std::size_t(n - 1)].swapped_clocks = true;
    const auto tc = match::parse_time_control(c.time_control, error);
    if (!tc) {
        std::cerr << "error: --tc '" << c.time_control << "': " << error << "\n";
        return 2;
    }
    s.game.time_control = *tc;
    for (const std::string& t : c.engine_tcs) {
        int         index = 0;
        std::string rest;
        if (!split_engine_prefix(t, index, rest)) {
            std::cerr << "error: --engine-tc '" << t << "': expected N:TC with N 1 or 2\n";
            return 2;
        }
        const auto own = match::parse_time_control(rest, error);
        if (!own) {
            std::cerr << "error: --engine-tc '" << t << "': " << error << "\n";
            return 2;
        }
        s.engines[std::size_t(index)].time_control = *own;
    }
    s.game.max_plies     = c.max_plies;
    s.game.hang_grace    = std::chrono::seconds(c.hang_seconds);
    s.game.entering_king = c.entering_king == "24" ? EnteringKingRule::Point24
        : c.entering_king == "none"                ? EnteringKingRule::None
                                                   : EnteringKingRule::Point27;
    if (!c.sprt.empty()) {
        s.sprt = match::parse_sprt(c.sprt, error);
        if (!s.sprt) {
            std::cerr << "error: --sprt '" << c.sprt << "': " << error << "\n";
            return 2;
        }
    }
    if (c.resume && c.records.empty()) {
        std::cerr << "error: --resume needs --records DIR, the directory of the match to go on\n";
        return 2;
    }
    s.resume                  = c.resume;
    s.games                   = c.games;
    s.concurrency             = c.concurrency;
    const std::string records = c.records.empty() ? utc_now("match-%Y%m%d-%H%M%S") : c.records;
    s.records_dir             = records;
    try {
        s.openings = c.openings.empty()
            ? std::vector<match::Opening> {match::parse_openings("startpos")}
            : match::read_openings(c.openings);
        match::Match m(std::move(s));
        m.check_engines();
        std::cout << "games written to " << records << "/" << std::endl;
        const match::MatchSummary summary = m.run(std::cout);
        std::cout << summary.report() << std::flush;
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 1;
    }
    return 0;
}

}  // namespace

void add_match_command(CLI::App& app) {
    auto  c   = std::make_shared<MatchCommand>();
    auto* cmd = app.add_subcommand("match", "Play USI engines against each other");
    cmd->add_option("--engine", c->engines, "Command that starts an engine (give it twice)")
        ->required();
    cmd->add_option("--option", c->options, "Engine option, e.g. \"1:LeafMode=QSearch\"");
    cmd->add_option("--name", c->names, "Name for an engine in the records, e.g. \"2:FSF\"");
    whole_number(
        cmd->add_option("--swap-clocks", c->swapped_clocks,
            "Engine (1 or 2) that reads btime/wtime the wrong way round (Fairy-Stockfish 11.1): "
            "its own time is sent under the other side's name"),
        1, 2);
    whole_number(cmd->add_option("--games", c->games, "Number of games (pairs from each opening)"),
        1, 1'000'000);
    cmd->add_option("--tc", c->time_control,
        "byoyomi=MS | fischer=MAIN+INC | time=MAIN,byoyomi=MS | movetime=MS | nodes=N | depth=N; "
        "a clock may add count=seconds (whole seconds, the fraction dropped, as CSA servers)");
    cmd->add_option("--engine-tc", c->engine_tcs,
        "Time odds: engine N's own time control, e.g. \"1:byoyomi=800\" (the other keeps --tc)");
    cmd->add_option("--openings", c->openings, "File of openings (SFEN or startpos, with moves)");
    whole_number(cmd->add_option("--concurrency", c->concurrency, "Games played at once"), 1, 256);
    cmd->add_option("--sprt", c->sprt, "Stop at an SPRT verdict: elo0=0,elo1=10[,alpha=,beta=]");
    whole_number(cmd->add_option("--max-plies", c->max_plies, "Plies after which a game is a draw"),
        1, 100'000);
    whole_number(cmd->add_option("--hang-seconds", c->hang_seconds,
                     "Seconds past its time before a silent engine is stopped"),
        1, 3600);
    cmd->add_option("--entering-king", c->entering_king, "Declaration rule: 27, 24 or none")
        ->check(CLI::IsMember({"27", "24", "none"}));
    cmd->add_option(
        "--records", c->records, "Directory for the CSA records (default match-<time>)");
    cmd->add_flag("--resume", c->resume,
        "Count the games already recorded in --records and play only the rest");
    cmd->callback([c] { throw CLI::RuntimeError(run_match(*c)); });
}

}  // namespace supersoma::cli
