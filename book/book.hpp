#pragma once
// An opening book in YaneuraOu's text format, the one the shogi community shares books in
// (`#YANEURAOU-DB2016 1.00`): an `sfen <position> <ply>` line, then one line per move,
// `<move> <ponder|none> <value> <depth> <count>`, the value in centipawns for the side to move.
// Positions are matched without their ply, as YaneuraOu matches them.

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <random>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/position.hpp"

namespace supersoma {

/// One move of a book position.
struct BookMove {
    Move         move;
    Move         ponder = Move::none();  // the expected reply, or none
    int          value  = 0;             // centipawns, the side to move's view
    int          depth  = 0;             // of the search that valued it
    std::int64_t count  = 1;             // how often it was played or chosen
};

/// How a move is chosen among a position's book moves.
struct BookChoice {
    int max_ply   = 16;  // the book plays up to this game ply (USI BookMoves)
    int eval_diff = 30;  // moves up to this many centipawns below the best are candidates
};

class Book {
public:
    /// The first line of a book file.
    static constexpr const char* HEADER = "#YANEURAOU-DB2016 1.00";

    /// How a book names `pos`: its SFEN without the ply (board, side to move, hands).
    static std::string key(const Position& pos);

    /// Reads a book; throws std::runtime_error naming the line and what is wrong with it.
    /// Moves illegal in their position are refused the same way.
    static Book read(std::istream& in);
    /// Reads the book at `path` (see read()).
    static Book load(const std::string& path);

    /// Writes the book in the format read() reads, positions sorted by their SFEN.
    void write(std::ostream& out) const;

    /// Adds `move` to the moves of `pos` (its ply is kept for the sfen line); a move already
    /// there is replaced.
    void add(const Position& pos, const BookMove& move);

    /// The moves of `pos` (best value first), or none.
    const std::vector<BookMove>* find(const Position& pos) const;
    /// A move for `pos` under `choice`: among the moves within eval_diff of the best, one at
    /// random, weighted by count; none past max_ply or out of book.
    std::optional<BookMove> choose(
        const Position& pos, const BookChoice& choice, std::mt19937_64& random) const;

    std::size_t positions() const { return entries_.size(); }

private:
    struct Entry {
        int                   ply = 1;  // as the sfen line gave it
        std::vector<BookMove> moves;
    };
    std::unordered_map<std::string, Entry> entries_;  // by the SFEN without its ply
};

}  // namespace supersoma
