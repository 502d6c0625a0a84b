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

namespace supersoma {

/// The entering-king (nyugyoku) declaration rule a game is played under.
enum class EnteringKingRule {
    None,     // no declaration: `bestmove win` would be a foul
    Point24,  // 24-point rule: 31 points or more win (24-30 would only draw)
    Point27,  // CSA 27-point rule: sente needs 28 points, gote 27
};

/// Declaration points of `c`: rook and bishop (promoted or not) 5, any other piece 1, over
/// `c`'s pieces in the enemy camp (king excluded) and in hand.
int declaration_points(const Position& pos, Color c);

/// True when the side to move may declare and win now under `rule`: its king in the enemy
/// camp and not in check, at least 10 other pieces there, and enough points.
bool declaration_wins(const Position& pos, EnteringKingRule rule);

}  // namespace supersoma
