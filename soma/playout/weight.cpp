#include "soma/playout/weight.hpp"

namespace supersoma::soma {

void initial_weights(XrefTable& table) {
    for (XrefEntry& e : table.entries) {
        e.weight         = e.value;
        e.credit_largest = 0;
        e.contributions.clear();
    }
}

}  // namespace supersoma::soma
