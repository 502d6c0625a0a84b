#include "eval/nnue.hpp"

#include <algorithm>
#include <cassert>
#include <cstring>
#include <fstream>
#include <iterator>
#include <stdexcept>

#if defined(__AVX2__)
#include <immintrin.h>
#endif

// The built-in network files (piece features; with threat inputs), assembled into the binary
// by eval/nnue_weights.S (empty when the build has none).
extern "C" const unsigned char supersoma_nnue[];
extern "C" const unsigned char supersoma_nnue_end[];
extern "C" const unsigned char supersoma_nnue_threats[];
extern "C" const unsigned char supersoma_nnue_threats_end[];

namespace supersoma::eval {
namespace {

// The file: magic, then inputs, width, L1, L2 (u32 each), the FNV-1a hash of everything after
// the header (u64), the KP weight file's length (u32) and bytes, then the layers, little-endian.
constexpr char        NETWORK_MAGIC[8]     = {'S', 'S', 'N', 'N', '0', '0', '0', '1'};
constexpr std::size_t NETWORK_HEADER_BYTES = 8 + 4 * 4 + 8;

std::uint64_t fnv1a(std::span<const unsigned char> bytes) {
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (unsigned char b : bytes) {
        h ^= b;
        h *= 0x100000001b3ull;
    }
    return h | 1;  // never 0, which marks an empty accumulator
}

class Writer {
public:
    explicit Writer(std::vector<unsigned char>& out)
        : out_(out) { }
    template<class T> void put(T v) {
        using U = std::make_unsigned_t<T>;
        for (std::size_t i = 0; i < sizeof(T); ++i)
            out_.push_back(static_cast<unsigned char>(U(v) >> (8 * i) & 0xFF));
    }
    template<class T> void put(const std::vector<T>& values) {
        for (T v : values) put(v);
    }

private:
    std::vector<unsigned char>& out_;
};

class Reader {
public:
    explicit Reader(std::span<const unsigned char> bytes)
        : bytes_(bytes) { }
    template<class T> T get() {
        using U = std::make_unsigned_t<T>;
        if (at_ + sizeof(T) > bytes_.size()) throw std::runtime_error("the file is cut short");
        U v = 0;
        for (std::size_t i = 0; i < sizeof(T); ++i) v = U(v | U(bytes_[at_++]) << (8 * i));
        return static_cast<T>(v);
    }
    template<class T> void get(std::vector<T>& values) {
        for (T& v : values) v = get<T>();
    }
    std::span<const unsigned char> take(std::size_t n) {
        if (at_ + n > bytes_.size()) throw std::runtime_error("the file is cut short");
        at_ += n;
        return bytes_.subspan(at_ - n, n);
    }
    std::size_t left() const { return bytes_.size() - at_; }

private:
    std::span<const unsigned char> bytes_;
    std::size_t                    at_ = 0;
};

std::vector<unsigned char> layer_bytes(const Network& net) {
    std::vector<unsigned char>       out;
    Writer                           w(out);
    const std::vector<unsigned char> kp = net.kp().to_bytes();
    w.put(std::uint32_t(kp.size()));
    out.insert(out.end(), kp.begin(), kp.end());
    w.put(net.ft_bias);
    w.put(net.ft_weights);
    // None without threat inputs (older files hash as before); two bytes each, as written.
    w.put(std::vector<std::int16_t>(net.threat_weights.begin(), net.threat_weights.end()));
    w.put(net.l1_bias);
    w.put(net.l1_weights);
    w.put(net.l2_bias);
    w.put(net.l2_weights);
    w.put(net.out_bias);
    w.put(net.out_weights);
    return out;
}

template<class T> T clamp_activation(std::int32_t v) {
    return T(std::clamp(v, 0, nnue::FT_SCALE));
}

// One dense layer: out = clamp((bias + weights . in) / WEIGHT_SCALE), over `n_in` inputs.
void dense_portable(const std::int8_t* weights, const std::int32_t* bias, const std::uint8_t* in,
    int n_in, int n_out, std::int32_t* raw) {
    for (int j = 0; j < n_out; ++j) {
        std::int32_t sum = bias[j];
        for (int i = 0; i < n_in; ++i) sum += std::int32_t(weights[j * n_in + i]) * in[i];
        raw[j] = sum;
    }
}

#if defined(__AVX2__)
// The same sums with AVX2: unsigned activations times signed weights, pairs added in 16 bits
// (at most 2 x 127 x 127, so never saturating), then in 32. `n_in` is a multiple of 32.
void dense_avx2(const std::int8_t* weights, const std::int32_t* bias, const std::uint8_t* in,
    int n_in, int n_out, std::int32_t* raw) {
    const __m256i ones = _mm256_set1_epi16(1);
    for (int j = 0; j < n_out; ++j) {
        __m256i sum = _mm256_setzero_si256();
        for (int i = 0; i < n_in; i += 32) {
            const __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in + i));
            const __m256i w
                = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(weights + j * n_in + i));
            sum = _mm256_add_epi32(sum, _mm256_madd_epi16(_mm256_maddubs_epi16(a, w), ones));
        }
        const __m128i half
            = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
        const __m128i quad = _mm_add_epi32(half, _mm_shuffle_epi32(half, 0x4E));
        const __m128i one  = _mm_add_epi32(quad, _mm_shuffle_epi32(quad, 0xB1));
        raw[j]             = bias[j] + _mm_cvtsi128_si32(one);
    }
}
#endif

