#pragma once
// Legal move generation, whole or by category. Every generator returns legal moves only;
// the categories Captures, Quiets and Drops partition Legal, and Checks, Promotions are
// subsets of it (tests assert both).

#include <array>

#include "engine/move.hpp"
#include "engine/position.hpp"

namespace supersoma {

enum class GenKind {
    Legal,       // every legal move (in check: every evasion)
    Captures,    // board moves onto an enemy piece, with and without promotion
    Quiets,      // board moves onto an empty square, with and without promotion
    Drops,       // drops from hand
    Checks,      // moves that give check
    Promotions,  // board moves that promote
    Evasions,    // the legal moves when in check; empty when not in check
};

/// Appends the legal moves of category `kind` in `pos` to `list`.
void generate(GenKind kind, const Position& pos, MoveList& list);

/// The legal moves of category `kind` in `pos`.
MoveList generate(GenKind kind, const Position& pos);

/// The moves a tactical scan reads, each list in the order generate() gives it.
struct TacticalMoves {
    MoveList captures;          // GenKind::Captures
    MoveList quiet_promotions;  // the GenKind::Promotions that capture nothing
    MoveList checks;            // GenKind::Checks (left empty unless asked for)
};

/// Fills `out` for the side to move of `pos` in one pass over its pieces (each piece's attacks
/// computed once for all three lists); the checks only `with_checks`.
void generate_tactical(const Position& pos, TacticalMoves& out, bool with_checks = true);

/// Appends the legal moves of `pos` whose drops land in `drop_targets` (board moves all kept),
/// in generate(Legal)'s order: for callers that need only a few drop squares.
void generate_legal(const Position& pos, Bitboard drop_targets, MoveList& list);

/// Board destinations wanted per moving kind: a piece on a square of `free_from` may go
/// anywhere; any other piece of kind `pt` (the king included) only onto `by_kind[pt]`.
struct Destinations {
    std::array<Bitboard, PIECE_TYPE_NB> by_kind {};
    Bitboard                            free_from;
};

/// generate_legal narrowed further: board moves only onto `destinations` (a promoting move
/// is kept or dropped with its plain twin), still in generate(Legal)'s order.
void generate_legal(
    const Position& pos, Bitboard drop_targets, const Destinations& destinations, MoveList& list);

/// Number of legal moves in `pos`, without keeping them (perft's last ply).
int count_legal(const Position& pos);

/// True when the side to move has at least one legal move.
bool has_legal_move(const Position& pos);

/// True when `m` is a legal move in `pos` (any Move value: parsed from text, or a hash or
/// killer move from another position), checked without generating the list.
bool is_legal(const Position& pos, Move m);

/// True when dropping a pawn on `to` would checkmate: such a drop is illegal (uchifuzume).
bool pawn_drop_mates(const Position& pos, Square to);

}  // namespace supersoma
