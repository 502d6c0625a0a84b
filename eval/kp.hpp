#pragma once
// The learned evaluation: the sum of the KP weights (eval/kp_features.hpp) of both sides'
// views, kept up to date move by move in the position's states, so a node pays for the
// pieces that moved. The weights are built into the binary (eval/data/kp_weights.bin, checked
// by its hash) or read from a file (USI option EvalFile); docs/eval.md has their making.

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "engine/position.hpp"
#include "eval/kp_features.hpp"

namespace supersoma::eval {

/// A weight counts 1/KP_WEIGHT_SCALE of a search unit (a pawn is 52 units).
constexpr int KP_WEIGHT_SCALE = 16;

/// The weights of the learned evaluation, with the hash that identifies them.
class KpWeights {
public:
    /// All weights zero (the trainer's start).
    KpWeights();
    /// The weights of a weight file's bytes; throws std::runtime_error saying what is wrong.
    static KpWeights from_bytes(std::span<const unsigned char> bytes);
    /// The weights in the file at `path` (see from_bytes).
    static KpWeights load(const std::string& path);
    /// The weights built into the binary, checked once by their hash.
    static const std::shared_ptr<const KpWeights>& builtin();

    /// The weight file's bytes: header (magic, count, scale, hash) and the weights.
    std::vector<unsigned char> to_bytes() const;

    std::int16_t  operator[](int i) const { return weights_[std::size_t(i)]; }
    std::int16_t& operator[](int i) { return weights_[std::size_t(i)]; }
    /// FNV-1a of the weights as stored; tags incremental sums so other weights never reuse them.
    std::uint64_t hash() const { return hash_; }
    /// Recomputes the hash after the weights were changed through operator[].
    void rehash();

private:
    std::vector<std::int16_t> weights_;
    std::uint64_t             hash_ = 0;
};

/// The bytes of the file at `path`; throws std::runtime_error when it cannot be read.
std::vector<unsigned char> read_file_bytes(const std::string& path);

/// The learned evaluation of `pos` (both kings on the board), side to move's view, in search
/// units: from the sums cached in the position's states, updated from the parent's when it
/// has them.
Value kp_evaluate(const Position& pos, const KpWeights& w);

/// The same value computed from scratch, touching no cache (tests and the command line).
Value kp_evaluate_from_scratch(const Position& pos, const KpWeights& w);

/// One side's view's sum of weights from scratch, in weight units (eval --static).
std::int32_t kp_view_sum(const Position& pos, Color perspective, const KpWeights& w);

}  // namespace supersoma::eval
