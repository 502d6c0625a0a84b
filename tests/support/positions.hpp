#pragma once
// Test helpers: positions and moves from text, failing the test on bad input.

#include <gtest/gtest.h>

#include <string>
#include <variant>

#include "engine/notation.hpp"
#include "engine/sfen.hpp"

namespace supersoma::test {

/// Sente's king entered with every major piece and the small pieces of a declaration, sente
/// holding `pawns` of the 18 pawns in hand: 9 pawns make 28 points, enough to declare; 8 fall
/// one short.
inline std::string declaring_sfen(int pawns) {
    return std::string("RBGGSS+N+N+L/3+LK+L3/9/9/9/9/9/9/8k b ") + std::to_string(pawns)
        + "Prb2g2s2nl" + std::to_string(18 - pawns) + "p 1";
}

/// The position of `sfen`; a parse error fails the calling test and yields the start position.
inline Position position_of(const std::string& sfen) {
    auto parsed = parse_sfen(sfen);
    if (auto* e = std::get_if<SfenError>(&parsed)) {
        ADD_FAILURE() << sfen << ": " << e->message();
        return Position::startpos();
    }
    return std::get<Position>(std::move(parsed));
}

/// The legal move `usi` in `pos`; an illegal or malformed text fails the calling test.
inline Move move_of(const Position& pos, const std::string& usi) {
    auto parsed = parse_usi_move(pos, usi);
    if (auto* e = std::get_if<MoveTextError>(&parsed)) {
        ADD_FAILURE() << e->what;
        return Move::none();
    }
    return std::get<Move>(parsed);
}

}  // namespace supersoma::test
