#pragma once
// XREF entries built from squares alone, for the tests of the B steps (no board needed).

#include "soma/xref/xref.hpp"
#include "support/engine_helpers.hpp"

namespace supersoma::test {

/// A silver of `side` taking a gold from `from` to `to`, worth `value` (weight still 0).
inline soma::XrefEntry capture_entry(Color side, const char* from, const char* to, Value value) {
    soma::XrefEntry e;
    e.side   = side;
    e.move   = Move::board(sq(from), sq(to), SILVER, GOLD, false);
    e.kinds  = soma::KIND_CAPTURE;
    e.value  = value;
    e.target = sq(to);
    return e;
}

}  // namespace supersoma::test
