#pragma once
// B1: every entry starts with its own value as its weight (seed 003, step B1).

#include "soma/xref/xref.hpp"

namespace supersoma::soma {

/// B1: weight = value for every entry; clears earlier contributions.
void initial_weights(XrefTable& table);

}  // namespace supersoma::soma
