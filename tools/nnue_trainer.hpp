#pragma once
// The trainer of the network evaluation (eval/nnue.hpp), in C++ on the CPU: the float model
// of the quantised network, trained by Adam on self-play positions (tools/training_data.hpp)
// labelled, as KP's are, by a mix of the search's score and the game's result. The first layer
// is sparse: a position touches 40 rows per view, and only the rows a batch touched are
// stepped. A shared row per piece feature (its weight under every king bucket) trains beside
// the bucketed rows and is folded into them on export. docs/eval.md has the figures.

#include <cstdint>
#include <iosfwd>
#include <vector>

#include "eval/nnue.hpp"
#include "tools/training_data.hpp"

namespace supersoma::tune {

/// Training positions reduced to what the network sees.
struct NnueSet {
    struct Sample {
        std::uint32_t first;         // its piece features: features[first, first + 80)
        std::uint32_t threat_first;  // its threat features: threat_features[threat_first, +2n)
        std::uint16_t threat_count;  // n, the threats of each view (sente's first)
        std::array<std::uint8_t, COLOR_NB> count;  // features of each view (sente's first)
        std::array<std::uint8_t, COLOR_NB> kp_bucket, nn_bucket;
        Color                              side_to_move;
        float                              score;          // the search's, search units
        float                              result_target;  // 1 won, 0.5 drawn, 0 lost
    };
    std::vector<Sample>        samples;
    std::vector<std::uint16_t> features;         // a view's piece features (kp::PIECE_FEATURES)
    std::vector<std::uint16_t> threat_features;  // eval::threats numbering
    bool                       threats = false;  // set before adding: keep the threat inputs

    /// Adds the records quiet_position keeps.
    FilterReport add(const std::vector<TrainingRecord>& records, Value max_score);
    /// Adds one position (both kings on the board) with its labels.
    void add(const Position& pos, float score, float result_target);
};

struct NnueTrainOptions {
    int           width            = 128;
    int           epochs           = 12;
    int           batch            = 16384;
    double        learning_rate    = 1e-3;       // Adam step of the network's weights
    double        kp_rate          = 0.05;       // Adam step of the KP weights, search units
    double        lambda           = 0.25;       // the result's share of the target
    double        scale            = 1.0 / 500;  // K of sigmoid(K * eval); train_nnue fits it
    int           threads          = 2;
    int           validation_every = 10;   // every n-th block of samples is held out
    int           validation_block = 512;  // neighbours come from one game: held out together
    std::uint64_t seed             = 1;
    bool          threats          = false;  // the threat inputs (the set must have them)
};

/// The float network, with the layout of eval::Network plus the shared rows.
class FloatNetwork {
public:
    /// A network of `width` over `kp`, with threat inputs or not, whose output starts at zero
    /// (so it starts as KP alone).
    FloatNetwork(int width, const eval::KpWeights& kp, std::uint64_t seed, bool threats = false);
    /// The float twin of a quantised network (its KP weights included), to train on from where
    /// it stands: the bucketed rows hold what export folded in, the shared rows start at zero.
    explicit FloatNetwork(const eval::Network& net);
    /// The float value of a sample in search units (KP and the network).
    double value(const NnueSet& set, const NnueSet::Sample& s) const;
    /// The same for a position (tests compare it with the engine's quantised value).
    double value(const Position& pos) const;
    /// The quantised network the engine reads.
    eval::Network quantise() const;

    int                width;
    bool               threats;
    std::vector<float> kp;  // KP weights, search units
    // (INPUTS + PIECE_FEATURES + threats::FEATURES) x width: bucketed, shared, threat rows
    std::vector<float> ft_weights;
    std::vector<float> ft_bias;
    std::vector<float> l1_weights, l1_bias, l2_weights, l2_bias, out_weights;
    float              out_bias = 0;
};

struct NnueTrainResult {
    FloatNetwork network;
    double       train_before = 0, train_after = 0;
    double       validation_before = 0, validation_after = 0;
    int          best_epoch = 0;
};

/// Mean squared error of sigmoid(K * value) against the mixed target over `which` samples.
double nnue_loss(const NnueSet& set, const FloatNetwork& net,
    const std::vector<std::uint32_t>& which, const NnueTrainOptions& o);

/// Trains a network of options.width from KP weights `kp`; a line per epoch goes to `log`.
NnueTrainResult train_nnue(
    const NnueSet& set, const eval::KpWeights& kp, const NnueTrainOptions& o, std::ostream* log);
/// Trains `start` further; its width and threat inputs replace the options'.
NnueTrainResult train_nnue(
    const NnueSet& set, FloatNetwork start, NnueTrainOptions o, std::ostream* log);

}  // namespace supersoma::tune
