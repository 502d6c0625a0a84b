#pragma once
// Threat inputs: what SUPER-SOMA's XREF table reads first (A1, who attacks what; A2, the pieces
// that shield a king, pinned or ready to uncover a check), read from the attack bitboards at
// a fraction of the XREF's price and given to the network as first-layer features, so that the
// data weighs them instead of B1-B5. The features are king-independent: an attack is its
// attacker's and victim's kinds and sides (from the view's side) and whether the attacker's
// opponent also bears on the victim's square (a threat: the victim is defended; a defence: the
// defended piece is attacked). docs/eval.md has the measurements.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/position.hpp"

namespace supersoma::eval::threats {

constexpr int KINDS           = PIECE_TYPE_NB - 1;          // PAWN .. DRAGON
constexpr int ATTACK_FEATURES = 2 * KINDS * 2 * KINDS * 2;  // A1
constexpr int SHIELD_FEATURES = 2 * 2 * KINDS;              // A2: king side, piece side, kind
constexpr int FEATURES        = ATTACK_FEATURES + SHIELD_FEATURES;
/// Most features a view takes; a contrived position with more keeps the first ones.
constexpr int MAX_ACTIVE = 320;

/// Most keys a threat can have (see ThreatList::keys).
constexpr int KEYS = int(SQUARE_NB) * SQUARE_NB + int(COLOR_NB) * SQUARE_NB;

/// The attacks and shields of a position: both views' feature numbers, and the squares (the
/// attacker's and the victim's; the shield's and its king's). Each threat has a key, its
/// squares' pair (a shield's apart), and the list is in increasing key order, so that two
/// positions' lists are compared in one pass (the network updates its sums by the difference).
struct ThreatList {
    std::array<std::array<std::uint16_t, MAX_ACTIVE>, COLOR_NB> features;
    std::array<std::uint16_t, MAX_ACTIVE>                       keys;
    std::array<Square, MAX_ACTIVE>                              from, to;
    int                                                         count = 0;
    bool complete = true;  // every threat of the position is listed (none cut at MAX_ACTIVE)
    // What the list was read from, kept for update(): each square's piece's attacks (empty for
    // an empty square) and what each side bears on.
    std::array<Bitboard, SQUARE_NB> reach;
    std::array<Bitboard, COLOR_NB>  bears;

    /// The same threats, read from the same attacks.
    bool operator==(const ThreatList& other) const;
};

/// The threat features of `pos` for both views (the same threats, each side's numbering).
void collect(const Position& pos, ThreatList& out);

/// The features one list has and the other has not: each entry names both views' numbers.
struct ThreatDiff {
    using Pair = std::array<std::uint16_t, COLOR_NB>;
    std::array<Pair, MAX_ACTIVE> removed, added;
    int                          removed_count = 0, added_count = 0;
};

/// The threat list of `pos` from `before`, the list of the position `plies` moves earlier,
/// and the features that went and came (`diff`): what collect() and a comparison of the two
/// lists give, found from the squares those moves changed. Only the pieces on them and the
/// sliders whose old reach met a square that filled or emptied are read again, and the
/// threats on the pieces standing on them; a kept threat's victim is asked again whether it
/// is defended only where a side's bearing changed. Returns false, having collected `out` and left
/// `diff` incomplete, when either list is cut at MAX_ACTIVE (the caller then compares or adds the
/// lists whole).
bool update(
    const Position& pos, int plies, const ThreatList& before, ThreatList& out, ThreatDiff& diff);

/// The feature's meaning in the article's words, from the view's side ("own S attacks enemy G
/// (defended)", "own G shields own K (pinned)").
std::string describe(int feature);

/// What a feature says between its two pieces: the verb ("attacks", "defends", "shields") and
/// the state of the second piece or the shield ("(undefended)", "(pinned)").
struct Relation {
    const char* verb;
    const char* state;
};

/// The relation a feature names (the words of describe between and after the pieces).
Relation relation(int feature);

}  // namespace supersoma::eval::threats
