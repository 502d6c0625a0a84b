#include "tools/tuner.hpp"

#include <algorithm>
#include <cmath>
#include <istream>
#include <map>
#include <ostream>
#include <sstream>
#include <variant>

#include "engine/notation.hpp"
#include "engine/position.hpp"
#include "engine/sfen.hpp"
#include "eval/eval_weights.hpp"
#include "eval/evaluate.hpp"
#include "eval/leaf.hpp"

namespace supersoma::tune {

namespace {

namespace ef = eval::features;

// Centipawns at which a label reads as a 73 % chance (sigmoid(1)): a deep engine's scores
// become win probabilities, so that a 3,000 and a 6,000 cp score count alike.
constexpr double LABEL_SCALE_CP = 400.0;

std::vector<std::string> split(const std::string& line, char sep) {
    std::vector<std::string> fields;
    std::string              field;
    std::istringstream       in(line);
    while (std::getline(in, field, sep)) fields.push_back(field);
    return fields;
}

// Quiet: nothing the static evaluation cannot see is about to happen.
bool quiet(const Position& pos, Move best) {
    return !pos.in_check() && !best.is_capture() && !best.is_promotion();
}

}  // namespace

void TrainingSet::add(const Position& pos, double score_cp) {
    const Color us = pos.side_to_move();
    Sample      s;
    s.fixed = eval::material(pos, us) - eval::material(pos, ~us);
    if (add_leaf_net) {
        static const soma::EvalOptions leaf_options = eval::leaf_eval_options();
        s.fixed += eval::evaluate_leaf(pos, leaf_options).net;
    }
    s.target = float(sigmoid(score_cp / LABEL_SCALE_CP));
    std::map<int, int> counts;
    ef::visit(pos, us, [&](int f, int n) { counts[f] += n; });
    ef::visit(pos, ~us, [&](int f, int n) { counts[f] -= n; });
    s.first = std::uint32_t(features.size());
    for (const auto& [index, count] : counts)
        if (count != 0) features.push_back({std::uint16_t(index), std::int16_t(count)});
    s.last = std::uint32_t(features.size());
    samples.push_back(s);
}

ReadReport TrainingSet::read(std::istream& in, int max_score) {
    ReadReport report;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        ++report.read;
        const std::vector<std::string> fields = split(line, ';');
        auto                           fail   = [&](const std::string& why) {
            ++report.unreadable;
            if (report.first_error.empty()) report.first_error = why + ": " + line;
        };
        if (fields.size() < 3) {
            fail("fewer than three fields");
            continue;
        }
        auto parsed = parse_sfen(fields[0]);
        if (const auto* e = std::get_if<SfenError>(&parsed)) {
            fail(e->message());
            continue;
        }
        const Position& pos  = std::get<Position>(parsed);
        auto            move = parse_usi_move(pos, fields[1]);
        if (const auto* e = std::get_if<MoveTextError>(&move)) {
            fail(e->what);
            continue;
        }
        if (fields[2].rfind("mate", 0) == 0) {
            ++report.decided;
            continue;
        }
        int score = 0;
        try {
            score = std::stoi(fields[2]);
        } catch (const std::exception&) {
            fail("score is not a number");
            continue;
        }
        if (std::abs(score) > max_score) {
            ++report.decided;
            continue;
        }
        if (!quiet(pos, std::get<Move>(move))) {
            ++report.not_quiet;
            continue;
        }
        add(pos, score);
        ++report.kept;
    }
    return report;
}

Weights engine_weights(Table table) {
    const eval::EvalWeights& w
        = table == Table::QSearch ? eval::qsearch_eval_weights : eval::eval_weights;
    return Weights(w.begin(), w.end());
}

double evaluate(const TrainingSet& set, const Sample& s, const Weights& w) {
    double e = s.fixed;
    for (std::uint32_t i = s.first; i < s.last; ++i)
        e += w[set.features[i].index] * set.features[i].count;
    return e;
}

double loss(
    const TrainingSet& set, const std::vector<std::uint32_t>& which, const Weights& w, double k) {
    double sum = 0;
    for (std::uint32_t i : which) {
        const Sample& s = set.samples[i];
        const double  d = sigmoid(k * evaluate(set, s, w)) - s.target;
        sum += d * d;
    }
    return which.empty() ? 0 : sum / double(which.size());
}

double fit_scale(
    const TrainingSet& set, const std::vector<std::uint32_t>& which, const Weights& w) {
    // The loss is unimodal in k over any sensible range.
    return minimise_unimodal([&](double k) { return loss(set, which, w, k); }, 1e-5, 0.05);
}

