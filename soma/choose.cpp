#include "soma/choose.hpp"

namespace supersoma::soma {

void choose(Iteration& it) {
    it.chosen        = Move::pass();
    it.chosen_weight = 0;
    it.chosen_entry  = -1;
    for (int i = 0; i < int(it.entries.size()); ++i) {
        const XrefEntry& e = it.entries[i];
        if (e.side == it.side_to_move && e.weight > it.chosen_weight) {
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
}

}  // namespace supersoma::soma
