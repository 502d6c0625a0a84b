#pragma once
// What a playout yields: the verdict the search reads, and for the explaining call the record
// of every iteration and the predicted line.

#include <cstdint>
#include <optional>

#include "soma/xref/xref.hpp"
#include "util/arena.hpp"

namespace supersoma::soma {

struct ChoiceModel;

/// An opposing entry that still stands after a neutraliser, at its value then.
struct Remaining {
    int   entry = -1;  // index in the iteration's entries
    Value value = 0;
};

/// A move that parries opposing entries (run, interpose, defend), a candidate in B3, and its
/// account: weight = the values of `saves` + what each of `weakens` lost - `exposes` + `gain`.
struct Neutraliser {
    Move                   move;
    Value                  weight = 0;   // the value of what it saves, less what it exposes
    ArenaVector<int>       saves;        // indices of the opposing entries it parries outright
    ArenaVector<Remaining> weakens;      // opposing entries left standing at another value
    Value                  exposes = 0;  // the opposing entries it newly allows
    Value                  gain    = 0;  // its own gain (a promotion)
};

/// What every candidate of one table shares, for B3 by a learned model (choice_model.hpp).
struct ChoiceContext {
    Value opp_largest = 0;  // the opponent's largest positive entry that gains at once
    Value opp_total   = 0;  // their sum
};

/// One pass through B1-B3: the table as weighted, and what the side to move chose.
struct Iteration {
    Color                    side_to_move = SENTE;
    ArenaVector<XrefEntry>   entries;
    ArenaVector<Neutraliser> neutralisers;
    Move                     chosen        = Move::pass();
    Value                    chosen_weight = 0;
    int                      chosen_entry  = -1;  // index in entries, or -1 (neutraliser or pass)
    double                   chosen_score  = 0;   // its learned score (with a ChoiceModel)
    const ChoiceModel*       model         = nullptr;  // what chose; null: the article's weights
    ChoiceContext            context;                  // what a model reads besides the candidates
    std::optional<RelationSummary> relations;          // A2's findings when the table is complete
};

/// One move of the predicted line.
struct LineStep {
    Move  move;
    Color side  = SENTE;
    Value value = 0;  // material the move itself gains (capture and promotion), mover's view
};

/// Why B5 ended the playout.
enum class LineEnd : std::uint8_t {
    TwoPasses,       // both sides passed in a row
    Mate,            // the last move mates
    NoLegalMove,     // the side to move has none: it has lost (shogi has no stalemate)
    Repetition,      // the last move brought a position of the line back (cycle guard)
    IterationLimit,  // EvalOptions::max_iterations moves were made (the cycle guard, or the
                     // horizon of the leaf's settings or of a learned model)
};

/// The name of a line's end in the JSON report: "two-passes", "mate", "no-legal-move",
/// "repetition", "iteration-limit".
const char* line_end_name(LineEnd end);

/// What a search reads of one evaluation.
struct Verdict {
    Value   net   = 0;             // the line's value, side to move's view (discounted)
    Move    first = Move::none();  // the line's first move; none when the side to move passes
    LineEnd end   = LineEnd::TwoPasses;
    // A2 found a mate in one for either side on the first table.
    bool mate_threat = false;
    // The article's "cannot be trusted": the line mates, a mate in one is on the first table,
    // or both sides hold large entries that conflict there. Search is needed to settle it.
    bool too_complex = false;
};

/// The record of a full evaluation (the explaining call).
struct EvalResult {
    Color                  side_to_move = SENTE;  // of the evaluated position
    ArenaVector<Iteration> iterations;
    ArenaVector<LineStep>  line;
    Value                  net = 0;  // sum of the line's values, from side_to_move's view
    LineEnd                end = LineEnd::TwoPasses;

    /// True when the B5 cycle guard ended the playout early.
    bool cycle_stopped() const {
        return end == LineEnd::Repetition || end == LineEnd::IterationLimit;
    }
};

}  // namespace supersoma::soma
