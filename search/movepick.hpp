#pragma once
// Move ordering: the hash move, SUPER-SOMA's predicted move, captures and promotions that
// win by SOMA (the shogi swap-off), killers, quiet moves by their from-to history, losing
// captures last.

#include <array>
#include <cstdint>

#include <boost/container/static_vector.hpp>

#include "engine/movegen.hpp"

namespace supersoma::search {

/// Quiet-move history per side, origin (or dropped kind) and destination; owned by a thread.
class History {
public:
    int get(Color c, Move m) const { return table_[c][from_index(m)][m.to()]; }
    /// Rewards a move that caused a cut-off (positive bonus) or punishes one tried before it.
    void update(Color c, Move m, int bonus);
    void clear() { table_ = {}; }

private:
    static int from_index(Move m) { return m.is_drop() ? int(SQUARE_NB) + m.moved() : m.from(); }
    std::array<std::array<std::array<int, SQUARE_NB>, int(SQUARE_NB) + int(HAND_TYPE_NB)>, COLOR_NB>
        table_ {};
};

/// What the picker needs besides the position.
struct OrderingHints {
    Move tt_move   = Move::none();
    Move soma_move = Move::none();  // SUPER-SOMA's predicted first move, if known
    Move killers[2] {Move::none(), Move::none()};
};

/// Hands out the legal moves of a position best first; lives on the search's stack.
class MovePicker {
public:
    enum class Scope { All, Tactical };  // Tactical: captures and promotions (quiescence)

    MovePicker(
        const Position& pos, const OrderingHints& hints, const History& history, Scope scope);

    /// The next move, or Move::none() when all are out.
    Move next();
    /// The SOMA value of the move last returned when it was a capture (0 otherwise).
    Value last_exchange() const { return exchange_[current_]; }
    int   size() const { return int(moves_.size()); }

private:
    MoveList                                          moves_;
    boost::container::static_vector<int, MAX_MOVES>   scores_;
    boost::container::static_vector<Value, MAX_MOVES> exchange_;
    int                                               next_    = 0;
    int                                               current_ = 0;
};

/// SOMA of a capture (forced first capture, whole swap-off), or the promotion gain of a
/// quiet promotion whose square the enemy does not attack; 0 for other moves.
Value exchange_value(const Position& pos, Move m);

}  // namespace supersoma::search
