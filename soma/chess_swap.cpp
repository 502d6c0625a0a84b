#include "soma/chess_swap.hpp"

#include <cassert>

namespace supersoma::soma::chess {

namespace {

/// The adapter for the capture from `from` and its attacker record (the piece must attack).
struct FirstCapture {
    ChessSwap    swap;
    SwapAttacker first;
    Color        side;
};

FirstCapture first_capture(
    const ChessBoard& board, const ChessValues& values, Square from, Square to) {
    ChessSwap                         swap(board, values, to);
    const std::optional<SwapAttacker> first = swap.attacker_on(from);
    assert(first && "see_capture: the piece on `from` must attack `to`");
    return {swap, *first, board.piece_at(from)->color};
}

}  // namespace

Value see_capture(const ChessBoard& board, const ChessValues& values, Square from, Square to) {
    auto [swap, first, side] = first_capture(board, values, from, to);
    return soma::see_capture(swap, side, first, swap.target_value());
}

bool see_capture_at_least(
    const ChessBoard& board, const ChessValues& values, Square from, Square to, Value threshold) {
    auto [swap, first, side] = first_capture(board, values, from, to);
    return soma::see_capture_at_least(swap, side, first, swap.target_value(), threshold);
}

Value see(const ChessBoard& board, const ChessValues& values, Square square, Color side) {
    ChessSwap swap(board, values, square);
    return soma::see(swap, side, swap.target_value());
}

bool see_at_least(const ChessBoard& board, const ChessValues& values, Square square, Color side,
    Value threshold) {
    ChessSwap swap(board, values, square);
    return soma::see_at_least(swap, side, swap.target_value(), threshold);
}

SwapTrace see_capture_trace(
    const ChessBoard& board, const ChessValues& values, Square from, Square to) {
    auto [swap, first, side] = first_capture(board, values, from, to);
    return soma::see_capture_trace(swap, side, first, swap.target_value());
}

SwapTrace see_trace(const ChessBoard& board, const ChessValues& values, Square square, Color side) {
    ChessSwap swap(board, values, square);
    return soma::see_trace(swap, side, swap.target_value());
}

}  // namespace supersoma::soma::chess
