#include "tools/nnue_trainer.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <ostream>
#include <random>
#include <span>
#include <thread>
#include <utility>

#include "tools/kp_trainer.hpp"

namespace supersoma::tune {
namespace {

namespace kp   = eval::kp;
namespace nnue = eval::nnue;

constexpr int   PF       = kp::PIECE_FEATURES;
constexpr int   ROWS     = nnue::INPUTS + PF;  // bucketed rows, then one shared row a feature
constexpr int   ALL_ROWS = ROWS + eval::threats::FEATURES;  // then the threat rows
constexpr float FT_CLIP  = nnue::MAX_DENSE_WEIGHT;  // keeps 40 features' int16 sums in range
// A threat row's bound: 40 piece rows and 320 threat rows at their bounds still fit int16.
constexpr float THREAT_CLIP = 0.5f;

float clamp01(float x) {
    return std::clamp(x, 0.0f, 1.0f);
}

float slope01(float x) {
    return x > 0 && x < 1 ? 1.0f : 0.0f;
}

// The activations of one sample, kept for the backward pass.
struct Activations {
    std::vector<float>          acc;  // 2 x width, the side to move's half first
    std::vector<float>          input;
    std::array<float, nnue::L1> z1, a1;
    std::array<float, nnue::L2> z2, a2;
    double                      value = 0;
    explicit Activations(int width)
        : acc(std::size_t(2 * width))
        , input(std::size_t(2 * width)) { }
};

// A view's rows of a sample: for each of its piece features the bucketed and the shared row.
template<class F> void for_each_row(const NnueSet& set, const NnueSet::Sample& s, int half, F&& f) {
    const Color         c     = half == 0 ? s.side_to_move : ~s.side_to_move;
    const std::uint32_t first = s.first + (c == SENTE ? 0 : s.count[SENTE]);
    for (std::uint32_t i = first; i < first + s.count[c]; ++i) {
        const int pf = set.features[i];
        f(s.nn_bucket[c] * PF + pf, nnue::INPUTS + pf, s.kp_bucket[c] * PF + pf);
    }
}

// A view's threat rows of a sample.
template<class F>
void for_each_threat_row(const NnueSet& set, const NnueSet::Sample& s, int half, F&& f) {
    const Color         c     = half == 0 ? s.side_to_move : ~s.side_to_move;
    const std::uint32_t first = s.threat_first + (c == SENTE ? 0 : s.threat_count);
    for (std::uint32_t i = first; i < first + s.threat_count; ++i) f(ROWS + set.threat_features[i]);
}

double forward(
    const FloatNetwork& n, const NnueSet& set, const NnueSet::Sample& s, Activations& x) {
    const int w  = n.width;
    double    kv = n.kp[kp::TEMPO];
    for (int half = 0; half < 2; ++half) {
        float* acc = x.acc.data() + half * w;
        std::copy_n(n.ft_bias.data(), w, acc);
        for_each_row(set, s, half, [&](int row, int shared, int kp_index) {
            kv += half == 0 ? n.kp[std::size_t(kp_index)] : -n.kp[std::size_t(kp_index)];
            const float* a = n.ft_weights.data() + std::size_t(row) * w;
            const float* b = n.ft_weights.data() + std::size_t(shared) * w;
            for (int i = 0; i < w; ++i) acc[i] += a[i] + b[i];
        });
        if (n.threats)
            for_each_threat_row(set, s, half, [&](int row) {
                const float* a = n.ft_weights.data() + std::size_t(row) * w;
                for (int i = 0; i < w; ++i) acc[i] += a[i];
            });
    }
    for (int i = 0; i < 2 * w; ++i) x.input[std::size_t(i)] = clamp01(x.acc[std::size_t(i)]);
    for (int j = 0; j < nnue::L1; ++j) {
        const float* row = n.l1_weights.data() + std::size_t(j) * 2 * w;
        float        z   = n.l1_bias[std::size_t(j)];
        for (int i = 0; i < 2 * w; ++i) z += row[i] * x.input[std::size_t(i)];
        x.z1[std::size_t(j)] = z;
        x.a1[std::size_t(j)] = clamp01(z);
    }
    for (int j = 0; j < nnue::L2; ++j) {
        float z = n.l2_bias[std::size_t(j)];
        for (int i = 0; i < nnue::L1; ++i)
            z += n.l2_weights[std::size_t(j * nnue::L1 + i)] * x.a1[std::size_t(i)];
        x.z2[std::size_t(j)] = z;
        x.a2[std::size_t(j)] = clamp01(z);
    }
    float out = n.out_bias;
    for (int j = 0; j < nnue::L2; ++j) out += n.out_weights[std::size_t(j)] * x.a2[std::size_t(j)];
    x.value = kv + double(out) * nnue::OUTPUT_UNITS;
    return x.value;
}

// One thread's gradients; the first layer's and KP's are sparse (the rows a batch touched).
struct Gradients {
    std::vector<float>         kp, ft, ft_bias, l1, l1_bias, l2, l2_bias, out;
    float                      out_bias = 0;
    std::vector<std::uint8_t>  ft_touched, kp_touched;
    std::vector<std::uint32_t> ft_rows, kp_rows;
    Gradients(int width)
        : kp(std::size_t(kp::WEIGHT_NB))
        , ft(std::size_t(ALL_ROWS) * std::size_t(width))
        , ft_bias(std::size_t(width))
        , l1(std::size_t(nnue::L1) * 2 * std::size_t(width))
        , l1_bias(nnue::L1)
        , l2(std::size_t(nnue::L2) * nnue::L1)
        , l2_bias(nnue::L2)
        , out(nnue::L2)
        , ft_touched(std::size_t(ALL_ROWS))
        , kp_touched(std::size_t(kp::WEIGHT_NB)) { }

