#include "tools/kp_trainer.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <ostream>
#include <random>

#include "engine/attacks.hpp"
#include "eval/evaluate.hpp"

namespace supersoma::tune {
namespace {

namespace kp = eval::kp;

std::int16_t to_weight(double units) {
    return std::int16_t(std::clamp(std::lround(units * eval::KP_WEIGHT_SCALE), -32767l, 32767l));
}

// Which part of the set is held out: blocks of neighbouring samples (one game's), every n-th.
bool held_out(std::size_t i, const KpTrainOptions& o) {
    return (i / std::size_t(o.validation_block)) % std::size_t(o.validation_every) == 0;
}

struct Model {
    std::vector<float> kp, piece;  // search units; piece: shared by every king bucket
    double             value(const KpSet& set, const KpSet::Sample& s) const {
                    double v = kp[kp::TEMPO];
                    for (std::uint32_t i = s.first; i < s.last; ++i) {
                        const std::uint32_t f = set.features[i] >> 1;
                        const double        w = kp[f] + piece[f % kp::PIECE_FEATURES];
                        v += set.features[i] & 1 ? -w : w;
        }
                    return v;
    }
};

double target(const KpSet::Sample& s, double lambda) {
    return lambda * s.result_target + (1 - lambda) * s.score_target;
}

double mean_loss(const KpSet& set, const Model& m, const std::vector<std::uint32_t>& which,
    const KpTrainOptions& o) {
    double sum = 0;
    for (std::uint32_t i : which) {
        const KpSet::Sample& s = set.samples[i];
        const double         d = sigmoid(o.scale * m.value(set, s)) - target(s, o.lambda);
        sum += d * d;
    }
    return which.empty() ? 0 : sum / double(which.size());
}

}  // namespace

eval::KpWeights kp_from_material() {
    const soma::ValueProfile& profile = eval::search_profile();
    eval::KpWeights           w;
    for (int file = FILE_1; file <= FILE_5; ++file)
        for (int rank = RANK_1; rank <= RANK_9; ++rank) {
            const kp::View v = kp::view_from(SENTE, make_square(File(file), Rank(rank)));
            for (int pt = PAWN; pt <= DRAGON; ++pt)
                if (pt != KING)
                    for (Square s = SQ_11; s < SQUARE_NB; ++s)
                        w[v.board(make_piece(SENTE, PieceType(pt)), s)]
                            = to_weight(profile.board[pt]);
            for (PieceType pt = PAWN; pt <= GOLD; pt = PieceType(pt + 1))
                for (int n = 0; n < piece_count_in_game(pt); ++n)
                    w[v.hand(SENTE, pt, n)] = to_weight(profile.hand[pt]);
        }
    w.rehash();
    return w;
}

KpSet::Report KpSet::add(const std::vector<TrainingRecord>& records, Value max_score) {
    Report report;
    for (const TrainingRecord& r : records) {
        const std::optional<Position> quiet = quiet_position(r, max_score, report);
        if (!quiet) continue;
        const Position& pos = *quiet;
        Sample          s;
        s.first = std::uint32_t(features.size());
        for (Color c : {SENTE, GOTE}) {
            const std::uint32_t against = c != pos.side_to_move();
            kp::visit(pos, c, [&](int f) { features.push_back(std::uint32_t(f) << 1 | against); });
        }
        s.last          = std::uint32_t(features.size());
        s.score         = float(r.score);
        s.score_target  = 0;  // set by train_kp with its scale
        s.result_target = float(r.result + 1) / 2;
        samples.push_back(s);
    }
    return report;
}

KpTrainResult train_kp(
    const KpSet& input, const eval::KpWeights& start, const KpTrainOptions& o, std::ostream* log) {
    KpSet set = input;
    for (KpSet::Sample& s : set.samples) s.score_target = float(sigmoid(o.scale * s.score));
    std::vector<std::uint32_t> train, validation;
    for (std::uint32_t i = 0; i < set.samples.size(); ++i)
        (held_out(i, o) ? validation : train).push_back(i);

    Model model;
    model.kp.resize(std::size_t(kp::WEIGHT_NB));
    model.piece.assign(std::size_t(kp::PIECE_FEATURES), 0);
    for (int i = 0; i < kp::WEIGHT_NB; ++i)
        model.kp[std::size_t(i)] = float(start[i]) / eval::KP_WEIGHT_SCALE;
    const std::vector<float> origin = model.kp;

    const std::size_t  n = model.kp.size() + model.piece.size();
    std::vector<float> grad(n, 0), m1(n, 0), m2(n, 0);
    const auto         param = [&](std::size_t i) -> float& {
        return i < model.kp.size() ? model.kp[i] : model.piece[i - model.kp.size()];
    };

    KpTrainResult result;
    result.train_before = result.train_after = mean_loss(set, model, train, o);
    result.validation_before = result.validation_after = mean_loss(set, model, validation, o);
    Model           best                               = model;
    std::mt19937_64 rng(o.seed);
    std::uint64_t   step = 0;
    for (int epoch = 1; epoch <= o.epochs; ++epoch) {
        std::shuffle(train.begin(), train.end(), rng);
        // The step shrinks linearly to a tenth over the epochs.
        const double lr = o.learning_rate / eval::KP_WEIGHT_SCALE
            * (1 - 0.9 * double(epoch - 1) / std::max(1, o.epochs - 1));
        for (std::size_t b = 0; b < train.size(); b += std::size_t(o.batch)) {
            const std::size_t end = std::min(train.size(), b + std::size_t(o.batch));
            for (std::size_t j = b; j < end; ++j) {
                const KpSet::Sample& s = set.samples[train[j]];
                const double         p = sigmoid(o.scale * model.value(set, s));
                const float          d = float((p - target(s, o.lambda)) * o.scale);
                grad[kp::TEMPO] += d;
                for (std::uint32_t i = s.first; i < s.last; ++i) {
                    const std::uint32_t f  = set.features[i] >> 1;
                    const float         df = set.features[i] & 1 ? -d : d;
                    grad[f] += df;
                    grad[model.kp.size() + f % kp::PIECE_FEATURES] += df;
                }
            }
            const double count = double(end - b);
            const double c1    = 1 - std::pow(0.9, double(step + 1)),
                         c2    = 1 - std::pow(0.999, double(step + 1));
            ++step;
            for (std::size_t i = 0; i < n; ++i) {
                double g = grad[i] / count;
                if (i < model.kp.size()) g += o.pull * (model.kp[i] - origin[i]);
                grad[i] = 0;
                if (g == 0 && m1[i] == 0) continue;
                m1[i] = float(0.9 * m1[i] + 0.1 * g);
                m2[i] = float(0.999 * m2[i] + 0.001 * g * g);
                param(i) -= float(lr * (m1[i] / c1) / (std::sqrt(m2[i] / c2) + 1e-8));
            }
        }
        const double train_loss = mean_loss(set, model, train, o);
        const double valid_loss = mean_loss(set, model, validation, o);
        if (log)
            *log << "epoch " << epoch << ": train " << train_loss << ", validation " << valid_loss
                 << std::endl;
        if (valid_loss < result.validation_after) {
            result.validation_after = valid_loss;
            result.train_after      = train_loss;
            result.best_epoch       = epoch;
            best                    = model;
        }
    }
    for (int i = 0; i < kp::WEIGHT_NB; ++i) {
        const double piece = i == kp::TEMPO ? 0 : best.piece[std::size_t(i % kp::PIECE_FEATURES)];
        result.weights[i]  = to_weight(best.kp[std::size_t(i)] + piece);
    }
    result.weights.rehash();
    return result;
}

}  // namespace supersoma::tune
