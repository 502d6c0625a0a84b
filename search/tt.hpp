#pragma once
// The transposition table shared by every search thread. Lock-free: each slot is two 64-bit
// words read and written atomically (std::atomic_ref), the key stored XORed with the data, so
// a slot torn by two writers fails its key check instead of returning another position's move.
// Plain words let an idle table be cleared with one memset. The static evaluation rides in the
// check word's low 16 bits, covered by the key check of the other 48.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "engine/move.hpp"
#include "engine/position.hpp"
#include "search/values.hpp"

namespace supersoma::search {

enum Bound : std::uint8_t { BOUND_NONE, BOUND_UPPER, BOUND_LOWER, BOUND_EXACT = 3 };

/// What the table remembers of one position.
struct TTData {
    Move  move  = Move::none();
    Value value = 0;           // in table form: mate scores counted from this node (value_to_tt)
    Value eval  = VALUE_NONE;  // the static evaluation (VALUE_NONE: in check or unknown)
    int   depth = 0;
    Bound bound = BOUND_NONE;  // NONE: only the evaluation is known
    bool  is_pv = false;       // the position was once on a principal variation
};

class TranspositionTable {
public:
    /// Allocates `megabytes` (at least one bucket) and clears it; a no-op at the same size.
    void resize(std::size_t megabytes);
    /// Empties every slot.
    void clear();
    /// Starts a new search: older entries become the first to be replaced.
    void new_search() { generation_ = std::uint8_t((generation_ + 1) & 63); }

    /// Looks `key` up; true and `out` filled on a hit.
    bool probe(Key key, TTData& out) const;
    /// Stores a result; keeps a deeper entry of the same position's move when `move` is none.
    void store(Key key, Move move, Value value, Value eval, int depth, Bound bound, bool is_pv);

    /// Permille of the first thousand slots used in this search (USI hashfull).
    int         hashfull() const;
    std::size_t megabytes() const { return megabytes_; }

private:
    struct Slot {
        std::uint64_t check;  // key ^ data
        std::uint64_t data;
    };
    static std::uint64_t load(const std::uint64_t& word) {
        return std::atomic_ref<std::uint64_t>(const_cast<std::uint64_t&>(word))
            .load(std::memory_order_relaxed);
    }
    static void store(std::uint64_t& word, std::uint64_t value) {
        std::atomic_ref<std::uint64_t>(word).store(value, std::memory_order_relaxed);
    }
    static constexpr int SLOTS_PER_BUCKET = 4;
    struct alignas(64) Bucket {
        Slot slots[SLOTS_PER_BUCKET];
    };

    // Multiply-shift maps the key onto [0, count_) without a division.
    Bucket& bucket(Key key) const {
        __extension__ using uint128 = unsigned __int128;
        return buckets_[std::size_t(uint128(key) * count_ >> 64)];
    }

    std::unique_ptr<Bucket[]> buckets_;
    std::size_t               count_      = 0;
    std::size_t               megabytes_  = 0;
    std::uint8_t              generation_ = 0;
};

/// A score as stored: mate distances counted from the storing node, not the root.
Value value_to_tt(Value v, int ply);
/// A stored score back to a distance from the root.
Value value_from_tt(Value v, int ply);

}  // namespace supersoma::search
