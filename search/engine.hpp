#pragma once
// The engine as the protocol sees it: settings, the game position, the transposition table
// and the thread pool. The USI loop (usi/) drives it and formats what it reports.

#include <cstddef>
#include <string>

#include "search/thread.hpp"
#include "search/tt.hpp"

namespace supersoma::search {

class Engine {
public:
    static constexpr std::size_t DEFAULT_HASH_MB = 64;
    static constexpr int         DEFAULT_THREADS = 1;

    Engine();

    /// Settings applied at the next search.
    SearchOptions&       options() { return options_; }
    const SearchOptions& options() const { return options_; }
    /// Table size and thread count take effect at ready() (USI: `isready`).
    void        set_hash_megabytes(std::size_t mb) { hash_mb_ = mb; }
    void        set_threads(int n) { threads_ = n; }
    int         threads() const { return threads_; }
    std::size_t hash_megabytes() const { return hash_mb_; }

    /// The learned evaluation from the file at `path`: a network (train_nnue's form) or KP
    /// weights (train_kp's), told apart by the header; the built-in one for "". Throws
    /// std::runtime_error saying why a file is refused; the evaluation in use is then kept.
    void set_eval_file(const std::string& path);

    /// SUPER-SOMA's predicted line and net for `pos` with the leaf settings of the search and
    /// B3's learned weights: "supersoma line <moves> net <cp> ends <why>".
    std::string supersoma_line(const Position& pos) const;

    /// Heavy set-up: allocates the table and the threads when their settings changed.
    void ready();
    /// A new game: forgets the table, histories and leaf caches.
    void new_game();

    /// The position to search next, with the game's history (repetition needs it).
    void            set_position(const Position& pos) { position_ = pos; }
    const Position& position() const { return position_; }

    /// Starts a search of the current position; see ThreadPool::start.
    void go(const Limits& limits, std::function<void(const InfoReport&)> on_info,
        std::function<void(const SearchResult&)> on_done);
    void stop() { pool_.stop(); }
    void ponderhit(const Limits& clock = Limits {}) { pool_.ponderhit(clock); }
    void wait() { pool_.wait(); }
    bool searching() const { return pool_.searching(); }

    ThreadPool&         pool() { return pool_; }
    TranspositionTable& tt() { return tt_; }

private:
    SearchOptions      options_;
    std::size_t        hash_mb_ = DEFAULT_HASH_MB;
    int                threads_ = DEFAULT_THREADS;
    Position           position_;
    TranspositionTable tt_;
    ThreadPool         pool_;
};

}  // namespace supersoma::search