void dense(const std::int8_t* weights, const std::int32_t* bias, const std::uint8_t* in, int n_in,
    int n_out, std::int32_t* raw, bool simd) {
#if defined(__AVX2__)
    if (simd && n_in % 32 == 0 && n_out % 4 == 0)
        return dense_avx2(weights, bias, in, n_in, n_out, raw);
#endif
    (void)simd;
    dense_portable(weights, bias, in, n_in, n_out, raw);
}

// The first layer's activations: each sum clamped to [0, FT_SCALE], as bytes.
void clamp_sums(const std::int16_t* sums, std::uint8_t* out, int width, bool simd) {
#if defined(__AVX2__)
    if (simd) {
        const __m256i zero = _mm256_setzero_si256(), top = _mm256_set1_epi16(nnue::FT_SCALE);
        for (int i = 0; i < width; i += 32) {
            const __m256i a  = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(sums + i));
            const __m256i b  = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(sums + i + 16));
            const __m256i ca = _mm256_min_epi16(_mm256_max_epi16(a, zero), top);
            const __m256i cb = _mm256_min_epi16(_mm256_max_epi16(b, zero), top);
            // packus interleaves the 128-bit lanes; the permute puts the bytes back in order.
            const __m256i packed = _mm256_permute4x64_epi64(_mm256_packus_epi16(ca, cb), 0xD8);
            _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + i), packed);
        }
        return;
    }
#endif
    (void)simd;
    for (int i = 0; i < width; ++i) out[i] = clamp_activation<std::uint8_t>(sums[i]);
}

// A row of weights (piece rows are int16, threat rows int8) added to or taken from sums.
template<class Weight> void add_row(std::int16_t* sums, const Weight* row, int width) {
    for (int i = 0; i < width; ++i) sums[i] = std::int16_t(sums[i] + row[i]);
}

template<class Weight> void sub_row(std::int16_t* sums, const Weight* row, int width) {
    for (int i = 0; i < width; ++i) sums[i] = std::int16_t(sums[i] - row[i]);
}

