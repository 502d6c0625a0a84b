#pragma once
// Shared helpers of the engine tests: SFEN parsing that must succeed, square names, move
// lookup by USI text, the perft suite reader, a tree walk and random games. Header-only.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <fstream>
#include <functional>
#include <initializer_list>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "engine/position.hpp"
#include "engine/sfen.hpp"

namespace supersoma::test {

/// The position of a valid SFEN; throws (gtest reports it as a failure) when it is refused.
inline Position from_sfen(std::string_view sfen) {
    auto parsed = parse_sfen(sfen);
    if (const auto* e = std::get_if<SfenError>(&parsed))
        throw std::invalid_argument(
            "test SFEN refused: " + e->message() + " in '" + std::string(sfen) + "'");
    return std::get<Position>(std::move(parsed));
}

/// The square named like "7g" (file digit, rank letter).
constexpr Square sq(std::string_view name) {
    return make_square(File(name[0] - '1'), Rank(name[1] - 'a'));
}

/// The set of squares named in USI ("5e", "1a").
inline Bitboard squares(std::initializer_list<std::string_view> names) {
    Bitboard b;
    for (auto n : names) b |= sq(n);
    return b;
}

/// The legal move whose USI text is `usi`; throws when there is none.
inline Move usi_move(const Position& pos, std::string_view usi) {
    auto parsed = parse_usi_move(pos, usi);
    if (const auto* e = std::get_if<MoveTextError>(&parsed))
        throw std::invalid_argument("test move refused: " + e->what + " in " + to_sfen(pos));
    return std::get<Move>(parsed);
}

/// USI texts of `moves`, sorted, so lists compare as sets with readable failure output.
inline std::vector<std::string> usi_set(const MoveList& moves) {
    std::vector<std::string> out;
    for (Move m : moves) out.push_back(to_usi(m));
    std::sort(out.begin(), out.end());
    return out;
}

/// USI texts of the legal moves of `pos`, sorted.
inline std::vector<std::string> legal_usi(const Position& pos) {
    return usi_set(generate(GenKind::Legal, pos));
}

/// One line of tests/data/perft-suite.txt: a position and its leaf counts by depth.
struct PerftCase {
    std::string                sfen;
    std::vector<std::uint64_t> counts;  // counts[d - 1] = perft(d)
    int                        line = 0;
};

/// Every position of tests/data/perft-suite.txt (format: `SFEN;D1 n;D2 n;...`).
inline std::vector<PerftCase> read_perft_suite() {
    const std::string path = std::string(SUPERSOMA_TEST_DATA) + "/perft-suite.txt";
    std::ifstream     in(path);
    if (!in) throw std::runtime_error("cannot open " + path);
    std::vector<PerftCase> cases;
    std::string            text;
    for (int line = 1; std::getline(in, text); ++line) {
        if (text.empty() || text[0] == '#') continue;
        std::stringstream fields(text);
        PerftCase         c;
        c.line = line;
        std::getline(fields, c.sfen, ';');
        for (std::string field; std::getline(fields, field, ';');) {
            int           depth = 0;
            std::uint64_t count = 0;
            if (std::sscanf(field.c_str(), "D%d %lu", &depth, &count) != 2
                || depth != int(c.counts.size()) + 1)
                throw std::runtime_error(
                    path + ":" + std::to_string(line) + ": bad field '" + field + "'");
            c.counts.push_back(count);
        }
        cases.push_back(std::move(c));
    }
    return cases;
}

/// The SFENs of the perft suite.
inline std::vector<std::string> suite_sfens() {
    std::vector<std::string> out;
    for (const PerftCase& c : read_perft_suite()) out.push_back(c.sfen);
    return out;
}

/// `count` positions reached by random legal play (0-59 plies, fixed seed) from the start
/// position and from the suite's positions, as SFEN.
inline std::vector<std::string> random_play_sfens(int count) {
    std::mt19937                   rng(20261121);
    const std::vector<std::string> roots = suite_sfens();
    std::vector<std::string>       out;
    while (int(out.size()) < count) {
        Position  pos   = from_sfen(roots[rng() % roots.size()]);
        const int plies = int(rng() % 60);
        for (int i = 0; i < plies; ++i) {
            const MoveList moves = generate(GenKind::Legal, pos);
            if (moves.empty()) break;
            pos.do_move(moves[rng() % moves.size()]);
        }
        out.push_back(to_sfen(pos));
    }
    return out;
}

/// `count` valid positions no game need reach, as SFEN: suite boards whose pieces are
/// swapped between squares, turned to the other side, promoted or put in a hand, now and
/// then a king taken off (fixed seed), keeping only what parse_sfen accepts. They put kings
/// in odd places, give checks from anywhere and fill hands, which play rarely does.
inline std::vector<std::string> scattered_sfens(int count) {
    // A piece letter of the other side.
    const auto other_side = [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return char(std::islower(u) ? std::toupper(u) : std::tolower(u));
    };
    std::mt19937                   rng(20261122);
    const std::vector<std::string> roots = suite_sfens();
    std::vector<std::string>       out;
    while (int(out.size()) < count) {
        std::istringstream fields(roots[rng() % roots.size()]);
        std::string        board, side, hands, ply;
        fields >> board >> side >> hands >> ply;
        // One cell per square ("", "p", "+P", ...), rank by rank.
        std::vector<std::string> cells;
        for (std::size_t i = 0; i < board.size(); ++i) {
            const char c = board[i];
            if (c >= '1' && c <= '9')
                cells.insert(cells.end(), std::size_t(c - '0'), "");
            else if (c == '+')
                cells.push_back(board.substr(i++, 2));
            else if (c != '/')
                cells.emplace_back(1, c);
        }
        if (hands == "-") hands.clear();
        for (int edits = 1 + int(rng() % 6); edits > 0; --edits) {
            std::string& a    = cells[rng() % cells.size()];
            std::string& b    = cells[rng() % cells.size()];
            const int    edit = int(rng() % 5);
            const bool   king = !a.empty() && (a.back() == 'k' || a.back() == 'K');
            if (edit == 0) {
                std::swap(a, b);
            } else if (edit == 4 && king && rng() % 4 == 0) {
                a.clear();  // a position with one king (or none), as tsume problems have
            } else if (a.empty() || king) {
                continue;
            } else if (edit == 1) {
                a.back() = other_side(a.back());
            } else if (edit == 2 && a[0] != '+'
                && std::string("pPlLnNsSbBrR").find(a.back()) != std::string::npos) {
                a.insert(a.begin(), '+');
            } else if (edit == 3) {
                hands.push_back(other_side(a.back()));  // captured: unpromoted, other side
                a.clear();
            }
        }
        std::string text;
        for (int rank = 0; rank < 9; ++rank) {
            int empty = 0;
            for (int file = 0; file < 9; ++file) {
                const std::string& cell = cells[std::size_t(rank * 9 + file)];
                if (cell.empty()) {
                    ++empty;
                    continue;
                }
                if (empty) text += char('0' + empty), empty = 0;
                text += cell;
            }
            if (empty) text += char('0' + empty);
            if (rank < 8) text += '/';
        }
        if (rng() % 2) side = side == "b" ? "w" : "b";
        text += " " + side + " " + (hands.empty() ? "-" : hands) + " " + ply;
        if (std::holds_alternative<Position>(parse_sfen(text))) out.push_back(text);
    }
    return out;
}

/// The same position seen from the other side: board turned, colours and hands swapped.
inline Position flipped(const Position& pos) {
    const BoardSetup from = pos.setup();
    BoardSetup       to   = from;
    for (Square s = SQ_11; s < SQUARE_NB; ++s) {
        const Piece p       = from.board[s];
        to.board[SQ_99 - s] = p == NO_PIECE ? NO_PIECE : make_piece(~color_of(p), type_of(p));
    }
    to.hands        = {from.hands[GOTE], from.hands[SENTE]};
    to.side_to_move = ~from.side_to_move;
    return Position(to);
}

/// Calls `visit(pos)` on every node of the legal tree of `depth` plies below `pos` (the root
/// included); `pos` is restored afterwards.
inline void walk_tree(Position& pos, int depth, const std::function<void(Position&)>& visit) {
    visit(pos);
    if (depth == 0) return;
    for (Move m : generate(GenKind::Legal, pos)) {
        pos.do_move(m);
        walk_tree(pos, depth - 1, visit);
        pos.undo_move();
    }
}

/// What random_walk did: the kinds of moves it made, the positions it checked and those by
/// plies since the check before (12: 12 or more).
struct WalkCounts {
    int                 kings = 0, drops = 0, captures = 0, passes = 0, checked = 0;
    std::array<int, 13> gaps {};
};

/// Plays `games` random games of at most 160 plies from the start position (out of check a
/// pass at every 17th ply, as a null move) and calls `check(pos)` 1 to 12 plies apart at
/// random, as a search evaluates: most nodes' parents were never evaluated, so what an
/// evaluation keeps move by move must come from the nearest state that was. Each game is then
/// undone to its start (undo_move asserts its states in debug builds). Stops at a fatal failure.
template<typename Check> WalkCounts random_walk(int games, std::uint64_t seed, Check&& check) {
    std::mt19937_64 rng(seed);
    WalkCounts      n;
    for (int game = 0; game < games; ++game) {
        Position pos  = Position::startpos();
        int      next = 1, since = 0;
        for (int ply = 0; ply < 160; ++ply) {
            const MoveList moves = generate(GenKind::Legal, pos);
            if (moves.empty()) break;
            if (!pos.in_check() && ply % 17 == 5) {
                pos.do_move(Move::pass());
                ++n.passes;
            } else {
                const Move m
                    = moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)];
                n.kings += m.moved() == KING;
                n.drops += m.is_drop();
                n.captures += m.is_capture();
                pos.do_move(m);
            }
            if (++since < next) continue;
            check(pos);
            if (::testing::Test::HasFatalFailure()) return n;
            ++n.gaps[std::size_t(std::min(since, 12))];
            ++n.checked;
            since = 0;
            next  = std::uniform_int_distribution<int>(1, 12)(rng);
        }
        while (pos.moves_made() > 0) pos.undo_move();
    }
    return n;
}

}  // namespace supersoma::test
