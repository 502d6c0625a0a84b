#pragma once
// The trainer of the learned evaluation (eval/kp.hpp): logistic regression of the KP weights
// on self-play positions (tools/training_data.hpp), each labelled by a mix of the search's
// score and the game's result. A shared piece-square table (the KP weight without its king)
// is trained beside the KP weights and folded into them when they are written, so a feature
// seen under few king squares still learns from the others. docs/eval.md has the figures.

#include <cmath>
#include <cstdint>
#include <iosfwd>
#include <vector>

#include "eval/kp.hpp"
#include "tools/training_data.hpp"

namespace supersoma::tune {

/// The logistic function: a score scaled to a win probability.
inline double sigmoid(double x) {
    return 1.0 / (1.0 + std::exp(-x));
}

/// The minimum of a unimodal `f` on [lo, hi], by golden-section search.
template<class F> double minimise_unimodal(F&& f, double lo, double hi) {
    const double phi = 0.6180339887498949;  // (sqrt(5) - 1) / 2
    for (int i = 0; i < 60; ++i) {
        const double a = hi - phi * (hi - lo), b = lo + phi * (hi - lo);
        if (f(a) < f(b))
            hi = b;
        else
            lo = a;
    }
    return (lo + hi) / 2;
}

/// The learned evaluation's weights that give material alone (a start for training).
eval::KpWeights kp_from_material();

/// Training positions reduced to what the model sees.
struct KpSet {
    struct Sample {
        std::uint32_t first, last;    // its features: features[first, last)
        float         score_target;   // sigmoid(K * score)
        float         result_target;  // 1 won, 0.5 drawn, 0 lost, side to move
        float         score;          // the search's score, search units
    };
    std::vector<Sample> samples;
    // index << 1 | 1 when the feature counts against the side to move.
    std::vector<std::uint32_t> features;

    using Report = FilterReport;
    /// Adds the records quiet_position keeps.
    Report add(const std::vector<TrainingRecord>& records, Value max_score);
};

/// The K of sigmoid(K * score) that best predicts the games' results from the scores of
/// `samples` (each with `score` and `result_target`).
template<class Samples> double fit_result_scale(const Samples& samples) {
    const auto loss = [&](double k) {
        double sum = 0;
        for (const auto& s : samples) {
            const double d = sigmoid(k * s.score) - s.result_target;
            sum += d * d;
        }
        return sum;
    };
    return minimise_unimodal(loss, 1e-4, 0.05);
}

struct KpTrainOptions {
    // The defaults of the first run (docs/eval.md); its held-out loss was lowest at epoch 7.
    int    epochs        = 16;
    int    batch         = 8192;
    double learning_rate = 2;     // Adam step, in weight units (1/16 search unit)
    double lambda        = 0.25;  // the result's share of the target (the score's: 1 - lambda)
    double pull          = 0;     // L2 pull of each KP weight towards its start, per sample
    // K of sigmoid(K * eval); train_kp sets it to the K that best predicts the results.
    double        scale            = 1.0 / 208;
    int           validation_every = 10;   // every n-th block of samples is held out
    int           validation_block = 512;  // neighbours come from one game: held out together
    std::uint64_t seed             = 1;
};

struct KpTrainResult {
    eval::KpWeights weights;
    double          validation_before = 0, validation_after = 0;
    double          train_before = 0, train_after = 0;
    int             best_epoch = 0;
};

/// Fits the weights from `start`; a line per epoch goes to `log` when it is not null.
KpTrainResult train_kp(const KpSet& set, const eval::KpWeights& start,
    const KpTrainOptions& options, std::ostream* log);

}  // namespace supersoma::tune
