#pragma once
// Test helper: a chess board from FEN, failing the calling test on bad input.

#include <gtest/gtest.h>

#include <string_view>
#include <variant>

#include "soma/chess/chess_board.hpp"

namespace supersoma::soma::chess {

/// The board of `fen`; a parse error fails the calling test.
inline ChessBoard board_of(std::string_view fen) {
    auto result = parse_fen(fen);
    EXPECT_TRUE(std::holds_alternative<ChessBoard>(result)) << fen;
    return std::get<ChessBoard>(result);
}

}  // namespace supersoma::soma::chess
