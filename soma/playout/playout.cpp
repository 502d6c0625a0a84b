#include "soma/playout/playout.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>

#include "engine/movegen.hpp"
#include "soma/playout/choose.hpp"
#include "soma/playout/cross_reference.hpp"
#include "soma/playout/neutralise.hpp"
#include "soma/playout/step_cache.hpp"
#include "soma/playout/update.hpp"
#include "soma/playout/weight.hpp"

namespace supersoma::soma {

namespace {

// Entries worth at least a silver on both sides at once are the article's conflict.
constexpr Value CONFLICT_VALUE = 200;

bool mate_on_table(const Iteration& it) {
    return std::any_of(
        it.entries.begin(), it.entries.end(), [](const XrefEntry& e) { return e.is(KIND_MATE); });
}

bool large_entries_conflict(const Iteration& it) {
    Value best[COLOR_NB] = {0, 0};
    for (const XrefEntry& e : it.entries)
        if (e.gains_at_once()) best[e.side] = std::max(best[e.side], e.value);
    return best[SENTE] >= CONFLICT_VALUE && best[GOTE] >= CONFLICT_VALUE;
}

// B1-B3 on one table: weights, cross-reference, neutralisers, choice. B2's credits are
// listed on the entries only for a `record`.
Iteration weigh_and_choose(const Position& pos, XrefTable table, EvalOptions options,
    const ChoiceModel* model, bool record) {
    options.choice = model;  // what B3 reads (the parry and threat bounds too)
    initial_weights(table);  // B1
    if (options.cross_reference) cross_reference(table, record);  // B2
    Iteration it;
    it.side_to_move = pos.side_to_move();
    it.model        = model;
    it.context      = choice_context(table.entries, it.side_to_move);
    it.entries      = std::move(table.entries);
    it.relations    = std::move(table.relations);
    if (!table.unvalued_threats.empty())
        add_threats_that_could_win(pos, it, table.unvalued_threats, options);
    Value best_entry = 0;
    bool  gains      = false;
    for (const XrefEntry& e : it.entries)
        if (e.side == it.side_to_move) {
            best_entry = std::max(best_entry, e.weight);
            gains      = gains || e.value > 0;
        }
    if (options.neutralisers && !(options.parry_only_without_gain && gains))
        it.neutralisers = find_neutralisers(pos, it.entries, options,
            model ? model->best_own_score(it.entries, it.side_to_move, it.context)
                  : double(best_entry));
    choose(it, model);  // B3
    // A side in check may not pass: it plays its best evasion, however little it weighs.
    if (it.chosen.is_pass() && pos.in_check() && has_legal_move(pos)) {
        Neutraliser evasion = best_evasion(pos, it.entries, options);
        it.chosen           = evasion.move;
        it.chosen_weight    = evasion.weight;
        it.neutralisers.push_back(std::move(evasion));
    }
    return it;
}

// What the chosen move gains by itself, from its mover's view (spec 4.2's line values).
Value step_value(const Iteration& it, const ValueProfile& profile, Value mate_value) {
    if (it.chosen.is_pass()) return 0;
    if (it.chosen_entry >= 0) {
        assert(it.chosen_entry < int(it.entries.size()));
        const XrefEntry& e = it.entries[it.chosen_entry];
        return e.first + (e.is(KIND_MATE) ? mate_value : 0);
    }
    return profile.move_gain(it.chosen);
}

// What the playout reads of an iteration on `pos`.
Step step_of(const Position& pos, const Iteration& it, const EvalOptions& options) {
    Step step;
    step.chosen  = it.chosen;
    step.mates   = it.chosen_entry >= 0 && it.entries[it.chosen_entry].is(KIND_MATE);
    step.no_move = it.chosen.is_pass() && !has_legal_move(pos);
    // A side with no move has lost (shogi has no stalemate): its pass costs the king, so a
    // position already lost reads as lost, like a mate inside the line.
    const Value mate   = options.mate_value ? options.mate_value : options.profile->board[KING];
    step.value         = step.no_move ? -mate : step_value(it, *options.profile, mate);
    step.mate_on_table = mate_on_table(it);
    step.conflict      = large_entries_conflict(it);
    return step;
}

// The step the cache holds for `pos`, or null. A stored move is checked for legality: a key
// shared by two positions must not make the line play an illegal move.
const Step* cached_step(StepCache* cache, const Position& pos) {
    if (!cache) return nullptr;
    const Step* step = cache->probe(pos.key());
    if (step && !step->chosen.is_pass() && !is_legal(pos, step->chosen)) step = nullptr;
    cache->count(step != nullptr);
    return step;
}

}  // namespace

Verdict play_out(
    const Position& root, const EvalOptions& requested, EvalResult* record, StepCache* cache) {
    // The report settings shape only what a record lists (line and net are the same either
    // way): without a record the tables are the decisions' alone, whatever was asked.
    EvalOptions options = requested;
    if (!record) {
        options.complete_tables  = 0;
        options.all_neutralisers = false;
    }
    auto scope = [&](int iteration) {
        return iteration < options.complete_tables ? XrefScope::Full : XrefScope::Decisions;
    };
    // Steps are kept for Decisions tables only, and the explaining call decides every one.
    if (record || options.complete_tables > 0) cache = nullptr;
    Verdict verdict;
    if (record) record->side_to_move = root.side_to_move();
    Position         pos(root.without_history());
    ArenaVector<Key> seen {pos.key()};      // a line is short: a list beats a hash set
    Iteration        latest;                // the iteration B4 reads, when no record keeps it
    const Iteration* last       = nullptr;  // the last iteration decided here, if any
    std::size_t      built      = 0;        // its entries before B3 appended threats
    bool             after_pass = false;    // the last move was a pass that kept the board
    // A3's results of the last table built here, and the squares the moves since may have
    // changed (the whole board when a step came from the cache: no table was built).
    ArenaVector<ExchangeRecord> exchanges;
    ExchangeReuse               reuse {&exchanges, Bitboard::all()};
    int                         passes = 0;
    double                      weight = 1.0, net = 0.0;
    verdict.end = LineEnd::IterationLimit;  // unless the loop ends otherwise
    for (int i = 0; i < options.max_iterations; ++i) {
        // The model chooses the line's first moves, the article's weights the rest: the
        // cache holds the rest's steps only.
        const ChoiceModel* model
            = options.choice && (options.choice->plies == 0 || i < options.choice->plies)
            ? options.choice
            : nullptr;
        StepCache*  steps = model && options.choice->plies ? nullptr : cache;
        const Step* known = cached_step(steps, pos);
        Step        step;
        if (known) {
            step        = *known;
            last        = nullptr;
            reuse.stale = Bitboard::all();
        } else {
            // B4. After a pass the board is the same: the last table's entries serve again,
            // unless the next table lists more (a complete one after a lean one).
            const bool kept_board = after_pass && last && scope(i) == scope(i - 1);
            XrefTable  table      = kept_board
                      ? table_after_pass(pos,
                          ArenaVector<XrefEntry>(last->entries.begin(), last->entries.begin() + built),
                          last->relations, options, scope(i))
                      : build_xref(pos, options, scope(i), &reuse);
            if (!kept_board) {
                exchanges   = std::move(table.exchanges);
                reuse.stale = Bitboard();
            }
            built = table.entries.size();  // B3 may append threats after these
            Iteration it
                = weigh_and_choose(pos, std::move(table), options, model, record != nullptr);
            assert(it.side_to_move == pos.side_to_move() && built <= it.entries.size());
            step = step_of(pos, it, options);
            if (steps) steps->store(pos.key(), step);
            last = record ? &record->iterations.emplace_back(std::move(it))
                          : &(latest = std::move(it));
        }
        assert(step.chosen.is_pass() || is_legal(pos, step.chosen));
        if (i == 0) {
            verdict.first       = step.chosen.is_pass() ? Move::none() : step.chosen;
            verdict.mate_threat = step.mate_on_table;
            verdict.too_complex = step.mate_on_table || step.conflict;
        }
        net += weight * (pos.side_to_move() == root.side_to_move() ? step.value : -step.value);
        weight *= options.net_discount_percent / 100.0;
        if (record) record->line.push_back({step.chosen, pos.side_to_move(), step.value});
        passes = step.chosen.is_pass() ? passes + 1 : 0;
        // A mate ends the line: the mating move, or a side that has no move at all.
        if (step.mates || step.no_move || passes == 2) {
            verdict.end = step.no_move ? LineEnd::NoLegalMove
                : step.mates           ? LineEnd::Mate
                                       : LineEnd::TwoPasses;
            break;
        }
        // After the last move no table is read: only the position, for the repetition test.
        after_pass = step.chosen.is_pass();
        if (after_pass || i + 1 == options.max_iterations) {
            play(pos, step.chosen);
        } else {
            const Position before(pos);
            play(pos, step.chosen);
            reuse.stale |= stale_squares(before, pos, step.chosen);
        }
        if (!after_pass) {
            if (std::find(seen.begin(), seen.end(), pos.key()) != seen.end()) {
                verdict.end = LineEnd::Repetition;
                break;
            }
            seen.push_back(pos.key());
        }
    }
    verdict.net = Value(std::lround(net));
    verdict.too_complex |= verdict.end == LineEnd::Mate;
    if (record) {
        assert(!record->line.empty() && int(record->line.size()) <= options.max_iterations);
        record->net = verdict.net;
        record->end = verdict.end;
    }
    return verdict;
}

const char* line_end_name(LineEnd end) {
    switch (end) {
    case LineEnd::TwoPasses: return "two-passes";
    case LineEnd::Mate: return "mate";
    case LineEnd::NoLegalMove: return "no-legal-move";
    case LineEnd::Repetition: return "repetition";
    case LineEnd::IterationLimit: return "iteration-limit";
    }
    return "two-passes";  // not reached: every enumerator is listed
}

}  // namespace supersoma::soma
