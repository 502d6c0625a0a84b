#pragma once
// A fake SwapBoard for the core's tests: each side's capturers in a fixed order, no squares.

#include <array>
#include <optional>
#include <vector>

#include "soma/core/swap.hpp"

namespace supersoma::test {

/// Each side captures with its listed attackers in order; a side guards the square while it
/// has one left. Squares are just ids; `removed` records what the core took off.
struct ScriptedBoard {
    std::array<std::vector<soma::SwapAttacker>, 2> queue;
    std::array<std::size_t, 2>                     next {};
    std::vector<int>                               removed;
    std::optional<soma::Value>                     bonus_bound;

    std::optional<soma::SwapAttacker> least_valuable_attacker(soma::Side side) const {
        if (next[side] < queue[side].size()) return queue[side][next[side]];
        return std::nullopt;
    }
    void remove(const soma::SwapAttacker& attacker) {
        removed.push_back(attacker.square);
        for (int side : {0, 1})
            if (next[side] < queue[side].size()
                && queue[side][next[side]].square == attacker.square)
                ++next[side];
    }
    bool guards(soma::Side side) const { return next[side] < queue[side].size(); }
};

/// The same with a bound on capture bonuses, to exercise the threshold form's shortcut.
struct BoundedScriptedBoard : ScriptedBoard {
    soma::Value bound = 0;
    soma::Value capture_bonus_bound(soma::Side) const { return bound; }
};

/// An attacker record with an id, capture value, promotion gain and leave cost.
inline soma::SwapAttacker attacker(int id, soma::Value capture_value,
    soma::Value promotion_gain = 0, soma::Value leave_cost = 0, bool is_king = false) {
    return {id, 0, capture_value, promotion_gain, leave_cost, is_king, promotion_gain > 0};
}

}  // namespace supersoma::test