// The per-thread accumulators, one per ply of the position's states (modulo its size): an
// entry holds the sums of the position whose key it has, under the network whose hash it has.
constexpr int STACK_SIZE     = 128;
constexpr int MAX_WALK_PLIES = 24;
struct StackEntry {
    Key               key        = 0;
    std::uint64_t     tag        = 0;
    bool              propagated = false;  // `value` holds the network's output
    Value             value      = 0;
    nnue::Accumulator acc;  // the piece features' sums
    // The threat inputs' rows alone (a network with them), those of the position `threat_key`
    // under the network `threat_tag` (kept apart from `key`: a position's threat sums may be
    // made on the way to a later one's without its piece sums).
    Key               threat_key = 0;
    std::uint64_t     threat_tag = 0;
    nnue::Accumulator threat_sums;
    // The threat features the move from `diff_parent` to `diff_key` ended and made, noted while
    // the board showed them (nnue_note_move), and what each side bears on in `bearing_key`.
    Key                 diff_key = 0, diff_parent = 0, bearing_key = 0;
    threats::ThreatDiff diff;
    threats::Bearing    bearing;
};

std::array<StackEntry, STACK_SIZE>& thread_stack() {
    thread_local const auto stack = std::make_unique<std::array<StackEntry, STACK_SIZE>>();
    return *stack;
}

// The sums of `pos` from those of the state `plies` back, by the moves since.
void update(const Network& net, const Position& pos, int plies, const nnue::Accumulator& from,
    nnue::Accumulator& to) {
    const int width = net.width();
    for (Color c : {SENTE, GOTE}) std::copy_n(from.sums[c].begin(), width, to.sums[c].begin());
    const auto row
        = [&](int feature) { return net.ft_weights.data() + std::size_t(feature) * width; };
    const auto king_moved = kp::visit_changes(
        pos, plies, nnue::view_from,
        [&](Color c, int feature) { sub_row(to.sums[c].data(), row(feature), width); },
        [&](Color c, int feature) { add_row(to.sums[c].data(), row(feature), width); });
    for (Color c : {SENTE, GOTE})
        if (king_moved[c]) nnue::refresh(net, pos, c, to);
}

}  // namespace

Network::Network(int width, KpWeights kp, bool threats)
    : Network(width, std::move(kp), threats, 0) {
    rehash();
}

Network::Network(int width, KpWeights kp, bool threats, std::uint64_t hash)
    : ft_weights(std::size_t(nnue::INPUTS) * std::size_t(width))
    , threat_weights(threats ? std::size_t(threats::FEATURES) * std::size_t(width) : 0)
    , ft_bias(std::size_t(width))
    , l1_weights(std::size_t(nnue::L1) * 2 * std::size_t(width))
    , l1_bias(nnue::L1)
    , l2_weights(std::size_t(nnue::L2) * nnue::L1)
    , l2_bias(nnue::L2)
    , out_weights(nnue::L2)
    , width_(width)
    , kp_(std::move(kp)) {
    if (width < 32 || width > nnue::MAX_WIDTH || width % 32 != 0)
        throw std::runtime_error("first layer width " + std::to_string(width)
            + ": a multiple of 32 up to " + std::to_string(nnue::MAX_WIDTH) + " expected");
    hash_ = hash;
}

void Network::rehash() {
    hash_ = fnv1a(layer_bytes(*this));
}

bool Network::is_network_file(std::span<const unsigned char> bytes) {
    return bytes.size() >= sizeof NETWORK_MAGIC
        && std::memcmp(bytes.data(), NETWORK_MAGIC, sizeof NETWORK_MAGIC) == 0;
}

std::vector<unsigned char> Network::to_bytes() const {
    std::vector<unsigned char> out(std::begin(NETWORK_MAGIC), std::end(NETWORK_MAGIC));
    Writer                     w(out);
    w.put(std::uint32_t(inputs()));
    w.put(std::uint32_t(width_));
    w.put(std::uint32_t(nnue::L1));
    w.put(std::uint32_t(nnue::L2));
    const std::vector<unsigned char> layers = layer_bytes(*this);
    w.put(fnv1a(layers));
    out.insert(out.end(), layers.begin(), layers.end());
    return out;
}

