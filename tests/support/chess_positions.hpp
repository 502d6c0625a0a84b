#pragma once
// Test helper: a chess board from FEN, failing the calling test on bad input.

#include <gtest/gtest.h>

#include <string_view>
#include <variant>

#include "soma/chess/chess_board.hpp"

namespace supersoma::soma::chess {

/// The two positions of the first seed page (001): a rook takes a pawn, alone and then with
/// both sides' batteries behind.
inline constexpr std::string_view Seed001Position1 = "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - -";
inline constexpr std::string_view Seed001Position2
    = "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - -";

/// The board of `fen`; a parse error fails the calling test.
inline ChessBoard board_of(std::string_view fen) {
    auto result = parse_fen(fen);
    EXPECT_TRUE(std::holds_alternative<ChessBoard>(result)) << fen;
    return std::get<ChessBoard>(result);
}

}  // namespace supersoma::soma::chess
