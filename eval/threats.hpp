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
/// Most features a view takes. The game's 40 pieces make at most 252 attacks (every piece
/// with its most targets) and 16 shields; a contrived position with more keeps the first ones.
constexpr int MAX_ACTIVE = 320;

/// Most keys a threat can have (see ThreatList::keys).
constexpr int KEYS = int(SQUARE_NB) * SQUARE_NB + int(COLOR_NB) * SQUARE_NB;

/// The attacks and shields of a position: both views' feature numbers, and the squares (the
/// attacker's and the victim's; the shield's and its king's). Each threat has a key, its
/// squares' pair (a shield's apart), and the list is in increasing key order, so that two
/// positions' lists are compared in one pass (`analyse` names what a move changed so; the
/// search's sums follow move_diff instead).
struct ThreatList {
    std::array<std::array<std::uint16_t, MAX_ACTIVE>, COLOR_NB> features;
    std::array<std::uint16_t, MAX_ACTIVE>                       keys;
    std::array<Square, MAX_ACTIVE>                              from, to;
    int                                                         count = 0;
    bool complete = true;  // every threat of the position is listed (none cut at MAX_ACTIVE)
};

/// The threat features of `pos` for both views (the same threats, each side's numbering).
void collect(const Position& pos, ThreatList& out);

/// The features one list has and the other has not: each entry names both views' numbers.
struct ThreatDiff {
    using Pair = std::array<std::uint16_t, COLOR_NB>;
    std::array<Pair, MAX_ACTIVE> removed, added;
    int                          removed_count = 0, added_count = 0;
};

/// What each side bears on (what decides whether a victim is defended): how many of its
/// pieces attack each square, and the squares any attacks.
struct Bearing {
    std::array<std::array<std::uint8_t, SQUARE_NB>, COLOR_NB> attackers {};
    std::array<Bitboard, COLOR_NB>                            squares;

    bool operator==(const Bearing&) const = default;
};

/// What each side of `pos` bears on, read whole.
Bearing bearing_of(const Position& pos);

/// The features the last move of `pos` ended and made (a null move: none), read on the two
/// boards the move changed: the pieces on its squares and the sliders whose rays met a square
/// that filled or emptied are read on both, and the threats on a victim whose defence they
/// changed. A feature whose threat stayed is in neither list. `old_bearing` is what each side
/// bore on before the move if known (else it is read); `new_bearing` gets it for `pos`. False
/// when a list would pass MAX_ACTIVE (the caller then collects the position whole).
bool move_diff(
    const Position& pos, const Bearing* old_bearing, Bearing& new_bearing, ThreatDiff& diff);

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
