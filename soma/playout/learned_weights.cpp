// Written by tools/fit_soma from the regret-labelled set (docs/accuracy.md); do not edit.
#include "soma/playout/choice_model.hpp"

namespace supersoma::soma {

const ChoiceModel& learned_model() {
    static const ChoiceModel model {"learned",
        {0.23538, 0.0293478, 0.0183856, 0.0128291, 0.00378251, 0.00641229, -8.31409, 0.957213,
            -4.40126, -0.00326297, -4.48708, 7.40538, -1.09249, 0, 0.00666128, -0.018689, -5.10016,
            0.00354663, -0.000652142, 0.0125123, -0.0504786, -1.2822e-06, -0.00688861, -0.0278693,
            -0.0311552, 4.13248},
        1, 90, 1000};
    return model;
}

const ChoiceModel& learned_leaf_model() {
    static const ChoiceModel model {"learned-leaf",
        {-0.999501, 0.0386629, 0.0207208, 0.019008, -0.00209145, 0.000532534, -7.66799, -0.400135,
            -5.64381, -0.00471019, 0, 8.14085, 0, 0, 0.00131465, -0.0206076, -4.09207, 0.00398343,
            -0.0274035, 0.0115745, -0.0266752, 3.64646e-11, -2.34681e-15, -0.0379637, -0.0362487,
            2.23093},
        1, 90, 1000};
    return model;
}

}  // namespace supersoma::soma
