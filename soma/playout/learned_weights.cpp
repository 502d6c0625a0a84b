// Written by tools/fit_soma from the regret-labelled set (docs/accuracy.md); do not edit.
#include "soma/playout/choice_model.hpp"

namespace supersoma::soma {

const ChoiceModel& learned_model() {
    static const ChoiceModel model {"learned",
        {-0.471381, 0.02953, 0.0105845, 0.0250273, 0.00341316, 0.0042815, -7.69332, 1.38589,
            -6.04253, -0.0107451, -2.81855, 4.67818, -1.09857, 0, 0.0100505, -0.0244901, -4.01673,
            0.00504489, -0.00090474, 0.0105042, -0.0292933, -9.6551e-05, -0.0626681, -0.0230227,
            -0.0292751, 3.7794},
        1, 90, 2000, 12};
    return model;
}

const ChoiceModel& learned_leaf_model() {
    static const ChoiceModel model {"learned-leaf",
        {-1.37436, 0.0267296, 0.0172085, 0.0248154, 0.00839711, 0.0079761, -7.01997, -0.0251457,
            -6.08888, -0.00696996, 0, -0.592788, 0, 0, 0.00226855, -0.0226501, -3.66042, 0.00175528,
            -0.0210898, 0.00181535, -0.0272699, -5.35871e-07, -4.16454e-17, -0.0352682, -0.0339407,
            2.32724},
        1, 90, 2000, 8};
    return model;
}

}  // namespace supersoma::soma
