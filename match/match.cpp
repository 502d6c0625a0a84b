#include "match/match.hpp"

#include <algorithm>
#include <cassert>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <thread>

namespace supersoma::match {

namespace {

bool is_fault(EndReason reason) {
    return reason == EndReason::TimeLoss || reason == EndReason::Hang || reason == EndReason::Crash
        || reason == EndReason::IllegalMove || reason == EndReason::FalseDeclaration;
}

std::string fixed(double v, int digits) {
    char text[32];
    std::snprintf(text, sizeof text, "%.*f", digits, v);
    return text;
}

const char* verdict_text(SprtVerdict v) {
    return v == SprtVerdict::AcceptH1 ? "H1 accepted"
        : v == SprtVerdict::AcceptH0  ? "H0 accepted"
                                      : "continue";
}

}  // namespace

Match::Match(MatchSettings settings)
    : settings_(std::move(settings)) {
    for (int i = 0; i < 2; ++i) names_[i] = settings_.engines[i].name;
    finished_.resize(std::size_t(settings_.games));
}

void Match::check_engines() {
    for (int i = 0; i < 2; ++i) {
        UsiEngine engine(settings_.engines[i], settings_.startup);
        if (names_[i].empty()) names_[i] = engine.id_name();
        engine.quit(std::chrono::milliseconds(2000));
    }
    if (names_[0] == names_[1]) names_[0] += " #1", names_[1] += " #2";
    summary_.names = names_;
}

MatchSummary Match::run(std::ostream& progress) {
    if (summary_.names[0].empty()) check_engines();
    if (!settings_.records_dir.empty()) std::filesystem::create_directories(settings_.records_dir);
    if (settings_.resume) resume_from_records(progress);
    std::vector<std::thread> threads;
    const int                count = std::max(1, std::min(settings_.concurrency, settings_.games));
    for (int i = 0; i < count; ++i) threads.emplace_back([&] { worker(progress); });
    for (std::thread& t : threads) t.join();
    return summary_;
}

void Match::worker(std::ostream& progress) {
    std::unique_ptr<UsiEngine> engines[2];
    while (!stop_) {
        const int index = next_game_++;
        if (index >= settings_.games) break;
        if (finished_[std::size_t(index)].done) continue;  // resumed from its record
        const Opening& opening
            = settings_.openings[std::size_t(index / 2) % settings_.openings.size()];
        // Engine 0 takes sente in the first game of each pair, gote in the second.
        const int  first_colour = index % 2 == 0 ? SENTE : GOTE;
        GameRecord record;
        int        starting = 0;
        try {
            for (starting = 0; starting < 2; ++starting)
                if (!engines[starting] || !engines[starting]->alive())
                    engines[starting] = std::make_unique<UsiEngine>(
                        settings_.engines[starting], settings_.startup);
            UsiEngine& sente = *engines[first_colour == SENTE ? 0 : 1];
            UsiEngine& gote  = *engines[first_colour == SENTE ? 1 : 0];
            record           = play_game(sente, gote, opening, settings_.game);
        } catch (const std::runtime_error& e) {
            // An engine that no longer starts loses the game as a crash.
            const Color colour   = Color(starting == 0 ? first_colour : 1 - first_colour);
            record.start_sfen    = opening.start_sfen;
            record.moves         = opening.moves;
            record.opening_plies = int(opening.moves.size());
            record.times_ms.assign(opening.moves.size(), 0);
            record.result = GameResult::loss_of(colour, EndReason::Crash, e.what());
        }
        const int sente_index = first_colour == SENTE ? 0 : 1;
        record.names[SENTE]   = names_[std::size_t(sente_index)];
        record.names[GOTE]    = names_[std::size_t(1 - sente_index)];
        // An engine that crashed or hung is replaced before its next game.
        if (record.result.reason == EndReason::Hang || record.result.reason == EndReason::Crash)
            for (auto& e : engines)
                if (e && !e->alive()) e.reset();
        if (record.result.reason == EndReason::Hang) {
            const Color loser = record.result.winner == Winner::Sente ? GOTE : SENTE;
            engines[loser == SENTE ? sente_index : 1 - sente_index].reset();
        }
        record_game(index, std::move(record), progress, false);
    }
    for (auto& e : engines)
        if (e) e->quit(std::chrono::milliseconds(2000));
}

double Match::points_of_first(const Finished& game) const {
    const Winner w = game.record.result.winner;
    if (w == Winner::Draw) return 0.5;
    return (w == Winner::Sente) == (game.first_engine_colour == SENTE) ? 1.0 : 0.0;
}

std::string Match::record_path(int index) const {
    char name[32];
    std::snprintf(name, sizeof name, "game-%04d.csa", index + 1);
    return (std::filesystem::path(settings_.records_dir) / name).string();
}

void Match::resume_from_records(std::ostream& progress) {
    for (int index = 0; index < settings_.games; ++index) {
        const std::string path = record_path(index);
        std::ifstream     file(path);
        if (!file) continue;
        std::ostringstream text;
        text << file.rdbuf();
        std::optional<GameRecord> record;
        try {
            record = read_csa_result(text.str());
        } catch (const std::runtime_error& e) {
            throw std::runtime_error("--resume: " + path + ": " + e.what());
        }
        if (!record) continue;  // cut off while being written: played again
        check_resumed(index, *record, path);
        record_game(index, std::move(*record), progress, true);
    }
}

std::string Match::time_controls_of_game(int index) const {
    const int   sente = index % 2 == 0 ? 0 : 1;
    const auto& spec  = settings_.engines;
    const auto& tc    = settings_.game.time_control;
    return describe_time_controls(spec[std::size_t(sente)].time_control.value_or(tc),
        spec[std::size_t(1 - sente)].time_control.value_or(tc));
}

void Match::check_resumed(int index, const GameRecord& record, const std::string& path) const {
    const int          sente  = index % 2 == 0 ? 0 : 1;
    const std::string& first  = names_[std::size_t(sente)];
    const std::string& second = names_[std::size_t(1 - sente)];
    const Opening& opening = settings_.openings[std::size_t(index / 2) % settings_.openings.size()];
    std::string    why;
    if (record.names[SENTE] != first || record.names[GOTE] != second)
        why = "played by " + record.names[SENTE] + " and " + record.names[GOTE] + ", not " + first
            + " and " + second;
    else if (record.time_control != time_controls_of_game(index))
        why = "time control " + record.time_control + ", not " + time_controls_of_game(index);
    else if (record.start_sfen != opening.start_sfen || record.moves.size() < opening.moves.size()
        || !std::equal(opening.moves.begin(), opening.moves.end(), record.moves.begin()))
        why = "not from opening " + std::to_string(index / 2 + 1) + " of the openings file";
    if (!why.empty())
        throw std::runtime_error("--resume: " + path + " was " + why
            + ": resume with the same engines, time control and openings, or record elsewhere");
}

void Match::record_game(int index, GameRecord record, std::ostream& progress, bool from_records) {
    std::lock_guard lock(mutex_);
    if (!settings_.records_dir.empty() && !from_records) {
        // Written whole, then renamed: a match stopped mid-write leaves no half record.
        const std::string path = record_path(index);
        std::ofstream(path + ".part") << to_csa(record);
        std::filesystem::rename(path + ".part", path);
    }
    Finished& game           = finished_[std::size_t(index)];
    game.first_engine_colour = index % 2 == 0 ? SENTE : GOTE;
    game.record              = std::move(record);
    game.done                = true;

    const double points = points_of_first(game);
    Wdl&         wdl    = summary_.wdl;
    (points == 1.0 ? wdl.wins : points == 0.0 ? wdl.losses : wdl.draws)++;
    ++summary_.games_played;
    const GameResult& result = game.record.result;
    ++summary_.endings[to_string(result.reason)];
    if (is_fault(result.reason)) {
        const bool first_lost = points == 0.0;
        ++summary_.faults[first_lost ? 0 : 1];
    }
    const Finished& twin = finished_[std::size_t(index ^ 1)];
    if ((index ^ 1) < settings_.games && twin.done)
        ++summary_.pairs[std::size_t(2 * (points + points_of_first(twin)))];
    if (settings_.sprt) {
        summary_.sprt = sprt(*settings_.sprt, wdl, summary_.pairs);
        if (summary_.sprt->verdict != SprtVerdict::Continue && !summary_.sprt_decision) {
            summary_.sprt_decision       = summary_.sprt;
            summary_.decided_after_games = summary_.games_played;
            stop_                        = true;
        }
    }

    const char* outcome = result.winner == Winner::Draw ? "draw"
        : points == 1.0                                 ? "won by"
                                                        : "lost by";
    progress << "game " << index + 1 << "/" << settings_.games
             << (from_records ? " (from its record)" : "") << ": " << names_[0] << " " << outcome
             << (result.winner == Winner::Draw ? " (" : " ") << to_string(result.reason)
             << (result.winner == Winner::Draw ? ")" : "") << " as "
             << (game.first_engine_colour == SENTE ? "sente" : "gote") << ", "
             << game.record.moves.size() << " plies | " << summary_.games_played << " games "
             << wdl.wins << "-" << wdl.draws << "-" << wdl.losses << " score "
             << fixed(wdl.score(), 3) << " Elo " << elo_trinomial(wdl).to_string();
    if (summary_.sprt) progress << " LLR " << fixed(summary_.sprt->llr, 2);
    progress << std::endl;
}

std::string MatchSummary::report() const {
    std::ostringstream out;
    int                pair_count = 0;
    for (int c : pairs) pair_count += c;
    out << names[0] << " vs " << names[1] << ": " << games_played << " games\n";
    out << "  W-D-L       " << wdl.wins << "-" << wdl.draws << "-" << wdl.losses << " (for "
        << names[0] << ")\n";
    out << "  score       " << fixed(wdl.score(), 3) << "\n";
    out << "  Elo         " << elo_trinomial(wdl).to_string() << " (95 %, trinomial)\n";
    if (pair_count)
        out << "  Elo pairs   " << elo_pentanomial(pairs).to_string() << " (95 %, pentanomial, "
            << pair_count << " pairs " << pairs[0] << "-" << pairs[1] << "-" << pairs[2] << "-"
            << pairs[3] << "-" << pairs[4] << ")\n";
    out << "  LOS         " << fixed(100 * likelihood_of_superiority(wdl), 1) << " %\n";
    if (sprt)
        out << "  SPRT        LLR " << fixed(sprt->llr, 2) << " [" << fixed(sprt->lower_bound, 2)
            << ", " << fixed(sprt->upper_bound, 2) << "]: " << verdict_text(sprt->verdict) << "\n";
    assert(!sprt_decision || sprt);  // only an SPRT decides
    if (sprt_decision && sprt->verdict != sprt_decision->verdict)
        out << "  SPRT stop   " << verdict_text(sprt_decision->verdict) << " at LLR "
            << fixed(sprt_decision->llr, 2) << " after " << decided_after_games
            << " games (the games then in play count above)\n";
    out << "  faults      " << names[0] << " " << faults[0] << ", " << names[1] << " " << faults[1]
        << " (time losses, hangs, crashes, illegal moves)\n";
    out << "  endings    ";
    for (const auto& [reason, count] : endings) out << " " << reason << " " << count << ";";
    out << "\n";
    return out.str();
}

}  // namespace supersoma::match