    void touch_ft(int row) {
        if (!ft_touched[std::size_t(row)]) {
            ft_touched[std::size_t(row)] = 1;
            ft_rows.push_back(std::uint32_t(row));
        }
    }
    void touch_kp(int index) {
        if (!kp_touched[std::size_t(index)]) {
            kp_touched[std::size_t(index)] = 1;
            kp_rows.push_back(std::uint32_t(index));
        }
    }
};

// Adds d(loss)/d(parameters) of one sample, given g = d(loss)/d(value in search units).
void backward(const FloatNetwork& n, const NnueSet& set, const NnueSet::Sample& s,
    const Activations& x, float g, Gradients& grad) {
    const int w = n.width;
    grad.kp[kp::TEMPO] += g;
    grad.touch_kp(kp::TEMPO);
    const float                 d_out = g * float(nnue::OUTPUT_UNITS);
    std::array<float, nnue::L2> d2;
    for (int j = 0; j < nnue::L2; ++j) {
        grad.out[std::size_t(j)] += d_out * x.a2[std::size_t(j)];
        d2[std::size_t(j)] = d_out * n.out_weights[std::size_t(j)] * slope01(x.z2[std::size_t(j)]);
    }
    grad.out_bias += d_out;
    std::array<float, nnue::L1> d1 {};
    for (int j = 0; j < nnue::L2; ++j) {
        const float d = d2[std::size_t(j)];
        if (d == 0) continue;
        grad.l2_bias[std::size_t(j)] += d;
        for (int i = 0; i < nnue::L1; ++i) {
            grad.l2[std::size_t(j * nnue::L1 + i)] += d * x.a1[std::size_t(i)];
            d1[std::size_t(i)] += d * n.l2_weights[std::size_t(j * nnue::L1 + i)];
        }
    }
    std::vector<float> d_input(std::size_t(2 * w), 0.0f);
    for (int j = 0; j < nnue::L1; ++j) {
        const float d = d1[std::size_t(j)] * slope01(x.z1[std::size_t(j)]);
        if (d == 0) continue;
        grad.l1_bias[std::size_t(j)] += d;
        float*       gl  = grad.l1.data() + std::size_t(j) * 2 * w;
        const float* row = n.l1_weights.data() + std::size_t(j) * 2 * w;
        for (int i = 0; i < 2 * w; ++i) {
            gl[i] += d * x.input[std::size_t(i)];
            d_input[std::size_t(i)] += d * row[i];
        }
    }
    for (int i = 0; i < 2 * w; ++i) d_input[std::size_t(i)] *= slope01(x.acc[std::size_t(i)]);
    for (int half = 0; half < 2; ++half) {
        const float* d = d_input.data() + half * w;
        for (int i = 0; i < w; ++i) grad.ft_bias[std::size_t(i)] += d[i];
        for_each_row(set, s, half, [&](int row, int shared, int kp_index) {
            grad.kp[std::size_t(kp_index)] += half == 0 ? g : -g;
            grad.touch_kp(kp_index);
            for (int r : {row, shared}) {
                grad.touch_ft(r);
                float* gr = grad.ft.data() + std::size_t(r) * w;
                for (int i = 0; i < w; ++i) gr[i] += d[i];
            }
        });
        if (n.threats)
            for_each_threat_row(set, s, half, [&](int r) {
                grad.touch_ft(r);
                float* gr = grad.ft.data() + std::size_t(r) * w;
                for (int i = 0; i < w; ++i) gr[i] += d[i];
            });
    }
}

// Adam's moments of one parameter array.
struct Adam {
    std::vector<float> m, v;
    explicit Adam(std::size_t n)
        : m(n, 0)
        , v(n, 0) { }
    // One step of parameter i by gradient g; c1, c2 the bias corrections.
    void step(float& p, std::size_t i, float g, double lr, double c1, double c2) {
        m[i] = 0.9f * m[i] + 0.1f * g;
        v[i] = 0.999f * v[i] + 0.001f * g * g;
        p -= float(lr * (m[i] / c1) / (std::sqrt(v[i] / c2) + 1e-8));
    }
};

double target(const NnueSet::Sample& s, double scale, double lambda) {
    return lambda * s.result_target + (1 - lambda) * sigmoid(scale * s.score);
}

bool held_out(std::size_t i, const NnueTrainOptions& o) {
    return (i / std::size_t(o.validation_block)) % std::size_t(o.validation_every) == 0;
}

template<class T> T quantise_to(double v, double limit) {
    return T(
        std::clamp(std::llround(v), -static_cast<long long>(limit), static_cast<long long>(limit)));
}

}  // namespace

FilterReport NnueSet::add(const std::vector<TrainingRecord>& records, Value max_score) {
    FilterReport report;
    for (const TrainingRecord& r : records)
        if (const auto pos = quiet_position(r, max_score, report))
            add(*pos, float(r.score), float(r.result + 1) / 2);
    return report;
}

void NnueSet::add(const Position& pos, float score, float result_target) {
    Sample s {};
    s.first         = std::uint32_t(features.size());
    s.side_to_move  = pos.side_to_move();
    s.score         = score;
    s.result_target = result_target;
    for (Color c : {SENTE, GOTE}) {
        const Square king = pos.king_square(c);
        s.kp_bucket[c]    = std::uint8_t(kp::view_from(c, king).base / PF);
        s.nn_bucket[c]    = std::uint8_t(nnue::bucket(c, king));
        const int base    = kp::view_from(c, king).base;
        int       count   = 0;
        kp::visit(pos, c, [&](int f) {
            features.push_back(std::uint16_t(f - base));
            ++count;
        });
        s.count[c] = std::uint8_t(count);
    }
    s.threat_first = std::uint32_t(threat_features.size());
    if (threats) {
        eval::threats::ThreatList list;
        eval::threats::collect(pos, list);
        for (Color c : {SENTE, GOTE})
            threat_features.insert(threat_features.end(), list.features[c].begin(),
                list.features[c].begin() + list.count);
        s.threat_count = std::uint16_t(list.count);
    }
    samples.push_back(s);
}

FloatNetwork::FloatNetwork(
    int w, const eval::KpWeights& kp_weights, std::uint64_t seed, bool with_threats)
    : width(w)
    , threats(with_threats)
    , kp(std::size_t(kp::WEIGHT_NB))
    , ft_weights(std::size_t(ALL_ROWS) * std::size_t(w))
    , ft_bias(std::size_t(w), 0.5f)
    , l1_weights(std::size_t(nnue::L1) * 2 * std::size_t(w))
    , l1_bias(nnue::L1, 0.5f)
    , l2_weights(std::size_t(nnue::L2) * nnue::L1)
    , l2_bias(nnue::L2, 0.5f)
    , out_weights(nnue::L2, 0.0f) {
    for (int i = 0; i < kp::WEIGHT_NB; ++i)
        kp[std::size_t(i)] = float(kp_weights[i]) / eval::KP_WEIGHT_SCALE;
    std::mt19937_64 rng(seed);
    const auto      fill = [&](std::span<float> v, float range) {
        std::uniform_real_distribution<float> u(-range, range);
        for (float& x : v) x = u(rng);
    };
    // Threat rows start at zero (the network starts as the one without them) and draw nothing,
    // so a network without them starts as it did before they existed.
    fill(std::span(ft_weights).first(std::size_t(ROWS) * std::size_t(w)), 0.05f);
    fill(l1_weights, 1.0f / std::sqrt(float(2 * w)));
    fill(l2_weights, 1.0f / std::sqrt(float(nnue::L1)));
}

FloatNetwork::FloatNetwork(const eval::Network& net)
    : FloatNetwork(net.width(), net.kp(), 0, net.has_threats()) {
    const int   w  = width;
    const float ft = nnue::FT_SCALE, ws = nnue::WEIGHT_SCALE;
    std::fill(ft_weights.begin(), ft_weights.end(), 0.0f);
    for (std::size_t at = 0; at < net.ft_weights.size(); ++at)
        ft_weights[at] = float(net.ft_weights[at]) / ft;
    for (std::size_t at = 0; at < net.threat_weights.size(); ++at)
        ft_weights[std::size_t(ROWS) * std::size_t(w) + at] = float(net.threat_weights[at]) / ft;
    for (int i = 0; i < w; ++i) ft_bias[std::size_t(i)] = float(net.ft_bias[std::size_t(i)]) / ft;
    const auto dense = [&](const std::vector<std::int8_t>& qw, const std::vector<std::int32_t>& qb,
                           std::vector<float>& fw, std::vector<float>& fb) {
        for (std::size_t i = 0; i < qw.size(); ++i) fw[i] = float(qw[i]) / ws;
        for (std::size_t i = 0; i < qb.size(); ++i) fb[i] = float(qb[i]) / (ft * ws);
    };
    dense(net.l1_weights, net.l1_bias, l1_weights, l1_bias);
    dense(net.l2_weights, net.l2_bias, l2_weights, l2_bias);
    for (int j = 0; j < nnue::L2; ++j)
        out_weights[std::size_t(j)] = float(net.out_weights[std::size_t(j)]) / ws;
    out_bias = float(net.out_bias) / (ft * ws);
}

double FloatNetwork::value(const NnueSet& set, const NnueSet::Sample& s) const {
    Activations x(width);
    return forward(*this, set, s, x);
}

double FloatNetwork::value(const Position& pos) const {
    NnueSet set;
    set.threats = threats;
    set.add(pos, 0, 0.5f);
    return value(set, set.samples.front());
}

eval::Network FloatNetwork::quantise() const {
    eval::KpWeights k;
    for (int i = 0; i < kp::WEIGHT_NB; ++i)
        k[i] = quantise_to<std::int16_t>(double(kp[std::size_t(i)]) * eval::KP_WEIGHT_SCALE, 32767);
    k.rehash();
    eval::Network net(width, std::move(k), threats);
    const double  ft = nnue::FT_SCALE, ws = nnue::WEIGHT_SCALE;
    for (int f = 0; f < nnue::INPUTS; ++f)
        for (int i = 0; i < width; ++i) {
            const std::size_t at     = std::size_t(f) * width + i;
            const float       shared = ft_weights[std::size_t(nnue::INPUTS + f % PF) * width + i];
            net.ft_weights[at] = quantise_to<std::int16_t>((ft_weights[at] + shared) * ft, 32767);
        }
    if (threats)
        for (std::size_t at = 0; at < net.threat_weights.size(); ++at)
            net.threat_weights[at]  // within THREAT_CLIP, so within a byte
                = quantise_to<std::int8_t>(ft_weights[std::size_t(ROWS) * width + at] * ft, 127);
    for (int i = 0; i < width; ++i)
        net.ft_bias[std::size_t(i)]
            = quantise_to<std::int16_t>(ft_bias[std::size_t(i)] * ft, 32767);
    const auto dense = [&](const std::vector<float>& w, const std::vector<float>& b,
                           std::vector<std::int8_t>& qw, std::vector<std::int32_t>& qb) {
        for (std::size_t i = 0; i < w.size(); ++i) qw[i] = quantise_to<std::int8_t>(w[i] * ws, 127);
        for (std::size_t i = 0; i < b.size(); ++i)
            qb[i] = quantise_to<std::int32_t>(b[i] * ft * ws, 2147483647.0);
    };
    dense(l1_weights, l1_bias, net.l1_weights, net.l1_bias);
    dense(l2_weights, l2_bias, net.l2_weights, net.l2_bias);
    for (int j = 0; j < nnue::L2; ++j)
        net.out_weights[std::size_t(j)]
            = quantise_to<std::int8_t>(out_weights[std::size_t(j)] * ws, 127);
    net.out_bias = quantise_to<std::int32_t>(out_bias * ft * ws, 2147483647.0);
    net.rehash();
    return net;
}

double nnue_loss(const NnueSet& set, const FloatNetwork& net,
    const std::vector<std::uint32_t>& which, const NnueTrainOptions& o) {
    const int                threads = std::max(1, o.threads);
    std::vector<double>      sums(std::size_t(threads), 0.0);
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t)
        pool.emplace_back([&, t] {
            Activations x(net.width);
            for (std::size_t i = std::size_t(t); i < which.size(); i += std::size_t(threads)) {
                const NnueSet::Sample& s = set.samples[which[i]];
                const double           d
                    = sigmoid(o.scale * forward(net, set, s, x)) - target(s, o.scale, o.lambda);
                sums[std::size_t(t)] += d * d;
            }
        });
    for (std::thread& t : pool) t.join();
    return which.empty() ? 0
                         : std::accumulate(sums.begin(), sums.end(), 0.0) / double(which.size());
}

