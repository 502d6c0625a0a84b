#pragma once
// The thread pool: Lazy SMP. Every thread searches the same root with its own Worker; they
// share only the transposition table and the stop flag. The main thread decides the move.
// Every thread lives as long as the pool (or until Threads changes) and sleeps between
// searches, so a `go` starts no thread.

#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "search/mate.hpp"
#include "search/search.hpp"

namespace supersoma::search {

/// How a search ended, for the protocol's `bestmove`.
struct SearchResult {
    enum class Kind { Move, Resign, Win } kind = Kind::Resign;
    Move  best                                 = Move::none();
    Move  ponder = Move::none();  // legal in the position after `best`, or none
    Value score  = 0;
    int   depth  = 0;
};

/// A helper of Lazy SMP: a thread that sleeps until handed a root, searches it with its
/// worker until the shared stop flag, and sleeps again.
class HelperThread {
public:
    explicit HelperThread(Worker& worker);
    ~HelperThread();

    /// Starts searching `root` (both must outlive the search: wait() before they go).
    void start(const Position& root, const RootMoves& moves);
    /// Blocks until the search handed over by start() has returned.
    void wait();

private:
    void idle_loop();

    Worker&                 worker_;
    std::mutex              mutex_;
    std::condition_variable wake_;
    const Position*         root_  = nullptr;  // set while a search is handed over or running
    const RootMoves*        moves_ = nullptr;
    bool                    busy_ = false, exiting_ = false;
    std::thread             thread_;  // last: starts once the rest is built
};

class ThreadPool {
public:
    ThreadPool();
    ~ThreadPool();

    /// Sets the number of search threads (at least one); only while idle.
    void set_size(int threads);
    int  size() const { return int(workers_.size()); }
    /// Builds the root's mate table (16 MB) if not yet built; only while idle (`isready`).
    void prepare_mate_solver();

    /// Starts searching `root` and returns at once; `on_done` is called from the search's own
    /// thread once, with the result, after `stop` or `ponderhit` when pondering or infinite.
    void start(const Position& root, const Limits& limits, const SearchOptions& options,
        TranspositionTable& tt, std::function<void(const InfoReport&)> on_info,
        std::function<void(const SearchResult&)> on_done);

    /// Asks the search to end now (its result is still delivered).
    void stop();
    /// The opponent played the pondered move: the search goes on under the clock from now,
    /// `clock` if it has one (`ponderhit btime … byoyomi …`), else the one `go ponder` gave.
    void ponderhit(const Limits& clock = Limits {});
    /// Blocks until the search (if any) has delivered its result.
    void wait();
    bool searching() const;

    /// Clears per-thread state between games.
    void clear();
    /// Nodes searched by all threads in the current (or last) search.
    std::uint64_t nodes() const;
    /// The main thread's worker (for statistics such as the time spent in SUPER-SOMA).
    Worker& main_worker() { return *workers_.front(); }

private:
    /// A search handed from start() to the main thread.
    struct Job {
        Position                                 root;
        std::function<void(const SearchResult&)> on_done;
    };
    /// The main thread's life: sleep until start() hands it a job, search, repeat.
    void idle_loop();
    void main_search(Position root, std::function<void(const SearchResult&)> on_done);
    /// The main thread's move after a search of a root with at least one legal move; a mate
    /// the root probe proved is played unless the search found one as short.
    SearchResult decide(const Position& root, const std::optional<MateResult>& mate) const;
    /// The root mate probe: the shortest mate the solver proves within its budget, if any.
    std::optional<MateResult> probe_mate(const Position& root);
    /// Reports a proven mate as the search's info and result.
    SearchResult play_mate(const MateResult& mate);

    SharedSearch                               shared_;
    std::vector<std::unique_ptr<Worker>>       workers_;
    std::vector<std::unique_ptr<HelperThread>> helpers_;      // one per worker but the first
    std::unique_ptr<MateSolver>                mate_solver_;  // made by isready, then kept
    mutable std::mutex                         mutex_;
    std::condition_variable                    wake_;         // stop or ponderhit arrived
    std::condition_variable                    job_ready_;    // a job was handed over, or exiting
    std::condition_variable                    search_done_;  // searching_ went false
    std::optional<Job>                         job_;
    bool                                       exiting_   = false;
    bool                                       searching_ = false;
    bool        stop_requested_                           = false;  // by stop(), not by the limits
    std::thread main_thread_;  // last: starts once the rest is built
};

}  // namespace supersoma::search
