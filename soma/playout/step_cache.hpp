#pragma once
// B1-B3's outcome per position, kept between verdicts. A playout is a pure function of the
// position, so the tables a verdict built for the positions of its line serve again when the
// search reaches them: the child reached by the line's first move needs three of its four
// tables already decided by its parent. Only the choice is kept, never the table.

#include <algorithm>
#include <cstdint>
#include <vector>

#include "engine/move.hpp"
#include "engine/position.hpp"

namespace supersoma::soma {

/// What one iteration decided on one position (Decisions tables, the evaluator's options).
struct Step {
    Move  chosen        = Move::pass();
    Value value         = 0;      // what the chosen move gains by itself, mover's view (step_value)
    bool  mates         = false;  // the chosen entry mates
    bool  no_move       = false;  // the side to move passes because it has no legal move
    bool  mate_on_table = false;  // A2 found a mate in one for either side (Verdict::mate_threat)
    bool  conflict      = false;  // large entries of both sides conflict (Verdict::too_complex)
};

/// A direct-mapped table of Steps by position key, allocated once.
class StepCache {
public:
    /// 2^log2_entries entries.
    explicit StepCache(int log2_entries)
        : slots_(std::size_t(1) << log2_entries)
        , mask_((std::uint64_t(1) << log2_entries) - 1) { }

    /// The step stored for `key`, or null.
    const Step* probe(Key key) const {
        const Slot& slot = slots_[key & mask_];
        return slot.key == key && slot.used ? &slot.step : nullptr;
    }
    /// Keeps `step` for `key`, replacing whatever shared its slot.
    void store(Key key, const Step& step) { slots_[key & mask_] = {key, true, step}; }
    /// Forgets every step (the options changed).
    void clear() { std::fill(slots_.begin(), slots_.end(), Slot {}); }

    /// The probes that found a step, and those that did not, since reset_counts().
    std::uint64_t hits() const { return hits_; }
    std::uint64_t misses() const { return misses_; }
    void          count(bool hit) { ++(hit ? hits_ : misses_); }
    void          reset_counts() { hits_ = misses_ = 0; }

private:
    struct Slot {
        Key  key  = 0;
        bool used = false;
        Step step;
    };
    std::vector<Slot> slots_;
    std::uint64_t     mask_;
    std::uint64_t     hits_ = 0, misses_ = 0;
};

}  // namespace supersoma::soma
