#pragma once
// The shogi adapter of the swap core (soma/core/swap.hpp): attackers of one square on a shogi
// position, least valuable first, with x-rays, pins, promotion inside exchanges and ties.

#include <optional>

#include "engine/position.hpp"
#include "soma/core/swap.hpp"
#include "soma/shogi/profile.hpp"
#include "soma/shogi/ties.hpp"

namespace supersoma::soma {

/// The attackers of one square during one exchange; satisfies SwapBoard (sides are colours).
/// Drops never capture, so only board pieces join; a pinned piece stays out while its pinner
/// stands, unless it captures along the pin line. With a TieContext every capturer carries
/// its leave cost (tie_cost).
class ShogiSwapBoard {
public:
    ShogiSwapBoard(const Position& pos, const ValueProfile& profile, Square square,
        Bitboard removed = {}, const TieContext* ties = nullptr);

    /// The least valuable attacker of `side` that may capture now, promoting where it may
    /// (the promoted piece is worth exactly the promotion more to take back, so promoting is
    /// never worse in value); the king last.
    std::optional<SwapAttacker> least_valuable_attacker(Side side) const;
    /// The capture by the piece on `from`, promoting if `promote` and allowed.
    SwapAttacker attacker_on(Square from, bool promote) const;
    /// attacker_on for the forced first capture, without its leave cost: that cost lowers
    /// every later balance alike, so it changes no choice nor the material of the exchange.
    SwapAttacker first_attacker_on(Square from, bool promote) const;
    /// Takes the attacker off its square; a slider behind it on the line joins (x-ray).
    void remove(const SwapAttacker& attacker);
    /// True when `side` attacks the square, pinned pieces included, seeing through the
    /// other side's king (it is about to leave its square to capture).
    bool guards(Side side) const;
    /// What capturing the piece on the square gains: its board value plus its hand value.
    Value target_value() const;

    /// see_capture's value when the board has no ties, in one loop without records: the
    /// exchange `first` starts for `side` on a piece worth `target_value` (the forward
    /// clamp of the chess adapter's fused loop). Consumes the board.
    Value plain_capture_value(Side side, const SwapAttacker& first, Value target_value);
    /// Without ties: the square of `c`'s next capturer (least board value, the lowest square
    /// on a tie, the king last and only onto a square the other side no longer guards).
    Square next_plain_capturer(Color c) const;

private:
    bool         may_join(Square from) const;
    SwapAttacker capture_by(Square from, bool promote, bool with_leave_cost) const;

    const Position&     pos_;
    const ValueProfile& profile_;
    const TieContext*   ties_;
    Square              square_;
    Bitboard            occupied_;
    Bitboard            attackers_;
};

static_assert(SwapBoard<ShogiSwapBoard>);

}  // namespace supersoma::soma
