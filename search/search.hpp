#pragma once
// One search thread: iterative deepening, principal-variation alpha-beta with aspiration
// windows, leaves valued by a quiescence search or, with SUPER-SOMA in play, by its verdicts.

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include <boost/container/static_vector.hpp>

#include "engine/position.hpp"
#include "engine/rules.hpp"
#include "eval/evaluate.hpp"
#include "eval/kp.hpp"
#include "eval/leaf.hpp"
#include "search/mate.hpp"
#include "search/movepick.hpp"
#include "search/timeman.hpp"
#include "search/tt.hpp"
#include "search/values.hpp"

namespace supersoma::search {

/// The deepest iteration: the transposition table keeps depths in 8 bits, and no depth along
/// a line exceeds its root's (extensions at most make up for the ply).
constexpr int MAX_DEPTH = 127;

/// How a leaf (depth exhausted, not in check) is valued.
enum class LeafMode {
    SuperSoma,  // material + positional + SUPER-SOMA's net; critical leaves one ply deeper
    QSearch,    // classical captures-and-promotions quiescence with SOMA pruning and stand-pat
    Hybrid,     // SuperSoma's inner nodes; leaves far from the window or too complex: quiescence
};

/// The leaf modes' names (USI LeafMode, the command line's --leaf in any case), in the enum's
/// order.
inline constexpr std::array<std::string_view, 3> LEAF_MODE_NAMES
    = {"SuperSoma", "QSearch", "Hybrid"};

/// The leaf mode called `name` (any case), or nullopt.
std::optional<LeafMode> leaf_mode_named(std::string_view name);

/// Search settings; every pruning and extension can be switched off for measurement. The
/// defaults are the strongest settings the matches found (docs/strength.md).
struct SearchOptions {
    // Every use of SUPER-SOMA in play: the network with the XREF's threat inputs (the
    // built-in one; docs/strength.md has its Elo over the network without them) and the
    // verdicts of a SUPER-SOMA leaf_mode. Off: the network without threat inputs and
    // quiescence leaves, no verdict anywhere.
    bool use_super_soma = true;
    // The leaves: quiescence (+520 Elo at 200 ms over Hybrid, judging openings), or the
    // article's shallow search with SUPER-SOMA's verdicts at inner nodes and leaves (Hybrid,
    // +92 Elo over SuperSoma on the 300 match openings), in play only with use_super_soma.
    LeafMode leaf_mode       = LeafMode::QSearch;
    bool     aspiration      = true;
    bool     null_move       = true;  // with verification at high depth
    bool     late_reductions = true;  // every move after the first, by history and node type
    bool     futility        = true;  // futility for quiet moves and captures on the reduced depth
    bool     razoring        = true;  // a hopeless shallow node asks quiescence first
    bool     probcut         = true;  // a capture that beats beta by a margin at reduced depth
    bool     singular_extension = true;  // the hash move alone holds: one ply more (and multi-cut)
    bool     internal_reduction = true;  // no hash move at a PV or cut node: one ply less
    bool     soma_ordering      = true;  // SUPER-SOMA's first move early in move ordering
    bool     soma_extension     = true;  // critical leaves searched one ply deeper
    eval::EvalSettings eval;             // the static evaluation (learned, or material only)
    int                multipv           = 1;
    int                max_moves_to_draw = 0;  // 0: no limit; else draw once the game ply passes it
    EnteringKingRule   entering_king     = EnteringKingRule::Point27;
    int                resign_value      = 0;  // centipawns; resign below -resign_value (0: never)
    // What a repetition draw is worth, in centipawns, to the side to move at the root, by its
    // colour (USI DrawValueBlack, DrawValueWhite); its opponent in the tree counts the opposite.
    int draw_value_cp[COLOR_NB] = {0, 0};
    // A df-pn mate probe of the root before the search: this many nodes (a budget the
    // machine's load cannot shrink), stopped short only by the move's clock (an eighth of
    // its planned time); 0: none. A proven mate is played at once, or in analysis (infinite,
    // MultiPV) reported beside the search's lines.
    int root_mate_probe_nodes = 40'000;  // 100 ms of the solver on an idle machine
    // At most one report of completed iterations per this many ms (the last always comes).
    int pv_interval_ms = 0;
    // How the SUPER-SOMA leaf weighs parries and discounts its net (docs/accuracy.md).
    eval::LeafSettings leaf;
    // Reverse futility: a non-PV node at most this deep whose eval is the margin per ply
    // (one ply less when the eval improves on two plies before) above beta fails high
    // unsearched.
    int reverse_futility_depth  = 8;
    int reverse_futility_margin = 50;  // search units (values.hpp); the USI option is in cp
    // Late-move pruning: at non-PV nodes, quiet moves after the first
    // (base + 2 depth^2) / (2 - improving) are not searched; 0: off.
    int late_move_pruning_base = 5;
    // Losing-move pruning: at non-PV nodes at most this many plies (after reduction) from
    // the leaves, a capture or a check whose SOMA loses too much for the depth, or a move
    // onto a square where the opponent then wins too much, is not searched; 0: off.
    int         losing_move_pruning_depth = 8;
    TimeMargins margins;

