#pragma once
// Test oracle for the chess swap: a brute-force minimax over the captures on one square,
// made on a plain 64-square mailbox (no bitboards, no gain list, no swap core), and a
// generator of random legal-looking chess positions. Each side may stop, or capture with its
// least valuable legal attacker; a capture is legal when it exposes its king to no new
// attacker (a pin) and, for a king, when the square is not attacked after it moved.

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <random>
#include <tuple>
#include <vector>

#include "soma/chess/chess_board.hpp"
#include "soma/core/values.hpp"

namespace supersoma::test::chess_oracle {

using soma::ChessValues;
using soma::Value;
using soma::chess::BLACK;
using soma::chess::ChessBoard;
using soma::chess::Color;
using soma::chess::Kind;
using soma::chess::Piece;
using soma::chess::Square;
using soma::chess::WHITE;
using Mailbox = std::array<std::optional<Piece>, 64>;

inline Mailbox mailbox_of(const ChessBoard& board) {
    Mailbox m;
    for (Square s = 0; s < 64; ++s) m[s] = board.piece_at(s);
    return m;
}

inline bool on_board(int file, int rank) {
    return file >= 0 && file < 8 && rank >= 0 && rank < 8;
}

/// Pieces of `color` that attack `to` on `m`, found by walking out from `to`.
inline std::vector<Square> attackers(const Mailbox& m, Square to, Color color) {
    std::vector<Square> found;
    const int           tf = to % 8, tr = to / 8;
    auto                is = [&](int f, int r, Kind kind) {
        if (!on_board(f, r)) return false;
        const auto& p = m[r * 8 + f];
        return p && p->color == color && p->kind == kind;
    };
    const int pawn_rank = color == WHITE ? tr - 1 : tr + 1;  // pawns attack forward
    for (int df : {-1, 1})
        if (is(tf + df, pawn_rank, soma::chess::PAWN)) found.push_back(pawn_rank * 8 + tf + df);
    static constexpr int Knight[8][2]
        = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    for (const auto& d : Knight)
        if (is(tf + d[0], tr + d[1], soma::chess::KNIGHT))
            found.push_back((tr + d[1]) * 8 + tf + d[0]);
    for (int df = -1; df <= 1; ++df)
        for (int dr = -1; dr <= 1; ++dr) {
            if (!df && !dr) continue;
            if (is(tf + df, tr + dr, soma::chess::KING)) found.push_back((tr + dr) * 8 + tf + df);
            const bool diagonal = df && dr;
            for (int f = tf + df, r = tr + dr; on_board(f, r); f += df, r += dr) {
                const auto& p = m[r * 8 + f];
                if (!p) continue;
                const bool slides = p->kind == soma::chess::QUEEN
                    || p->kind == (diagonal ? soma::chess::BISHOP : soma::chess::ROOK);
                if (p->color == color && slides) found.push_back(r * 8 + f);
                break;
            }
        }
    return found;
}

inline std::optional<Square> king_of(const Mailbox& m, Color color) {
    for (Square s = 0; s < 64; ++s)
        if (m[s] && m[s]->color == color && m[s]->kind == soma::chess::KING) return s;
    return std::nullopt;
}

inline bool promotes(const Piece& piece, Square to) {
    return piece.kind == soma::chess::PAWN && to / 8 == (piece.color == WHITE ? 7 : 0);
}

/// `m` after the piece on `from` takes on `to` (a pawn reaching the last rank becomes a queen).
inline Mailbox after_capture(const Mailbox& m, Square from, Square to) {
    Mailbox after = m;
    Piece   piece = *m[from];
    if (promotes(piece, to)) piece.kind = soma::chess::QUEEN;
    after[to]   = piece;
    after[from] = std::nullopt;
    return after;
}

/// Whether the capture from `from` to `to` is legal in the exchange's sense (see file top).
inline bool legal_capture(const Mailbox& m, Square from, Square to) {
    const Color   color = m[from]->color;
    const Mailbox after = after_capture(m, from, to);
    if (m[from]->kind == soma::chess::KING) return attackers(after, to, Color(color ^ 1)).empty();
    const std::optional<Square> king = king_of(m, color);
    if (!king) return true;
    const std::vector<Square> before = attackers(m, *king, Color(color ^ 1));
    for (Square s : attackers(after, *king, Color(color ^ 1)))
        if (std::find(before.begin(), before.end(), s) == before.end()) return false;
    return true;
}

/// What the oracle saw, to check that the random positions exercise every rule.
struct Coverage {
    long pinned_skipped = 0;  ///< attackers refused because they were pinned
    long king_refused   = 0;  ///< king captures refused because the square was guarded
    long king_captures  = 0;
    long promotions     = 0;
    long xray_captures  = 0;  ///< captures by a piece that did not attack at the start
};

/// The least valuable legal attacker of `color` on `to`: by value, then kind, then square.
inline std::optional<Square> least_valuable_legal(
    const Mailbox& m, Square to, Color color, const ChessValues& values, Coverage* coverage) {
    std::vector<Square> candidates = attackers(m, to, color);
    auto                key        = [&](Square s) {
        const Kind kind = m[s]->kind;
        return std::tuple {kind == soma::chess::KING ? 1 << 30 : values.of[kind], int(kind), s};
    };
    std::sort(
        candidates.begin(), candidates.end(), [&](Square a, Square b) { return key(a) < key(b); });
    for (Square s : candidates) {
        if (legal_capture(m, s, to)) return s;
        if (coverage)
            (m[s]->kind == soma::chess::KING ? coverage->king_refused : coverage->pinned_skipped)++;
    }
    return std::nullopt;
}

/// Minimax value, from `root`'s view, of the position `m` with `mover` to decide on `to`;
/// `balance` is root's material won so far. `initial` holds the attackers at the start.
inline Value best(const Mailbox& m, Square to, Color mover, Color root, Value balance,
    const ChessValues& values, const std::vector<Square>& initial, Coverage* coverage) {
    const std::optional<Square> from = least_valuable_legal(m, to, mover, values, coverage);
    if (!from) return balance;  // nothing legal: the mover stands
    if (coverage) {
        if (m[*from]->kind == soma::chess::KING) coverage->king_captures++;
        if (promotes(*m[*from], to)) coverage->promotions++;
        if (std::find(initial.begin(), initial.end(), *from) == initial.end())
            coverage->xray_captures++;
    }
    Value gain = values.of[m[to]->kind];
    if (promotes(*m[*from], to))
        gain += values.of[soma::chess::QUEEN] - values.of[soma::chess::PAWN];
    const Value child = best(after_capture(m, *from, to), to, Color(mover ^ 1), root,
        mover == root ? balance + gain : balance - gain, values, initial, coverage);
    return mover == root ? std::max(balance, child) : std::min(balance, child);
}

inline std::vector<Square> all_attackers(const Mailbox& m, Square to) {
    std::vector<Square> all = attackers(m, to, WHITE);
    for (Square s : attackers(m, to, BLACK)) all.push_back(s);
    return all;
}

/// Brute-force value of the forced capture from `from` to `to`, for its mover.
inline Value forced_capture(const Mailbox& m, Square from, Square to, const ChessValues& values,
    Coverage* coverage = nullptr) {
    const Color mover = m[from]->color;
    Value       gain  = values.of[m[to]->kind];
    if (promotes(*m[from], to))
        gain += values.of[soma::chess::QUEEN] - values.of[soma::chess::PAWN];
    return best(after_capture(m, from, to), to, Color(mover ^ 1), mover, gain, values,
        all_attackers(m, to), coverage);
}

/// Brute-force stand-pat value for `side` on `to` (>= 0).
inline Value stand_pat(const Mailbox& m, Square to, Color side, const ChessValues& values,
    Coverage* coverage = nullptr) {
    return best(m, to, side, side, 0, values, all_attackers(m, to), coverage);
}

/// A deterministic random number below `n`.
inline int below(std::mt19937_64& rng, int n) {
    return int(rng() % std::uint64_t(n));
}

/// A random position with both kings, no pawn on the first or last rank, and the side not to
/// move not in check. Half the pieces sit on lines or knight jumps around a focus square, so
/// exchanges are long and x-rays and pins are common.
inline ChessBoard random_board(std::mt19937_64& rng) {
    while (true) {
        ChessBoard board;
        Mailbox    m;
        auto       place = [&](Square s, Piece p) {
            board.put(s, p);
            m[s] = p;
        };
        const Square white_king = below(rng, 64);
        Square       black_king = below(rng, 64);
        if (std::abs(white_king % 8 - black_king % 8) <= 1
            && std::abs(white_king / 8 - black_king / 8) <= 1)
            continue;
        place(white_king, {WHITE, soma::chess::KING});
        place(black_king, {BLACK, soma::chess::KING});
        const Square focus  = below(rng, 64);
        const int    pieces = 4 + below(rng, 22);
        for (int i = 0; i < pieces; ++i) {
            Square s = below(rng, 64);
            if (i % 2 == 0) {  // on a line or a knight jump from the focus
                const int  df = below(rng, 5) - 2, dr = below(rng, 5) - 2;
                const int  distance = 1 + below(rng, 4);
                const bool knight
                    = std::abs(df) + std::abs(dr) == 3 && std::abs(df) != 3 && std::abs(dr) != 3;
                const int step = knight ? 1 : distance;
                const int f    = focus % 8 + (knight ? df : std::clamp(df, -1, 1) * step);
                const int r    = focus / 8 + (knight ? dr : std::clamp(dr, -1, 1) * step);
                if (!on_board(f, r)) continue;
                s = r * 8 + f;
            }
            if (m[s]) continue;
            static constexpr Kind Kinds[10] = {soma::chess::PAWN, soma::chess::PAWN,
                soma::chess::PAWN, soma::chess::KNIGHT, soma::chess::KNIGHT, soma::chess::BISHOP,
                soma::chess::BISHOP, soma::chess::ROOK, soma::chess::ROOK, soma::chess::QUEEN};
            const Piece           piece {Color(below(rng, 2)), Kinds[below(rng, 10)]};
            if (piece.kind == soma::chess::PAWN && (s / 8 == 0 || s / 8 == 7)) continue;
            place(s, piece);
        }
        const Color side = Color(below(rng, 2));
        board.set_side_to_move(side);
        if (!attackers(m, *king_of(m, Color(side ^ 1)), side).empty()) continue;
        return board;
    }
}

/// A random value table: tradeable pieces in plausible ranges, sometimes knight above bishop.
inline ChessValues random_values(std::mt19937_64& rng) {
    return soma::make_chess_values(50 + below(rng, 101), 200 + below(rng, 201),
        200 + below(rng, 201), 400 + below(rng, 201), 800 + below(rng, 301));
}

}  // namespace supersoma::test::chess_oracle
