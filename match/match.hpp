#pragma once
// A match between two USI engines: games in pairs from each opening with colours swapped,
// several at once, a progress line per game, statistics and an SPRT at the end.

#include <array>
#include <atomic>
#include <map>
#include <mutex>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "match/game.hpp"
#include "match/stats.hpp"

namespace supersoma::match {

struct MatchSettings {
    std::array<EngineSpec, 2>   engines;
    GameSettings                game;
    int                         games       = 2;
    int                         concurrency = 1;
    std::vector<Opening>        openings;
    std::optional<SprtSettings> sprt;
    std::string                 records_dir;  // empty: no records written
    /// Games already recorded in records_dir count and are not played again, so that a match
    /// cut short (a machine's time limit) goes on where it stopped.
    bool                      resume = false;
    std::chrono::milliseconds startup {30'000};
};

/// What a match produced, from the first engine's side.
struct MatchSummary {
    std::array<std::string, 2> names;
    Wdl                        wdl;
    Pentanomial                pairs {};
    std::map<std::string, int> endings;    // "checkmate", "time loss", …
    std::array<int, 2>         faults {};  // time losses, hangs, crashes, illegal moves
    std::optional<SprtState>   sprt;
    // The SPRT state that stopped the match: the games then in play still count in `sprt`,
    // which may fall back between the bounds.
    std::optional<SprtState> sprt_decision;
    int                      decided_after_games = 0;
    int                      games_played        = 0;

    /// The closing report: W/D/L, score, Elo (95 %), LOS, SPRT, endings.
    std::string report() const;
};

class Match {
public:
    explicit Match(MatchSettings settings);

    /// Starts each engine once to check its command and learn its name; throws
    /// std::runtime_error with the engine's output when one does not start.
    void check_engines();
    /// Plays the match, writing a progress line per game to `progress`.
    MatchSummary run(std::ostream& progress);

private:
    struct Finished {
        bool       done = false;
        GameRecord record;
        int        first_engine_colour = 0;  // SENTE or GOTE
    };
    void        worker(std::ostream& progress);
    void        resume_from_records(std::ostream& progress);
    void        check_resumed(int index, const GameRecord& record, const std::string& path) const;
    std::string time_controls_of_game(int index) const;  // as game `index`'s record says them
    std::string record_path(int index) const;
    void   record_game(int index, GameRecord record, std::ostream& progress, bool from_records);
    double points_of_first(const Finished& game) const;

    MatchSettings              settings_;
    std::array<std::string, 2> names_;
    std::atomic<int>           next_game_ {0};
    std::atomic<bool>          stop_ {false};
    std::mutex                 mutex_;  // guards everything below
    std::vector<Finished>      finished_;
    MatchSummary               summary_;
};

}  // namespace supersoma::match
