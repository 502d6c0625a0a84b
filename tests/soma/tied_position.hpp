#pragma once
// A position with the tie context build_xref would give its exchanges, for the tie tests.

#include "soma/shogi/soma.hpp"
#include "soma/shogi/ties.hpp"
#include "support/engine_helpers.hpp"
#include "support/positions.hpp"

namespace supersoma::test {

struct TiedPosition {
    Position         pos;
    soma::TieContext ties;
    explicit TiedPosition(const char* sfen)
        : pos(position_of(sfen))
        , ties(pos) { }
    /// The exchange the capture `usi` starts, tie-aware or plain (article profile).
    soma::Exchange exchange(const char* usi, bool tie_aware) const {
        return soma::capture_exchange(
            pos, move_of(pos, usi), soma::article_profile(), tie_aware ? &ties : nullptr);
    }
};

}  // namespace supersoma::test
