#include "soma/playout/choice_model.hpp"

#include <algorithm>
#include <cassert>

namespace supersoma::soma {

const char* choice_feature_name(int feature) {
    static constexpr const char* NAMES[CHOICE_FEATURE_NB]
        = {"entry", "entry value", "entry credit", "entry largest credit", "entry first gain",
            "entry recapture", "entry gains", "entry capture", "entry promotion",
            "entry leaves opponent's largest", "entry threat (A4)", "entry check", "entry drop",
            "entry mate", "entry: opponent's largest", "entry: opponent's total", "parry",
            "parry saves", "parry largest save", "parry weakens", "parry exposes", "parry gain",
            "parry saves a mate", "parry: opponent's largest", "parry: opponent's total", "pass"};
    assert(feature >= 0 && feature < CHOICE_FEATURE_NB);
    return NAMES[feature];
}

double ChoiceModel::score(const ChoiceFeatures& features) const {
    double s = 0;
    for (int i = 0; i < CHOICE_FEATURE_NB; ++i) s += weights[i] * features[i];
    return s;
}

double ChoiceModel::best_own_score(
    const ArenaVector<XrefEntry>& entries, Color us, const ChoiceContext& context) const {
    double best = score(pass_features(context));
    for (const XrefEntry& e : entries)
        if (e.side == us) best = std::max(best, score(entry_features(e, context)));
    return best;
}

double ChoiceModel::parry_bound(Value parryable, Value gain, const ChoiceContext& context) const {
    assert(parryable >= 0);
    // Saves and weakenings together are at most `parryable`, the largest save too.
    const auto positive = [&](ChoiceFeature f) { return std::max(0.0, weights[f]); };
    return weights[PARRY_BIAS]
        + parryable
        * (std::max(positive(PARRY_SAVES), positive(PARRY_WEAKENS)) + positive(PARRY_SAVES_LARGEST))
        + weights[PARRY_GAIN] * gain + positive(PARRY_SAVES_MATE)
        + weights[PARRY_OPP_LARGEST] * context.opp_largest
        + weights[PARRY_OPP_TOTAL] * context.opp_total;
}

ChoiceContext choice_context(const ArenaVector<XrefEntry>& entries, Color us) {
    ChoiceContext c;
    for (const XrefEntry& e : entries)
        if (e.side != us && e.value > 0 && e.gains_at_once()) {
            c.opp_largest = std::max(c.opp_largest, e.value);
            c.opp_total += e.value;
        }
    return c;
}

ChoiceFeatures entry_features(const XrefEntry& e, const ChoiceContext& context) {
    ChoiceFeatures f {};
    f[ENTRY_BIAS]           = 1;
    f[ENTRY_VALUE]          = e.value;
    f[ENTRY_CREDIT]         = e.weight - e.value;
    f[ENTRY_CREDIT_LARGEST] = e.credit_largest;
    f[ENTRY_FIRST]          = e.first;
    f[ENTRY_RECAPTURE]      = e.recapture;
    f[ENTRY_GAINS]          = e.value > 0;
    f[ENTRY_CAPTURE]        = e.is(KIND_CAPTURE);
    f[ENTRY_PROMOTION]      = e.is(KIND_PROMOTION);
    f[ENTRY_LEAVES]         = std::max(0, context.opp_largest - e.credit_largest);
    f[ENTRY_THREAT]         = e.gains_at_once() ? 0 : 1;
    // A capture's check is noted only in a complete table (build_xref): read off the others
    // alone, so that the report and the search's verdict choose alike.
    f[ENTRY_CHECK]       = e.is(KIND_CHECK) && !e.is(KIND_CAPTURE);
    f[ENTRY_DROP]        = e.is(KIND_DROP);
    f[ENTRY_MATE]        = e.is(KIND_MATE);
    f[ENTRY_OPP_LARGEST] = context.opp_largest;
    f[ENTRY_OPP_TOTAL]   = context.opp_total;
    return f;
}

ChoiceFeatures parry_features(
    const Neutraliser& n, const ArenaVector<XrefEntry>& entries, const ChoiceContext& context) {
    ChoiceFeatures f {};
    Value          saves = 0, largest = 0, weakens = 0;
    bool           mate = false;
    for (int i : n.saves) {
        saves += entries[i].value;
        largest = std::max(largest, entries[i].value);
        mate    = mate || entries[i].is(KIND_MATE);
    }
    for (const Remaining& r : n.weakens) weakens += entries[r.entry].value - r.value;
    f[PARRY_BIAS]          = 1;
    f[PARRY_SAVES]         = saves;
    f[PARRY_SAVES_LARGEST] = largest;
    f[PARRY_WEAKENS]       = weakens;
    f[PARRY_EXPOSES]       = n.exposes;
    f[PARRY_GAIN]          = n.gain;
    f[PARRY_SAVES_MATE]    = mate;
    f[PARRY_OPP_LARGEST]   = context.opp_largest;
    f[PARRY_OPP_TOTAL]     = context.opp_total;
    return f;
}

ChoiceFeatures pass_features(const ChoiceContext&) {
    ChoiceFeatures f {};
    f[PASS_BIAS] = 1;
    return f;
}

EvalOptions with_model(EvalOptions options, const ChoiceModel& model) {
    options.choice               = &model;
    options.net_discount_percent = model.net_discount_percent;
    options.mate_value           = model.mate_value;
    if (model.horizon > 0) options.max_iterations = std::min(options.max_iterations, model.horizon);
    return options;
}

EvalOptions learned_options() {
    return with_model(EvalOptions {}, learned_model());
}

const ChoiceModel& article_model() {
    static const ChoiceModel model = [] {
        ChoiceModel m;
        m.name                   = "article";
        m.weights[ENTRY_VALUE]   = 1;
        m.weights[ENTRY_CREDIT]  = 1;
        m.weights[PARRY_SAVES]   = 1;
        m.weights[PARRY_WEAKENS] = 1;
        m.weights[PARRY_EXPOSES] = -1;
        m.weights[PARRY_GAIN]    = 1;
        return m;
    }();
    return model;
}

}  // namespace supersoma::soma
