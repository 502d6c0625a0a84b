#pragma once
// Staged move ordering: the hash move before anything is generated, then SUPER-SOMA's
// predicted move, captures that do not lose by SOMA (the shogi swap-off) ordered by victim and
// capture history, the killers and the counter-move, quiet moves by their butterfly and
// continuation histories, and the losing captures last. Each stage generates only its moves.

#include <cstdint>

#include "engine/movegen.hpp"
#include "search/history.hpp"
#include "search/values.hpp"

namespace supersoma::search {

/// What the main search's picker needs besides the position and the histories.
struct OrderingHints {
    Move tt_move   = Move::none();
    Move soma_move = Move::none();  // SUPER-SOMA's predicted first move, if known
    Move killers[2] {Move::none(), Move::none()};
    Move counter = Move::none();
};

/// Hands out legal moves best first; lives on the search's stack and allocates nothing.
class MovePicker {
public:
    /// The main search: every legal move (every evasion in check).
    MovePicker(const Position& pos, const OrderingHints& hints, const Histories& histories,
        const ContinuationSet& continuation);
    /// Quiescence: captures and the promotions that matter (every evasion in check).
    MovePicker(const Position& pos, Move tt_move, const Histories& histories,
        const ContinuationSet& continuation);
    /// ProbCut: captures whose SOMA gains at least `threshold`.
    MovePicker(const Position& pos, Move tt_move, Value threshold, const Histories& histories);

    /// The next move, or Move::none() when all are out. With `skip_quiets` the quiet moves
    /// still to come (killers, counter-move, quiets) are passed over, but for the checks.
    Move next(bool skip_quiets = false);
    /// The SOMA value of the move last returned when it was a capture, the promotion gain of a
    /// safe promotion, 0 otherwise.
    Value last_exchange() const { return exchange_; }

private:
    enum Stage : std::uint8_t;
    struct ScoredMove {
        Move  move;
        int   score;
        Value exchange;
    };

    void        score_captures(ScoredMove* begin, ScoredMove* end);
    void        score_quiets(ScoredMove* begin, ScoredMove* end);
    void        score_evasions(ScoredMove* begin, ScoredMove* end);
    ScoredMove* append(const MoveList& list, ScoredMove* at);
    bool        is_refutation(Move m) const;
    // The best-scored move of [cur_, end_) swapped to cur_ and returned (selection, one step).
    ScoredMove& pick_best();

    const Position&        pos_;
    const Histories&       histories_;
    const ContinuationSet* continuation_ = nullptr;
    Move                   tt_move_;
    Move                   refutations_[4] {};  // SOMA move, killers, counter-move
    int                    refutation_count_ = 0;
    int                    refutation_index_ = 0;
    Value                  threshold_        = 0;
    Value                  exchange_         = 0;
    std::uint8_t           stage_;
    bool                   checks_only_ = false;  // the quiet stage keeps only its checks
    ScoredMove*            cur_;
    ScoredMove*            end_;
    ScoredMove*            bad_end_;  // losing captures are kept at the front of moves_
    ScoredMove             moves_[MAX_MOVES];
};

/// SOMA of a capture (forced first capture, whole swap-off), or the promotion gain of a
/// quiet promotion whose square the enemy does not attack; 0 for other moves.
Value exchange_value(const Position& pos, Move m);

/// True for a move that neither captures nor promotes.
inline bool is_quiet(Move m) {
    return !m.is_capture() && !m.is_promotion();
}

}  // namespace supersoma::search
