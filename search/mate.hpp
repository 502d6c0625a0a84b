#pragma once
// A checkmate solver: depth-first proof-number search (df-pn, Nagai 2002) over checks and
// evasions, with its own table. Finds whether the side to move can force mate by checking
// on every move, and the shortest mating line it can prove.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/movegen.hpp"

namespace supersoma::search {

struct MateResult {
    enum class Status { Mate, NoMate, Timeout } status = Status::Timeout;
    std::vector<Move> line;  // attacker's and defender's moves; odd length when Mate
    uint64_t          nodes = 0;
};

class MateSolver {
public:
    /// The table of a solver asked for mates by a person (`go mate`, `supersoma mate`).
    static constexpr std::size_t DEFAULT_MEGABYTES = 64;

    /// A solver with a table of about `megabytes`; allocated here, once.
    explicit MateSolver(std::size_t megabytes = DEFAULT_MEGABYTES);

    /// Solves `pos` (the attacker to move) within `time_limit` (zero or past a year: until
    /// `stop`) and `max_nodes` (0: no limit), over lines of at most `max_plies` plies. On a
    /// proof it keeps shortening the line while time and nodes remain; `stop` (or a limit)
    /// ends the search with the shortest line found so far.
    MateResult solve(const Position& pos, std::chrono::milliseconds time_limit,
        const std::atomic<bool>& stop, int max_plies = 127, uint64_t max_nodes = 0);

    /// A bounded proof for the search: the length in plies of a mate `pos` (attacker to move)
    /// can force within `max_plies` and about `max_nodes` nodes, or nothing. No line and no
    /// shortening; up to 7 plies nothing is allocated.
    std::optional<int> prove(const Position& pos, int max_plies, uint64_t max_nodes);
    /// Nodes of the last solve() or prove().
    uint64_t nodes() const { return nodes_; }

private:
    struct Entry {
        uint64_t key       = 0;
        uint32_t pn        = 0;
        uint32_t dn        = 0;
        uint16_t distance  = 0;  // plies to mate once proven
        uint16_t remaining = 0;  // plies the disproof was searched with
    };
    struct Numbers {
        uint32_t pn, dn;
        uint16_t distance;
    };

    void    mid(Position& pos, uint32_t thpn, uint32_t thdn, int ply, bool attacker);
    Numbers lookup(const Position& pos, int ply) const;
    void    store(const Position& pos, int ply, uint32_t pn, uint32_t dn, uint16_t distance);
    bool    out_of_time();
    bool    repeats_on_path(const Position& pos) const;
    void    extract_line(Position& pos, std::vector<Move>& line);

    std::vector<Entry>       table_;
    int                      max_plies_   = 0;
    int                      path_length_ = 0;  // plies from the root to the node being searched
    uint64_t                 nodes_       = 0;
    uint64_t                 node_limit_  = 0;                     // 0: none
    Position                 scratch_     = Position::startpos();  // prove()'s working copy
    bool                     aborted_     = false;
    const std::atomic<bool>* stop_        = nullptr;
    std::chrono::steady_clock::time_point deadline_;
    bool                                  timed_ = false;
};

}  // namespace supersoma::search
