#include "search/tt.hpp"

#include <cassert>
#include <cstring>
#include <new>

#include "search/values.hpp"

namespace supersoma::search {

namespace {

// Data word: move (24 bits) | value (16) | depth (8) | bound (2) | generation (6) | pv (1).
std::uint64_t pack(
    Move move, Value value, int depth, Bound bound, std::uint8_t generation, bool is_pv) {
    return std::uint64_t(move.raw() & 0xFFFFFF) | std::uint64_t(std::uint16_t(value)) << 24
        | std::uint64_t(std::uint8_t(depth)) << 40 | std::uint64_t(bound) << 48
        | std::uint64_t(generation) << 50 | std::uint64_t(is_pv) << 56;
}

constexpr std::uint64_t EVAL_BITS = 0xFFFF;

// The check word: the key's upper 48 bits XORed with the data's, the evaluation below them.
std::uint64_t check_word(Key key, std::uint64_t data, Value eval) {
    return ((key ^ data) & ~EVAL_BITS) | std::uint16_t(eval);
}
bool check_matches(Key key, std::uint64_t data, std::uint64_t check) {
    return ((check ^ data ^ key) & ~EVAL_BITS) == 0;
}

// Rebuilds a move from its 24 stored bits (Move's own layout).
Move move_of(std::uint64_t data) {
    const std::uint32_t bits = std::uint32_t(data & 0xFFFFFF);
    if (bits == 0) return Move::none();
    const Square    to    = Square(bits & 0x7F);
    const PieceType moved = PieceType((bits >> 16) & 15);
    if (bits & (1u << 15)) return Move::drop(moved, to);
    return Move::board(
        Square((bits >> 7) & 0x7F), to, moved, PieceType((bits >> 20) & 15), bits & (1u << 14));
}

Value value_of(std::uint64_t data) {
    return Value(std::int16_t(data >> 24));
}
int depth_of(std::uint64_t data) {
    return int(std::int8_t(data >> 40));
}
Bound bound_of(std::uint64_t data) {
    return Bound((data >> 48) & 3);
}
std::uint8_t generation_of(std::uint64_t data) {
    return std::uint8_t((data >> 50) & 63);
}
bool pv_of(std::uint64_t data) {
    return (data >> 56) & 1;
}

}  // namespace

void TranspositionTable::resize(std::size_t megabytes) {
    if (megabytes == megabytes_ && buckets_) return;
    std::size_t count = std::max<std::size_t>(1, megabytes * 1024 * 1024 / sizeof(Bucket));
    Bucket*     fresh = new (std::nothrow) Bucket[count];
    if (!fresh && buckets_) return;  // out of memory: keep the table there is
    if (!fresh) fresh = new Bucket[count = 1];
    buckets_.reset(fresh);
    count_     = count;
    megabytes_ = megabytes;
    clear();
}

void TranspositionTable::clear() {
    // Called between searches only, so no thread reads the words being zeroed.
    std::memset(static_cast<void*>(buckets_.get()), 0, count_ * sizeof(Bucket));
    generation_ = 0;
}

bool TranspositionTable::probe(Key key, TTData& out) const {
    for (const Slot& slot : bucket(key).slots) {
        const std::uint64_t data  = load(slot.data);
        const std::uint64_t check = load(slot.check);
        if (!check_matches(key, data, check) || data == 0) continue;
        out = {move_of(data), value_of(data), Value(std::int16_t(check & EVAL_BITS)),
            depth_of(data), bound_of(data), pv_of(data)};
        return true;
    }
    return false;
}

void TranspositionTable::store(
    Key key, Move move, Value value, Value eval, int depth, Bound bound, bool is_pv) {
    // The data word holds a depth in 8 bits and a value in 16; the check word an eval in 16.
    assert(depth >= -128 && depth < 128);
    assert(bound == BOUND_NONE || (value > -VALUE_INFINITE && value < VALUE_INFINITE));
    assert(eval == VALUE_NONE || (eval > -VALUE_INFINITE && eval < VALUE_INFINITE));
    Bucket& b      = bucket(key);
    Slot*   target = nullptr;
    int     worst  = 1 << 30;
    for (Slot& slot : b.slots) {
        const std::uint64_t data = load(slot.data);
        if (check_matches(key, data, load(slot.check)) && data != 0) {
            if (move.is_none()) move = move_of(data);
            // A shallower result of an older bound does not displace a deeper one.
            if (bound != BOUND_EXACT && depth + 2 < depth_of(data)
                && generation_of(data) == generation_)
                return;
            target = &slot;
            break;
        }
        // Replace the shallowest entry, older searches first.
        const int age   = (generation_ - generation_of(data)) & 63;
        const int worth = data == 0 ? -1000 : depth_of(data) - 8 * age;
        if (worth < worst) worst = worth, target = &slot;
    }
    const std::uint64_t data = pack(move, value, depth, bound, generation_, is_pv);
    assert(move_of(data) == move && value_of(data) == value && depth_of(data) == depth);
    store(target->data, data);
    store(target->check, check_word(key, data, eval));
}

int TranspositionTable::hashfull() const {
    int       used    = 0;
    const int buckets = int(std::min<std::size_t>(count_, 250));
    for (int i = 0; i < buckets; ++i)
        for (const Slot& slot : buckets_[i].slots) {
            const std::uint64_t data = load(slot.data);
            used += data != 0 && generation_of(data) == generation_;
        }
    return used * 1000 / (buckets * SLOTS_PER_BUCKET);
}

Value value_to_tt(Value v, int ply) {
    assert(v != VALUE_NONE && ply >= 0 && ply < MAX_PLY);
    return v >= VALUE_MATE_IN_MAX_PLY ? v + ply : v <= -VALUE_MATE_IN_MAX_PLY ? v - ply : v;
}

Value value_from_tt(Value v, int ply) {
    return v >= VALUE_MATE_IN_MAX_PLY ? v - ply : v <= -VALUE_MATE_IN_MAX_PLY ? v + ply : v;
}

}  // namespace supersoma::search
