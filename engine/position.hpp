#pragma once
// Position: board, hands, side to move, Zobrist key, checkers and pins, make/unmake.
// SFEN, move text and rules that look at history live in their own files.

#include <array>
#include <cstdint>

#include <boost/container/small_vector.hpp>

#include "engine/attacks.hpp"
#include "engine/bitboard.hpp"
#include "engine/hand.hpp"
#include "engine/move.hpp"
#include "engine/types.hpp"

namespace supersoma {

using Key = std::uint64_t;

/// What a board holds, before it becomes a Position; SFEN parsing fills one and validates it.
struct BoardSetup {
    std::array<Piece, SQUARE_NB> board {};
    std::array<Hand, COLOR_NB>   hands {};
    Color                        side_to_move = SENTE;
    int                          ply          = 1;
};

/// Room in each state for the evaluation's incremental sums (eval/kp.hpp fills it). The board
/// does not read it; do_move starts every state with an empty one.
struct EvalCache {
    std::array<std::int32_t, COLOR_NB> sums {};
    std::uint64_t tag = 0;  // the weights' hash when `sums` hold their values; 0: empty
};

/// Per-ply state kept for undo, repetition and check detection.
struct StateInfo {
    Key      key;
    Bitboard checkers;            // pieces giving check to the side to move
    Bitboard blockers[COLOR_NB];  // pieces (either colour) shielding c's king from a slider
    Bitboard pinners[COLOR_NB];   // sliders of ~c pinning something to c's king
    Move     last_move;           // the move that led here (none at the root)
    Piece    captured;            // the piece that move took (NO_PIECE if none)
    // A cache, not part of the position: filled by a const evaluation.
    mutable EvalCache eval_cache;
};

class Position {
public:
    /// Builds a position from a validated setup (see sfen.hpp for the validation).
    explicit Position(const BoardSetup& setup);
    /// The initial position of a game.
    static Position startpos();

    /// The setup this position would be rebuilt from (board, hands, side, ply).
    BoardSetup setup() const;

    // Board queries.
    Piece    piece_on(Square s) const { return board_[s]; }
    Bitboard pieces() const { return by_color_[SENTE] | by_color_[GOTE]; }
    Bitboard pieces(Color c) const { return by_color_[c]; }
    Bitboard pieces(PieceType pt) const { return by_type_[pt]; }
    Bitboard pieces(Color c, PieceType pt) const { return by_color_[c] & by_type_[pt]; }
    /// Pieces that move like a gold: gold and the four small promoted kinds.
    Bitboard golds() const {
        return by_type_[GOLD] | by_type_[PRO_PAWN] | by_type_[PRO_LANCE] | by_type_[PRO_KNIGHT]
            | by_type_[PRO_SILVER];
    }
    /// Pieces of the kinds that can promote (pawn, lance, knight, silver, bishop, rook).
    Bitboard promotable() const {
        return by_type_[PAWN] | by_type_[LANCE] | by_type_[KNIGHT] | by_type_[SILVER]
            | by_type_[BISHOP] | by_type_[ROOK];
    }
    /// The occupied squares once the move `m` (not a pass) is made: its origin left, its
    /// destination taken.
    Bitboard pieces_after(Move m) const {
        return (m.is_drop() ? pieces() : pieces() ^ m.from()) | m.to();
    }
    const Hand& hand(Color c) const { return hands_[c]; }
    Color       side_to_move() const { return side_; }
    /// The game ply as SFEN counts it (1 for the first move of a game).
    int ply() const { return ply_; }
    /// Moves made since this Position was built (the depth of the undo stack).
    int moves_made() const { return int(states_.size()) - 1; }
    /// Forgets the moves that led here: the same position, as if set up afresh (no undo).
    void forget_history();
    /// A copy as forget_history() would leave it, made without copying the history (which
    /// may be long and on the heap) or rebuilding the state from the board.
    Position without_history() const;
    /// Square of `c`'s king, or SQ_NONE for a side with no king (analysis diagrams).
    Square king_square(Color c) const { return king_[c]; }

