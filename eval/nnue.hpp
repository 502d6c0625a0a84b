#pragma once
// The network evaluation (NNUE): the KP evaluation (eval/kp.hpp) plus a small network that
// prices what a sum of single pieces cannot (pieces together, a castle whole or broken).
// Inputs are KP's piece features under 15 king buckets instead of 45, seen from both sides; a first
// layer of `width` int16 sums per side, kept up to date move by move, then two dense int8 layers of
// 32 with clipped activations and one output; a network may also read the threat inputs
// (eval/threats.hpp) in its first layer. The quantisation and the file are described in
// docs/eval.md; tools/train_nnue makes the files.

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "engine/position.hpp"
#include "eval/kp.hpp"
#include "eval/kp_features.hpp"
#include "eval/threats.hpp"

namespace supersoma::eval {

namespace nnue {

constexpr int KING_BUCKETS = 15;  // folded file (5) x three rank bands
constexpr int INPUTS       = KING_BUCKETS * kp::PIECE_FEATURES;
constexpr int MAX_WIDTH    = 256;  // the widest first layer a file may have
constexpr int L1           = 32;   // the dense layers' widths
constexpr int L2           = 32;
/// Most features a view has: the game's 40 pieces, on the board or in hand.
constexpr int MAX_ACTIVE = 40;

// Quantisation: the first layer's weights and sums count 1/FT_SCALE (an activation of 1 is
// FT_SCALE); the dense weights count 1/WEIGHT_SCALE; the output counts OUTPUT_UNITS search units.
constexpr int FT_SCALE     = 127;
constexpr int WEIGHT_SCALE = 64;
constexpr int OUTPUT_UNITS = 100;
/// The largest dense weight int8 can hold, as a float (the trainer clips to it).
constexpr float MAX_DENSE_WEIGHT = 127.0f / WEIGHT_SCALE;

/// The king bucket of a view whose king stands on `king`: its folded file and rank band.
constexpr int bucket(Color perspective, Square king) {
    const int o      = perspective == SENTE ? int(king) : SQUARE_NB - 1 - int(king);
    const int file   = o / 9;
    const int folded = file > FILE_5 ? FILE_NB - 1 - file : file;
    const int rank   = o % 9;  // 8 is the perspective's own back rank
    const int band   = rank >= 7 ? 0 : rank == 6 ? 1 : 2;
    return folded * 3 + band;
}

/// The KP view of `perspective` with its features numbered among the network's inputs.
constexpr kp::View view_from(Color perspective, Square king) {
    kp::View v = kp::view_from(perspective, king);
    v.base     = bucket(perspective, king) * kp::PIECE_FEATURES;
    return v;
}

/// The input features of `perspective`'s view of `pos` (which has its king).
template<class Add> void visit(const Position& pos, Color perspective, Add&& add) {
    const kp::View v = view_from(perspective, pos.king_square(perspective));
    for (Square s : pos.pieces()) add(v.board(pos.piece_on(s), s));
    for (Color owner : {SENTE, GOTE})
        for (PieceType pt = PAWN; pt <= GOLD; pt = PieceType(pt + 1))
            for (int n = 0; n < pos.hand(owner).count(pt); ++n) add(v.hand(owner, pt, n));
}

}  // namespace nnue

/// A quantised network and the KP weights it adds to, with the hash that identifies them.
class Network {
public:
    /// The network of a file's bytes; throws std::runtime_error saying what is wrong.
    static Network from_bytes(std::span<const unsigned char> bytes);
    /// The network in the file at `path` (see from_bytes).
    static Network load(const std::string& path);
    /// The network built into the binary (with the threat inputs or with piece features
    /// alone), or null when the build has none of that kind.
    static const std::shared_ptr<const Network>& builtin(bool threat_inputs = false);
    /// Whether `bytes` start like a network file (EvalFile tells networks from KP weights so).
    static bool is_network_file(std::span<const unsigned char> bytes);

    /// An all-zero network of `width` over `kp`, with threat inputs or not (the trainer fills
    /// it).
    Network(int width, KpWeights kp, bool threats = false);

    /// The file's bytes: header (magic, width, hash), the KP weights' file, the layers.
    std::vector<unsigned char> to_bytes() const;

