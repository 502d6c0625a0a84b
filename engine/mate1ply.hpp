#pragma once
// Mate in one: the moves that checkmate at once (SUPER-SOMA's A2 mate threats, search later).

#include "engine/movegen.hpp"

namespace supersoma {

/// The legal moves of the side to move that leave the opponent in check with no legal move.
/// (Pawn drops that would mate are already illegal, so they never appear.)
MoveList mating_moves(const Position& pos);

/// mating_moves() of `pos` among `checks`, its checks as GenKind::Checks lists them.
MoveList mating_moves(const Position& pos, const MoveList& checks);

/// A move of the side to move that checkmates at once, or Move::none(): the first found,
/// for the search, which needs one and not the list.
Move mate_in_one(Position& pos);

/// False when, after the checking move `m` (legal in `pos`), the enemy king could step to a
/// square the mover does not attack: then `m` cannot mate. Reads occupancies only; the
/// enemy pieces in `removed` are taken as gone.
bool may_mate(const Position& pos, Move m, Bitboard removed = {});

/// True when `m`, legal in `pos`, checkmates.
bool is_mate_after(Position& pos, Move m);

}  // namespace supersoma