    bool operator==(const SearchOptions&) const = default;
};

/// The leaf mode `options` play with: QSearch when SUPER-SOMA is off.
LeafMode leaf_mode_of(const SearchOptions& options);

/// The learned evaluation `options` play with: with SUPER-SOMA in play, the network with the
/// threat inputs.
eval::Learned learned_evaluation_of(const SearchOptions& options);

using PV = boost::container::static_vector<Move, MAX_PLY>;

/// A root move with its latest score and line.
struct RootMove {
    Move  move;
    Value score          = -VALUE_INFINITE;
    Value previous_score = -VALUE_INFINITE;
    // The line as last found, reported as it is: the root depth of the search that found
    // it, its score (`score` is the sort key, -VALUE_INFINITE for a move that failed low),
    // how that relates to the true value, and its moves. No line before the move's first
    // score.
    int   depth      = 0;
    Value line_score = -VALUE_INFINITE;
    Bound bound      = BOUND_EXACT;
    int   sel_depth  = 0;
    PV    pv;
};
using RootMoves = boost::container::static_vector<RootMove, MAX_MOVES>;

/// One `info` report of the main thread.
struct InfoReport {
    int           depth = 0, sel_depth = 0, multipv = 1;
    Value         score = 0;
    Bound         bound = BOUND_EXACT;
    std::uint64_t nodes = 0, nps = 0;
    Millis        time     = 0;
    int           hashfull = 0;
    PV            pv;
};

/// State the threads of one search share; owned by the ThreadPool.
struct SharedSearch {
    TranspositionTable* tt = nullptr;
    SearchOptions       options;
    Limits              limits;   // its start moves to the ponderhit, for the clock
    TimePoint           started;  // when `go` came: info's time and nps count from here
    std::atomic<bool>   stop {false};
    // The GUI's `stop`: it stops the search once the main thread has completed its first
    // iteration, so that every MultiPV line has a score to report (the root probe ends at
    // once). Until then only the limits set `stop`.
    std::atomic<bool>         stop_requested {false};
    std::atomic<bool>         first_iteration_done {false};
    std::atomic<bool>         ponder {false};    // cleared by ponderhit
    std::atomic<std::int64_t> ponderhit_at {0};  // steady_clock ticks of the ponderhit
    // The clock `ponderhit` brought (written before `ponder` is cleared, read after): when it
    // has one, it replaces the clock of `go ponder`.
    Limits ponderhit_clock;
    // A mate the root probe proved, reported beside the search's lines (analysis only).
    std::optional<MateResult>              root_mate;
    std::function<void(const InfoReport&)> on_info;
    std::function<std::uint64_t()>         total_nodes;
};

/// The shape of one worker's tree, for `supersoma bench` and docs/search.md.
struct SearchStats {
    std::uint64_t in_check           = 0;  // nodes whose side to move is in check
    std::uint64_t qsearch            = 0;  // quiescence nodes
    std::uint64_t cutoffs            = 0;  // interior nodes that failed high
    std::uint64_t first_move_cutoffs = 0;  // of those, on the first move searched
    // Nodes searched when each iteration completed: the branching factor is their growth.
    std::array<std::uint64_t, MAX_PLY> nodes_at_depth {};
};

/// The per-ply record of the search stack.
struct Stack {
    int             ply             = 0;
    Move            current_move    = Move::none();
    Move            excluded_move   = Move::none();  // the singular test searches without it
    Move            killers[2]      = {Move::none(), Move::none()};
    PieceToHistory* continuation    = nullptr;  // the table of this ply's move, for its successors
    Value           static_eval     = VALUE_NONE;  // VALUE_NONE in check
    bool            tt_pv           = false;       // on a principal variation now or once
    int             leaf_extensions = 0;           // SUPER-SOMA deepenings on the path to this node
    PV              pv;
};

class Worker {
public:
    Worker(int id, SharedSearch& shared);