    int width() const { return width_; }
    /// Whether the first layer also reads the threat inputs (eval/threats.hpp).
    bool has_threats() const { return !threat_weights.empty(); }
    /// The inputs of the first layer: the piece features, then the threat features if any.
    int inputs() const { return nnue::INPUTS + (has_threats() ? threats::FEATURES : 0); }
    const KpWeights& kp() const { return kp_; }
    /// Identifies the network's and the KP weights' values (tags cached accumulators).
    std::uint64_t hash() const { return hash_; }
    /// Recomputes the hash after the layers were changed.
    void rehash();

    // The quantised layers, row-major by output (the trainer writes them).
    std::vector<std::int16_t> ft_weights;  // INPUTS x width
    // threats::FEATURES x width, or none. One byte each in memory (half the rows the search
    // reads), two in the file: the trainer clips them to half an activation (64).
    std::vector<std::int8_t>  threat_weights;
    std::vector<std::int16_t> ft_bias;     // width
    std::vector<std::int8_t>  l1_weights;  // L1 x 2 width
    std::vector<std::int32_t> l1_bias;
    std::vector<std::int8_t>  l2_weights;  // L2 x L1
    std::vector<std::int32_t> l2_bias;
    std::vector<std::int8_t>  out_weights;  // L2
    std::int32_t              out_bias = 0;

private:
    // The shapes of `width` over `kp`, all zero, with `hash` taken as given (a file's).
    Network(int width, KpWeights kp, bool threats, std::uint64_t hash);

    int           width_;
    KpWeights     kp_;
    std::uint64_t hash_ = 0;
};

namespace nnue {

/// The first layer's sums of both views, side to move's first, for `width` entries each.
struct Accumulator {
    alignas(32) std::array<std::array<std::int16_t, MAX_WIDTH>, COLOR_NB> sums;
};

/// The network's output (without KP) for given first-layer sums, in search units; `simd`
/// false takes the portable path (tests compare the two).
Value propagate(const Network& net, const Accumulator& acc, Color side_to_move, bool simd = true);

/// The first-layer sums of `perspective`'s view of `pos` from scratch (the piece features;
/// the threat inputs are added by add_threats).
void refresh(const Network& net, const Position& pos, Color perspective, Accumulator& acc);

/// Adds the threat inputs of `pos` to both views' sums (a network with threat inputs).
void add_threats(const Network& net, const Position& pos, Accumulator& acc);

/// What each threat of `list` (those of `pos`) adds to the network's value, side to move's
/// view: the value with all of them less the value without that one (`eval --static`).
std::vector<Value> threat_contributions(
    const Network& net, const Position& pos, const threats::ThreatList& list);

/// A threat input that a move made or ended, and what that did to the mover's value.
struct ThreatChange {
    Square from, to;       // the attacker's and the victim's squares (a shield's and its king's)
    Piece  piece, target;  // the pieces on them, in the position that has the threat
    int    feature;        // numbered from the mover's view
    bool   appeared;       // made by the move (false: ended by it)
    Value  value;          // the change's effect on the mover's value (negative: against it)
};

/// The threat inputs that differ between `before` and `after` (one move later), each with its
/// share of the value in the position that has it (threat_contributions) as a gain or a loss
/// to the mover; most against the mover first (`analyse` says why a move was worse with them).
std::vector<ThreatChange> threat_changes(
    const Network& net, const Position& before, const Position& after);

}  // namespace nnue

/// The network evaluation of `pos` (both kings on the board), side to move's view, in search
/// units: KP's value plus the network's, the first layer kept up to date move by move in a
/// per-thread stack that follows the position's states.
Value nnue_evaluate(const Position& pos, const Network& net);

/// Notes the threat inputs the last move of `pos` ended and made (none at a game's first
/// position), read while the board shows them, so that the evaluations below `pos` update
/// their threat sums from its parent's; a second call finds them noted. The search calls it
/// before it makes a move from `pos` (an evaluation of `pos` notes its own); positions below an
/// unnoted one collect their threats whole.
void nnue_note_move(const Position& pos);

/// Makes the first-layer sums of `pos` so that the positions after it update from them (the
/// search's root, whose value may never be asked).
void nnue_prepare(const Position& pos, const Network& net);

/// The same value computed from scratch, touching no cache (tests and the command line).
Value nnue_evaluate_from_scratch(const Position& pos, const Network& net);

}  // namespace supersoma::eval
