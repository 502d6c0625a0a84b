#pragma once
// What SUPER-SOMA computes with: step A's options and the playout's (B1-B5).

#include <limits>

#include "soma/xref/xref.hpp"

namespace supersoma::soma {
struct ChoiceModel;
}

namespace supersoma::soma {

/// The options of a whole evaluation, chosen by the caller: A's (XrefOptions) and B's.
struct EvalOptions : XrefOptions {
    int max_iterations = 64;  // B5 cycle guard
    // Report settings: what evaluate()'s record lists. The value-only call ignores them.
    // How many leading iterations list everything; later tables list only what decides the
    // move: no A4 threats for the side not to move (B2 credits and B3 parries only entries
    // that gain at once, so its forks and immobile-piece attacks change no choice, and it
    // lists its own threats when its turn comes). Line and net are the same either way.
    int complete_tables = std::numeric_limits<int>::max();
    // B3 weighs only the neutralisers that could beat the best entry; set this to weigh and
    // report them all (--explain, tests of the ranking). Line and net are the same either way.
    bool all_neutralisers = false;
    // Variants under study (docs/accuracy.md), off by default so the article's numbers stand:
    // B3 weighs neutralisers only when no entry of the side to move gains by itself, and the
    // net counts step i of the line at net_discount_percent^i (100: undiscounted).
    bool parry_only_without_gain = false;
    int  net_discount_percent    = 100;
    // Steps of B that can be switched off to measure what each is worth (the ablation of
    // docs/accuracy.md, with XrefOptions::mate_search): B2's cross-reference and B3's
    // neutralisers (a side in check still evades).
    bool cross_reference = true;
    bool neutralisers    = true;
    // B3's learned weights (soma/playout/choice_model.hpp); null: the article's rule, each
    // candidate weighed by its B1-B2 weight. with_model() sets it with the net's settings.
    const ChoiceModel* choice = nullptr;
    // What a mate in the line counts in the net (B5); 0: the king's board value, as the article.
    Value mate_value = 0;

    bool operator==(const EvalOptions&) const = default;
};

/// `options` with B3 choosing by `model`, and the net counted as the model was fitted
/// (its discount per ply, its value of a mate and its horizon).
EvalOptions with_model(EvalOptions options, const ChoiceModel& model);

}  // namespace supersoma::soma