    /// Searches `root` (with its game history) until the limits or `stop`; fills root_moves().
    void run(const Position& root, const RootMoves& moves);

    const RootMoves& root_moves() const { return root_moves_; }
    int              completed_depth() const { return completed_depth_; }
    std::uint64_t    nodes() const { return nodes_.load(std::memory_order_relaxed); }
    /// The shape of the tree of the last search (main thread: complete; helpers: their own).
    const SearchStats& stats() const { return stats_; }
    eval::SomaLeaf&    leaf() { return leaf_; }
    /// Clears what a new game should not inherit (history, killers, leaf cache).
    void clear();

private:
    enum NodeType { NonPV, PVNode };

    void  iterate();
    Value search_root(Value alpha, Value beta, int depth);
    template<NodeType nt>
    Value search(Value alpha, Value beta, int depth, Stack* ss, bool cut_node);
    Value qsearch(Value alpha, Value beta, Stack* ss);
    // A leaf of LeafMode::Hybrid: SUPER-SOMA's net or quiescence.
    Value hybrid_leaf_value(Value alpha, Value beta, Stack* ss);
    Value leaf_value(Value alpha, Value beta, Stack* ss);
    /// Whether inner nodes take a SUPER-SOMA verdict: with SUPER-SOMA, unless the leaves are
    /// quiescence (docs/strength.md: every other split judged lost).
    bool verdict_at_inner_node() const;
    /// The static value of an inner node: material, positional and the verdict's net if
    /// `with_verdict` (whose first move goes to `soma_move`).
    Value node_eval(bool with_verdict, Move& soma_move);
    /// Makes a move of the search, having noted for the evaluations below it what the move
    /// into this node changed (eval::note_move: the board shows it only now).
    void make_move(Move m) {
        eval::note_move(pos_, learned_);
        pos_.do_move(m);
    }
    /// The static evaluation the options chose, side to move's view (eval/evaluate.hpp).
    Value static_value() const { return eval::static_value(pos_, learned_); }
    /// True when the KP evaluation plays, whose sums are kept up to date from the parent's:
    /// it is recomputed even where the table holds it, which costs less than a sum from
    /// scratch at the children of a node whose sums were never made. (Positions short of a
    /// king, valued by material, are rare enough to be recomputed too.) The network's value
    /// is read from the table: its dense layers cost more than a child's walk two plies back.
    bool incremental_eval() const { return learned_.kp != nullptr; }
    bool rule_value(const Stack* ss, Value& value) const;
    void count_node();
    void check_time();
    /// Reports the lines of the first MultiPV root moves as they stand (after an iteration,
    /// an aspiration bound, or the end of the search); the root mate probe's line first.
    void report();
    /// True once PvInterval has passed since the last report.
    bool report_due() const;
    /// The InfoReport of root move `rm` as slot `multipv`, its line extended by the table.
    InfoReport line_report(const RootMove& rm, int multipv);
    /// `pv` followed through the table's moves as far as they are legal and do not repeat.
    void extend_pv(PV& pv);
    /// The continuation tables this node's ordering reads (1, 2 and 4 plies back).
    static ContinuationSet continuation_set(const Stack* ss);
    void                   update_continuation(Stack* ss, Move m, int bonus);
    void                   update_stats(Stack* ss, Move best, const Move* quiets, int quiet_count,
                          const Move* captures, int capture_count, int depth);

    int                        id_;
    SharedSearch&              shared_;
    Position                   pos_;
    RootMoves                  root_moves_;
    int                        root_depth_ = 0, pv_index_ = 0, sel_depth_ = 0, completed_depth_ = 0;
    std::atomic<std::uint64_t> nodes_ {0};
    std::uint64_t              next_time_check_ = 0;
    std::uint64_t              reported_nodes_  = 0;      // the nodes of the last report
    Millis                     reported_at_     = 0;      // the time of the last report
    bool                       unreported_      = false;  // an iteration completed unreported
    Value                      draw_value_      = 0;      // a repetition, for the root's side
    Color                      root_color_      = SENTE;
    bool                       pondering_       = false;
    TimeManager                time_;
    Stack                      stack_[MAX_PLY + 8];
    std::unique_ptr<Histories> histories_         = std::make_unique<Histories>();
    int                        null_move_min_ply_ = 0;  // null move verification: none before it
    SearchStats                stats_;
    eval::SomaLeaf             leaf_;
    LeafMode                   leaf_mode_ = LeafMode::SuperSoma;  // leaf_mode_of (per search)
    eval::Learned              learned_;  // the learned evaluation that plays, if any
};

}  // namespace supersoma::search
