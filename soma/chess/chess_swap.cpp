#include "soma/chess/chess_swap.hpp"

#include <cassert>

namespace supersoma::soma::chess {

namespace {

/// The first capture's record; the piece on `from` must attack the target of `swap`.
SwapAttacker first_capture(const ChessSwap& swap, Square from) {
    const std::optional<SwapAttacker> first = swap.attacker_on(from);
    assert(first && "see_capture: the piece on `from` must attack `to`");
    return *first;
}

}  // namespace

Value see_capture(const ChessBoard& board, const ChessValues& values, Square from, Square to) {
    ChessSwap swap(board, values, to);
    assert(swap.attacker_on(from) && "see_capture: the piece on `from` must attack `to`");
    return swap.capture_value(from);
}

bool see_capture_at_least(
    const ChessBoard& board, const ChessValues& values, Square from, Square to, Value threshold) {
    ChessSwap swap(board, values, to);
    assert(swap.attacker_on(from) && "see_capture_at_least: the piece on `from` must attack `to`");
    return swap.capture_at_least(from, threshold);
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
    ChessSwap swap(board, values, to);
    return soma::see_capture_trace(
        swap, board.piece_at(from)->color, first_capture(swap, from), swap.target_value());
}

SwapTrace see_trace(const ChessBoard& board, const ChessValues& values, Square square, Color side) {
    ChessSwap swap(board, values, square);
    return soma::see_trace(swap, side, swap.target_value());
}

}  // namespace supersoma::soma::chess
