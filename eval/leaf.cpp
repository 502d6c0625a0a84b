#include "eval/leaf.hpp"

#include <algorithm>
#include <cassert>
#include <cstring>
#include <type_traits>

#include "engine/movegen.hpp"
#include "eval/evaluate.hpp"
#include "soma/supersoma.hpp"

namespace supersoma::eval {

namespace {

// Entries worth at least a silver on both sides at once are the article's conflict.
constexpr Value CONFLICT_VALUE = 200;

bool mate_on_table(const soma::Iteration& it) {
    return std::any_of(it.entries.begin(), it.entries.end(),
        [](const soma::XrefEntry& e) { return e.is(soma::KIND_MATE); });
}

bool large_entries_conflict(const soma::Iteration& it) {
    Value best[COLOR_NB] = {0, 0};
    for (const soma::XrefEntry& e : it.entries)
        if (e.gains_at_once()) best[e.side] = std::max(best[e.side], e.value);
    return best[SENTE] >= CONFLICT_VALUE && best[GOTE] >= CONFLICT_VALUE;
}

}  // namespace

soma::EvalOptions leaf_eval_options(const LeafSettings& settings) {
    assert(settings.net_discount_percent >= 1 && settings.net_discount_percent <= 100);
    assert(settings.max_moves >= 1);
    soma::EvalOptions options;
    options.profile                 = &search_profile();
    options.threats                 = false;
    options.complete_tables         = 0;
    options.parry_only_without_gain = settings.parry_only_without_gain;
    options.net_discount_percent    = settings.net_discount_percent;
    options.ties                    = settings.ties;
    options.neutralisers            = settings.neutralisers;
    options.max_iterations          = settings.max_moves;
    return options;
}

LeafVerdict evaluate_leaf(const Position& pos, const soma::EvalOptions& options) {
    const soma::EvalResult result = soma::evaluate(pos, options);
    LeafVerdict            verdict;
    verdict.net = std::clamp(result.net, -LEAF_NET_CLAMP, LEAF_NET_CLAMP);
    if (!result.line.empty() && !result.line.front().move.is_pass())
        verdict.first = result.line.front().move;
    verdict.critical = result.end == soma::LineEnd::Mate;
    if (!result.iterations.empty()) {
        const soma::Iteration& root = result.iterations.front();
        verdict.mate_threat         = mate_on_table(root);
        verdict.critical |= verdict.mate_threat || large_entries_conflict(root);
    }
    return verdict;
}

SomaLeaf::SomaLeaf(int log2_entries)
    : options_(leaf_eval_options())
    , slots_(std::size_t(1) << log2_entries)
    , arena_(LEAF_ARENA_BYTES)
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
    {
        const ArenaScope scope(arena_);  // the evaluation's tables live and die in here
        slot.verdict = evaluate_leaf(pos, options_);
    }
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
    options_  = leaf_eval_options(settings);
    clear();
}

void SomaLeaf::clear() {
    // An all-zero slot is Slot {} (key 0, Move::none()): one memset, not a loop of copies.
    static_assert(std::is_trivially_copyable_v<Slot>);
    std::memset(static_cast<void*>(slots_.data()), 0, slots_.size() * sizeof(Slot));
}

void SomaLeaf::reset_counters() {
    evaluations_ = hits_ = 0;
    time_                = {};
}

}  // namespace supersoma::eval
