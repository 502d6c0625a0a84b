#include "engine/rules.hpp"

namespace supersoma {

Repetition repetition(const Position& pos, int occurrences) {
    const Key key   = pos.key();
    int       seen  = 1;
    int       first = 0;  // plies back to the earliest occurrence counted
    for (int back = 2; back <= pos.moves_made() && seen < occurrences; back += 2)
        if (pos.state_ago(back).key == key) ++seen, first = back;
    if (seen < occurrences) return Repetition::None;

    // state_ago(i).checkers is set when the move into that state gave check. Moves made by
    // the opponent of the side to move lead into states an even number of plies back.
    bool them_always_checked = true, us_always_checked = true;
    for (int back = 0; back < first; ++back) {
        const bool check = bool(pos.state_ago(back).checkers);
        (back % 2 == 0 ? them_always_checked : us_always_checked) &= check;
    }
    if (them_always_checked) return Repetition::SideToMoveWins;
    if (us_always_checked) return Repetition::SideToMoveLoses;
    return Repetition::Draw;
}

}  // namespace supersoma
