#pragma once
// What the search learns as it runs, to order and reduce moves: the butterfly history (side,
// origin, destination), the capture history (piece, destination, captured kind), the
// continuation histories (an earlier move's piece and square against this move's) and the
// counter-moves. Each thread owns its own.

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>

#include "engine/move.hpp"

namespace supersoma::search {

/// Moves `entry` by `bonus` with gravity: the entry stays within ±Limit, and the nearer it
/// is to a bound the less a bonus toward that bound moves it, so new evidence counts.
template<int Limit> void apply_bonus(std::int16_t& entry, int bonus) {
    static_assert(Limit < 32768);
    const int clamped = std::clamp(bonus, -Limit, Limit);
    entry             = std::int16_t(entry + clamped - entry * std::abs(clamped) / Limit);
}

/// The coloured kind move `m` of side `c` leaves on its destination.
inline Piece placed_piece(Color c, Move m) {
    return make_piece(c, m.placed());
}

/// Quiet-move history by side, origin (or dropped kind) and destination.
class ButterflyHistory {
public:
    static constexpr int LIMIT = 7183;
    int                  get(Color c, Move m) const { return table_[c][from_index(m)][m.to()]; }
    void                 update(Color c, Move m, int bonus) {
                        apply_bonus<LIMIT>(table_[c][from_index(m)][m.to()], bonus);
    }
    void clear() { table_ = {}; }

private:
    static int from_index(Move m) { return m.is_drop() ? int(SQUARE_NB) + m.moved() : m.from(); }
    std::array<std::array<std::array<std::int16_t, SQUARE_NB>, int(SQUARE_NB) + int(HAND_TYPE_NB)>,
        COLOR_NB>
        table_ {};
};

/// Capture history by the placed piece, destination and captured kind.
class CaptureHistory {
public:
    static constexpr int LIMIT = 10692;
    int  get(Color c, Move m) const { return table_[placed_piece(c, m)][m.to()][m.captured()]; }
    void update(Color c, Move m, int bonus) {
        apply_bonus<LIMIT>(table_[placed_piece(c, m)][m.to()][m.captured()], bonus);
    }
    void clear() { table_ = {}; }

private:
    std::array<std::array<std::array<std::int16_t, PIECE_TYPE_NB>, SQUARE_NB>, PIECE_NB> table_ {};
};

/// One continuation table: how this move (placed piece, destination) fared after a given
/// earlier move.
using PieceToHistory = std::array<std::array<std::int16_t, SQUARE_NB>, PIECE_NB>;

/// Continuation histories indexed by the earlier move's placed piece and destination.
/// Entry [NO_PIECE][0] stands for "no earlier move" (the root, a null move).
class ContinuationHistory {
public:
    static constexpr int  LIMIT = 29952;
    PieceToHistory&       at(Piece p, Square s) { return table_[p][s]; }
    const PieceToHistory& at(Piece p, Square s) const { return table_[p][s]; }
    PieceToHistory&       none() { return table_[NO_PIECE][0]; }
    void                  clear() {
                         for (auto& row : table_)
            for (PieceToHistory& t : row) t = {};
    }

private:
    std::array<std::array<PieceToHistory, SQUARE_NB>, PIECE_NB> table_ {};
};

/// The quiet move that last refuted each move (by its placed piece and destination).
class CounterMoves {
public:
    Move get(Piece p, Square s) const { return table_[p][s]; }
    void set(Piece p, Square s, Move m) { table_[p][s] = m; }
    void clear() {
        for (auto& row : table_) row.fill(Move::none());
    }

private:
    std::array<std::array<Move, SQUARE_NB>, PIECE_NB> table_ {};
};

/// Everything a thread learns, in one block (the continuation tables are large).
struct Histories {
    ButterflyHistory    butterfly;
    CaptureHistory      captures;
    ContinuationHistory continuation;
    CounterMoves        counters;
    void                clear() {
                       butterfly.clear();
                       captures.clear();
                       continuation.clear();
                       counters.clear();
    }
};

/// The continuation tables a node's move ordering reads: 1, 2 and 4 plies back.
constexpr int CONTINUATION_PLIES = 3;
using ContinuationSet            = std::array<const PieceToHistory*, CONTINUATION_PLIES>;

}  // namespace supersoma::search
