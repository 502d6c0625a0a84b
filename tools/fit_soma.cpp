// fit_soma: SUPER-SOMA's B3 weights learned from the regret-labelled set (docs/accuracy.md).
// For each configuration (the full method, and the search's leaf), it reads each position's
// first XREF table, describes every candidate of the side to move (entries, neutralisers, the
// pass) by soma::ChoiceFeatures, and fits the linear model that minimises the expected regret
// of a soft choice on the training part (four in five positions, by tune::is_held_out). The
// net's discount per ply and mate value are then chosen for the rank correlation of the net
// with the deep score less material, and its horizon as the shortest line that keeps it. It
// prints the table of docs/accuracy.md for both parts and, with --write, the models as
// soma/playout/learned_weights.cpp.
//   fit_soma --set FILE [--set FILE ...] [--write soma/playout/learned_weights.cpp]
#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <random>
#include <thread>

#include "engine/attacks.hpp"
#include "engine/notation.hpp"
#include "engine/sfen.hpp"
#include "eval/evaluate.hpp"
#include "eval/leaf.hpp"
#include "search/values.hpp"
#include "soma/playout/choice_model.hpp"
#include "soma/supersoma.hpp"
#include "tools/regret_set.hpp"
#include "util/rank_correlation.hpp"

namespace {

using namespace supersoma;
using soma::CHOICE_FEATURE_NB;
using soma::ChoiceFeatures;

// Features enter the fit in hundreds of the profile's units, so weights near 1 matter alike.
constexpr double FIT_UNIT = 100.0;
// Differences of the net's rank correlation below this are noise on the training part (26,000
// positions: a standard error near 0.006).
constexpr double NET_RHO_NOISE = 0.005;

// Which features carry a value (scaled by FIT_UNIT in the fit).
bool is_value_feature(int f) {
    switch (f) {
    case soma::ENTRY_BIAS:
    case soma::ENTRY_GAINS:
    case soma::ENTRY_CAPTURE:
    case soma::ENTRY_PROMOTION:
    case soma::ENTRY_THREAT:
    case soma::ENTRY_CHECK:
    case soma::ENTRY_DROP:
    case soma::ENTRY_MATE:
    case soma::PARRY_BIAS:
    case soma::PARRY_SAVES_MATE:
    case soma::PASS_BIAS: return false;
    default: return true;
    }
}

struct Candidate {
    ChoiceFeatures features {};  // scaled for the fit
    double         regret = 0;   // cp
    std::string    move;         // USI, "" for the pass
    int            kind = 0;     // 0 the pass, 1 an entry, 2 a parry
};

// One labelled position, read under one configuration.
struct Sample {
    Position                    pos;
    const tune::RegretPosition* label = nullptr;
    std::vector<Candidate>      candidates;
    double                      material_cp = 0;
    bool                        held_out    = false;
};

struct Config {
    std::string       name;  // the model's name
    soma::EvalOptions options;
};

double regret_of(const tune::RegretPosition& label, const std::string& move) {
    const auto score = move.empty() ? label.pass_score() : label.score_of(move);
    return double(label.best() - score.value_or(-tune::REGRET_CLIP));
}

// The candidates of `pos`'s first table under `options` (every neutraliser weighed).
std::vector<Candidate> candidates_of(
    const Position& pos, const tune::RegretPosition& label, soma::EvalOptions options) {
    options.all_neutralisers           = true;
    options.complete_tables            = 1;
    options.max_iterations             = 1;
    options.choice                     = nullptr;
    const soma::EvalResult     r       = soma::evaluate(pos, options);
    const soma::Iteration&     it      = r.iterations.front();
    const soma::ChoiceContext& context = it.context;
    std::vector<Candidate>     out;
    auto                       add = [&](const ChoiceFeatures& raw, const std::string& move) {
        Candidate c;
        c.kind = raw[soma::PASS_BIAS] != 0 ? 0 : raw[soma::ENTRY_BIAS] != 0 ? 1 : 2;
        for (int f = 0; f < CHOICE_FEATURE_NB; ++f)
            c.features[f] = is_value_feature(f) ? raw[f] / FIT_UNIT : raw[f];
        c.move   = move;
        c.regret = regret_of(label, move);
        out.push_back(c);
    };
    if (!pos.in_check() && label.rest) add(soma::pass_features(context), "");
    for (const soma::XrefEntry& e : it.entries)
        if (e.side == it.side_to_move) add(soma::entry_features(e, context), to_usi(e.move));
    for (const soma::Neutraliser& n : it.neutralisers)
        add(soma::parry_features(n, it.entries, context), to_usi(n.move));
    return out;
}

// The fitted weights in the fit's units, and back in the model's.
using Weights = std::array<double, CHOICE_FEATURE_NB>;

double score(const Weights& w, const ChoiceFeatures& f) {
    double s = 0;
    for (int i = 0; i < CHOICE_FEATURE_NB; ++i) s += w[i] * f[i];
    return s;
}

// The candidate a model picks: the best score, the pass first and earlier candidates on ties
// (as soma::choose); nullptr when there is none.
const Candidate* pick(const Weights& w, const std::vector<Candidate>& cs) {
    const Candidate* best = nullptr;
    double           top  = 0;
    for (const Candidate& c : cs) {
        const double s = score(w, c.features);
        if (!best || s > top) best = &c, top = s;
    }
    return best;
}

// Keeps the weights the model's bounds rely on (ChoiceModel::parry_bound): a parry's exposure
// never raises its score.
bool without_context = false;  // --no-context: the opponent's threats are not read

void project(Weights& w) {
    w[soma::PARRY_EXPOSES] = std::min(0.0, w[soma::PARRY_EXPOSES]);
    if (without_context)
        for (int f : {soma::ENTRY_OPP_LARGEST, soma::ENTRY_OPP_TOTAL, soma::PARRY_OPP_LARGEST,
                 soma::PARRY_OPP_TOTAL})
            w[f] = 0;
}

// Expected regret of a softmax choice, its gradient added to `grad`.
double soft_regret(const Weights& w, const std::vector<Candidate>& cs, Weights& grad) {
    if (cs.empty()) return 0;
    std::vector<double> s(cs.size());
    double              top = -1e300;
    for (std::size_t i = 0; i < cs.size(); ++i)
        top = std::max(top, s[i] = score(w, cs[i].features));
    double z = 0;
    for (double& v : s) z += (v = std::exp(v - top));
    double expected = 0;
    for (std::size_t i = 0; i < cs.size(); ++i) expected += (s[i] /= z) * cs[i].regret;
    for (std::size_t i = 0; i < cs.size(); ++i) {
        const double d = s[i] * (cs[i].regret - expected);  // d expected / d score_i
        for (int f = 0; f < CHOICE_FEATURE_NB; ++f) grad[f] += d * cs[i].features[f];
    }
    return expected;
}

// Adam on the mean soft regret of the training samples, from `start`.
Weights fit(const std::vector<Sample>& samples, Weights w, int epochs, double l2) {
    Weights      m {}, v {};
    const double rate = 0.05, b1 = 0.9, b2 = 0.999;
    std::size_t  n = 0;
    for (const Sample& s : samples) n += !s.held_out;
    for (int epoch = 1; epoch <= epochs; ++epoch) {
        Weights grad {};
        double  loss = 0;
        for (const Sample& s : samples)
            if (!s.held_out) loss += soft_regret(w, s.candidates, grad);
        for (int f = 0; f < CHOICE_FEATURE_NB; ++f) {
            // Regret is in cp: the gradient is scaled to pawns so that one rate serves.
            const double g  = grad[f] / double(n) / 100.0 + l2 * w[f];
            m[f]            = b1 * m[f] + (1 - b1) * g;
            v[f]            = b2 * v[f] + (1 - b2) * g * g;
            const double mh = m[f] / (1 - std::pow(b1, epoch));
            const double vh = v[f] / (1 - std::pow(b2, epoch));
            w[f] -= rate * mh / (std::sqrt(vh) + 1e-8);
        }
        project(w);
        if (epoch % 100 == 0)
            std::cerr << "  epoch " << epoch << ": soft regret " << loss / double(n) << " cp\n";
    }
    return w;
}

int hidden_units = 0;  // --mlp: the experiment's hidden units (0: none)

// An experiment beside the linear model: a small network per candidate (tanh hidden layer of
// `hidden` units plus the linear part), fitted the same way; returns its held-out regret.
double mlp_experiment(
    const std::vector<Sample>& samples, const Weights& linear, int hidden, int epochs) {
    const int                        n = CHOICE_FEATURE_NB;
    std::vector<double>              w1(static_cast<std::size_t>(hidden * n));
    std::vector<double>              b1(static_cast<std::size_t>(hidden));
    std::vector<double>              w2(static_cast<std::size_t>(hidden));
    std::mt19937_64                  rng(1);
    std::normal_distribution<double> normal(0, 0.1);
    for (double& x : w1) x = normal(rng);
    std::vector<double> lin(linear.begin(), linear.end());
    auto                all = [&] {
        std::vector<std::vector<double>*> v {&w1, &b1, &w2, &lin};
        return v;
    };
    auto forward = [&](const ChoiceFeatures& x, std::vector<double>& h) {
        double s = 0;
        for (int f = 0; f < n; ++f) s += lin[std::size_t(f)] * x[f];
        for (int j = 0; j < hidden; ++j) {
            double a = b1[std::size_t(j)];
            for (int f = 0; f < n; ++f)
                a += w1[std::size_t(j * n + f)] * std::clamp(x[f], -20.0, 20.0);
            h[std::size_t(j)] = std::tanh(a);
            s += w2[std::size_t(j)] * h[std::size_t(j)];
        }
        return s;
    };
    std::vector<std::vector<double>> m, v;
    for (auto* p : all()) m.emplace_back(p->size()), v.emplace_back(p->size());
    std::size_t count = 0;
    for (const Sample& s : samples) count += !s.held_out;
    for (int epoch = 1; epoch <= epochs; ++epoch) {
        std::vector<std::vector<double>> g;
        for (auto* p : all()) g.emplace_back(p->size());
        for (const Sample& smp : samples) {
            if (smp.held_out || smp.candidates.empty()) continue;
            const auto&                      cs = smp.candidates;
            std::vector<double>              sc(cs.size());
            std::vector<std::vector<double>> hs(
                cs.size(), std::vector<double>(std::size_t(hidden)));
            double top = -1e300;
            for (std::size_t i = 0; i < cs.size(); ++i)
                top = std::max(top, sc[i] = forward(cs[i].features, hs[i]));
            double z = 0;
            for (double& x : sc) z += (x = std::exp(x - top));
            double expected = 0;
            for (std::size_t i = 0; i < cs.size(); ++i) expected += (sc[i] /= z) * cs[i].regret;
            for (std::size_t i = 0; i < cs.size(); ++i) {
                const double d = sc[i] * (cs[i].regret - expected) / double(count) / 100.0;
                for (int f = 0; f < n; ++f) g[3][std::size_t(f)] += d * cs[i].features[f];
                for (int j = 0; j < hidden; ++j) {
                    const double h = hs[i][std::size_t(j)];
                    g[2][std::size_t(j)] += d * h;
                    const double da = d * w2[std::size_t(j)] * (1 - h * h);
                    g[1][std::size_t(j)] += da;
                    for (int f = 0; f < n; ++f)
                        g[0][std::size_t(j * n + f)]
                            += da * std::clamp(cs[i].features[f], -20.0, 20.0);
                }
            }
        }
        auto ps = all();
        for (std::size_t k = 0; k < ps.size(); ++k)
            for (std::size_t i = 0; i < ps[k]->size(); ++i) {
                const double gr = g[k][i] + 1e-4 * (*ps[k])[i];
                m[k][i]         = 0.9 * m[k][i] + 0.1 * gr;
                v[k][i]         = 0.999 * v[k][i] + 0.001 * gr * gr;
                (*ps[k])[i] -= 0.01 * (m[k][i] / (1 - std::pow(0.9, epoch)))
                    / (std::sqrt(v[k][i] / (1 - std::pow(0.999, epoch))) + 1e-8);
            }
        if (epoch % 100 == 0) {
            double              held = 0, train = 0;
            int                 nh = 0, nt = 0;
            std::vector<double> h(static_cast<std::size_t>(hidden));
            for (const Sample& smp : samples) {
                if (smp.candidates.empty()) continue;
                const Candidate* best = nullptr;
                double           top  = 0;
                for (const Candidate& c : smp.candidates) {
                    const double sc = forward(c.features, h);
                    if (!best || sc > top) best = &c, top = sc;
                }
                (smp.held_out ? held : train) += best->regret;
                ++(smp.held_out ? nh : nt);
            }
            std::cerr << "  mlp epoch " << epoch << ": held-out regret " << held / nh
                      << ", training " << train / nt << "\n";
        }
    }
    return 0;
}

// The fit's weights as the model's (features unscaled).
soma::ChoiceModel to_model(const Weights& w, std::string_view name) {
    soma::ChoiceModel m;
    m.name = name;
    for (int f = 0; f < CHOICE_FEATURE_NB; ++f)
        m.weights[f] = is_value_feature(f) ? w[f] / FIT_UNIT : w[f];
    return m;
}

// The regret, first-move agreement and net correlation of one predictor over a part.
struct Row {
    double regret = 0, agree = 0, spearman = 0;
    int    positions = 0;
};

// The deep search's move: the best of the scored moves, or rest's.
std::string deep_move(const tune::RegretPosition& l) {
    std::string move = l.rest ? l.rest->move : "";
    int         best = l.rest ? l.rest->cp : -tune::REGRET_CLIP - 1;
    for (const auto& m : l.moves)
        if (m.cp > best) best = m.cp, move = m.move;
    return move;
}

// A predictor's move for a sample ("" passes), and its net (cp-free units; NaN: none).
using Predictor = std::function<std::pair<std::string, double>(const Sample&)>;

Row measure(const std::vector<Sample>& samples, bool held_out, const Predictor& predict) {
    Row                                         row;
    std::vector<double>                         nets, targets;
    std::vector<std::pair<std::string, double>> out(samples.size());
    std::atomic<std::size_t>                    next {0};
    std::vector<std::thread>                    jobs;
    for (unsigned j = 0; j < std::max(1u, std::thread::hardware_concurrency()); ++j)
        jobs.emplace_back([&] {
            for (std::size_t i; (i = next.fetch_add(1)) < samples.size();)
                if (samples[i].held_out == held_out) out[i] = predict(samples[i]);
        });
    for (std::thread& t : jobs) t.join();
    for (std::size_t i = 0; i < samples.size(); ++i) {
        const Sample& s = samples[i];
        if (s.held_out != held_out) continue;
        const auto& [move, net] = out[i];
        ++row.positions;
        row.regret += regret_of(*s.label, move);
        const std::string deep = deep_move(*s.label);
        row.agree += move == deep || (move.empty() && s.label->rest && deep == s.label->rest->move);
        if (!std::isnan(net) && std::abs(s.label->best()) < tune::REGRET_CLIP) {
            nets.push_back(net);
            targets.push_back(s.label->best() - s.material_cp);
        }
    }
    row.regret /= std::max(row.positions, 1);
    row.agree    = 100.0 * row.agree / std::max(row.positions, 1);
    row.spearman = nets.empty() ? 0.0 : spearman(nets, targets);
    return row;
}

// SUPER-SOMA's verdict under `options` as a predictor.
Predictor supersoma(const soma::EvalOptions& options) {
    return [options](const Sample& s) {
        const soma::Verdict v = soma::evaluate_verdict(s.pos, options);
        return std::pair {v.first.is_none() ? std::string() : to_usi(v.first), double(v.net)};
    };
}

void print_row(const std::string& name, const Row& train, const Row& held) {
    std::printf("| %s | %.0f | %.1f %% | %.2f | %.0f | %.1f %% | %.2f |\n", name.c_str(),
        held.regret, held.agree, held.spearman, train.regret, train.agree, train.spearman);
}

struct Fitted {
    soma::ChoiceModel model;
    soma::EvalOptions options;
};

// Fits one configuration and prints its rows.
Fitted fit_config(
    const Config& config, const std::vector<tune::RegretPosition>& labels, int epochs, double l2) {
    std::vector<Sample> samples;
    for (const tune::RegretPosition& l : labels) {
        auto parsed = parse_sfen(l.sfen);
        if (!std::holds_alternative<Position>(parsed)) continue;
        Sample      s {std::get<Position>(parsed), &l, {}, 0, tune::is_held_out(l.sfen)};
        const Color us = s.pos.side_to_move();
        s.material_cp
            = (eval::material(s.pos, us) - eval::material(s.pos, ~us)) * 100.0 / search::PAWN_UNITS;
        samples.push_back(std::move(s));
    }
    {
        std::atomic<std::size_t> next {0};
        std::vector<std::thread> jobs;
        for (unsigned j = 0; j < std::max(1u, std::thread::hardware_concurrency()); ++j)
            jobs.emplace_back([&] {
                for (std::size_t i; (i = next.fetch_add(1)) < samples.size();)
                    samples[i].candidates
                        = candidates_of(samples[i].pos, *samples[i].label, config.options);
            });
        for (std::thread& t : jobs) t.join();
    }
    std::size_t held = 0;
    for (const Sample& s : samples) held += s.held_out;
    std::cerr << config.name << ": " << samples.size() - held << " training positions, " << held
              << " held out\n";

    // From the article's rule, its scores in hundreds of units: soft enough to learn from.
    const Weights start = soma::article_model().weights;
    const Weights w     = fit(samples, start, epochs, l2);
    if (hidden_units > 0) mlp_experiment(samples, w, hidden_units, 1000);
    Fitted fitted {to_model(w, config.name), config.options};
    for (int f = 0; f < CHOICE_FEATURE_NB; ++f)
        std::cerr << "  " << soma::choice_feature_name(f) << " " << fitted.model.weights[f] << "\n";

    // The net: the discount and mate value that correlate best on the training part.
    double best_rho = -2;
    for (int plies : {0, 1})
        for (int discount : {50, 60, 70, 80, 90, 100})
            for (Value mate : {Value(300), Value(600), Value(1000), Value(2000), Value(3999)}) {
                soma::ChoiceModel m    = fitted.model;
                m.plies                = plies;
                m.net_discount_percent = discount;
                m.mate_value           = mate;
                const Row r
                    = measure(samples, false, supersoma(soma::with_model(config.options, m)));
                if (r.spearman > best_rho) best_rho = r.spearman, fitted.model = m;
            }
    // The horizon: the shortest line whose net correlates within NET_RHO_NOISE of the whole
    // line's (steps far down a discounted line weigh little and cost as much as the first).
    for (int horizon : {8, 12, 16, 24}) {
        soma::ChoiceModel m = fitted.model;
        m.horizon           = horizon;
        const Row r = measure(samples, false, supersoma(soma::with_model(config.options, m)));
        std::cerr << "  horizon " << horizon << ": Spearman " << r.spearman << "\n";
        if (r.spearman >= best_rho - NET_RHO_NOISE) {
            fitted.model = m;
            break;
        }
    }
    fitted.options = soma::with_model(config.options, fitted.model);
    std::cerr << "  net: model plies " << fitted.model.plies << ", discount "
              << fitted.model.net_discount_percent << " %, mate " << fitted.model.mate_value
              << ", horizon " << fitted.model.horizon << "\n";

    std::printf("\n%s (%zu held out, %zu training positions)\n\n", config.name.c_str(), held,
        samples.size() - held);
    std::printf("| predictor | held-out regret | first move | Spearman net | training regret | "
                "first move | Spearman net |\n|---|---|---|---|---|---|---|\n");
    auto row = [&](const std::string& name, const Predictor& p) {
        print_row(name, measure(samples, false, p), measure(samples, true, p));
    };
    row("learned SUPER-SOMA line", supersoma(fitted.options));
    soma::EvalOptions article = config.options;
    row("article's rule SUPER-SOMA line", supersoma(article));
    row("learned model's first choice (fit)", [&](const Sample& s) {
        const Candidate* c = pick(w, s.candidates);
        return std::pair {c ? c->move : std::string(), std::nan("")};
    });
    // Where the fitted choice loses, held out: its kind against the best candidate's.
    {
        const char* kinds[] = {"pass", "entry", "parry"};
        double      regret[3][3] {};
        int         count[3][3] {};
        for (const Sample& s : samples) {
            if (!s.held_out || s.candidates.empty()) continue;
            const Candidate* c    = pick(w, s.candidates);
            const Candidate* best = &s.candidates.front();
            for (const Candidate& d : s.candidates)
                if (d.regret < best->regret) best = &d;
            regret[c->kind][best->kind] += c->regret;
            ++count[c->kind][best->kind];
        }
        std::fprintf(stderr, "  held-out regret by chosen kind / best kind (sum cp / n):\n");
        for (int a = 0; a < 3; ++a)
            for (int b = 0; b < 3; ++b)
                std::fprintf(stderr, "    %s / %s: %.0f / %d\n", kinds[a], kinds[b], regret[a][b],
                    count[a][b]);
    }
    row("highest-value own entry", [&](const Sample& s) {
        soma::EvalOptions o      = config.options;
        o.max_iterations         = 1;
        const soma::EvalResult r = soma::evaluate(s.pos, o);
        std::string            move;
        Value                  top = 0;
        for (const soma::XrefEntry& e : r.iterations.front().entries)
            if (e.side == s.pos.side_to_move() && e.value > top)
                top = e.value, move = to_usi(e.move);
        return std::pair {move, double(top)};
    });
    row("the best candidate (the ceiling of any choice)", [&](const Sample& s) {
        const Candidate* best = nullptr;
        for (const Candidate& c : s.candidates)
            if (!best || c.regret < best->regret) best = &c;
        return std::pair {best ? best->move : std::string(), std::nan("")};
    });
    for (int i = 0; i < 3; ++i)
        row("depth-" + std::to_string(i == 2 ? 4 : i + 1) + " search's move", [i](const Sample& s) {
            return std::pair {s.label->shallow[i], std::nan("")};
        });
    return fitted;
}

void write_weights(const std::string& path, const std::vector<Fitted>& models) {
    std::ofstream out(path);
    out << "// Written by tools/fit_soma from the regret-labelled set (docs/accuracy.md); do not "
           "edit.\n#include \"soma/playout/choice_model.hpp\"\n\nnamespace supersoma::soma {\n";
    const char* functions[] = {"learned_model", "learned_leaf_model"};
    for (std::size_t k = 0; k < models.size(); ++k) {
        const soma::ChoiceModel& m = models[k].model;
        out << "\nconst ChoiceModel& " << functions[k] << "() {\n"
            << "    static const ChoiceModel model {\"" << m.name << "\",\n        {";
        for (int f = 0; f < CHOICE_FEATURE_NB; ++f) {
            char text[64];
            std::snprintf(text, sizeof text, "%.6g", m.weights[f]);
            out << (f ? ", " : "") << text;
        }
        out << "},\n        " << m.plies << ", " << m.net_discount_percent << ", " << m.mate_value
            << ", " << m.horizon << "};\n    return model;\n}\n";
    }
    out << "\n}  // namespace supersoma::soma\n";
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App                 app {"SUPER-SOMA's B3 weights fitted on the regret-labelled set"};
    std::vector<std::string> sets;
    std::string              write;
    int                      epochs = 800;
    double                   l2     = 1e-4;
    app.add_option("--set", sets, "Regret-labelled set(s) (tools/regret_label)")
        ->required()
        ->check(CLI::ExistingFile);
    app.add_option("--write", write, "Write the models as C++ (soma/playout/learned_weights.cpp)");
    app.add_option("--epochs", epochs, "Full passes of the optimiser");
    app.add_option("--l2", l2, "Weight decay");
    app.add_flag("--no-context", without_context,
        "Fit without the context features (the opponent's largest and total threat)");
    app.add_option(
        "--mlp", hidden_units, "Also try a network of this many hidden units (an experiment)");
    CLI11_PARSE(app, argc, argv);
    attacks::init();
    std::vector<tune::RegretPosition> labels;
    for (const std::string& path : sets) {
        std::ifstream in(path);
        auto          part = tune::read_regret_set(in);
        labels.insert(labels.end(), part.begin(), part.end());
    }
    soma::EvalOptions full;
    full.complete_tables     = 0;
    soma::EvalOptions   leaf = eval::leaf_eval_options();
    std::vector<Fitted> fitted;
    fitted.push_back(fit_config({"learned", full}, labels, epochs, l2));
    fitted.push_back(fit_config({"learned-leaf", leaf}, labels, epochs, l2));
    if (!write.empty()) write_weights(write, fitted);
    return 0;
}
