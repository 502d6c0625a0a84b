#pragma once
// The shogi adapter of the swap core: attackers of one square on a shogi position, least
// valuable first, with x-rays, pins, promotion inside exchanges and the king last.

#include <optional>

#include "engine/position.hpp"
#include "soma/profile.hpp"

namespace supersoma::soma {

/// One capturer as the swap core sees it.
struct ShogiAttacker {
    Square    from;
    PieceType kind;            // as it stands before capturing
    Value     capture_value;   // what the opponent gains by taking it on the square
    Value     promotion_gain;  // what this capture gains by promoting
    bool      is_king;
};

/// The attackers of one square during an exchange. Drops never capture, so only board pieces
/// join; a pinned piece stays out while its pinner stands (unless it captures along the pin).
class ShogiSwapBoard {
public:
    ShogiSwapBoard(const Position& pos, const ValueProfile& profile, Square square,
                   Bitboard removed = {});

    /// The least valuable attacker of `side` that may capture now (the king only when the
    /// other side has no attacker left), or nothing.
    std::optional<ShogiAttacker> least_valuable_attacker(Color side) const;
    /// Describes the capture by the piece on `from` (which must attack the square).
    ShogiAttacker attacker_on(Square from, bool promote) const;
    /// Takes the attacker off its square; sliders behind it join (x-ray).
    void remove(const ShogiAttacker& a);
    /// True when `side` still has a piece (pinned or not) attacking the square.
    bool attacked_by(Color side) const { return bool(attackers_ & pos_.pieces(side)); }
    Square square() const { return square_; }

private:
    bool may_join(Square from) const;

    const Position&     pos_;
    const ValueProfile& profile_;
    Square              square_;
    Bitboard            occupied_;
    Bitboard            attackers_;
};

}  // namespace supersoma::soma