Network Network::from_bytes(std::span<const unsigned char> bytes) {
    if (!is_network_file(bytes))
        throw std::runtime_error("not a supersoma network file (no SSNN0001 header)");
    Reader     header(bytes.subspan(sizeof NETWORK_MAGIC));
    const auto inputs = header.get<std::uint32_t>(), width = header.get<std::uint32_t>(),
               l1 = header.get<std::uint32_t>(), l2 = header.get<std::uint32_t>();
    const auto              hash         = header.get<std::uint64_t>();
    constexpr std::uint32_t with_threats = nnue::INPUTS + threats::FEATURES;
    if ((inputs != std::uint32_t(nnue::INPUTS) && inputs != with_threats)
        || l1 != std::uint32_t(nnue::L1) || l2 != std::uint32_t(nnue::L2))
        throw std::runtime_error("the network has " + std::to_string(inputs)
            + " inputs and layers of " + std::to_string(l1) + " and " + std::to_string(l2)
            + "; this engine reads " + std::to_string(nnue::INPUTS) + " (or "
            + std::to_string(with_threats) + " with threat inputs), " + std::to_string(nnue::L1)
            + " and " + std::to_string(nnue::L2));
    if (width < 32 || width > std::uint32_t(nnue::MAX_WIDTH) || width % 32 != 0)
        throw std::runtime_error("first layer width " + std::to_string(width) + " is not one of "
            + "32, 64, ... " + std::to_string(nnue::MAX_WIDTH));
    const std::span<const unsigned char> layers = bytes.subspan(NETWORK_HEADER_BYTES);
    if (fnv1a(layers) != hash)
        throw std::runtime_error("the layers do not match the file's hash (damaged file)");
    Reader     in(layers);
    const auto kp_bytes = in.take(in.get<std::uint32_t>());
    // The layers' bytes are what rehash() would hash: the file's checked hash is theirs.
    Network net(int(width), KpWeights::from_bytes(kp_bytes), inputs == with_threats, hash);
    in.get(net.ft_bias);
    in.get(net.ft_weights);
    std::vector<std::int16_t> threat_weights(net.threat_weights.size());
    in.get(threat_weights);
    for (std::size_t i = 0; i < threat_weights.size(); ++i) {
        if (threat_weights[i] < INT8_MIN || threat_weights[i] > INT8_MAX)
            throw std::runtime_error("threat weight " + std::to_string(i) + " is "
                + std::to_string(threat_weights[i]) + "; this engine reads -128 ... 127");
        net.threat_weights[i] = std::int8_t(threat_weights[i]);
    }
    in.get(net.l1_bias);
    in.get(net.l1_weights);
    in.get(net.l2_bias);
    in.get(net.l2_weights);
    net.out_bias = in.get<std::int32_t>();
    in.get(net.out_weights);
    if (in.left() != 0)
        throw std::runtime_error(std::to_string(in.left()) + " bytes after the last layer");
    assert(net.hash_ == fnv1a(layer_bytes(net)));
    return net;
}

Network Network::load(const std::string& path) {
    return from_bytes(read_file_bytes(path));
}

const std::shared_ptr<const Network>& Network::builtin(bool threat_inputs) {
    // Read on first use: each file's blob, or null for a build without it.
    const auto read = [](const unsigned char*  begin,
                          const unsigned char* end) -> std::shared_ptr<const Network> {
        if (begin == end) return nullptr;
        return std::make_shared<const Network>(from_bytes(std::span(begin, end)));
    };
    if (threat_inputs) {
        static const std::shared_ptr<const Network> net
            = read(supersoma_nnue_threats, supersoma_nnue_threats_end);
        return net;
    }
    static const std::shared_ptr<const Network> net = read(supersoma_nnue, supersoma_nnue_end);
    return net;
}