    // State of the current ply.
    Key      key() const { return state().key; }
    Bitboard checkers() const { return state().checkers; }
    bool     in_check() const { return bool(state().checkers); }
    /// Pieces of either colour between `c`'s king and an enemy slider (sole blockers).
    Bitboard blockers_for_king(Color c) const { return state().blockers[c]; }
    /// `c`'s pieces pinned to `c`'s king.
    Bitboard pinned(Color c) const { return state().blockers[c] & by_color_[c]; }
    /// Enemy sliders pinning a piece of `c` to `c`'s king.
    Bitboard         pinners(Color c) const { return state().pinners[c]; }
    const StateInfo& state() const { return states_.back(); }
    /// The state `n` plies ago (0 = now); n must not exceed moves_made().
    const StateInfo& state_ago(int n) const { return states_[states_.size() - 1 - n]; }

    // Attack queries.
    /// Pieces of both colours attacking `s` given occupancy `occ`.
    Bitboard attackers_to(Square s, Bitboard occ) const;
    /// Pieces of colour `c` attacking `s` given occupancy `occ`.
    Bitboard attackers_to(Color c, Square s, Bitboard occ) const {
        return attackers_to_impl(c, s, occ);
    }
    Bitboard attackers_to(Color c, Square s) const { return attackers_to_impl(c, s, pieces()); }
    /// True when `c` attacks `s` given occupancy `occ`: attackers_to's answer, stopping at the
    /// stepping attackers when there are any.
    bool attacked_by(Color c, Square s, Bitboard occ) const {
        return bool(step_attackers(c, s)) || bool(slider_attackers(c, s, occ));
    }
    /// True when `c` attacks `s` on the current board.
    bool attacked_by(Color c, Square s) const { return attacked_by(c, s, pieces()); }
    /// Squares the piece on `s` attacks on the current board; the square must be occupied.
    Bitboard attacks_of(Square s) const {
        return attacks_from(color_of(board_[s]), type_of(board_[s]), s, pieces());
    }
    /// Sliders of `sliders_of` whose line to `s` is blocked by exactly one piece of colour
    /// `shielded` (pinners), and the sole blockers of either colour on such lines.
    struct SliderBlockers {
        Bitboard blockers, pinners;
    };
    SliderBlockers slider_blockers(Color sliders_of, Square s, Color shielded) const;

    // Moves.
    /// True when the pseudo-legal `m` (correct mover, reachable target) leaves no own king
    /// attacked.
    bool legal_after_pseudo(Move m) const;
    /// True when `m` gives check.
    bool gives_check(Move m) const;
    /// Makes a move that is legal in this position (or a pass, which only changes the side).
    void do_move(Move m);
    /// Undoes the last do_move.
    void undo_move();

    /// Consistency check of every redundant field; tests call it after make/unmake.
    bool is_ok() const;

private:
    struct CurrentStateOnly { };
    Position(CurrentStateOnly, const Position& from);

    Bitboard attackers_to_impl(Color c, Square s, Bitboard occ) const {
        return step_attackers(c, s) | slider_attackers(c, s, occ);
    }
    Bitboard step_attackers(Color c, Square s) const;                  // of colour c
    Bitboard slider_attackers(Color c, Square s, Bitboard occ) const;  // of colour c
    void     put_piece(Piece p, Square s);
    void     remove_piece(Square s);
    void     compute_state(StateInfo& st) const;
    void     compute_checkers(StateInfo& st) const;
    void     compute_king_lines(StateInfo& st, Color c) const;  // c's blockers and pinners
    Key      compute_key() const;

    std::array<Piece, SQUARE_NB>        board_ {};
    std::array<Bitboard, COLOR_NB>      by_color_ {};
    std::array<Bitboard, PIECE_TYPE_NB> by_type_ {};
    std::array<Hand, COLOR_NB>          hands_ {};
    std::array<Square, COLOR_NB>        king_ {SQ_NONE, SQ_NONE};
    Color                               side_ = SENTE;
    int                                 ply_  = 1;
    // Inline room for short playouts: SUPER-SOMA copies positions often (perft grows it once).
    boost::container::small_vector<StateInfo, 8> states_;
};

/// Whether `c` attacks the square `m` (a move of the side to move) lands on once `m` is made,
/// the moved piece itself not counted.
bool attacks_landing(const Position& pos, Move m, Color c);

namespace zobrist {
/// Key of piece `p` standing on `s`.
Key piece_square(Piece p, Square s);
/// Per-piece hand key: `n` pieces of kind `pt` in `c`'s hand XOR `hand(c, pt) * n` into the key.
Key hand(Color c, PieceType pt);
/// Key toggled when gote is to move.
Key side();
}  // namespace zobrist

}  // namespace supersoma
