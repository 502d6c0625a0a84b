#include "search/search.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <vector>

#include "engine/movegen.hpp"
#include "eval/evaluate.hpp"
#include "soma/shogi/soma.hpp"
#include "util/text.hpp"

namespace supersoma::search {

namespace {

constexpr int   MAX_LEAF_EXTENSIONS = 1;  // SUPER-SOMA deepenings per path (the article: bounded)
constexpr Value ASPIRATION_DELTA    = 40;
constexpr int   TIME_CHECK_NODES    = 8;  // SUPER-SOMA leaves cost tens of microseconds each
constexpr int   ROOT_OFFSET         = 4;  // stack entries below the root, for (ss - 4) lookups

// Margins in search units (a pawn is 52). Where the idea comes from another engine, the
// margin was set for shogi's values, in which a capture also fills a hand.
constexpr Value FUTILITY_BASE         = 40;  // child futility: base + per reduced ply
constexpr Value FUTILITY_PER_PLY      = 40;
constexpr Value CAPTURE_FUTILITY_BASE = 100;  // the capture's gain comes on top
constexpr Value RAZOR_BASE            = 120;  // razoring: base + per ply squared
constexpr Value RAZOR_PER_PLY_SQUARED = 100;
constexpr Value LOSING_CAPTURE_MARGIN = 60;  // per ply: SOMA may lose this much and be tried
constexpr Value LOSING_QUIET_MARGIN   = 13;  // per reduced ply squared
constexpr Value PROBCUT_MARGIN        = 60;
constexpr Value HYBRID_WINDOW_MARGIN  = 3 * PAWN_UNITS;  // a hybrid leaf farther out: quiescence
constexpr int   NULL_VERIFY_DEPTH     = 14;  // null-move fail highs this deep are verified
constexpr int   SINGULAR_DEPTH        = 8;   // the singular test from this depth on
constexpr int   PROBCUT_DEPTH         = 5;
constexpr int   RAZOR_DEPTH           = 3;
constexpr int   IIR_DEPTH             = 4;
constexpr int   LMP_DEPTH             = 8;

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

// The history bonus of a move that cut off at `depth`, and the malus of those tried before it.
int stat_bonus(int depth) {
    return std::min(160 * depth - 100, 1600);
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

// The index of `name` in `names`, compared without case; -1 if it is not there.
template<std::size_t N>
int index_ignoring_case(const std::array<std::string_view, N>& names, std::string_view name) {
    for (std::size_t i = 0; i < N; ++i)
        if (equal_ignoring_case(names[i], name)) return int(i);
    return -1;
}

}  // namespace

LeafMode leaf_mode_of(const SearchOptions& options) {
    return options.use_super_soma ? options.leaf_mode : LeafMode::QSearch;
}

eval::Learned learned_evaluation_of(const SearchOptions& options) {
    return eval::learned_evaluation(options.eval, options.use_super_soma);
}

std::optional<LeafMode> leaf_mode_named(std::string_view name) {
    const int i = index_ignoring_case(LEAF_MODE_NAMES, name);
    return i < 0 ? std::nullopt : std::optional(LeafMode(i));
}

Worker::Worker(int id, SharedSearch& shared)
    : id_(id)
    , shared_(shared)
    , pos_(Position::startpos()) { }

void Worker::clear() {
    histories_->clear();
    leaf_.clear();
    for (Stack& s : stack_) s.killers[0] = s.killers[1] = Move::none();
}

ContinuationSet Worker::continuation_set(const Stack* ss) {
    return {(ss - 1)->continuation, (ss - 2)->continuation, (ss - 4)->continuation};
}

void Worker::run(const Position& root, const RootMoves& moves) {
    pos_        = root;
    root_moves_ = moves;
    nodes_.store(0, std::memory_order_relaxed);
    stats_           = {};
    next_time_check_ = 0;  // the first node reads the clock and schedules the next reading
    reported_nodes_  = 0;
    reported_at_     = 0;
    unreported_      = false;
    root_color_      = root.side_to_move();
    draw_value_      = from_centipawns(shared_.options.draw_value_cp[root_color_]);
    completed_depth_ = sel_depth_ = 0;
    pondering_                    = shared_.ponder.load();
    time_.init(shared_.limits, root.side_to_move(), root.ply(), shared_.options.margins);
    leaf_.reset_counters();
    learned_ = learned_evaluation_of(shared_.options);
    leaf_.set_settings(shared_.options.leaf);
    leaf_mode_ = leaf_mode_of(shared_.options);
    for (int i = 0; i < MAX_PLY + 8; ++i) {
        stack_[i].ply             = i - ROOT_OFFSET;
        stack_[i].current_move    = Move::none();
        stack_[i].excluded_move   = Move::none();
        stack_[i].continuation    = &histories_->continuation.none();
        stack_[i].static_eval     = VALUE_NONE;
        stack_[i].tt_pv           = false;
        stack_[i].leaf_extensions = 0;
        stack_[i].pv.clear();
    }
    null_move_min_ply_ = 0;
    iterate();
}

void Worker::iterate() {
    const Limits& limits  = shared_.limits;
    const int     multipv = std::min<int>(shared_.options.multipv, int(root_moves_.size()));
    eval::prepare_root(pos_, learned_);
    // Lazy SMP: helpers start one ply deeper on odd ids so the threads spread over depths.
    for (int depth = 1 + (id_ % 2); depth <= MAX_DEPTH; ++depth) {
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
                    && elapsed_since(limits.start) > 1000 && report_due())
                    report();
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
        if (id_ == 0 && !shared_.first_iteration_done) {
            shared_.first_iteration_done = true;
            if (shared_.stop_requested) shared_.stop = true;  // a stop that came before
        }
        if (id_ == 0) {
            if (report_due())
                report();
            else
                unreported_ = true;
        }

        if (limits.depth && depth >= limits.depth) break;
        // One legal move: nothing to choose, keep the clock (one move asked for by searchmoves
        // is searched in full: its score is what was asked).
        if (id_ == 0 && time_.active() && !pondering_ && root_moves_.size() == 1
            && shared_.limits.search_moves.empty())
            break;
        const Value best = root_moves_[0].score;
        // A mate found at this depth may still be beaten by a shorter one that the pruning hid
        // (reductions cut checks on most lines), so stop only once the depth is twice its length.
        if (!limits.infinite && is_mate_score(best) && 2 * (VALUE_MATE - std::abs(best)) <= depth)
            break;
        // The next iteration would not finish before the optimum anyway; but where time not
        // spent is lost, the hard limit stops the search and the interrupted iteration's
        // best move counts (the first move it searches is the last iteration's).
        if (id_ == 0 && time_.active() && !pondering_ && !time_.spends_all()
            && elapsed_since(shared_.limits.start) > time_.optimum() * 6 / 10)
            break;
    }
    // The lines as the search ends: what the interrupted iteration found (a new best move
    // with its bound), an iteration PvInterval held back, and the nodes and time at which
    // the search ended, beside the move it plays.
    if (id_ == 0 && (reported_nodes_ != nodes() || unreported_)) report();
}

Value Worker::search_root(Value alpha, Value beta, int depth) {
    assert(alpha < beta && depth >= 1 && !root_moves_.empty());
    Stack*     ss            = stack_ + ROOT_OFFSET;
    Value      best_value    = -VALUE_INFINITE;
    const bool root_in_check = pos_.in_check();
    ss->pv.clear();
    ss->tt_pv                 = true;
    ss->static_eval           = VALUE_NONE;
    (ss + 1)->leaf_extensions = 0;
    for (int i = pv_index_; i < int(root_moves_.size()); ++i) {
        RootMove&  rm = root_moves_[i];
        const Move m  = rm.move;
        count_node();
        const bool gives_check = pos_.gives_check(m);
        const int  new_depth   = depth - 1;
        ss->current_move       = m;
        ss->continuation
            = &histories_->continuation.at(placed_piece(pos_.side_to_move(), m), m.to());
        (ss + 1)->pv.clear();  // a child that fails high leaves no line of its own
        make_move(m);
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
            rm.score      = value;
            rm.line_score = value;
            rm.depth      = depth;
            rm.sel_depth  = sel_depth_;
            rm.bound = value >= beta ? BOUND_LOWER : value <= alpha ? BOUND_UPPER : BOUND_EXACT;
            update_pv(rm.pv, m, (ss + 1)->pv);
        } else {
            // Below the window: sorted after the searched ones, its line kept as it was.
            rm.score = -VALUE_INFINITE;
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
    // A node entered after the stop returns at once: it is not counted, so limits are exact.
    if (shared_.stop.load(std::memory_order_relaxed)) return;
    nodes_.fetch_add(1, std::memory_order_relaxed);
    if (id_ == 0 && nodes() >= next_time_check_) {
        next_time_check_ = nodes() + TIME_CHECK_NODES;
        // A node limit is kept exactly (one thread): `go nodes 300` searches 300 nodes.
        if (const std::uint64_t limit = shared_.limits.nodes; limit > nodes())
            next_time_check_ = std::min(next_time_check_, limit);
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
        value = them_checked                     ? mate_in(ss->ply)
            : us_checked                         ? mated_in(ss->ply)
            : pos_.side_to_move() == root_color_ ? draw_value_
                                                 : -draw_value_;
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

bool Worker::verdict_at_inner_node() const {
    return shared_.options.use_super_soma && leaf_mode_ != LeafMode::QSearch;
}

Value Worker::node_eval(bool with_verdict, Move& soma_move) {
    const Value base = static_value();
    if (!with_verdict) return base;
    const eval::LeafVerdict& verdict = leaf_.evaluate(pos_);
    if (shared_.options.soma_ordering) soma_move = verdict.first;
    return base + verdict.net;
}

Value Worker::leaf_value(Value alpha, Value beta, Stack* ss) {
    assert(!pos_.in_check() && "a side in check is searched, never valued at a leaf");
    if (leaf_mode_ == LeafMode::QSearch) return qsearch(alpha, beta, ss);
    if (leaf_mode_ == LeafMode::Hybrid) return hybrid_leaf_value(alpha, beta, ss);
    const Value              base    = static_value();
    const eval::LeafVerdict& verdict = leaf_.evaluate(pos_);
    // The evaluator says it cannot be trusted here: search one ply more instead (bounded),
    // as a PV node when the leaf's window is open.
    if (verdict.too_complex && shared_.options.soma_extension
        && ss->leaf_extensions < MAX_LEAF_EXTENSIONS) {
        ++ss->leaf_extensions;
        const Value value = beta - alpha > 1 ? search<PVNode>(alpha, beta, 1, ss, false)
                                             : search<NonPV>(alpha, beta, 1, ss, false);
        --ss->leaf_extensions;
        return value;
    }
    return base + verdict.net;
}

// The article's division of labour: the evaluator resolves the simple leaves and says where
// search is needed. A leaf far outside the window is left to quiescence, which settles it
// from the stand-pat at once or by the captures that matter, and so is one the verdict calls
// too complex; the others take the static value plus the verdict's net, as the inner nodes
// do (with the static value alone there, pruning misjudged the leaves and missed mates).
Value Worker::hybrid_leaf_value(Value alpha, Value beta, Stack* ss) {
    const Value base = static_value();
    if (base + HYBRID_WINDOW_MARGIN <= alpha || base - HYBRID_WINDOW_MARGIN >= beta)
        return qsearch(alpha, beta, ss);
    const eval::LeafVerdict& verdict = leaf_.evaluate(pos_);
    if (verdict.too_complex) return qsearch(alpha, beta, ss);
    return base + verdict.net;
}

template<Worker::NodeType nt>
Value Worker::search(Value alpha, Value beta, int depth, Stack* ss, bool cut_node) {
    constexpr bool pv_node  = nt == PVNode;
    const bool     in_check = pos_.in_check();
    const Move     excluded = ss->excluded_move;
    assert(-VALUE_INFINITE <= alpha && alpha < beta && beta <= VALUE_INFINITE);
    assert(pv_node || alpha == beta - 1);
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
    if (ss->ply >= MAX_PLY - 16) return in_check ? VALUE_DRAW : static_value();
    if (depth <= 0 && !in_check) return leaf_value(alpha, beta, ss);
    depth = std::max(depth, 1);
    assert(depth < MAX_PLY);

    // Mate distance pruning: no line can beat a mate found nearer the root.
    alpha = std::max(mated_in(ss->ply), alpha);
    beta  = std::min(mate_in(ss->ply + 1), beta);
    if (alpha >= beta) return alpha;

    const SearchOptions& opt = shared_.options;
    (ss + 1)->excluded_move  = Move::none();
    (ss + 2)->killers[0] = (ss + 2)->killers[1] = Move::none();

    // The table, except under the singular test (whose result is not the node's).
    TTData      tt;
    const bool  tt_hit = excluded.is_none() && shared_.tt->probe(pos_.key(), tt);
    const Value tt_value
        = tt_hit && tt.bound != BOUND_NONE ? value_from_tt(tt.value, ss->ply) : VALUE_NONE;
    const Move tt_move = tt_hit ? tt.move : Move::none();
    if (excluded.is_none()) ss->tt_pv = pv_node || (tt_hit && tt.is_pv);
    if (!pv_node && tt_value != VALUE_NONE && tt.depth >= depth
        && (tt.bound & (tt_value >= beta ? BOUND_LOWER : BOUND_UPPER)))
        return tt_value;

    // The static evaluation: from the table when it is there (QSearch leaves), made and
    // stored otherwise. A SuperSoma eval includes the verdict, cached by the leaf.
    OrderingHints hints;
    hints.tt_move    = tt_move;
    hints.killers[0] = ss->killers[0];
    hints.killers[1] = ss->killers[1];
    if (const Move prev = (ss - 1)->current_move; !prev.is_none() && !prev.is_pass())
        hints.counter
            = histories_->counters.get(placed_piece(~pos_.side_to_move(), prev), prev.to());
    Value eval = VALUE_NONE;
    if (in_check) {
        ss->static_eval = VALUE_NONE;
    } else if (!excluded.is_none()) {
        eval = ss->static_eval;  // the node's own, made before the singular test
    } else {
        const bool with_verdict = verdict_at_inner_node();
        const bool from_table
            = tt_hit && tt.eval != VALUE_NONE && !with_verdict && !incremental_eval();
        ss->static_eval = eval = from_table ? tt.eval : node_eval(with_verdict, hints.soma_move);
        if (!tt_hit)
            shared_.tt->store(
                pos_.key(), Move::none(), VALUE_NONE, eval, -1, BOUND_NONE, ss->tt_pv);
        // The table's bound is a better guess than the static value when it points its way.
        if (tt_value != VALUE_NONE && !is_mate_score(tt_value)
            && (tt.bound & (tt_value > eval ? BOUND_LOWER : BOUND_UPPER)))
            eval = tt_value;
    }
    // Improving: the static eval rose over our previous move (two plies, or four past a check).
    const bool improving = !in_check
        && ((ss - 2)->static_eval != VALUE_NONE       ? ss->static_eval > (ss - 2)->static_eval
                : (ss - 4)->static_eval != VALUE_NONE ? ss->static_eval > (ss - 4)->static_eval
                                                      : true);

    const bool prunable = !pv_node && !in_check && excluded.is_none();

    // Razoring: so far below alpha that only a tactic could save it; ask the leaf.
    if (prunable && opt.razoring && depth <= RAZOR_DEPTH && !is_mate_score(alpha)
        && eval < alpha - RAZOR_BASE - RAZOR_PER_PLY_SQUARED * depth * depth) {
        const Value value = leaf_value(alpha - 1, alpha, ss);
        if (value < alpha) return value;
    }

    // Reverse futility: far enough above beta that a shallow search will not fall back.
    if (prunable && opt.futility && depth <= opt.reverse_futility_depth && !is_mate_score(beta)
        && eval < VALUE_MATE_IN_MAX_PLY
        && eval - opt.reverse_futility_margin * (depth - improving) >= beta)
        return eval;

    // Null move: passing and still failing high means the position is good enough. The
    // reduction grows with the depth and with how far the eval stands above beta.
    if (prunable && opt.null_move && depth >= 3 && eval >= beta && ss->static_eval >= beta
        && !(ss - 1)->current_move.is_pass() && !is_mate_score(beta)
        && ss->ply >= null_move_min_ply_) {
        const int r      = 3 + depth / 3 + std::min(int((eval - beta) / (2 * PAWN_UNITS)), 3);
        ss->current_move = Move::pass();
        ss->continuation = &histories_->continuation.none();
        make_move(Move::pass());
        Value value = -search<NonPV>(-beta, -beta + 1, depth - r, ss + 1, !cut_node);
        pos_.undo_move();
        if (shared_.stop) return VALUE_DRAW;
        if (value >= beta && !is_mate_score(value)) {
            if (null_move_min_ply_ || depth < NULL_VERIFY_DEPTH) return value;
            // Deep: verify with a search of our own that may not pass for a while (zugzwang
            // is rare in shogi, but a verified cut costs little this deep).
            null_move_min_ply_ = ss->ply + 3 * (depth - r) / 4;
            value              = search<NonPV>(beta - 1, beta, depth - r, ss, false);
            null_move_min_ply_ = 0;
            if (value >= beta) return value;
        }
    }

    // Internal iterative reduction: a node the table knows nothing of is searched shallower.
    if (opt.internal_reduction && (pv_node || cut_node) && depth >= IIR_DEPTH && tt_move.is_none())
        --depth;

    // ProbCut: a good capture whose reduced search beats beta by a margin cuts the node.
    const Value probcut_beta = beta + PROBCUT_MARGIN;
    if (prunable && opt.probcut && depth >= PROBCUT_DEPTH && !is_mate_score(beta)
        && !(tt_value != VALUE_NONE && tt.depth >= depth - 3 && tt_value < probcut_beta)) {
        MovePicker probcut(pos_, tt_move, probcut_beta - ss->static_eval, *histories_);
        for (Move m = probcut.next(); !m.is_none(); m = probcut.next()) {
            if (m == excluded) continue;
            ss->current_move = m;
            ss->continuation
                = &histories_->continuation.at(placed_piece(pos_.side_to_move(), m), m.to());
            make_move(m);
            Value value = -qsearch(-probcut_beta, -probcut_beta + 1, ss + 1);
            if (value >= probcut_beta)
                value = -search<NonPV>(
                    -probcut_beta, -probcut_beta + 1, depth - 4, ss + 1, !cut_node);
            pos_.undo_move();
            if (shared_.stop) return VALUE_DRAW;
            if (value >= probcut_beta) {
                shared_.tt->store(pos_.key(), m, value_to_tt(value, ss->ply), ss->static_eval,
                    depth - 3, BOUND_LOWER, ss->tt_pv);
                return value - (probcut_beta - beta);
            }
        }
    }

    const ContinuationSet continuation = continuation_set(ss);
    MovePicker            picker(pos_, hints, *histories_, continuation);
    Value                 best_value = -VALUE_INFINITE;
    Move                  best_move  = Move::none();
    int                   move_count = 0;
    Move                  quiets[64], captures[32];
    int                   quiet_count = 0, capture_count = 0;
    bool                  skip_quiets    = false;
    const Value           original_alpha = alpha;
    const Color           us             = pos_.side_to_move();

    for (Move m = picker.next(skip_quiets); !m.is_none(); m = picker.next(skip_quiets)) {
        if (m == excluded) continue;
        ++move_count;
        assert(!m.is_pass());
        const bool  gives_check = pos_.gives_check(m);
        const bool  quiet       = is_quiet(m);
        const Piece placed      = placed_piece(us, m);
        int         new_depth   = depth - 1;
        const int   history     = quiet ? 2 * histories_->butterfly.get(us, m)
                + (*continuation[0])[placed][m.to()] + (*continuation[1])[placed][m.to()]
                                        : histories_->captures.get(us, m);

        // Pruning at shallow depth, once a move has kept us from being mated.
        const int lmr_depth         = std::max(new_depth - reduction(depth, move_count), 0);
        bool      losing_quiet_test = false;
        if (!pv_node && best_value > -VALUE_MATE_IN_MAX_PLY && !in_check) {
            // Late-move pruning: ordered this late, the remaining quiet moves seldom matter
            // (quiet checks go on: a drop that mates is often ordered late).
            if (opt.late_move_pruning_base && depth <= LMP_DEPTH
                && move_count >= (opt.late_move_pruning_base + 2 * depth * depth) / (2 - improving))
                skip_quiets = true;
            const bool see_pruning = lmr_depth <= opt.losing_move_pruning_depth;
            if (!quiet) {
                // Futility for captures: even winning what stands there would not reach alpha.
                if (opt.futility && !gives_check && lmr_depth < 7 && m.is_capture()
                    && ss->static_eval + CAPTURE_FUTILITY_BASE + FUTILITY_PER_PLY * 2 * lmr_depth
                            + eval::search_profile().capture_gain(m.captured())
                        <= alpha)
                    continue;
                // SOMA says the exchange loses more than the depth allows (checks too).
                if (see_pruning && picker.last_exchange() < -LOSING_CAPTURE_MARGIN * depth)
                    continue;
            } else {
                if (skip_quiets && !gives_check) continue;  // the picker keeps checks
                // History says this move has failed here for a long time.
                if (lmr_depth < 4 && history < -4000 * depth) continue;
                // Futility: a quiet move this far below alpha will not reach it.
                if (opt.futility && !gives_check && lmr_depth < 9
                    && ss->static_eval + FUTILITY_BASE + FUTILITY_PER_PLY * lmr_depth <= alpha) {
                    if (!is_mate_score(alpha))
                        best_value = std::max(best_value,
                            ss->static_eval + FUTILITY_BASE + FUTILITY_PER_PLY * lmr_depth);
                    continue;
                }
                losing_quiet_test = see_pruning;
            }
        }

        // Extensions: the singular hash move, and (when enabled) checks.
        int extension = 0;
        if (opt.singular_extension && m == tt_move && excluded.is_none() && depth >= SINGULAR_DEPTH
            && ss->ply < 2 * root_depth_ && tt_value != VALUE_NONE && !is_mate_score(tt_value)
            && (tt.bound & BOUND_LOWER) && tt.depth >= depth - 3) {
            const Value singular_beta = tt_value - 2 * depth;
            ss->excluded_move         = m;
            const Value value
                = search<NonPV>(singular_beta - 1, singular_beta, (depth - 1) / 2, ss, cut_node);
            ss->excluded_move = Move::none();
            if (shared_.stop) return VALUE_DRAW;
            if (value < singular_beta)
                extension = 1;  // only this move holds: look deeper
            else if (singular_beta >= beta)
                return singular_beta;  // multi-cut: another move beats beta too
            else if (tt_value >= beta)
                extension = -1;  // the hash move is not alone in failing high
        }
        new_depth += extension;

        ss->current_move = m;
        ss->continuation = &histories_->continuation.at(placed, m.to());
        if (pv_node) (ss + 1)->pv.clear();
        make_move(m);
        // A quiet move (or drop) onto a square the opponent wins near the leaves.
        if (losing_quiet_test
            && quiet_move_loss(pos_, m) > LOSING_QUIET_MARGIN * (lmr_depth + 1) * (lmr_depth + 1)) {
            pos_.undo_move();
            continue;
        }
        Value value;
        if (pv_node && move_count == 1) {
            value = -search<PVNode>(-beta, -alpha, new_depth, ss + 1, false);
        } else {
            // Late-move reductions for every move: more at cut nodes and when not improving,
            // less on a principal variation, for a check, a killer and a move history likes.
            int r = 0;
            if (opt.late_reductions && depth >= 2 && move_count > 1 + pv_node) {
                r = reduction(depth, move_count) + 2 * cut_node + !improving - ss->tt_pv - pv_node
                    - gives_check - (m == hints.killers[0] || m == hints.killers[1])
                    - history / (quiet ? 8000 : 4000);
                if (!quiet && picker.last_exchange() >= 0) --r;
            }
            const int reduced
                = new_depth <= 1 ? new_depth : std::clamp(new_depth - r, 1, new_depth);
            value = -search<NonPV>(-alpha - 1, -alpha, reduced, ss + 1, true);
            if (value > alpha && reduced < new_depth)
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
        if (m != best_move) {
            if (quiet && quiet_count < 64) quiets[quiet_count++] = m;
            if (m.is_capture() && capture_count < 32) captures[capture_count++] = m;
        }
    }

    // No legal move: the side to move has lost (shogi has no stalemate; an uchifuzume pawn
    // drop is not among the legal moves, so it never mates). Under the singular test the
    // excluded move was the only one.
    if (move_count == 0) return excluded.is_none() ? mated_in(ss->ply) : alpha;
    if (best_value == -VALUE_INFINITE) best_value = alpha;  // every move pruned
    assert(best_value > -VALUE_INFINITE && best_value < VALUE_INFINITE);
    assert(best_move.is_none() || best_value > original_alpha);

    if (best_value >= beta) {
        ++stats_.cutoffs;
        stats_.first_move_cutoffs += move_count == 1;
        update_stats(ss, best_move, quiets, quiet_count, captures, capture_count, depth);
    }

    if (excluded.is_none()) {
        const Bound bound = best_value >= beta                                    ? BOUND_LOWER
            : pv_node && best_move != Move::none() && best_value > original_alpha ? BOUND_EXACT
                                                                                  : BOUND_UPPER;
        shared_.tt->store(pos_.key(), best_move, value_to_tt(best_value, ss->ply), ss->static_eval,
            depth, bound, ss->tt_pv);
    }
    return best_value;
}

Value Worker::qsearch(Value alpha, Value beta, Stack* ss) {
    assert(-VALUE_INFINITE <= alpha && alpha < beta && beta <= VALUE_INFINITE);
    count_node();
    const bool in_check = pos_.in_check();
    ++stats_.qsearch;
    stats_.in_check += in_check;
    if (shared_.stop) return VALUE_DRAW;
    if (ss->ply >= MAX_PLY - 16) return in_check ? VALUE_DRAW : static_value();
    const bool null_window = beta - alpha == 1;

    TTData      tt;
    const bool  tt_hit = shared_.tt->probe(pos_.key(), tt);
    const Value tt_value
        = tt_hit && tt.bound != BOUND_NONE ? value_from_tt(tt.value, ss->ply) : VALUE_NONE;
    if (null_window && tt_value != VALUE_NONE && tt.depth >= 0
        && (tt.bound & (tt_value >= beta ? BOUND_LOWER : BOUND_UPPER)))
        return tt_value;

    Value best_value  = -VALUE_INFINITE;
    Value stand_pat   = VALUE_NONE;
    Value static_eval = VALUE_NONE;
    if (!in_check) {
        const bool from_table = tt_hit && tt.eval != VALUE_NONE && !incremental_eval();
        static_eval           = from_table ? tt.eval : static_value();
        stand_pat             = static_eval;
        if (tt_value != VALUE_NONE && !is_mate_score(tt_value)
            && (tt.bound & (tt_value > stand_pat ? BOUND_LOWER : BOUND_UPPER)))
            stand_pat = tt_value;
        if (stand_pat >= beta) {
            if (!tt_hit)
                shared_.tt->store(pos_.key(), Move::none(), value_to_tt(stand_pat, ss->ply),
                    static_eval, 0, BOUND_LOWER, false);
            return stand_pat;
        }
        best_value = stand_pat;
        alpha      = std::max(alpha, stand_pat);
    }
    const Value           original_alpha = alpha;
    const ContinuationSet continuation   = continuation_set(ss);
    MovePicker            picker(pos_, tt_hit ? tt.move : Move::none(), *histories_, continuation);
    Move                  best_move  = Move::none();
    int                   move_count = 0;
    for (Move m = picker.next(); !m.is_none(); m = picker.next()) {
        ++move_count;
        if (!in_check) {
            const Value swap = picker.last_exchange();
            if (swap < 0) continue;                         // SOMA says it loses material
            if (stand_pat + swap + 100 <= alpha) continue;  // delta: even winning it is too little
        }
        assert(in_check || m.is_capture() || m.is_promotion());
        ss->current_move = m;
        ss->continuation
            = &histories_->continuation.at(placed_piece(pos_.side_to_move(), m), m.to());
        make_move(m);
        const Value value = -qsearch(-beta, -alpha, ss + 1);
        pos_.undo_move();
        if (shared_.stop) return VALUE_DRAW;
        if (value > best_value) {
            best_value = value;
            if (value > alpha) {
                best_move = m;
                if (value >= beta) break;
                alpha = value;
            }
        }
    }
    if (in_check && move_count == 0) return mated_in(ss->ply);
    const Bound bound = best_value >= beta            ? BOUND_LOWER
        : best_value > original_alpha && !null_window ? BOUND_EXACT
                                                      : BOUND_UPPER;
    shared_.tt->store(
        pos_.key(), best_move, value_to_tt(best_value, ss->ply), static_eval, 0, bound, false);
    return best_value;
}

void Worker::update_continuation(Stack* ss, Move m, int bonus) {
    const Piece pc = placed_piece(pos_.side_to_move(), m);
    for (int back : {1, 2, 4})
        apply_bonus<ContinuationHistory::LIMIT>((*(ss - back)->continuation)[pc][m.to()], bonus);
}

void Worker::update_stats(Stack* ss, Move best, const Move* quiets, int quiet_count,
    const Move* captures, int capture_count, int depth) {
    const Color us    = pos_.side_to_move();
    const int   bonus = stat_bonus(depth);
    if (is_quiet(best)) {
        if (ss->killers[0] != best) {
            ss->killers[1] = ss->killers[0];
            ss->killers[0] = best;
        }
        if (const Move prev = (ss - 1)->current_move; !prev.is_none() && !prev.is_pass())
            histories_->counters.set(placed_piece(~us, prev), prev.to(), best);
        histories_->butterfly.update(us, best, bonus);
        update_continuation(ss, best, bonus);
        for (int i = 0; i < quiet_count; ++i) {
            histories_->butterfly.update(us, quiets[i], -bonus);
            update_continuation(ss, quiets[i], -bonus);
        }
    } else if (best.is_capture()) {
        histories_->captures.update(us, best, bonus);
    }
    for (int i = 0; i < capture_count; ++i) histories_->captures.update(us, captures[i], -bonus);
}

bool Worker::report_due() const {
    return elapsed_since(shared_.started) - reported_at_ >= shared_.options.pv_interval_ms;
}

void Worker::report() {
    if (!shared_.on_info) return;
    reported_nodes_   = nodes();
    reported_at_      = elapsed_since(shared_.started);
    unreported_       = false;
    const int multipv = std::min<int>(shared_.options.multipv, int(root_moves_.size()));
    const std::optional<MateResult>& mate = shared_.root_mate;
    int                              slot = 0;
    // A report names one depth for all its lines: an interrupted iteration leaves some root
    // moves searched one ply deeper than others, and a GUI shows the slots of one depth
    // together (every slot at each depth), so the lines go out at the shallowest one's.
    std::vector<InfoReport> lines;  // a report is rare: outside the nodes' path
    lines.reserve(std::size_t(multipv));
    if (mate) {
        // The proof comes first unless the search's own line for its move mates as fast.
        const auto mating = std::find_if(root_moves_.begin(), root_moves_.end(),
            [&](const RootMove& rm) { return rm.move == mate->line.front(); });
        assert(mating != root_moves_.end());
        InfoReport  info  = line_report(*mating, ++slot);
        const Value proof = mate_in(int(mate->line.size()));
        if (mating->pv.empty() || mating->line_score < proof) {
            info.depth     = std::max({info.depth, completed_depth_, 1});
            info.sel_depth = std::max(info.depth, int(mate->line.size()));
            info.score     = proof;
            info.bound     = BOUND_EXACT;
            info.pv.assign(mate->line.begin(), mate->line.end());
        }
        lines.push_back(std::move(info));
    }
    for (int i = 0; i < int(root_moves_.size()) && slot < multipv; ++i) {
        const RootMove& rm = root_moves_[i];
        if (rm.pv.empty() || (mate && rm.move == mate->line.front())) continue;
        lines.push_back(line_report(rm, ++slot));
    }
    int depth = MAX_DEPTH;
    for (const InfoReport& info : lines) depth = std::min(depth, info.depth);
    for (InfoReport& info : lines) {
        info.sel_depth = std::max(info.sel_depth, info.depth);
        info.depth     = depth;
        shared_.on_info(info);
    }
}

InfoReport Worker::line_report(const RootMove& rm, int multipv) {
    const Millis elapsed = std::max<Millis>(1, elapsed_since(shared_.started));
    InfoReport   info;
    info.depth     = std::max(rm.depth, 1);
    info.sel_depth = std::max(rm.sel_depth, info.depth);
    info.multipv   = multipv;
    info.score     = rm.line_score;
    info.bound     = rm.bound;
    info.nodes     = shared_.total_nodes();
    info.nps       = info.nodes * 1000 / std::uint64_t(elapsed);
    info.time      = elapsed;
    info.hashfull  = shared_.tt->hashfull();
    info.pv        = rm.pv;
    extend_pv(info.pv);
    return info;
}

void Worker::extend_pv(PV& pv) {
    // The root position is on the board between iterations, when reports are made.
    int played = 0;
    for (Move m : pv) {
        assert(is_legal(pos_, m));  // the search's own line
        pos_.do_move(m);
        ++played;
    }
    while (pv.size() < pv.capacity() && played < MAX_PLY - 16) {
        TTData tt;
        if (!shared_.tt->probe(pos_.key(), tt) || tt.move.is_none() || !is_legal(pos_, tt.move))
            break;
        pos_.do_move(tt.move);
        ++played;
        pv.push_back(tt.move);
        if (repetition(pos_, 2) != Repetition::None || !has_legal_move(pos_)) break;
    }
    while (played-- > 0) pos_.undo_move();
}

}  // namespace supersoma::search