TuneResult tune(
    const TrainingSet& set, const Weights& start, const TuneOptions& options, std::ostream* log) {
    std::vector<std::uint32_t> train, validation;
    for (std::uint32_t i = 0; i < set.samples.size(); ++i)
        (options.validation_every > 0
                    && (i / options.validation_block) % options.validation_every == 0
                ? validation
                : train)
            .push_back(i);

    TuneResult r;
    r.scale             = fit_scale(set, train, start);
    r.train_before      = loss(set, train, start, r.scale);
    r.validation_before = loss(set, validation, start, r.scale);
    r.weights           = start;

    Weights      w     = start, m(w.size()), v(w.size()), gradient(w.size());
    const double beta1 = 0.9, beta2 = 0.999, epsilon = 1e-8;
    double       best       = validation.empty() ? r.train_before : r.validation_before;
    int          since_best = 0;
    const double k          = r.scale;
    for (int t = 1; t <= options.iterations; ++t) {
        std::fill(gradient.begin(), gradient.end(), 0.0);
        for (std::uint32_t i : train) {
            const Sample& s = set.samples[i];
            const double  q = sigmoid(k * evaluate(set, s, w));
            const double  g = 2 * (q - s.target) * q * (1 - q) * k;
            for (std::uint32_t f = s.first; f < s.last; ++f)
                gradient[set.features[f].index] += g * set.features[f].count;
        }
        for (std::size_t j = 0; j < w.size(); ++j) {
            const double g
                = gradient[j] / double(train.size()) + 2 * options.pull * (w[j] - start[j]);
            m[j]            = beta1 * m[j] + (1 - beta1) * g;
            v[j]            = beta2 * v[j] + (1 - beta2) * g * g;
            const double mh = m[j] / (1 - std::pow(beta1, t)), vh = v[j] / (1 - std::pow(beta2, t));
            w[j] -= options.learning_rate * mh / (std::sqrt(vh) + epsilon);
        }
        const double current = loss(set, validation.empty() ? train : validation, w, k);
        r.iterations         = t;
        if (current < best) {
            best       = current;
            r.weights  = w;
            since_best = 0;
        } else if (++since_best >= options.patience) {
            break;
        }
        if (log && t % 100 == 0)
            *log << "pass " << t << ": train " << loss(set, train, w, k) << ", validation "
                 << current << std::endl;
    }
    r.train_after      = loss(set, train, r.weights, k);
    r.validation_after = loss(set, validation, r.weights, k);
    return r;
}

std::string weights_source(const Weights& w, const std::string& source, Table table) {
    struct Section {
        int         start, size, per_line;
        std::string title;
    };
    static const char*   kinds[] = {"pawn", "lance", "knight", "silver", "bishop", "rook", "gold",
          "promoted minor", "horse", "dragon"};
    std::vector<Section> sections;
    for (int k = 0; k < ef::KIND_NB; ++k)
        sections.push_back({ef::PIECE_SQUARE + k * ef::SQUARE_SLOTS, ef::SQUARE_SLOTS, 5,
            std::string(kinds[k])
                + " on a square (9 ranks x 5 files, the enemy's back rank first)"});
    sections.push_back({ef::KING_SQUARE, ef::SQUARE_SLOTS, 5, "king on a square"});
    for (int k = 0; k < ef::KIND_NB; ++k)
        sections.push_back({ef::OWN_NEAR_KING + k * ef::KING_ZONE_SLOTS, ef::KING_ZONE_SLOTS, 4,
            "own " + std::string(kinds[k])
                + " near the own king (7 ranks from 3 ahead to 3 behind x 4 files away)"});
    for (int k = 0; k < ef::KIND_NB; ++k)
        sections.push_back({ef::FOE_NEAR_KING + k * ef::KING_ZONE_SLOTS, ef::KING_ZONE_SLOTS, 4,
            "enemy " + std::string(kinds[k]) + " near the own king"});
    sections.push_back({ef::KING_ATTACKED, ef::ATTACKED_SLOTS, 9,
        "squares around the own king the enemy attacks (0..8)"});
    static const char* hands[]
        = {"", "pawns", "lances", "knights", "silvers", "bishops", "rooks", "golds"};
    for (PieceType pt = PAWN; pt <= GOLD; pt = PieceType(pt + 1))
        sections.push_back({ef::hand_offset(pt), ef::hand_slots[pt], ef::hand_slots[pt],
            std::string(hands[pt]) + " in hand: 0, 1, ..., "
                + std::to_string(ef::hand_slots[pt] - 1) + " or more"});

    std::ostringstream out;
    out << "// The positional evaluation's weights, written by tools/tune_eval: do not edit by "
           "hand.\n";
    std::istringstream lines(source);
    for (std::string line; std::getline(lines, line);) out << "// " << line << "\n";
    out << "#include \"eval/eval_weights.hpp\"\n\nnamespace supersoma::eval {\n\n"
        << "// One row per rank or offset row, as the comments say; clang-format would undo that.\n"
        << "// clang-format off\n"
        << "const EvalWeights "
        << (table == Table::QSearch ? "qsearch_eval_weights" : "eval_weights") << " = {\n";
    for (const Section& s : sections) {
        out << "    // " << s.title << "\n";
        for (int i = 0; i < s.size; i += s.per_line) {
            out << "   ";
            for (int j = i; j < std::min(s.size, i + s.per_line); ++j) {
                const long value = std::lround(std::clamp(w[s.start + j], -32000.0, 32000.0));
                out << " " << value << ",";
            }
            out << "\n";
        }
    }
    out << "};\n// clang-format on\n\n}  // namespace supersoma::eval\n";
    return out.str();
}

}  // namespace supersoma::tune
