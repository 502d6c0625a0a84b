#include "soma/playout/choose.hpp"

#include <algorithm>
#include <cassert>

#include "soma/playout/cross_reference.hpp"
#include "soma/xref/threats.hpp"

namespace supersoma::soma {

namespace {

// B3 by a learned model: the best score among the pass, the entries and the neutralisers,
// ties to the earlier in that order.
void choose_by_model(Iteration& it, const ChoiceModel& model) {
    const ChoiceContext& context = it.context;
    it.chosen                    = Move::pass();
    it.chosen_weight             = 0;
    it.chosen_entry              = -1;
    it.chosen_score              = model.score(pass_features(context));
    for (int i = 0; i < int(it.entries.size()); ++i) {
        const XrefEntry& e = it.entries[i];
        if (e.side != it.side_to_move) continue;
        const double s = model.score(entry_features(e, context));
        if (s > it.chosen_score) {
            it.chosen        = e.move;
            it.chosen_weight = e.weight;
            it.chosen_entry  = i;
            it.chosen_score  = s;
        }
    }
    for (const Neutraliser& n : it.neutralisers) {
        const double s = model.score(parry_features(n, it.entries, context));
        if (s > it.chosen_score) {
            it.chosen        = n.move;
            it.chosen_weight = n.weight;
            it.chosen_entry  = -1;
            it.chosen_score  = s;
        }
    }
}

}  // namespace

void choose(Iteration& it, const ChoiceModel* model) {
    if (model) return choose_by_model(it, *model);
    it.chosen        = Move::pass();
    it.chosen_weight = 0;
    it.chosen_entry  = -1;
    for (int i = 0; i < int(it.entries.size()); ++i) {
        const XrefEntry& e = it.entries[i];
        if (e.side != it.side_to_move) continue;
        if (e.weight > it.chosen_weight) {
            it.chosen        = e.move;
            it.chosen_weight = e.weight;
            it.chosen_entry  = i;
        }
    }
    for (const Neutraliser& n : it.neutralisers)
        if (n.weight > it.chosen_weight) {
            it.chosen        = n.move;
            it.chosen_weight = n.weight;
            it.chosen_entry  = -1;
        }
    assert(it.chosen_entry < int(it.entries.size()));
    assert(it.chosen_entry < 0 || it.entries[it.chosen_entry].side == it.side_to_move);
    assert(it.chosen_weight >= 0 && "a pass weighs 0: nothing worse is chosen");
}

void add_threats_that_could_win(const Position& pos, Iteration& it,
    const ArenaVector<ThreatCandidate>& threats, const EvalOptions& options) {
    const ValueProfile&     profile = *options.profile;
    const Color             us      = pos.side_to_move();
    const ChoiceModel*      model   = options.choice;
    const ChoiceContext&    context = it.context;
    ArenaVector<XrefEntry>& entries = it.entries;
    // What a threat must beat: the side's heaviest entry (0, the pass, at least), or with a
    // model its best score, the pass's included.
    double top  = model ? model->best_own_score(entries, us, context) : 0;
    Value  best = 0;
    for (const XrefEntry& e : entries)
        if (e.side == us) best = std::max(best, e.weight);
    // A threat comes after the side's other entries and the earlier threats, so one that can
    // at most tie the best so far would not be chosen: only a chance to exceed it is worth
    // the search of the replies.
    // The threats appended below are never credited (they do not gain at once): one index
    // serves them all.
    const Creditable creditable(entries);
    for (const ThreatCandidate& c : threats) {
        XrefEntry shell;  // what B2 reads of the entry the threat would make
        shell.move   = c.move;
        shell.side   = us;
        shell.target = c.target;
        if (options.cross_reference) creditable.credit(shell);
        const Value bound = threat_value_bound(pos, c, profile);
        if (model) {
            // The entry is known but for its value, in (0, bound]: the model's score is
            // linear in it, so its best is at one end.
            XrefEntry probe      = threat_entry_shell(pos, c, profile);
            probe.value          = model->weights[ENTRY_VALUE] >= 0 ? bound : 1;
            probe.weight         = probe.value + shell.weight;
            probe.credit_largest = shell.credit_largest;
            if (model->score(entry_features(probe, context)) <= top) continue;
        } else if (bound + shell.weight <= best) {
            continue;
        }
        std::optional<XrefEntry> e = value_threat(pos, c, profile);
        if (!e) continue;
        e->weight         = e->value + shell.weight;
        e->credit_largest = shell.credit_largest;
        e->contributions  = std::move(shell.contributions);
        best              = std::max(best, e->weight);
        if (model) top = std::max(top, model->score(entry_features(*e, context)));
        entries.push_back(std::move(*e));
    }
}

}  // namespace supersoma::soma
