#include "eval/kp.hpp"

#include <algorithm>
#include <cassert>
#include <cstring>
#include <fstream>
#include <iterator>
#include <stdexcept>

// The built-in weight file, assembled into the binary by eval/kp_weights.S.
extern "C" const unsigned char supersoma_kp_weights[];
extern "C" const unsigned char supersoma_kp_weights_end[];

namespace supersoma::eval {
namespace {

// The weight file: 8-byte magic, weight count, scale, FNV-1a hash of the weights (all
// little-endian), then the weights as int16.
constexpr char        MAGIC[8]     = {'S', 'S', 'K', 'P', '0', '0', '0', '1'};
constexpr std::size_t HEADER_BYTES = 8 + 4 + 4 + 8;

std::uint64_t fnv1a(const std::vector<std::int16_t>& weights) {
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (std::int16_t w : weights)
        for (int byte = 0; byte < 2; ++byte) {
            h ^= std::uint16_t(w) >> (8 * byte) & 0xFF;
            h *= 0x100000001b3ull;
        }
    return h | 1;  // never 0, which marks an empty cache
}

std::uint64_t read_le(const unsigned char* bytes, int n) {
    std::uint64_t v = 0;
    for (int i = 0; i < n; ++i) v |= std::uint64_t(bytes[i]) << (8 * i);
    return v;
}

void write_le(std::vector<unsigned char>& out, std::uint64_t v, int n) {
    for (int i = 0; i < n; ++i) out.push_back(static_cast<unsigned char>(v >> (8 * i) & 0xFF));
}

Value to_units(std::int32_t sente_view, Color side_to_move, const KpWeights& w) {
    const std::int32_t raw = (side_to_move == SENTE ? sente_view : -sente_view) + w[kp::TEMPO];
    // Rounded to nearest, halves away from zero, so a colour-flipped position is exactly negated.
    const std::int32_t half = KP_WEIGHT_SCALE / 2;
    return Value(raw >= 0 ? (raw + half) / KP_WEIGHT_SCALE : -((-raw + half) / KP_WEIGHT_SCALE));
}

// How far back kp_evaluate looks for evaluated sums. A ply's update reads at most four weights
// of each view where a sum from scratch reads about forty, so even a long walk back is cheaper.
constexpr int MAX_UPDATE_PLIES = 24;

// The sums of `pos`'s views from those of the state `plies` back, by the moves since; a view
// whose king moved on the way is summed from scratch.
std::array<std::int32_t, COLOR_NB> update(const Position& pos, int plies, const KpWeights& w) {
    std::array<std::int32_t, COLOR_NB> sums       = pos.state_ago(plies).eval_cache.sums;
    const auto                         king_moved = kp::visit_changes(
                                pos, plies, kp::view_from, [&](Color c, int feature) { sums[c] -= w[feature]; },
                                [&](Color c, int feature) { sums[c] += w[feature]; });
    for (Color c : {SENTE, GOTE})
        if (king_moved[c]) sums[c] = kp_view_sum(pos, c, w);
    return sums;
}

}  // namespace

KpWeights::KpWeights()
    : weights_(std::size_t(kp::WEIGHT_NB), 0) {
    rehash();
}

void KpWeights::rehash() {
    hash_ = fnv1a(weights_);
}

KpWeights KpWeights::from_bytes(std::span<const unsigned char> bytes) {
    if (bytes.size() < HEADER_BYTES || std::memcmp(bytes.data(), MAGIC, sizeof MAGIC) != 0)
        throw std::runtime_error("not a supersoma KP weight file (no SSKP0001 header)");
    const std::uint64_t count = read_le(bytes.data() + 8, 4);
    const std::uint64_t scale = read_le(bytes.data() + 12, 4);
    const std::uint64_t hash  = read_le(bytes.data() + 16, 8);
    if (count != std::uint64_t(kp::WEIGHT_NB))
        throw std::runtime_error("the file holds " + std::to_string(count) + " weights, the "
            + "evaluation has " + std::to_string(kp::WEIGHT_NB));
    if (scale != std::uint64_t(KP_WEIGHT_SCALE))
        throw std::runtime_error("weight scale " + std::to_string(scale) + ", expected "
            + std::to_string(KP_WEIGHT_SCALE));
    if (bytes.size() != HEADER_BYTES + 2 * count)
        throw std::runtime_error("the file is " + std::to_string(bytes.size()) + " bytes, "
            + std::to_string(HEADER_BYTES + 2 * count) + " expected");
    KpWeights w;
    for (std::size_t i = 0; i < count; ++i)
        w.weights_[i]
            = std::int16_t(std::uint16_t(read_le(bytes.data() + HEADER_BYTES + 2 * i, 2)));
    w.rehash();
    if (w.hash_ != hash) throw std::runtime_error("the weights do not match the file's hash");
    return w;
}

std::vector<unsigned char> read_file_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read '" + path + "'");
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

KpWeights KpWeights::load(const std::string& path) {
    return from_bytes(read_file_bytes(path));
}

const std::shared_ptr<const KpWeights>& KpWeights::builtin() {
    static const std::shared_ptr<const KpWeights> weights = [] {
        const std::span<const unsigned char> blob(
            supersoma_kp_weights, std::size_t(supersoma_kp_weights_end - supersoma_kp_weights));
        return std::make_shared<const KpWeights>(from_bytes(blob));
    }();
    return weights;
}

std::vector<unsigned char> KpWeights::to_bytes() const {
    std::vector<unsigned char> out(std::begin(MAGIC), std::end(MAGIC));
    write_le(out, weights_.size(), 4);
    write_le(out, KP_WEIGHT_SCALE, 4);
    write_le(out, hash_, 8);
    for (std::int16_t w : weights_) write_le(out, std::uint16_t(w), 2);
    return out;
}

std::int32_t kp_view_sum(const Position& pos, Color perspective, const KpWeights& w) {
    std::int32_t sum = 0;
    kp::visit(pos, perspective, [&](int feature) { sum += w[feature]; });
    return sum;
}

Value kp_evaluate_from_scratch(const Position& pos, const KpWeights& w) {
    return to_units(kp_view_sum(pos, SENTE, w) - kp_view_sum(pos, GOTE, w), pos.side_to_move(), w);
}

Value kp_evaluate(const Position& pos, const KpWeights& w) {
    assert(pos.king_square(SENTE) != SQ_NONE && pos.king_square(GOTE) != SQ_NONE);
    EvalCache& cache = pos.state().eval_cache;
    if (cache.tag != w.hash()) {
        const int limit = std::min(MAX_UPDATE_PLIES, pos.moves_made());
        int       plies = 1;
        while (plies <= limit && pos.state_ago(plies).eval_cache.tag != w.hash()) ++plies;
        if (plies <= limit)
            cache.sums = update(pos, plies, w);
        else
            cache.sums = {kp_view_sum(pos, SENTE, w), kp_view_sum(pos, GOTE, w)};
        cache.tag = w.hash();
    }
    assert(cache.sums[SENTE] == kp_view_sum(pos, SENTE, w));
    assert(cache.sums[GOTE] == kp_view_sum(pos, GOTE, w));
    return to_units(cache.sums[SENTE] - cache.sums[GOTE], pos.side_to_move(), w);
}

}  // namespace supersoma::eval
