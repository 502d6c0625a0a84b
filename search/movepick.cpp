#include "search/movepick.hpp"

#include <algorithm>
#include <cassert>

#include "eval/evaluate.hpp"
#include "soma/shogi/soma.hpp"

namespace supersoma::search {

namespace {

constexpr int TT_SCORE      = 1 << 30;
constexpr int SOMA_SCORE    = 1 << 29;
constexpr int WINNING_SCORE = 1 << 28;  // + SOMA value: captures and promotions that pay
constexpr int KILLER_SCORE  = 1 << 27;
constexpr int LOSING_SCORE  = -(1 << 28);  // + SOMA value: captures that lose material
constexpr int HISTORY_LIMIT = 1 << 14;

}  // namespace

void History::update(Color c, Move m, int bonus) {
    int& h = table_[c][from_index(m)][m.to()];
    // Gravity keeps entries within ±HISTORY_LIMIT and lets new evidence move old values.
    h += bonus - h * std::abs(bonus) / HISTORY_LIMIT;
}

Value exchange_value(const Position& pos, Move m) {
    const soma::ValueProfile& profile = eval::search_profile();
    if (m.is_capture()) return soma::capture_value(pos, m, profile);
    if (m.is_promotion() && !pos.attacked_by(~pos.side_to_move(), m.to()))
        return profile.promotion_gain(m.moved());
    return 0;
}

MovePicker::MovePicker(
    const Position& pos, const OrderingHints& hints, const History& history, Scope scope) {
    if (scope == Scope::All || pos.in_check()) {
        generate(GenKind::Legal, pos, moves_);
    } else {
        generate(GenKind::Captures, pos, moves_);
        MoveList promotions;
        generate(GenKind::Promotions, pos, promotions);
        for (Move m : promotions)
            if (!m.is_capture()) moves_.push_back(m);
    }
    const Color us = pos.side_to_move();
    for (Move m : moves_) {
        const bool  tactical = m.is_capture() || m.is_promotion();
        const Value swap     = tactical ? exchange_value(pos, m) : 0;
        int         score;
        if (m == hints.tt_move)
            score = TT_SCORE;
        else if (m == hints.soma_move)
            score = SOMA_SCORE;
        else if (tactical && swap >= 0)
            score = WINNING_SCORE + swap;
        else if (m == hints.killers[0] || m == hints.killers[1])
            score = KILLER_SCORE;
        else if (tactical)
            score = LOSING_SCORE + swap;
        else
            score = history.get(us, m);
        scores_.push_back(score);
        exchange_.push_back(swap);
    }
    assert(scores_.size() == moves_.size() && exchange_.size() == moves_.size());
}

Move MovePicker::next() {
    if (next_ >= int(moves_.size())) return Move::none();
    // Selection sort, one step per call: most nodes cut off after a few moves.
    const auto best = std::max_element(scores_.begin() + next_, scores_.end()) - scores_.begin();
    std::swap(moves_[next_], moves_[best]);
    std::swap(scores_[next_], scores_[best]);
    std::swap(exchange_[next_], exchange_[best]);
    assert(next_ == 0 || scores_[next_] <= scores_[next_ - 1]);  // best first, in order
    current_ = next_;
    return moves_[next_++];
}

}  // namespace supersoma::search
