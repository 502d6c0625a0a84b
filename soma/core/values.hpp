#pragma once
// Value tables for the swap core, one struct per game. Chess: the Chess Programming Wiki's
// table (seed 001's traces) and Mediocre's (seed 002), or a custom "P,N,B,R,Q" list.
// Shogi profiles live in their own struct when the shogi adapter arrives.

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

#include "soma/core/swap.hpp"

namespace supersoma::soma {

/// Chess piece values indexed pawn, knight, bishop, rook, queen, king, with the order in
/// which the adapter tries attackers (least valuable first; equal values by that index).
struct ChessValues {
    std::array<Value, 6>        of {};     ///< value per kind (pawn .. king)
    std::array<std::uint8_t, 5> order {};  ///< pawn .. queen kinds, least valuable first
    std::array<std::uint8_t, 6> rank {};   ///< each kind's place in `order`; the king 5
};

/// A king is never traded; its value only has to dwarf the rest.
inline constexpr Value ChessKingValue = 20000;

/// Builds a chess table from the five tradeable values (king fixed at ChessKingValue).
constexpr ChessValues make_chess_values(
    Value pawn, Value knight, Value bishop, Value rook, Value queen) {
    ChessValues values {{pawn, knight, bishop, rook, queen, ChessKingValue}, {0, 1, 2, 3, 4}};
    // Insertion sort by value, stable on kind index: constexpr and five elements.
    for (std::size_t i = 1; i < values.order.size(); ++i)
        for (std::size_t j = i;
             j > 0 && values.of[values.order[j]] < values.of[values.order[j - 1]]; --j)
            std::swap(values.order[j], values.order[j - 1]);
    for (std::size_t i = 0; i < values.order.size(); ++i)
        values.rank[values.order[i]] = std::uint8_t(i);
    values.rank[5] = 5;
    return values;
}

/// The Chess Programming Wiki's values used in seed 001's traces.
inline constexpr ChessValues CpwValues = make_chess_values(100, 325, 325, 500, 1000);
/// Mediocre's values (seed 002: "-900 for the queen +100 for the pawn").
inline constexpr ChessValues MediocreValues = make_chess_values(100, 300, 300, 500, 900);

/// Why a value list was refused; `column` is 0-based in the text.
struct ValuesError {
    std::size_t column = 0;
    std::string what;
    /// One line for a user.
    std::string message() const;
};

/// "cpw", "mediocre" or five positive integers "P,N,B,R,Q".
std::variant<ChessValues, ValuesError> parse_chess_values(std::string_view text);

}  // namespace supersoma::soma
