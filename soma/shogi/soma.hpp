#pragma once
// The shogi single-square SOMA: pin- and tie-aware swap-off on one square (seed 003,
// "Operation of SUPER-SOMA"), built on the board-agnostic swap core (soma/core/swap.hpp).

#include "engine/position.hpp"
#include "soma/shogi/profile.hpp"
#include "soma/shogi/shogi_swap.hpp"

namespace supersoma::soma {

/// The predicted exchange started by one capture.
struct Exchange {
    Value value     = 0;  // net material of the exchange, capturer's view
    Value first     = 0;  // what the first capture gains (piece taken + promotion)
    Value recapture = 0;  // what the opponent's recapture takes back (<= 0), 0 if none
    int   captures  = 0;  // captures played in the predicted exchange, the first included

    bool operator==(const Exchange&) const = default;
};

/// SOMA of the capture `m` by the piece on m.from() (either side), forced first capture.
/// With `ties`, a defender whose leaving would expose something it guards recaptures only
/// if that still pays once the loss (tie_cost) is counted; the value stays the square's
/// material (what is exposed is its own XREF entry, spec 3). Pinned pieces never join while the
/// pinner stands. Later captures promote whenever they may (never worse in value).
Exchange capture_exchange(
    const Position& pos, Move m, const ValueProfile& profile, const TieContext* ties = nullptr);

/// capture_exchange(pos, m, profile).value without ties, computed without the exchange's
/// records (the A4 threat search asks it for every target and reply).
Value capture_value(const Position& pos, Move m, const ValueProfile& profile);

/// Stand-pat SOMA: the most `attacker` can gain by capturing on `s` (0 when nothing pays),
/// with the pieces in `removed` taken off the board first.
Value stand_pat_gain(const Position& pos, Color attacker, Square s, const ValueProfile& profile,
    Bitboard removed = {});

/// stand_pat_gain(pos, attacker, s, profile) > 0, by the threshold swap that stops as soon as
/// the answer is known.
bool wins_on(const Position& pos, Color attacker, Square s, const ValueProfile& profile);

}  // namespace supersoma::soma
