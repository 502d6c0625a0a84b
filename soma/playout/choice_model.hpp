#pragma once
// B3 with learned weights (docs/accuracy.md): each candidate of the side to move (an XREF
// entry, a neutraliser, or the pass) is described by a few numbers read off the weighted
// table, and a linear model scores it; B3 plays the best score. The article's rule is the
// model that scores an entry by its B2 weight, a neutraliser by its weight and the pass at 0;
// a learned model is fitted on the regret-labelled set (tools/fit_soma) to pick the candidate
// a deep search scores best.

#include <array>
#include <string_view>

#include "soma/playout/line.hpp"
#include "soma/playout/options.hpp"

namespace supersoma::soma {

/// The numbers a candidate is scored by. Values are in the profile's units, as they are (the
/// article's model adds whole numbers, so its ties are the article's); each kind of
/// candidate has its own block (an entry's features are zero for a neutraliser, and so on),
/// so one weight vector holds the three rules.
enum ChoiceFeature : int {
    // An entry of the side to move.
    ENTRY_BIAS,
    ENTRY_VALUE,           // A3's net value (the exchange, the promotion, the threat)
    ENTRY_CREDIT,          // B2: the opposing entries it removes, summed
    ENTRY_CREDIT_LARGEST,  // B2: the largest of them
    ENTRY_FIRST,           // what the move gains at once
    ENTRY_RECAPTURE,       // what the reply takes back (<= 0)
    ENTRY_GAINS,           // its value is positive: 1
    ENTRY_CAPTURE,         // 1
    ENTRY_PROMOTION,       // 1
    ENTRY_LEAVES,          // what the opponent's largest entry keeps (what B2 did not credit)
    ENTRY_THREAT,          // a fork or an attack on a piece that cannot run (A4): 1
    ENTRY_CHECK,           // a check that takes nothing (a promotion, a threat, a mate): 1
    ENTRY_DROP,            // 1
    ENTRY_MATE,            // mates in one: 1
    ENTRY_OPP_LARGEST,     // the opponent's largest entry that gains at once (the context)
    ENTRY_OPP_TOTAL,       // the sum of the opponent's such entries
    // A neutraliser (a parry).
    PARRY_BIAS,
    PARRY_SAVES,          // the opposing entries it parries outright, summed
    PARRY_SAVES_LARGEST,  // the largest of them
    PARRY_WEAKENS,        // what it takes off the entries it leaves standing
    PARRY_EXPOSES,        // the opposing entries it newly allows (>= 0)
    PARRY_GAIN,           // its own promotion
    PARRY_SAVES_MATE,     // it parries a mate in one: 1
    PARRY_OPP_LARGEST,
    PARRY_OPP_TOTAL,
    // The pass (a quiet move SUPER-SOMA does not name).
    PASS_BIAS,
    CHOICE_FEATURE_NB
};

using ChoiceFeatures = std::array<double, CHOICE_FEATURE_NB>;

/// The feature's name in reports and in the fitter's output ("entry value", "pass").
const char* choice_feature_name(int feature);

/// The learned part of SUPER-SOMA: B3's weights, and how the line's net is counted (B5).
struct ChoiceModel {
    std::string_view                      name;
    std::array<double, CHOICE_FEATURE_NB> weights {};
    int plies = 0;                     // the line's first moves it chooses (0: all); the rest
                                       // by the article's weights (B1-B2)
    int   net_discount_percent = 100;  // step i of the line counts at this percent^i
    Value mate_value           = 0;    // what a mate in the line counts in the net; 0: the king
    int   horizon              = 0;    // the line's most moves (0: the options' own limit)

    /// The score of a candidate with `features`.
    double score(const ChoiceFeatures& features) const;
    /// The best score of the pass and of `us`'s entries: what another candidate must beat.
    double best_own_score(
        const ArenaVector<XrefEntry>& entries, Color us, const ChoiceContext& context) const;
    /// The most a neutraliser could score that parries opposing entries worth at most
    /// `parryable` in all and gains `gain` (the fitter keeps the weights that make this a
    /// bound: nothing negative on what a parry saves, nothing positive on what it exposes).
    double parry_bound(Value parryable, Value gain, const ChoiceContext& context) const;
};

/// The context of the table `entries` for `us`, the side to move.
ChoiceContext choice_context(const ArenaVector<XrefEntry>& entries, Color us);
/// The features of the side to move's entry `e`.
ChoiceFeatures entry_features(const XrefEntry& e, const ChoiceContext& context);
/// The features of the neutraliser `n` of a table with `entries`.
ChoiceFeatures parry_features(
    const Neutraliser& n, const ArenaVector<XrefEntry>& entries, const ChoiceContext& context);
/// The features of the pass.
ChoiceFeatures pass_features(const ChoiceContext& context);

/// The article's rule as a model: an entry scores its B1-B2 weight, a neutraliser its weight,
/// the pass 0 (the fitter's starting point; it chooses what choose() without a model does).
const ChoiceModel& article_model();
/// The model fitted for the full method (threats, ties, the article's values) on the
/// regret-labelled set (soma/playout/learned_weights.cpp, written by tools/fit_soma).
const ChoiceModel& learned_model();
/// The full method with the learned model: what `eval`, `analyse` and the reports use unless
/// asked for the article's rule (`--profile article`).
EvalOptions learned_options();
/// The model fitted for the search's leaf configuration (no threats, no ties, the search's
/// values).
const ChoiceModel& learned_leaf_model();

}  // namespace supersoma::soma
