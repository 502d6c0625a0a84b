#include "soma/supersoma.hpp"

#include <algorithm>

#include "soma/playout/playout.hpp"

namespace supersoma::soma {

namespace {

// Depths of a path whose first tables are kept: deeper than a search goes, so a child's
// parent is always there.
constexpr std::size_t PATH_DEPTHS = MAX_PLY;

}  // namespace

EvalResult evaluate(const Position& pos, const EvalOptions& options) {
    EvalResult result;
    play_out(pos, options, &result);
    return result;
}

Verdict evaluate_verdict(const Position& pos, const EvalOptions& options) {
    return play_out(pos, options, nullptr);
}

Evaluator::Evaluator(
    const EvalOptions& options, std::size_t arena_bytes, int step_cache_log2, bool path_tables)
    : options_(options)
    , arena_(arena_bytes) {
    if (step_cache_log2 > 0) steps_.emplace(step_cache_log2);
    if (path_tables) path_.resize(PATH_DEPTHS);
}

Verdict Evaluator::verdict(const Position& pos) {
    const ArenaScope scope(arena_);  // the evaluation's tables live and die in here
    PlayoutReuse     reuse;
    reuse.steps = steps_ ? &*steps_ : nullptr;
    // Tie-aware exchanges read the whole board: nothing carries over a move.
    if (path_.empty() || options_.ties) return play_out(pos, options_, nullptr, &reuse);
    const int depth = pos.moves_made();
    if (depth > 0) {
        const PathTable& parent = path_[std::size_t(depth - 1) % path_.size()];
        if (parent.valid && parent.key == pos.state_ago(1).key)
            reuse.parent = {std::span(parent.records.data(), parent.count), stale_squares(pos)};
    }
    ArenaVector<ExchangeRecord> first;
    reuse.first_exchanges = &first;
    const Verdict verdict = play_out(pos, options_, nullptr, &reuse);
    keep_first_table(pos, reuse);
    return verdict;
}

void Evaluator::keep_first_table(const Position& pos, const PlayoutReuse& reuse) {
    PathTable&                         slot  = path_[std::size_t(pos.moves_made()) % path_.size()];
    const ArenaVector<ExchangeRecord>& first = *reuse.first_exchanges;
    slot.valid = reuse.first_built && first.size() <= PathTable::CAPACITY;
    if (!slot.valid) return;
    slot.key   = pos.key();
    slot.count = std::uint8_t(first.size());
    std::copy(first.begin(), first.end(), slot.records.begin());
    first_total_ += first.size();
    for (const ExchangeRecord& r : first) taken_ += !reuse.parent.stale.test(r.move.to());
}

void Evaluator::set_options(const EvalOptions& options) {
    if (options == options_) return;
    options_ = options;
    clear_steps();
}

void Evaluator::clear_steps() {
    if (steps_) steps_->clear();
    for (PathTable& table : path_) table.valid = false;
}

void Evaluator::reset_counts() {
    if (steps_) steps_->reset_counts();
    taken_ = first_total_ = 0;
}

}  // namespace supersoma::soma
