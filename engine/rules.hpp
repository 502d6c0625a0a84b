#pragma once
// Rules that look at the game's history: repetition (sennichite) and perpetual check.

#include "engine/position.hpp"

namespace supersoma {

/// Outcome of the repetition rule for the current position.
enum class Repetition {
    None,            // the position has not occurred often enough
    Draw,            // fourfold repetition without perpetual check: sennichite, a draw
    SideToMoveWins,  // the opponent gave check with every one of its moves in the cycle: it loses
    SideToMoveLoses  // the side to move gave check with every one of its moves in the cycle
};

/// Applies the repetition rule: the current position (board, hands, side) has occurred
/// `occurrences` times in all (4 in a game; search may ask for 2).
Repetition repetition(const Position& pos, int occurrences = 4);

}  // namespace supersoma