namespace nnue {

void refresh(const Network& net, const Position& pos, Color perspective, Accumulator& acc) {
    const int     width = net.width();
    std::int16_t* sums  = acc.sums[perspective].data();
    std::copy_n(net.ft_bias.begin(), width, sums);
    visit(pos, perspective, [&](int feature) {
        add_row(sums, net.ft_weights.data() + std::size_t(feature) * width, width);
    });
}

namespace {

// Adds the rows of `list`'s threats to both views' sums.
void add_threat_rows(const Network& net, const threats::ThreatList& list, Accumulator& acc) {
    const int width = net.width();
    for (Color c : {SENTE, GOTE})
        for (int i = 0; i < list.count; ++i)
            add_row(acc.sums[c].data(),
                net.threat_weights.data() + std::size_t(list.features[c][i]) * width, width);
}

}  // namespace

void add_threats(const Network& net, const Position& pos, Accumulator& acc) {
    assert(net.has_threats());
    threats::ThreatList list;
    threats::collect(pos, list);
    add_threat_rows(net, list, acc);
}

std::vector<Value> threat_contributions(
    const Network& net, const Position& pos, const threats::ThreatList& list) {
    assert(net.has_threats());
    const int   width = net.width();
    Accumulator all;
    for (Color c : {SENTE, GOTE}) refresh(net, pos, c, all);
    add_threat_rows(net, list, all);  // the list given, not collected again
    const Value        whole = propagate(net, all, pos.side_to_move());
    std::vector<Value> out;
    for (int i = 0; i < list.count; ++i) {
        Accumulator without = all;
        for (Color c : {SENTE, GOTE})
            sub_row(without.sums[c].data(),
                net.threat_weights.data() + std::size_t(list.features[c][i]) * width, width);
        out.push_back(whole - propagate(net, without, pos.side_to_move()));
    }
    return out;
}

std::vector<ThreatChange> threat_changes(
    const Network& net, const Position& before, const Position& after) {
    const Color         mover = before.side_to_move();
    threats::ThreatList was, is;
    threats::collect(before, was);
    threats::collect(after, is);
    const std::vector<Value>  was_worth = threat_contributions(net, before, was);
    const std::vector<Value>  is_worth  = threat_contributions(net, after, is);
    std::vector<ThreatChange> out;
    // `value` is the mover's: a threat of `before` that ends takes its share away; one of
    // `after` (the opponent to move) that appears adds its share, negated.
    const auto add = [&](const Position& pos, const threats::ThreatList& list, int i, bool appeared,
                         Value value) {
        const Square from = list.from[std::size_t(i)], to = list.to[std::size_t(i)];
        out.push_back({from, to, pos.piece_on(from), pos.piece_on(to),
            list.features[mover][std::size_t(i)], appeared, value});
    };
    // Both lists are in key order: one pass finds what differs (a key whose feature changed,
    // a victim that became defended say, ends one threat and makes another).
    int i = 0, j = 0;
    while (i < was.count || j < is.count) {
        const int was_key = i < was.count ? was.keys[std::size_t(i)] : threats::KEYS;
        const int is_key  = j < is.count ? is.keys[std::size_t(j)] : threats::KEYS;
        if (was_key == is_key
            && was.features[SENTE][std::size_t(i)] == is.features[SENTE][std::size_t(j)]) {
            ++i, ++j;
            continue;
        }
        if (was_key <= is_key) {
            add(before, was, i, false, Value(-was_worth[std::size_t(i)]));
            ++i;
        }
        if (is_key <= was_key && j < is.count) {
            add(after, is, j, true, Value(-is_worth[std::size_t(j)]));
            ++j;
        }
    }
    std::stable_sort(out.begin(), out.end(),
        [](const ThreatChange& a, const ThreatChange& b) { return a.value < b.value; });
    return out;
}

Value propagate(const Network& net, const Accumulator& acc, Color side_to_move, bool simd) {
    const int                                           width = net.width();
    alignas(32) std::array<std::uint8_t, 2 * MAX_WIDTH> input;
    for (int half = 0; half < 2; ++half)
        clamp_sums(acc.sums[half == 0 ? side_to_move : ~side_to_move].data(),
            input.data() + half * width, width, simd);
    alignas(32) std::array<std::int32_t, L1> raw1;
    alignas(32) std::array<std::uint8_t, L1> hidden1;
    dense(
        net.l1_weights.data(), net.l1_bias.data(), input.data(), 2 * width, L1, raw1.data(), simd);
    for (int j = 0; j < L1; ++j) hidden1[j] = clamp_activation<std::uint8_t>(raw1[j] >> 6);
    alignas(32) std::array<std::int32_t, L2> raw2;
    alignas(32) std::array<std::uint8_t, L2> hidden2;
    dense(net.l2_weights.data(), net.l2_bias.data(), hidden1.data(), L1, L2, raw2.data(), simd);
    for (int j = 0; j < L2; ++j) hidden2[j] = clamp_activation<std::uint8_t>(raw2[j] >> 6);
    std::int64_t out = net.out_bias;
    for (int j = 0; j < L2; ++j) out += std::int32_t(net.out_weights[j]) * hidden2[j];
    // To search units, rounded to nearest.
    constexpr std::int64_t unit = std::int64_t(FT_SCALE) * WEIGHT_SCALE;
    const std::int64_t     v    = out * OUTPUT_UNITS;
    return Value(v >= 0 ? (v + unit / 2) / unit : -((-v + unit / 2) / unit));
}

}  // namespace nnue

