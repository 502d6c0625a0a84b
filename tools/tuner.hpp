#pragma once
// The positional evaluation's tuner: fits the feature weights of eval/eval_features.hpp to
// positions labelled by a deeper engine (scores mapped to win probabilities, as Texel's method
// does with game results), by gradient descent with Adam, early stopping on held-out positions
// and a pull towards the starting weights.

#include <cmath>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "engine/types.hpp"
#include "eval/eval_features.hpp"

namespace supersoma::tune {

/// The logistic function: a score scaled to a win probability.
inline double sigmoid(double x) {
    return 1.0 / (1.0 + std::exp(-x));
}

/// One feature of a sample: its index and how often it counts (side to move minus the other).
struct FeatureCount {
    std::uint16_t index;
    std::int16_t  count;
};

/// A labelled position reduced to what the model sees.
struct Sample {
    // What tuning does not change: the side to move's material minus the other's, plus the
    // SuperSoma leaf's net when the set adds it.
    Value         fixed;
    std::uint32_t first;  // its features: TrainingSet::features[first, last)
    std::uint32_t last;
    float         target;  // the label as the side to move's win probability
};

/// What reading a labelled file kept and why the rest was left out.
struct ReadReport {
    int         read       = 0;
    int         kept       = 0;
    int         not_quiet  = 0;  // in check, or the labelled move captures or promotes
    int         decided    = 0;  // a mate score or beyond --max-score
    int         unreadable = 0;  // bad SFEN, move or score
    std::string first_error;     // the first unreadable line, for the user
};

/// The labelled positions the tuner fits, in the file format of bench/data/accuracy.txt.
struct TrainingSet {
    std::vector<Sample>       samples;
    std::vector<FeatureCount> features;
    // Adds SUPER-SOMA's net as the search's leaves compute it to each sample's fixed part, so
    // that a fit for the SuperSoma leaves learns what the net does not already say.
    bool add_leaf_net = false;

    /// Adds the quiet positions of `in` ("SFEN;move;score[;PV]" lines, '#' comments) whose score
    /// (centipawns, side to move's view) is within `max_score`.
    ReadReport read(std::istream& in, int max_score);
    /// Adds one position with its label score in centipawns.
    void add(const Position& pos, double score_cp);
};

using Weights = std::vector<double>;

/// The weight tables of the engine, one per leaf mode.
enum class Table { SuperSoma, QSearch };

/// The weights the engine plays with now: eval/eval_weights.cpp (SuperSoma leaves) or
/// eval/eval_weights_qsearch.cpp.
Weights engine_weights(Table table = Table::SuperSoma);

/// The model's evaluation of a sample, in search units, side to move's view.
double evaluate(const TrainingSet& set, const Sample& s, const Weights& w);

/// Mean squared error between the model's win probability sigmoid(k * eval) and the targets.
double loss(
    const TrainingSet& set, const std::vector<std::uint32_t>& which, const Weights& w, double k);

/// The x in [lo, hi] that minimises `f`, a function with one minimum there (golden-section
/// search).
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

/// The k that minimises the loss of `w` (the scale between search units and the labels).
double fit_scale(const TrainingSet& set, const std::vector<std::uint32_t>& which, const Weights& w);

struct TuneOptions {
    int    iterations       = 2000;  // full passes at most
    double learning_rate    = 0.5;   // Adam step, in weight units
    double pull             = 3e-9;  // L2 pull of each weight towards its start (docs/tuning.md)
    int    patience         = 100;   // passes without a better validation loss before stopping
    int    validation_every = 10;    // every n-th block of samples is held out
    int    validation_block = 256;   // neighbours in a file come from one game: held out together
};

struct TuneResult {
    Weights weights;
    double  scale             = 0;
    double  train_before      = 0;
    double  train_after       = 0;
    double  validation_before = 0;
    double  validation_after  = 0;
    int     iterations        = 0;
};

/// Fits the weights from `start`; progress lines go to `log` when it is not null.
TuneResult tune(
    const TrainingSet& set, const Weights& start, const TuneOptions& options, std::ostream* log);

/// The source file of `table` (eval/eval_weights.cpp or eval/eval_weights_qsearch.cpp) for
/// `w` (rounded), with `source` in its header.
std::string weights_source(
    const Weights& w, const std::string& source, Table table = Table::SuperSoma);

}  // namespace supersoma::tune
