#pragma once
// The shogi adapter of the swap core (soma/swap.hpp): attackers of one square on a shogi
// position, least valuable first, with x-rays, pins, promotion inside exchanges and ties.

#include <array>
#include <limits>
#include <optional>

#include "engine/position.hpp"
#include "soma/profile.hpp"
#include "soma/swap.hpp"

namespace supersoma::soma {

/// What the tie-aware SOMA needs to price a defender's leaving its square. Pricing a leave
/// compares each exposed square's SOMA with and without the defender; the "with" half
/// depends only on the board and the square, so it is kept here once found.
struct TieContext {
    /// For exchanges on `pos`, whose squares attacked by each side are `attacked` (A1).
    explicit TieContext(const std::array<Bitboard, COLOR_NB>& attacked_by)
        : attacked(attacked_by) {
        standing.fill(Unknown);
    }

    std::array<Bitboard, COLOR_NB>       attacked;  // squares each side attacks on the board
    mutable std::array<Value, SQUARE_NB> standing;  // stand-pat SOMA on each square, or Unknown
    static constexpr Value               Unknown = std::numeric_limits<Value>::min();
};

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
    bool may_join(Square from) const;

    const Position&     pos_;
    const ValueProfile& profile_;
    const TieContext*   ties_;
    Square              square_;
    Bitboard            occupied_;
    Bitboard            attackers_;
};

static_assert(SwapBoard<ShogiSwapBoard>);

/// What `c` loses when its piece on `from` leaves for `exchange_square`: the most the
/// opponent then wins on a square that piece kept safe (seed 003's tie; spec 3), priced
/// with plain SOMA.
Value tie_cost(const Position& pos, Square from, Square exchange_square,
    const ValueProfile& profile, const TieContext& ties);

}  // namespace supersoma::soma