static_assert(nnue::WEIGHT_SCALE == 64, "propagate divides by the weight scale with >> 6");

Value nnue_evaluate_from_scratch(const Position& pos, const Network& net) {
    nnue::Accumulator acc;
    for (Color c : {SENTE, GOTE}) nnue::refresh(net, pos, c, acc);
    if (net.has_threats()) nnue::add_threats(net, pos, acc);
    return kp_evaluate_from_scratch(pos, net.kp()) + nnue::propagate(net, acc, pos.side_to_move());
}

namespace {

// The stack entry of `pos` with its first-layer sums: found, updated from the nearest
// ancestor's within reach, or made from scratch.
StackEntry& accumulate(const Position& pos, const Network& net) {
    assert(pos.king_square(SENTE) != SQ_NONE && pos.king_square(GOTE) != SQ_NONE);
    auto&       stack = thread_stack();
    const int   n     = pos.moves_made();
    StackEntry& entry = stack[std::size_t(n % STACK_SIZE)];
    if (entry.key != pos.key() || entry.tag != net.hash()) {
        const int limit = std::min({MAX_WALK_PLIES, n, STACK_SIZE - 1});
        int       plies = 1;
        for (; plies <= limit; ++plies) {
            const StackEntry& e = stack[std::size_t((n - plies) % STACK_SIZE)];
            if (e.key == pos.state_ago(plies).key && e.tag == net.hash()) break;
        }
        if (plies <= limit)
            update(net, pos, plies, stack[std::size_t((n - plies) % STACK_SIZE)].acc, entry.acc);
        else
            for (Color c : {SENTE, GOTE}) nnue::refresh(net, pos, c, entry.acc);
        entry.key        = pos.key();
        entry.tag        = net.hash();
        entry.propagated = false;
    }
#ifndef NDEBUG
    nnue::Accumulator scratch;
    for (Color c : {SENTE, GOTE}) {
        nnue::refresh(net, pos, c, scratch);
        assert(std::equal(scratch.sums[c].begin(), scratch.sums[c].begin() + net.width(),
            entry.acc.sums[c].begin()));
    }
#endif
    return entry;
}

// Sums of a view in one register: 16 with AVX2, 8 with the portable build's SSE2 (a wider
// vector there would be passed differently, and GCC warns of that); unsigned, so that they wrap
// as the int16 sums do.
#if defined(__AVX2__)
using Lanes = std::uint16_t __attribute__((vector_size(32)));
#else
using Lanes = std::uint16_t __attribute__((vector_size(16)));
#endif
constexpr int LANES = int(sizeof(Lanes) / sizeof(std::uint16_t));

Lanes load_lanes(const std::int16_t* p) {
    Lanes v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

// A register of sums' worth of int8 weights, widened (sign-extended) to 16 bits; with AVX2 in
// one instruction (GCC's generic conversion takes two halves and joins them).
Lanes load_lanes(const std::int8_t* p) {
#if defined(__AVX2__)
    const __m256i wide = _mm256_cvtepi8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
    Lanes         v;
    std::memcpy(&v, &wide, sizeof v);
    return v;
#else
    using Bytes   = std::int8_t __attribute__((vector_size(LANES)));
    using Widened = std::int16_t __attribute__((vector_size(sizeof(Lanes))));
    Bytes b;
    std::memcpy(&b, p, sizeof b);
    return Lanes(__builtin_convertvector(b, Widened));
#endif
}

// One view's sums `to` = `from` less the rows `removed` plus the rows `added`, two registers
// of sums at a time, so that each sum is loaded and stored once however many rows change.
void apply_rows(const std::int16_t* from, std::int16_t* to,
    std::span<const std::int8_t* const> removed, std::span<const std::int8_t* const> added,
    int width) {
    assert(width % (2 * LANES) == 0);  // files have widths in multiples of 32
    for (int i = 0; i < width; i += 2 * LANES) {
        Lanes low = load_lanes(from + i), high = load_lanes(from + i + LANES);
        for (const std::int8_t* row : removed) {
            low -= load_lanes(row + i);
            high -= load_lanes(row + i + LANES);
        }
        for (const std::int8_t* row : added) {
            low += load_lanes(row + i);
            high += load_lanes(row + i + LANES);
        }
        std::memcpy(to + i, &low, sizeof low);
        std::memcpy(to + i + LANES, &high, sizeof high);
    }
}

// A position's threat sums from its parent's and the features its move ended and made.
void apply_threat_diff(const Network& net, const nnue::Accumulator& parent,
    const threats::ThreatDiff& diff, nnue::Accumulator& sums) {
    const int                                           width = net.width();
    std::array<const std::int8_t*, threats::MAX_ACTIVE> removed, added;
    for (Color c : {SENTE, GOTE}) {
        const auto row = [&](const threats::ThreatDiff::Pair& pair) {
            return net.threat_weights.data() + std::size_t(pair[c]) * width;
        };
        std::transform(
            diff.removed.begin(), diff.removed.begin() + diff.removed_count, removed.begin(), row);
        std::transform(
            diff.added.begin(), diff.added.begin() + diff.added_count, added.begin(), row);
        apply_rows(parent.sums[c].data(), sums.sums[c].data(),
            {removed.data(), std::size_t(diff.removed_count)},
            {added.data(), std::size_t(diff.added_count)}, width);
    }
}

// Notes in `entry` (that of `pos`, which has a move before it) the threat features the move
// into `pos` ended and made, unless they are there.
void note_move(const Position& pos, StackEntry& entry) {
    const Key parent = pos.state_ago(1).key;
    if (entry.diff_key == pos.key() && entry.diff_parent == parent) return;
    const StackEntry& before = thread_stack()[std::size_t((pos.moves_made() - 1) % STACK_SIZE)];
    const bool        whole  = threats::move_diff(
                pos, before.bearing_key == parent ? &before.bearing : nullptr, entry.bearing, entry.diff);
    entry.diff_key    = whole ? pos.key() : 0;
    entry.diff_parent = parent;
    entry.bearing_key = whole ? pos.key() : 0;
}

// A thread's list for the positions whose threats are collected whole (too large for the
// stack of a search).
threats::ThreatList& thread_threat_list() {
    thread_local const auto list = std::make_unique<threats::ThreatList>();
    return *list;
}

// Makes `entry`'s threat sums (those of `pos`): from the nearest ancestor that has them, each
// position since made from its parent's by the move's noted difference (so that the siblings
// below find theirs); else from the whole list.
void accumulate_threats(const Position& pos, const Network& net, StackEntry& entry) {
    assert(net.has_threats() && entry.key == pos.key());
    if (entry.threat_key == pos.key() && entry.threat_tag == net.hash()) return;
    auto&      stack = thread_stack();
    const int  n     = pos.moves_made();
    const int  limit = std::min({MAX_WALK_PLIES, n, STACK_SIZE - 1});
    const auto at
        = [&](int plies) -> StackEntry& { return stack[std::size_t((n - plies) % STACK_SIZE)]; };
    if (n > 0) note_move(pos, entry);
    int  plies = 0;
    bool found = false;
    while (plies < limit) {
        const StackEntry& e = at(plies);
        if (e.diff_key != pos.state_ago(plies).key || e.diff_parent != pos.state_ago(plies + 1).key)
            break;
        ++plies;
        const StackEntry& base = at(plies);
        if (base.threat_key == pos.state_ago(plies).key && base.threat_tag == net.hash()) {
            found = true;
            break;
        }
    }
    const int width = net.width();
    if (found) {
        for (int k = plies - 1; k >= 0; --k) {
            const StackEntry& parent = at(k + 1);
            StackEntry&       child  = at(k);
            apply_threat_diff(net, parent.threat_sums, child.diff, child.threat_sums);
            child.threat_key = pos.state_ago(k).key;
            child.threat_tag = net.hash();
        }
    } else {
        threats::ThreatList& list = thread_threat_list();
        threats::collect(pos, list);
        for (Color c : {SENTE, GOTE}) std::fill_n(entry.threat_sums.sums[c].begin(), width, 0);
        nnue::add_threat_rows(net, list, entry.threat_sums);
        // A list cut at MAX_ACTIVE (more than the game's pieces) is no base for the moves after.
        entry.threat_key = list.complete ? pos.key() : 0;
        entry.threat_tag = net.hash();
        if (entry.bearing_key != pos.key()) {
            entry.bearing     = threats::bearing_of(pos);
            entry.bearing_key = pos.key();
        }
    }
#ifndef NDEBUG
    nnue::Accumulator scratch;
    for (Color c : {SENTE, GOTE}) std::fill_n(scratch.sums[c].begin(), width, 0);
    nnue::add_threats(net, pos, scratch);
    for (Color c : {SENTE, GOTE})
        assert(std::equal(scratch.sums[c].begin(), scratch.sums[c].begin() + width,
            entry.threat_sums.sums[c].begin()));
#endif
}

}  // namespace

void nnue_note_move(const Position& pos) {
    if (pos.moves_made() == 0) return;
    note_move(pos, thread_stack()[std::size_t(pos.moves_made() % STACK_SIZE)]);
}

void nnue_prepare(const Position& pos, const Network& net) {
    StackEntry& entry = accumulate(pos, net);
    if (net.has_threats()) accumulate_threats(pos, net, entry);
}

Value nnue_evaluate(const Position& pos, const Network& net) {
    StackEntry& entry = accumulate(pos, net);
    if (!entry.propagated) {
        if (net.has_threats()) {
            accumulate_threats(pos, net, entry);
            nnue::Accumulator with_threats;
            for (Color c : {SENTE, GOTE}) {
                std::copy_n(entry.acc.sums[c].begin(), net.width(), with_threats.sums[c].begin());
                add_row(with_threats.sums[c].data(), entry.threat_sums.sums[c].data(), net.width());
            }
            entry.value = nnue::propagate(net, with_threats, pos.side_to_move());
        } else {
            entry.value = nnue::propagate(net, entry.acc, pos.side_to_move());
        }
        entry.propagated = true;
    }
    return kp_evaluate(pos, net.kp()) + entry.value;
}

}  // namespace supersoma::eval
