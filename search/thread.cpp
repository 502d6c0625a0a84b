#include "search/thread.hpp"

#include <algorithm>
#include <cassert>

#include "engine/movegen.hpp"

namespace supersoma::search {

namespace {
// The root's mate probe keeps its proofs between moves in a table of this size.
constexpr std::size_t ROOT_MATE_TABLE_MB = 16;
}  // namespace

ThreadPool::ThreadPool() {
    shared_.total_nodes = [this] { return nodes(); };
    set_size(1);
    main_thread_ = std::thread(&ThreadPool::idle_loop, this);
}

ThreadPool::~ThreadPool() {
    stop();
    wait();
    {
        std::lock_guard lock(mutex_);
        exiting_ = true;
    }
    job_ready_.notify_one();
    main_thread_.join();
}

void ThreadPool::idle_loop() {
    while (true) {
        std::optional<Job> job;
        {
            std::unique_lock lock(mutex_);
            job_ready_.wait(lock, [this] { return job_ || exiting_; });
            if (!job_) return;  // exiting, nothing left to search
            job.swap(job_);
        }
        main_search(std::move(job->root), std::move(job->on_done));
    }
}

HelperThread::HelperThread(Worker& worker)
    : worker_(worker)
    , thread_(&HelperThread::idle_loop, this) { }

HelperThread::~HelperThread() {
    wait();
    {
        std::lock_guard lock(mutex_);
        exiting_ = true;
    }
    wake_.notify_all();
    thread_.join();
}

void HelperThread::start(const Position& root, const RootMoves& moves) {
    {
        std::lock_guard lock(mutex_);
        assert(!busy_ && "a helper gets one search at a time");
        root_  = &root;
        moves_ = &moves;
        busy_  = true;
    }
    wake_.notify_all();
}

void HelperThread::wait() {
    std::unique_lock lock(mutex_);
    wake_.wait(lock, [this] { return !busy_; });
}

void HelperThread::idle_loop() {
    std::unique_lock lock(mutex_);
    while (true) {
        wake_.wait(lock, [this] { return busy_ || exiting_; });
        if (!busy_) return;  // exiting with nothing handed over
        lock.unlock();
        worker_.run(*root_, *moves_);
        lock.lock();
        busy_  = false;
        root_  = nullptr;
        moves_ = nullptr;
        wake_.notify_all();
    }
}

void ThreadPool::set_size(int threads) {
    wait();
    threads = std::max(1, threads);
    helpers_.clear();  // joins them: each refers to a worker that may go
    while (int(workers_.size()) > threads) workers_.pop_back();
    while (int(workers_.size()) < threads)
        workers_.push_back(std::make_unique<Worker>(int(workers_.size()), shared_));
    for (std::size_t i = 1; i < workers_.size(); ++i)
        helpers_.push_back(std::make_unique<HelperThread>(*workers_[i]));
    assert(helpers_.size() + 1 == workers_.size());
}

void ThreadPool::prepare_mate_solver() {
    wait();
    if (!mate_solver_) mate_solver_ = std::make_unique<MateSolver>(ROOT_MATE_TABLE_MB);
}

void ThreadPool::start(const Position& root, const Limits& limits, const SearchOptions& options,
    TranspositionTable& tt, std::function<void(const InfoReport&)> on_info,
    std::function<void(const SearchResult&)> on_done) {
    wait();
    shared_.tt                   = &tt;
    shared_.options              = options;
    shared_.limits               = limits;
    shared_.started              = limits.start;
    shared_.on_info              = std::move(on_info);
    shared_.stop                 = false;
    shared_.stop_requested       = false;
    shared_.first_iteration_done = false;
    shared_.ponder               = limits.ponder;
    shared_.ponderhit_clock      = Limits {};
    shared_.root_mate.reset();
    tt.new_search();
    {
        std::lock_guard lock(mutex_);
        searching_      = true;
        stop_requested_ = false;
        job_            = Job {root, std::move(on_done)};
    }
    job_ready_.notify_one();
}

void ThreadPool::stop() {
    std::lock_guard lock(mutex_);
    stop_requested_        = true;
    shared_.stop_requested = true;
    // Both this and the main thread's end of its first iteration read the other's flag after
    // setting their own, so one of them sets `stop`.
    if (shared_.first_iteration_done) shared_.stop = true;
    wake_.notify_all();
}

void ThreadPool::ponderhit(const Limits& clock) {
    std::lock_guard lock(mutex_);
    if (!searching_ || !shared_.ponder) return;  // the clock is read once, after the first
    shared_.ponderhit_clock = clock;
    shared_.ponderhit_at    = Clock::now().time_since_epoch().count();
    shared_.ponder          = false;
    wake_.notify_all();
}

void ThreadPool::wait() {
    std::unique_lock lock(mutex_);
    search_done_.wait(lock, [this] { return !searching_; });
}

bool ThreadPool::searching() const {
    std::lock_guard lock(mutex_);
    return searching_;
}

void ThreadPool::clear() {
    wait();
    for (auto& w : workers_) w->clear();
}

std::uint64_t ThreadPool::nodes() const {
    std::uint64_t n = 0;
    for (const auto& w : workers_) n += w->nodes();
    return n;
}

void ThreadPool::main_search(Position root, std::function<void(const SearchResult&)> on_done) {
    RootMoves moves;
    for (Move m : generate(GenKind::Legal, root)) {
        RootMove rm;
        rm.move = m;
        moves.push_back(rm);
    }
    // `go searchmoves`: the legal ones of those asked for (all moves when none is legal).
    const auto& only   = shared_.limits.search_moves;
    const auto  listed = [&only](const RootMove& rm) {
        return std::find(only.begin(), only.end(), rm.move) != only.end();
    };
    if (std::any_of(moves.begin(), moves.end(), listed))
        moves.erase(std::remove_if(moves.begin(), moves.end(),
                        [&listed](const RootMove& rm) { return !listed(rm); }),
            moves.end());
    // The probe answers for the whole position, not for the moves asked about.
    const bool                      declare = declaration_wins(root, shared_.options.entering_king);
    const std::optional<MateResult> mate
        = declare || moves.empty() || !only.empty() ? std::nullopt : probe_mate(root);
    // In analysis a proven mate is one line among several, and the GUI wants them all: the
    // search runs and its reports carry the proof.
    const bool analysis = shared_.limits.infinite || shared_.options.multipv > 1;
    if (analysis) shared_.root_mate = mate;

    if (!declare && !moves.empty() && (!mate || analysis)) {
        for (auto& helper : helpers_) helper->start(root, moves);
        workers_[0]->run(root, moves);
        // Helpers run until the main thread has decided; they never stop the search themselves.
        shared_.first_iteration_done = true;
        shared_.stop                 = true;
        for (auto& helper : helpers_) helper->wait();
    }
    {
        // USI: no bestmove before `stop` or `ponderhit` in `go ponder` and `go infinite`,
        // even when the search ended by itself (mate found, nothing to search).
        std::unique_lock lock(mutex_);
        wake_.wait(lock,
            [this] { return stop_requested_ || (!shared_.ponder && !shared_.limits.infinite); });
    }
    SearchResult result;  // resign unless a move or a declaration is found
    if (declare)
        result.kind = SearchResult::Kind::Win;
    else if (mate && !analysis)
        result = play_mate(*mate);
    else if (!moves.empty())
        result = decide(root, mate);
    on_done(result);
    {
        std::lock_guard lock(mutex_);
        searching_ = false;
    }
    search_done_.notify_all();
}

// Longer mates are left to the search; a line this long fits any PV.
constexpr int MAX_MATE_PLIES = 63;
// The solver's speed on this kind of machine, idle (docs/mate.md): a clocked move's probe gets
// the nodes of an eighth of its planned time, so a slow machine does not shrink it.
constexpr std::uint64_t MATE_PROBE_NODES_PER_MS = 400;

std::optional<MateResult> ThreadPool::probe_mate(const Position& root) {
    const Limits& limits = shared_.limits;
    std::uint64_t nodes  = std::uint64_t(shared_.options.root_mate_probe_nodes);
    TimeManager   time;
    time.init(limits, root.side_to_move(), root.ply(), shared_.options.margins);
    // Fixed-depth and fixed-node searches (bench, tests) stay as they are.
    if (nodes == 0 || (!time.active() && !limits.infinite)) return std::nullopt;
    // The clock still bounds it: under load the nodes may take up to half the planned time.
    std::chrono::milliseconds wall {0};
    if (time.active()) {
        nodes = std::min(nodes, std::uint64_t(time.optimum()) * MATE_PROBE_NODES_PER_MS / 8);
        wall  = std::chrono::milliseconds(std::max<Millis>(1, time.optimum() / 2));
    }
    if (nodes == 0) return std::nullopt;
    if (!mate_solver_) mate_solver_ = std::make_unique<MateSolver>(ROOT_MATE_TABLE_MB);
    MateResult result
        = mate_solver_->solve(root, wall, shared_.stop_requested, MAX_MATE_PLIES, nodes);
    if (result.status != MateResult::Status::Mate || result.line.empty()) return std::nullopt;
    return result;
}

SearchResult ThreadPool::play_mate(const MateResult& mate) {
    InfoReport info;
    info.multipv = 1;
    info.depth = info.sel_depth = int(mate.line.size());
    info.score                  = mate_in(int(mate.line.size()));
    info.nodes                  = mate.nodes;
    info.time                   = elapsed_since(shared_.started);
    info.nps                    = info.time > 0 ? mate.nodes * 1000 / std::uint64_t(info.time) : 0;
    for (Move m : mate.line) info.pv.push_back(m);
    if (shared_.on_info) shared_.on_info(info);
    SearchResult result;
    result.kind   = SearchResult::Kind::Move;
    result.best   = mate.line.front();
    result.ponder = mate.line.size() >= 2 ? mate.line[1] : Move::none();
    result.score  = info.score;
    result.depth  = info.depth;
    return result;
}

SearchResult ThreadPool::decide(const Position& root, const std::optional<MateResult>& mate) const {
    assert(!workers_.front()->root_moves().empty());
    const RootMove& best = workers_.front()->root_moves().front();
    if (mate
        && (workers_.front()->completed_depth() == 0
            || best.score < mate_in(int(mate->line.size())))) {
        // The proof beats what the search found.
        SearchResult result;
        result.kind   = SearchResult::Kind::Move;
        result.best   = mate->line.front();
        result.ponder = mate->line.size() >= 2 ? mate->line[1] : Move::none();
        result.score  = mate_in(int(mate->line.size()));
        result.depth  = int(mate->line.size());
        return result;
    }
    SearchResult result;
    result.kind  = SearchResult::Kind::Move;
    result.best  = best.move;
    result.score = best.score;
    result.depth = workers_.front()->completed_depth();
    // Resign only on a finished iteration's verdict: a forced mate against every move, or a
    // score below the user's threshold.
    const int resign_cp = shared_.options.resign_value;
    if (result.depth >= 1
        && (best.score <= -VALUE_MATE_IN_MAX_PLY
            || (resign_cp > 0 && !is_mate_score(best.score)
                && to_centipawns(best.score) <= -resign_cp)))
        result.kind = SearchResult::Kind::Resign;

    // The ponder move: the PV's second move, else the table's move after the best one; kept
    // only when legal there.
    assert(is_legal(root, best.move));
    Position after = root;
    after.do_move(best.move);
    Move ponder = best.pv.size() >= 2 ? best.pv[1] : Move::none();
    if (ponder.is_none()) {
        TTData tt;
        if (shared_.tt->probe(after.key(), tt)) ponder = tt.move;
    }
    if (!ponder.is_none() && is_legal(after, ponder)) result.ponder = ponder;
    return result;
}

}  // namespace supersoma::search
