#pragma once
// Shogi value profiles: what a piece is worth on the board and in hand (spec section 2).

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "engine/move.hpp"
#include "engine/types.hpp"

namespace supersoma::soma {

/// Board values per kind (promoted kinds included) and hand values per unpromoted kind.
struct ValueProfile {
    std::string                         name;
    std::array<Value, PIECE_TYPE_NB>    board {};
    std::array<Value, HAND_TYPE_NB + 1> hand {};  // index PAWN..GOLD; KING is 0

    /// What the capturer gains by taking a `pt` from the board: the loser's board value plus
    /// the winner's hand value of its unpromoted kind (the article counts both, spec 2).
    constexpr Value capture_gain(PieceType pt) const {
        return board[pt] + (pt == KING ? 0 : hand[unpromote(pt)]);
    }
    /// What promoting a `pt` gains: promoted board value minus unpromoted board value.
    constexpr Value promotion_gain(PieceType pt) const {
        return can_promote(pt) ? board[promote(pt)] - board[pt] : 0;
    }
    /// What move `m` gains by itself: the piece it takes and its promotion, mover's view.
    constexpr Value move_gain(Move m) const {
        return (m.is_capture() ? capture_gain(m.captured()) : 0)
            + (m.is_promotion() ? promotion_gain(m.moved()) : 0);
    }
};

/// The article's profile: P 52 ... K 3999, promoted +P 240 ... +R 550, +S 220; hand values
/// equal board values except the pawn's, which is 0 (the only reading that gives the
/// article's 152, +52 and -408; spec 2).
const ValueProfile& article_profile();

/// The article's board values with every hand value equal to its board value (pawn 52).
const ValueProfile& full_hand_profile();

/// The profile called `name` (one of profile_names()), if there is one.
std::optional<ValueProfile> find_profile(std::string_view name);

/// The names find_profile knows, the default ("article") first.
std::array<std::string_view, 2> profile_names();

}  // namespace supersoma::soma