NnueTrainResult train_nnue(const NnueSet& set, const eval::KpWeights& kp_weights,
    const NnueTrainOptions& o, std::ostream* log) {
    return train_nnue(set, FloatNetwork(o.width, kp_weights, o.seed, o.threats), o, log);
}

NnueTrainResult train_nnue(
    const NnueSet& set, FloatNetwork n, NnueTrainOptions o, std::ostream* log) {
    o.width   = n.width;
    o.threats = n.threats;
    if (o.threats && !set.threats)
        throw std::invalid_argument("threat inputs asked for, but the set was made without them");
    std::vector<std::uint32_t> train, validation;
    for (std::uint32_t i = 0; i < set.samples.size(); ++i)
        (held_out(i, o) ? validation : train).push_back(i);

    const int       w = o.width;
    NnueTrainResult result {n};
    result.train_before = result.train_after = nnue_loss(set, n, train, o);
    result.validation_before = result.validation_after = nnue_loss(set, n, validation, o);

    const int              threads = std::max(1, o.threads);
    std::vector<Gradients> grads(std::size_t(threads), Gradients {w});
    Adam adam_kp(n.kp.size()), adam_ft(n.ft_weights.size()), adam_ft_bias(n.ft_bias.size()),
        adam_l1(n.l1_weights.size()), adam_l1_bias(n.l1_bias.size()), adam_l2(n.l2_weights.size()),
        adam_l2_bias(n.l2_bias.size()), adam_out(n.out_weights.size()), adam_out_bias(1);
    std::vector<std::uint8_t> row_done(std::size_t {ALL_ROWS}),
        kp_done(std::size_t {kp::WEIGHT_NB});
    std::mt19937_64 rng(o.seed);
    std::uint64_t   step = 0;
    for (int epoch = 1; epoch <= o.epochs; ++epoch) {
        std::shuffle(train.begin(), train.end(), rng);
        // The step shrinks linearly to a tenth over the epochs.
        const double decay = 1 - 0.9 * double(epoch - 1) / std::max(1, o.epochs - 1);
        for (std::size_t b = 0; b < train.size(); b += std::size_t(o.batch)) {
            const std::size_t        end = std::min(train.size(), b + std::size_t(o.batch));
            std::vector<std::thread> pool;
            for (int t = 0; t < threads; ++t)
                pool.emplace_back([&, t] {
                    Activations x(w);
                    for (std::size_t j = b + std::size_t(t); j < end; j += std::size_t(threads)) {
                        const NnueSet::Sample& s = set.samples[train[j]];
                        const double           p = sigmoid(o.scale * forward(n, set, s, x));
                        const float            g
                            = float(2 * (p - target(s, o.scale, o.lambda)) * p * (1 - p) * o.scale);
                        backward(n, set, s, x, g, grads[std::size_t(t)]);
                    }
                });
            for (std::thread& t : pool) t.join();

            ++step;
            const double c1 = 1 - std::pow(0.9, double(step)),
                         c2 = 1 - std::pow(0.999, double(step));
            const double lr = o.learning_rate * decay, kp_lr = o.kp_rate * decay;
            const float  inv = 1.0f / float(end - b);
            // Sums a parameter's gradient over the threads (zeroing them) and steps it.
            const auto dense_step
                = [&](std::vector<float>& p, Adam& adam, std::vector<float> Gradients::*field,
                      double rate, float clip) {
                      for (std::size_t i = 0; i < p.size(); ++i) {
                          float g = 0;
                          for (Gradients& gr : grads) {
                              g += (gr.*field)[i];
                              (gr.*field)[i] = 0;
                          }
                          adam.step(p[i], i, g * inv, rate, c1, c2);
                          p[i] = std::clamp(p[i], -clip, clip);
                      }
                  };
            dense_step(n.ft_bias, adam_ft_bias, &Gradients::ft_bias, lr, FT_CLIP);
            dense_step(n.l1_weights, adam_l1, &Gradients::l1, lr, nnue::MAX_DENSE_WEIGHT);
            dense_step(n.l1_bias, adam_l1_bias, &Gradients::l1_bias, lr, 1e6f);
            dense_step(n.l2_weights, adam_l2, &Gradients::l2, lr, nnue::MAX_DENSE_WEIGHT);
            dense_step(n.l2_bias, adam_l2_bias, &Gradients::l2_bias, lr, 1e6f);
            dense_step(n.out_weights, adam_out, &Gradients::out, lr, nnue::MAX_DENSE_WEIGHT);
            float out_g = 0;
            for (Gradients& gr : grads) out_g += std::exchange(gr.out_bias, 0.0f);
            adam_out_bias.step(n.out_bias, 0, out_g * inv, lr, c1, c2);
            // The sparse rows: each touched row once, summed over the threads.
            for (Gradients& gr : grads) {
                for (std::uint32_t r : gr.ft_rows) {
                    if (row_done[r]) continue;
                    row_done[r] = 1;
                    for (int i = 0; i < w; ++i) {
                        const std::size_t at = std::size_t(r) * w + i;
                        float             g  = 0;
                        for (Gradients& other : grads) {
                            g += other.ft[at];
                            other.ft[at] = 0;
                        }
                        adam_ft.step(n.ft_weights[at], at, g * inv, lr, c1, c2);
                        const float clip = r >= std::uint32_t(ROWS) ? THREAT_CLIP : FT_CLIP;
                        n.ft_weights[at] = std::clamp(n.ft_weights[at], -clip, clip);
                    }
                }
                for (std::uint32_t k : gr.kp_rows) {
                    if (kp_done[k]) continue;
                    kp_done[k] = 1;
                    float g    = 0;
                    for (Gradients& other : grads) g += std::exchange(other.kp[k], 0.0f);
                    adam_kp.step(n.kp[k], k, g * inv, kp_lr, c1, c2);
                }
            }
            for (Gradients& gr : grads) {
                for (std::uint32_t r : gr.ft_rows) row_done[r] = gr.ft_touched[r] = 0;
                for (std::uint32_t k : gr.kp_rows) kp_done[k] = gr.kp_touched[k] = 0;
                gr.ft_rows.clear();
                gr.kp_rows.clear();
            }
        }
        const double train_loss = nnue_loss(set, n, train, o);
        const double valid_loss = nnue_loss(set, n, validation, o);
        if (log)
            *log << "epoch " << epoch << ": train " << train_loss << ", validation " << valid_loss
                 << std::endl;
        if (valid_loss < result.validation_after) {
            result.validation_after = valid_loss;
            result.train_after      = train_loss;
            result.best_epoch       = epoch;
            result.network          = n;
        }
    }
    return result;
}

}  // namespace supersoma::tune
