#include "search/movepick.hpp"

#include <algorithm>
#include <cassert>

#include "eval/evaluate.hpp"
#include "soma/shogi/soma.hpp"

namespace supersoma::search {

enum MovePicker::Stage : std::uint8_t {
    MAIN_TT,
    SOMA_MOVE,
    CAPTURE_INIT,
    GOOD_CAPTURE,
    REFUTATION,
    QUIET_INIT,
    QUIET,
    BAD_CAPTURE,
    EVASION_TT,
    EVASION_INIT,
    EVASION,
    QSEARCH_TT,
    QCAPTURE_INIT,
    QCAPTURE,
    PROBCUT_TT,
    PROBCUT_INIT,
    PROBCUT,
    DONE,
};

namespace {

// Quiet promotions worth trying beside the captures: the kinds whose promotion changes the
// game (a pawn's tokin, the horse and the dragon). A promoted silver, knight or lance moves
// like a gold and is often worse, so those wait among the quiet moves.
bool promotion_matters(Move m) {
    return m.is_promotion() && !m.is_capture()
        && (m.moved() == PAWN || m.moved() == BISHOP || m.moved() == ROOK);
}

// Quiet promotions that matter, appended to `list`.
void generate_promotions_that_matter(const Position& pos, MoveList& list) {
    MoveList promotions;
    generate(GenKind::Promotions, pos, promotions);
    for (Move m : promotions)
        if (promotion_matters(m)) list.push_back(m);
}

}  // namespace

Value exchange_value(const Position& pos, Move m) {
    const soma::ValueProfile& profile = eval::search_profile();
    if (m.is_capture()) return soma::capture_value(pos, m, profile);
    if (m.is_promotion() && !pos.attacked_by(~pos.side_to_move(), m.to()))
        return profile.promotion_gain(m.moved());
    return 0;
}

MovePicker::MovePicker(const Position& pos, const OrderingHints& hints, const Histories& histories,
    const ContinuationSet& continuation)
    : pos_(pos)
    , histories_(histories)
    , continuation_(&continuation)
    , tt_move_(hints.tt_move)
    , cur_(moves_)
    , end_(moves_)
    , bad_end_(moves_) {
    const bool in_check = pos.in_check();
    stage_              = in_check ? EVASION_TT : MAIN_TT;
    if (tt_move_.is_none() || !is_legal(pos, tt_move_)) {
        tt_move_ = Move::none();
        ++stage_;
    }
    if (in_check) return;
    // The quiet refutations, each legal, unique and not the hash move. SUPER-SOMA's move may
    // be anything and has its own stage.
    refutations_[0] = hints.soma_move;
    if (refutations_[0] == tt_move_
        || (!refutations_[0].is_none() && !is_legal(pos, refutations_[0])))
        refutations_[0] = Move::none();
    for (Move m : {hints.killers[0], hints.killers[1], hints.counter}) {
        if (m.is_none() || !is_quiet(m) || m == tt_move_ || m == refutations_[0]) continue;
        if (std::find(refutations_ + 1, refutations_ + 1 + refutation_count_, m)
            != refutations_ + 1 + refutation_count_)
            continue;
        if (is_legal(pos, m)) refutations_[1 + refutation_count_++] = m;
    }
}

MovePicker::MovePicker(const Position& pos, Move tt_move, const Histories& histories,
    const ContinuationSet& continuation)
    : pos_(pos)
    , histories_(histories)
    , continuation_(&continuation)
    , tt_move_(tt_move)
    , cur_(moves_)
    , end_(moves_)
    , bad_end_(moves_) {
    const bool in_check = pos.in_check();
    stage_              = in_check ? EVASION_TT : QSEARCH_TT;
    const bool wanted   = in_check || tt_move_.is_capture() || promotion_matters(tt_move_);
    if (tt_move_.is_none() || !wanted || !is_legal(pos, tt_move_)) {
        tt_move_ = Move::none();
        ++stage_;
    }
}

MovePicker::MovePicker(
    const Position& pos, Move tt_move, Value threshold, const Histories& histories)
    : pos_(pos)
    , histories_(histories)
    , tt_move_(tt_move)
    , threshold_(threshold)
    , cur_(moves_)
    , end_(moves_)
    , bad_end_(moves_) {
    assert(!pos.in_check());
    stage_ = PROBCUT_TT;
    if (tt_move_.is_none() || !tt_move_.is_capture() || !is_legal(pos, tt_move_)
        || exchange_value(pos, tt_move_) < threshold_) {
        tt_move_ = Move::none();
        ++stage_;
    }
}

MovePicker::ScoredMove* MovePicker::append(const MoveList& list, ScoredMove* at) {
    for (Move m : list) *at++ = {m, 0, 0};
    return at;
}

void MovePicker::score_captures(ScoredMove* begin, ScoredMove* end) {
    const soma::ValueProfile& profile = eval::search_profile();
    const Color               us      = pos_.side_to_move();
    for (ScoredMove* s = begin; s != end; ++s) {
        const Move m = s->move;
        s->exchange  = exchange_value(pos_, m);
        s->score = 8 * profile.move_gain(m) + (m.is_capture() ? histories_.captures.get(us, m) : 0);
    }
}

void MovePicker::score_quiets(ScoredMove* begin, ScoredMove* end) {
    const Color            us = pos_.side_to_move();
    const ContinuationSet& c  = *continuation_;
    for (ScoredMove* s = begin; s != end; ++s) {
        const Move  m  = s->move;
        const Piece pc = placed_piece(us, m);
        s->score = 2 * histories_.butterfly.get(us, m) + (*c[0])[pc][m.to()] + (*c[1])[pc][m.to()]
            + (*c[2])[pc][m.to()];
    }
}

void MovePicker::score_evasions(ScoredMove* begin, ScoredMove* end) {
    const soma::ValueProfile& profile = eval::search_profile();
    const Color               us      = pos_.side_to_move();
    for (ScoredMove* s = begin; s != end; ++s) {
        const Move m = s->move;
        if (m.is_capture())
            s->score = (1 << 28) + profile.capture_gain(m.captured()) - int(m.moved());
        else
            s->score = histories_.butterfly.get(us, m)
                + (*(*continuation_)[0])[placed_piece(us, m)][m.to()];
    }
}

bool MovePicker::is_refutation(Move m) const {
    return std::find(refutations_, refutations_ + 1 + refutation_count_, m)
        != refutations_ + 1 + refutation_count_;
}

MovePicker::ScoredMove& MovePicker::pick_best() {
    ScoredMove* best = std::max_element(
        cur_, end_, [](const ScoredMove& a, const ScoredMove& b) { return a.score < b.score; });
    std::swap(*cur_, *best);
    return *cur_++;
}

Move MovePicker::next(bool skip_quiets) {
    while (true) {
        switch (stage_) {
        case MAIN_TT:
        case EVASION_TT:
        case QSEARCH_TT:
        case PROBCUT_TT:
            ++stage_;
            exchange_ = exchange_value(pos_, tt_move_);
            return tt_move_;

        case SOMA_MOVE: {
            ++stage_;
            const Move m = refutations_[0];
            if (m.is_none() || (skip_quiets && is_quiet(m))) break;
            exchange_ = exchange_value(pos_, m);
            return m;
        }

        case CAPTURE_INIT:
        case QCAPTURE_INIT:
        case PROBCUT_INIT: {
            MoveList list;
            generate(GenKind::Captures, pos_, list);
            if (stage_ != PROBCUT_INIT) generate_promotions_that_matter(pos_, list);
            cur_ = bad_end_ = moves_;
            end_            = append(list, moves_);
            score_captures(cur_, end_);
            ++stage_;
            break;
        }

        case GOOD_CAPTURE:
            while (cur_ < end_) {
                ScoredMove& s = pick_best();
                if (s.move == tt_move_ || s.move == refutations_[0]) continue;
                if (s.exchange < 0) {
                    *bad_end_++ = s;  // tried after the quiet moves
                    continue;
                }
                exchange_ = s.exchange;
                return s.move;
            }
            ++stage_;
            break;

        case REFUTATION:
            while (refutation_index_ < refutation_count_) {
                const Move m = refutations_[1 + refutation_index_++];
                if (skip_quiets && !pos_.gives_check(m)) continue;
                exchange_ = 0;
                return m;
            }
            ++stage_;
            break;

        case QUIET_INIT: {
            // Skipping quiets from the start: only the quiet checks are generated.
            MoveList list;
            if (skip_quiets) {
                generate(GenKind::Checks, pos_, list);
                checks_only_ = true;
            } else {
                generate(GenKind::Quiets, pos_, list);
                generate(GenKind::Drops, pos_, list);
            }
            cur_ = bad_end_;
            end_ = cur_;
            for (Move m : list)
                if (!m.is_capture() && !promotion_matters(m)) *end_++ = {m, 0, 0};
            score_quiets(cur_, end_);
            ++stage_;
            break;
        }

        case QUIET:
            // Skipping quiets from now on: a quiet check may still mate, so the checks stay.
            if (skip_quiets && !checks_only_) {
                end_ = std::remove_if(
                    cur_, end_, [&](const ScoredMove& s) { return !pos_.gives_check(s.move); });
                checks_only_ = true;
            }
            while (cur_ < end_) {
                const ScoredMove& s = pick_best();
                if (s.move == tt_move_ || is_refutation(s.move)) continue;
                exchange_ = exchange_value(pos_, s.move);
                return s.move;
            }
            cur_ = moves_;  // the losing captures, in the order they were put aside
            end_ = bad_end_;
            ++stage_;
            break;

        case BAD_CAPTURE:
            while (cur_ < end_) {
                const ScoredMove& s = *cur_++;
                if (s.move == tt_move_) continue;
                exchange_ = s.exchange;
                return s.move;
            }
            stage_ = DONE;
            break;

        case EVASION_INIT: {
            MoveList list;
            generate(GenKind::Legal, pos_, list);
            cur_ = moves_;
            end_ = append(list, moves_);
            score_evasions(cur_, end_);
            ++stage_;
            break;
        }

        case EVASION:
            while (cur_ < end_) {
                const ScoredMove& s = pick_best();
                if (s.move == tt_move_) continue;
                exchange_ = s.move.is_capture() || s.move.is_promotion()
                    ? exchange_value(pos_, s.move)
                    : 0;
                return s.move;
            }
            stage_ = DONE;
            break;

        case QCAPTURE:
            while (cur_ < end_) {
                const ScoredMove& s = pick_best();
                if (s.move == tt_move_) continue;
                if (!s.move.is_capture() && s.exchange <= 0) continue;  // an unsafe promotion
                exchange_ = s.exchange;
                return s.move;
            }
            stage_ = DONE;
            break;

        case PROBCUT:
            while (cur_ < end_) {
                const ScoredMove& s = pick_best();
                if (s.move == tt_move_ || s.exchange < threshold_) continue;
                exchange_ = s.exchange;
                return s.move;
            }
            stage_ = DONE;
            break;

        case DONE: return Move::none();
        }
    }
}

}  // namespace supersoma::search
