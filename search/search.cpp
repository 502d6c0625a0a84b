#include "search/search.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>

#include "engine/movegen.hpp"
#include "eval/evaluate.hpp"
#include "soma/shogi/soma.hpp"

namespace supersoma::search {

namespace {

constexpr int   MAX_LEAF_EXTENSIONS = 1;  // SUPER-SOMA deepenings per path (the article: bounded)
constexpr Value ASPIRATION_DELTA    = 40;
constexpr int   TIME_CHECK_NODES    = 8;  // SUPER-SOMA leaves cost tens of microseconds each
constexpr int   ROOT_OFFSET         = 4;  // stack entries below the root, for (ss - 1) lookups
constexpr int   LATE_MOVE_PRUNING_DEPTH = 4;
constexpr Value LOSING_CAPTURE_MARGIN   = 2 * PAWN_UNITS;  // per ply: a pawn taken and dropped
constexpr Value LOSING_QUIET_MARGIN     = PAWN_UNITS / 2;  // per ply squared

// Late-move reductions by depth and move number, log-log as in most modern engines.
struct ReductionTable {
    int r[64][64] {};
    ReductionTable() {
        for (int d = 1; d < 64; ++d)
            for (int n = 1; n < 64; ++n) r[d][n] = int(0.5 + std::log(d) * std::log(n) / 2.25);
    }
    int operator()(int depth, int move_count) const {
        return r[std::min(depth, 63)][std::min(move_count, 63)];
    }
};
const ReductionTable reduction;

bool is_quiet(Move m) {
    return !m.is_capture() && !m.is_promotion();
}

// What the opponent, to move after our non-capture `m`, wins by taking on its square, less
// what promoting gained.
Value quiet_move_loss(const Position& after, Move m) {
    const soma::ValueProfile& profile = eval::search_profile();
    const Color               them    = after.side_to_move();
    if (!after.attacked_by(them, m.to())) return 0;
    return soma::stand_pat_gain(after, them, m.to(), profile)
        - (m.is_promotion() ? profile.promotion_gain(m.moved()) : 0);
}

void update_pv(PV& pv, Move m, const PV& child) {
    pv.clear();
    pv.push_back(m);
    for (Move c : child) {
        if (pv.size() == pv.capacity()) break;
        pv.push_back(c);
    }
}

// The positional weights `options` ask for; Auto: the table each leaf mode's matches chose.
const eval::EvalWeights& weights_for(const SearchOptions& options) {
    static const eval::EvalWeights material_only {};  // every positional weight 0
    if (!options.positional) return material_only;
    EvalTable table = options.eval_table;
    if (table == EvalTable::Auto)
        table = options.leaf_mode == LeafMode::QSearch ? EvalTable::Fitted : EvalTable::HandSet;
    return table == EvalTable::Fitted ? eval::qsearch_eval_weights : eval::eval_weights;
}

}  // namespace

Worker::Worker(int id, SharedSearch& shared)
    : id_(id)
    , shared_(shared)
    , pos_(Position::startpos()) { }

void Worker::clear() {
    history_.clear();
    leaf_.clear();
    for (Stack& s : stack_) s.killers[0] = s.killers[1] = Move::none();
}

void Worker::run(const Position& root, const RootMoves& moves) {
    pos_        = root;
    root_moves_ = moves;
    nodes_.store(0, std::memory_order_relaxed);
    stats_           = {};
    next_time_check_ = TIME_CHECK_NODES;
    completed_depth_ = sel_depth_ = 0;
    pondering_                    = shared_.ponder.load();
    time_.init(shared_.limits, root.side_to_move(), root.ply(), shared_.options.margins);
    leaf_.reset_counters();
    weights_ = &weights_for(shared_.options);
    leaf_.set_settings(shared_.options.leaf);
    for (int i = 0; i < MAX_PLY + 8; ++i) {
        stack_[i].ply             = i - ROOT_OFFSET;
        stack_[i].current_move    = Move::none();
        stack_[i].leaf_extensions = 0;
        stack_[i].pv.clear();
    }
    iterate();
}

void Worker::iterate() {
    const Limits& limits  = shared_.limits;
    const int     multipv = std::min<int>(shared_.options.multipv, int(root_moves_.size()));
    // Lazy SMP: helpers start one ply deeper on odd ids so the threads spread over depths.
    for (int depth = 1 + (id_ % 2); depth < MAX_PLY - 16; ++depth) {
        root_depth_ = depth;
        for (RootMove& rm : root_moves_) rm.previous_score = rm.score;
        for (pv_index_ = 0; pv_index_ < multipv && !shared_.stop; ++pv_index_) {
            sel_depth_        = 0;
            const Value prev  = root_moves_[pv_index_].previous_score;
            Value       delta = ASPIRATION_DELTA;
            Value       alpha = -VALUE_INFINITE, beta = VALUE_INFINITE;
            if (shared_.options.aspiration && depth >= 4 && !is_mate_score(prev)
                && prev > -VALUE_INFINITE) {
                alpha = std::max(prev - delta, -VALUE_INFINITE);
                beta  = std::min(prev + delta, VALUE_INFINITE);
            }
            while (true) {
                const Value value = search_root(alpha, beta, depth);
                std::stable_sort(root_moves_.begin() + pv_index_, root_moves_.end(),
                    [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
                if (shared_.stop) break;
                // A GUI watching a long search sees the bound move (lowerbound/upperbound).
                if ((value <= alpha || value >= beta) && id_ == 0 && multipv == 1
                    && elapsed_since(limits.start) > 1000)
                    report(depth);
                if (value <= alpha) {
                    beta  = (alpha + beta) / 2;
                    alpha = std::max(value - delta, -VALUE_INFINITE);
                } else if (value >= beta) {
                    beta = std::min(value + delta, VALUE_INFINITE);
                } else {
                    break;
                }
                delta += delta / 2 + 10;
            }
            std::stable_sort(root_moves_.begin(), root_moves_.begin() + pv_index_ + 1,
                [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
        }
        if (shared_.stop) break;
        completed_depth_             = depth;
        stats_.nodes_at_depth[depth] = nodes();
        if (id_ == 0) report(depth);

        if (limits.depth && depth >= limits.depth) break;
        // One legal move: nothing to choose, keep the clock.
        if (id_ == 0 && time_.active() && !pondering_ && root_moves_.size() == 1) break;
        const Value best = root_moves_[0].score;
        // A mate proven within the depth searched will not change: no need to go on.
        if (!limits.infinite && is_mate_score(best) && VALUE_MATE - std::abs(best) <= depth) break;
        // The next iteration would not finish before the optimum anyway; but where time not
        // spent is lost, the hard limit stops the search and the interrupted iteration's
        // best move counts (the first move it searches is the last iteration's).
        if (id_ == 0 && time_.active() && !pondering_ && !time_.spends_all()
            && elapsed_since(shared_.limits.start) > time_.optimum() * 6 / 10)
            break;
    }
}

Value Worker::search_root(Value alpha, Value beta, int depth) {
    assert(alpha < beta && depth >= 1 && !root_moves_.empty());
    Stack*     ss            = stack_ + ROOT_OFFSET;
    Value      best_value    = -VALUE_INFINITE;
    const bool root_in_check = pos_.in_check();
    ss->pv.clear();
    (ss + 1)->leaf_extensions = 0;
    for (int i = pv_index_; i < int(root_moves_.size()); ++i) {
        RootMove&  rm = root_moves_[i];
        const Move m  = rm.move;
        count_node();
        const bool gives_check = pos_.gives_check(m);
        const int  extension   = shared_.options.check_extension && gives_check ? 1 : 0;
        const int  new_depth   = depth - 1 + extension;
        ss->current_move       = m;
        (ss + 1)->pv.clear();  // a child that fails high leaves no line of its own
        pos_.do_move(m);
        Value value;
        if (i == pv_index_) {
            value = -search<PVNode>(-beta, -alpha, new_depth, ss + 1, false);
        } else {
            int r = 0;
            if (shared_.options.late_reductions && depth >= 3 && i - pv_index_ >= 4 && is_quiet(m)
                && !gives_check && !root_in_check)
                r = std::clamp(reduction(depth, i - pv_index_) - 1, 0, new_depth - 1);
            value = -search<NonPV>(-alpha - 1, -alpha, new_depth - r, ss + 1, true);
            if (value > alpha && r > 0)
                value = -search<NonPV>(-alpha - 1, -alpha, new_depth, ss + 1, false);
            if (value > alpha && value < beta)
                value = -search<PVNode>(-beta, -alpha, new_depth, ss + 1, false);
        }
        pos_.undo_move();
        if (shared_.stop) break;  // the value of an interrupted search means nothing

        if (i == pv_index_ || value > alpha) {
            rm.score     = value;
            rm.sel_depth = sel_depth_;
            rm.bound     = value >= beta ? BOUND_LOWER : value <= alpha ? BOUND_UPPER : BOUND_EXACT;
            update_pv(rm.pv, m, (ss + 1)->pv);
        } else {
            rm.score = -VALUE_INFINITE;  // below the window: sorted after the searched ones
        }
        if (value > best_value) {
            best_value = value;
            if (value > alpha) {
                if (value >= beta) break;
                alpha = value;
            }
        }
    }
    return best_value;
}

void Worker::count_node() {
    nodes_.fetch_add(1, std::memory_order_relaxed);
    if (id_ == 0 && nodes() >= next_time_check_) {
        next_time_check_ = nodes() + TIME_CHECK_NODES;
        check_time();
    }
}

void Worker::check_time() {
    const Limits& limits = shared_.limits;
    if (pondering_ && !shared_.ponder) {
        // ponderhit: the move's time counts from now, on the clock the `go ponder` gave.
        pondering_ = false;
        Limits hit = limits;
        hit.ponder = false;
        hit.start  = TimePoint(Clock::duration(shared_.ponderhit_at.load()));
        if (const Limits& clock = shared_.ponderhit_clock; clock.has_clock() || clock.movetime) {
            std::copy(std::begin(clock.time), std::end(clock.time), hit.time);
            std::copy(std::begin(clock.inc), std::end(clock.inc), hit.inc);
            hit.byoyomi  = clock.byoyomi;
            hit.movetime = clock.movetime;
        }
        time_.init(hit, pos_.side_to_move(), pos_.ply(), shared_.options.margins);
        shared_.limits.start = hit.start;
    }
    if (limits.nodes && shared_.total_nodes() >= limits.nodes) shared_.stop = true;
    if (!pondering_ && time_.active() && elapsed_since(limits.start) >= time_.maximum())
        shared_.stop = true;
}

// Repetition, the move limit and the entering-king declaration, judged before any search.
bool Worker::rule_value(const Stack* ss, Value& value) const {
    const int limit = std::min(pos_.moves_made(), 32);
    for (int back = 4; back <= limit; back += 2) {
        if (pos_.state_ago(back).key != pos_.key()) continue;
        // The move into state_ago(i) gave check when its checkers are set; even i: the
        // opponent's moves. A side that checked with every move of the cycle loses.
        bool them_checked = true, us_checked = true;
        for (int i = 0; i < back; ++i)
            (i % 2 == 0 ? them_checked : us_checked) &= bool(pos_.state_ago(i).checkers);
        value = them_checked ? mate_in(ss->ply) : us_checked ? mated_in(ss->ply) : VALUE_DRAW;
        return true;
    }
    const int max_moves = shared_.options.max_moves_to_draw;
    if (max_moves && pos_.ply() > max_moves) {
        // The limit draws a game still going: a mate delivered on the last allowed move stands.
        value = has_legal_move(pos_) ? VALUE_DRAW : mated_in(ss->ply);
        return true;
    }
    if (declaration_wins(pos_, shared_.options.entering_king)) {
        value = mate_in(ss->ply);
        return true;
    }
    return false;
}

Value Worker::node_eval(Move& soma_move) {
    const Value base = eval::static_eval(pos_, *weights_);
    if (shared_.options.leaf_mode != LeafMode::SuperSoma) return base;
    if (!shared_.options.soma_interior) {
        // The static eval alone, so pruning does not depend on what the cache holds.
        const eval::LeafVerdict* cached = leaf_.probe(pos_);
        if (cached && shared_.options.soma_ordering) soma_move = cached->first;
        return base;
    }
    const eval::LeafVerdict& verdict = leaf_.evaluate(pos_);
    if (shared_.options.soma_ordering) soma_move = verdict.first;
    return base + verdict.net;
}

// Leaf probes look for short mates only, with a small table of their own.
constexpr int         LEAF_MATE_PLIES     = 7;
constexpr std::size_t LEAF_MATE_MEGABYTES = 2;

std::optional<int> Worker::probe_leaf_mate() {
    if (!leaf_mate_) leaf_mate_ = std::make_unique<MateSolver>(LEAF_MATE_MEGABYTES);
    const auto plies = leaf_mate_->prove(
        pos_, LEAF_MATE_PLIES, std::uint64_t(shared_.options.leaf_mate_probe_nodes));
    nodes_.fetch_add(leaf_mate_->nodes(), std::memory_order_relaxed);
    return plies;
}

Value Worker::leaf_value(Value alpha, Value beta, Stack* ss) {
    assert(!pos_.in_check() && "a side in check is searched, never valued at a leaf");
    if (shared_.options.leaf_mode == LeafMode::QSearch) return qsearch(alpha, beta, ss);
    const Value              base    = eval::static_eval(pos_, *weights_);
    const eval::LeafVerdict& verdict = leaf_.evaluate(pos_);
    if (verdict.mate_threat && shared_.options.leaf_mate_probe_nodes > 0)
        if (const auto plies = probe_leaf_mate()) return mate_in(ss->ply + *plies);
    // The evaluator says it cannot be trusted here: search one ply more instead (bounded).
    if (verdict.critical && shared_.options.soma_extension
        && ss->leaf_extensions < MAX_LEAF_EXTENSIONS) {
        ++ss->leaf_extensions;
        const Value value = search<NonPV>(alpha, beta, 1, ss, false);
        --ss->leaf_extensions;
        return value;
    }
    return base + verdict.net;
}

template<Worker::NodeType nt>
Value Worker::search(Value alpha, Value beta, int depth, Stack* ss, bool cut_node) {
    constexpr bool pv_node  = nt == PVNode;
    const bool     in_check = pos_.in_check();
    assert(-VALUE_INFINITE <= alpha && alpha < beta && beta <= VALUE_INFINITE);
    // Null windows off the PV; a SUPER-SOMA leaf deepening searches its node with the leaf's
    // own window, which may be open.
    assert(pv_node || alpha == beta - 1 || ss->leaf_extensions > 0);
    assert(ss->ply >= 0 && ss->ply < MAX_PLY);
    // The parent set ss->leaf_extensions; children inherit it (a leaf deepening adds one).
    (ss + 1)->leaf_extensions = ss->leaf_extensions;
    if (pv_node) ss->pv.clear();

    count_node();
    stats_.in_check += in_check;
    if (shared_.stop) return VALUE_DRAW;
    if (pv_node) sel_depth_ = std::max(sel_depth_, ss->ply);
    Value rule;
    if (rule_value(ss, rule)) return rule;
    if (ss->ply >= MAX_PLY - 16) return in_check ? VALUE_DRAW : eval::static_eval(pos_, *weights_);
    if (depth <= 0 && !in_check) return leaf_value(alpha, beta, ss);
    depth = std::max(depth, 1);
    assert(depth < MAX_PLY);

    // Mate distance pruning: no line can beat a mate found nearer the root.
    alpha = std::max(mated_in(ss->ply), alpha);
    beta  = std::min(mate_in(ss->ply + 1), beta);
    if (alpha >= beta) return alpha;

    TTData      tt;
    const bool  tt_hit   = shared_.tt->probe(pos_.key(), tt);
    const Value tt_value = tt_hit ? value_from_tt(tt.value, ss->ply) : VALUE_NONE;
    if (!pv_node && tt_hit && tt.depth >= depth
        && (tt.bound & (tt_value >= beta ? BOUND_LOWER : BOUND_UPPER)))
        return tt_value;

    OrderingHints hints;
    hints.tt_move             = tt_hit ? tt.move : Move::none();
    hints.killers[0]          = ss->killers[0];
    hints.killers[1]          = ss->killers[1];
    const Value          eval = in_check ? VALUE_NONE : node_eval(hints.soma_move);
    const SearchOptions& opt  = shared_.options;

    // Reverse futility: far enough above beta that a shallow search will not fall back.
    if (!pv_node && !in_check && opt.futility && depth <= opt.reverse_futility_depth
        && !is_mate_score(beta) && eval - opt.reverse_futility_margin * depth >= beta)
        return eval;

    // Null move: passing and still failing high means the position is good enough.
    if (!pv_node && !in_check && opt.null_move && depth >= 3 && eval >= beta
        && !(ss - 1)->current_move.is_pass() && !is_mate_score(beta)) {
        const int r      = 3 + depth / 4;
        ss->current_move = Move::pass();
        pos_.do_move(Move::pass());
        const Value value = -search<NonPV>(-beta, -beta + 1, depth - r, ss + 1, !cut_node);
        pos_.undo_move();
        if (shared_.stop) return VALUE_DRAW;
        if (value >= beta) return is_mate_score(value) ? beta : value;
    }

    MovePicker  picker(pos_, hints, history_, MovePicker::Scope::All);
    Value       best_value = -VALUE_INFINITE;
    Move        best_move  = Move::none();
    int         move_count = 0;
    Move        quiets[64];
    int         quiet_count    = 0;
    const Value original_alpha = alpha;

    for (Move m = picker.next(); !m.is_none(); m = picker.next()) {
        ++move_count;
        assert(!m.is_pass() && move_count <= picker.size());
        const bool gives_check = pos_.gives_check(m);
        const bool quiet       = is_quiet(m);

        // Futility: a quiet move this far below alpha at the last plies will not reach it.
        if (!pv_node && !in_check && opt.futility && quiet && !gives_check && depth <= 2
            && move_count > 1 && !is_mate_score(alpha)) {
            const Value futility = eval + 80 + 120 * depth;
            if (futility <= alpha) {
                best_value = std::max(best_value, futility);
                continue;
            }
        }

        // Late-move pruning: ordered this late, a quiet move near the leaves seldom matters.
        if (!pv_node && !in_check && opt.late_move_pruning_base && quiet && !gives_check
            && depth <= LATE_MOVE_PRUNING_DEPTH
            && move_count > opt.late_move_pruning_base + depth * depth
            && best_value > -VALUE_MATE_IN_MAX_PLY)
            continue;

        // Losing captures near the leaves: SOMA already knows how the exchange ends.
        const bool losing_pruning = !pv_node && !in_check && !gives_check && move_count > 1
            && depth <= opt.losing_move_pruning_depth && best_value > -VALUE_MATE_IN_MAX_PLY;
        if (losing_pruning && m.is_capture()
            && picker.last_exchange() < -LOSING_CAPTURE_MARGIN * depth)
            continue;

        // Checks are extended, but not past twice the nominal depth: shogi's checking drops
        // would otherwise grow some lines without bound.
        const int extension
            = opt.check_extension && gives_check && ss->ply < 2 * root_depth_ ? 1 : 0;
        const int new_depth = depth - 1 + extension;
        ss->current_move    = m;
        if (pv_node) (ss + 1)->pv.clear();
        pos_.do_move(m);
        // A quiet move (or drop) onto a square the opponent wins near the leaves.
        if (losing_pruning && !m.is_capture()
            && quiet_move_loss(pos_, m) > LOSING_QUIET_MARGIN * depth * depth) {
            pos_.undo_move();
            continue;
        }
        Value value;
        if (pv_node && move_count == 1) {
            value = -search<PVNode>(-beta, -alpha, new_depth, ss + 1, false);
        } else {
            int r = 0;
            if (opt.late_reductions && depth >= 3 && move_count > (pv_node ? 3 : 2) && quiet
                && !gives_check && !in_check) {
                r = std::clamp(reduction(depth, move_count) - pv_node + cut_node, 0, new_depth - 1);
            }
            value = -search<NonPV>(-alpha - 1, -alpha, new_depth - r, ss + 1, true);
            if (value > alpha && r > 0)
                value = -search<NonPV>(-alpha - 1, -alpha, new_depth, ss + 1, !cut_node);
            if (pv_node && value > alpha && value < beta)
                value = -search<PVNode>(-beta, -alpha, new_depth, ss + 1, false);
        }
        pos_.undo_move();
        if (shared_.stop) return VALUE_DRAW;
        assert(value > -VALUE_INFINITE && value < VALUE_INFINITE);

        if (value > best_value) {
            best_value = value;
            if (value > alpha) {
                best_move = m;
                if (pv_node) update_pv(ss->pv, m, (ss + 1)->pv);
                if (value >= beta) break;
                alpha = value;
            }
        }
        if (quiet && m != best_move && quiet_count < 64) quiets[quiet_count++] = m;
    }

    // No legal move: the side to move has lost (shogi has no stalemate; an uchifuzume pawn
    // drop is not among the legal moves, so it never mates).
    if (move_count == 0) return mated_in(ss->ply);
    assert(best_value > -VALUE_INFINITE && best_value < VALUE_INFINITE);
    assert(best_move.is_none() || best_value > original_alpha);

    if (best_value >= beta) {
        ++stats_.cutoffs;
        stats_.first_move_cutoffs += move_count == 1;
    }
    if (best_value >= beta && is_quiet(best_move))
        update_quiet_stats(ss, best_move, quiets, quiet_count, depth);

    const Bound bound = best_value >= beta                                    ? BOUND_LOWER
        : pv_node && best_move != Move::none() && best_value > original_alpha ? BOUND_EXACT
                                                                              : BOUND_UPPER;
    shared_.tt->store(pos_.key(), best_move, value_to_tt(best_value, ss->ply), depth, bound);
    return best_value;
}

Value Worker::qsearch(Value alpha, Value beta, Stack* ss) {
    assert(-VALUE_INFINITE <= alpha && alpha < beta && beta <= VALUE_INFINITE);
    count_node();
    const bool in_check = pos_.in_check();
    ++stats_.qsearch;
    stats_.in_check += in_check;
    if (shared_.stop) return VALUE_DRAW;
    if (ss->ply >= MAX_PLY - 16) return in_check ? VALUE_DRAW : eval::static_eval(pos_, *weights_);

    Value best_value = -VALUE_INFINITE;
    Value stand_pat  = VALUE_NONE;
    if (!in_check) {
        stand_pat = best_value = eval::static_eval(pos_, *weights_);
        if (stand_pat >= beta) return stand_pat;
        alpha = std::max(alpha, stand_pat);
    }
    MovePicker picker(pos_, OrderingHints {}, history_, MovePicker::Scope::Tactical);
    int        move_count = 0;
    for (Move m = picker.next(); !m.is_none(); m = picker.next()) {
        ++move_count;
        if (!in_check) {
            const Value swap = picker.last_exchange();
            if (swap < 0) continue;                         // SOMA says it loses material
            if (stand_pat + swap + 100 <= alpha) continue;  // delta: even winning it is too little
        }
        assert(in_check || m.is_capture() || m.is_promotion());
        ss->current_move = m;
        pos_.do_move(m);
        const Value value = -qsearch(-beta, -alpha, ss + 1);
        pos_.undo_move();
        if (shared_.stop) return VALUE_DRAW;
        if (value > best_value) {
            best_value = value;
            if (value >= beta) return value;
            alpha = std::max(alpha, value);
        }
    }
    if (in_check && move_count == 0) return mated_in(ss->ply);
    return best_value;
}

void Worker::update_quiet_stats(Stack* ss, Move best, const Move* quiets, int count, int depth) {
    if (ss->killers[0] != best) {
        ss->killers[1] = ss->killers[0];
        ss->killers[0] = best;
    }
    const Color us    = pos_.side_to_move();
    const int   bonus = std::min(depth * depth * 16, 2000);
    history_.update(us, best, bonus);
    for (int i = 0; i < count; ++i) history_.update(us, quiets[i], -bonus);
}

void Worker::report(int depth) const {
    if (!shared_.on_info) return;
    const int           multipv = std::min<int>(shared_.options.multipv, int(root_moves_.size()));
    const Millis        elapsed = std::max<Millis>(1, elapsed_since(shared_.limits.start));
    const std::uint64_t nodes   = shared_.total_nodes();
    for (int i = 0; i < multipv; ++i) {
        const RootMove& rm = root_moves_[i];
        if (rm.pv.empty()) continue;
        InfoReport info;
        info.depth     = depth;
        info.sel_depth = std::max(rm.sel_depth, depth);
        info.multipv   = i + 1;
        info.score     = rm.score;
        info.bound     = rm.bound;
        info.nodes     = nodes;
        info.nps       = nodes * 1000 / std::uint64_t(elapsed);
        info.time      = elapsed;
        info.hashfull  = shared_.tt->hashfull();
        info.pv        = rm.pv;
        shared_.on_info(info);
    }
}

}  // namespace supersoma::search
