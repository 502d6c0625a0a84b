#include "eval/leaf.hpp"

#include <algorithm>
#include <cassert>
#include <cstring>
#include <type_traits>

#include "engine/movegen.hpp"
#include "eval/evaluate.hpp"

namespace supersoma::eval {

soma::EvalOptions leaf_eval_options(const LeafSettings& settings) {
    assert(settings.net_discount_percent >= 1 && settings.net_discount_percent <= 100);
    assert(settings.max_moves >= 1);
    soma::EvalOptions options;
    options.profile                 = &search_profile();
    options.threats                 = false;
    options.complete_tables         = 0;
    options.parry_only_without_gain = settings.parry_only_without_gain;
    options.net_discount_percent    = settings.net_discount_percent;
    options.ties                    = false;
    options.neutralisers            = settings.neutralisers;
    options.max_iterations          = settings.max_moves;
    return options;
}

LeafVerdict leaf_verdict(soma::Verdict verdict) {
    verdict.net = std::clamp(verdict.net, -LEAF_NET_CLAMP, LEAF_NET_CLAMP);
    return verdict;
}

LeafVerdict evaluate_leaf(const Position& pos, const soma::EvalOptions& options) {
    return leaf_verdict(soma::evaluate_verdict(pos, options));
}

SomaLeaf::SomaLeaf(int log2_entries)
    : evaluator_(leaf_eval_options(), LEAF_ARENA_BYTES, LEAF_STEP_CACHE_LOG2)
    , slots_(std::size_t(1) << log2_entries)
    , mask_((std::uint64_t(1) << log2_entries) - 1) { }

const LeafVerdict* SomaLeaf::probe(const Position& pos) const {
    const Slot& slot = slots_[pos.key() & mask_];
    return slot.key == pos.key() ? &slot.verdict : nullptr;
}

const LeafVerdict& SomaLeaf::evaluate(const Position& pos) {
    Slot& slot = slots_[pos.key() & mask_];
    if (slot.key == pos.key()) {
        ++hits_;
        return slot.verdict;
    }
    const auto start = std::chrono::steady_clock::now();
    slot.verdict     = leaf_verdict(evaluator_.verdict(pos));
    // The search orders by the first move: it must be one of the position's.
    assert(slot.verdict.first.is_none() || is_legal(pos, slot.verdict.first));
    assert(std::abs(slot.verdict.net) <= LEAF_NET_CLAMP);
    slot.key = pos.key();
    time_ += std::chrono::steady_clock::now() - start;
    ++evaluations_;
    return slot.verdict;
}

void SomaLeaf::set_settings(const LeafSettings& settings) {
    if (settings == settings_) return;
    settings_ = settings;
    evaluator_.set_options(leaf_eval_options(settings));
    clear();
}

void SomaLeaf::clear() {
    // An all-zero slot is Slot {} (key 0, Move::none()): one memset, not a loop of copies.
    static_assert(std::is_trivially_copyable_v<Slot>);
    std::memset(static_cast<void*>(slots_.data()), 0, slots_.size() * sizeof(Slot));
    evaluator_.clear_steps();
}

void SomaLeaf::reset_counters() {
    evaluations_ = hits_ = 0;
    time_                = {};
    evaluator_.reset_step_counts();
}

}  // namespace supersoma::eval
