#pragma once
// A2: pins, ties, discovered attacks, promotion prevention and mate threats (seed 003, A2).

#include <array>

#include "engine/movegen.hpp"
#include "engine/position.hpp"
#include "soma/shogi/profile.hpp"
#include "soma/shogi/ties.hpp"
#include "soma/xref/attack_map.hpp"
#include "util/arena.hpp"

namespace supersoma::soma {

/// A piece that may not move off a line without exposing what stands behind it.
struct Pin {
    Square pinned, pinner, behind;  // behind: the king (absolute) or a more valuable piece
    bool   absolute;                // behind is the king
};

/// A slider whose line opens onto an enemy piece when its own blocker moves.
struct Discovery {
    Square blocker, slider, target;
};

/// A defender guarding two or more things the opponent attacks (pieces, mate or promotion squares).
struct Tie {
    Square   defender;
    Bitboard guarded;  // the attacked pieces and critical squares it alone holds
};

/// What A2 finds, per side, as the report shows it (the mates themselves are XREF entries):
/// index by the colour of the piece that is pinned, tied, etc.
struct RelationSummary {
    std::array<ArenaVector<Pin>, COLOR_NB>       pins;         // pins of c's pieces
    std::array<ArenaVector<Discovery>, COLOR_NB> discoveries;  // c's discovered attacks
    std::array<ArenaVector<Tie>, COLOR_NB>       ties;         // c's tied defenders
    std::array<Bitboard, COLOR_NB>
        promotion_squares {};  // where c could promote safely but for a guard
    std::array<Bitboard, COLOR_NB> promotion_guards {};  // c's pieces preventing ~c's promotions
    std::array<Bitboard, COLOR_NB> mate_squares {};      // where c's mating moves land now
};

/// Everything A2 finds: the summary and c's mating moves.
struct Relations : RelationSummary {
    std::array<MoveList, COLOR_NB> mating_moves;  // c's mates in one, were c to move
};

/// A2's mate threats alone (mating moves and squares), the only relations a move's choice
/// reads; `as_mover[c]` is the position with `c` to move, `moves[c]` its moves (checks
/// included).
Relations find_mate_threats(const std::array<const Position*, COLOR_NB>& as_mover,
    const std::array<TacticalMoves, COLOR_NB>&                           moves);

/// A2: finds the relations on `pos`; `as_mover[c]` is `pos` with `c` to move, `moves[c]` its
/// moves (checks included); `ties` is for
/// exchanges on `pos` (the mates a defender's leaving allows).
Relations find_relations(const std::array<const Position*, COLOR_NB>& as_mover,
    const std::array<TacticalMoves, COLOR_NB>& moves, const AttackMap& map,
    const ValueProfile& profile, const TieContext& ties);

}  // namespace supersoma::soma
