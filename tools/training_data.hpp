#pragma once
// Training positions in a compact binary form: a position packed into 46 bytes (the 40 pieces
// of the game, 9 bits each, and the side to move), the search's score and best move, and the
// game's result. docs/eval.md describes the file; tools/selfplay writes it, tools/train_kp
// reads it.

#include <array>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "engine/position.hpp"

namespace supersoma::tune {

/// The 40 pieces of a game, 9 bits each (square or "in hand" or "not in the game", colour,
/// promoted), then the side to move: 361 bits.
using PackedPosition = std::array<std::uint8_t, 46>;

/// Packs a position holding at most the game's pieces (analysis diagrams with fewer are fine).
PackedPosition pack(const Position& pos);
/// The setup of a packed position, or nullopt when the bytes do not describe one (a square
/// taken twice, a piece on no square, a missing king).
std::optional<BoardSetup> unpack(const PackedPosition& packed);

/// One training position: 56 bytes on disk, little-endian, in this order.
struct TrainingRecord {
    PackedPosition position {};
    std::int16_t   score  = 0;  // the search's score in search units, side to move's view
    std::uint32_t  move   = 0;  // the search's best move (Move::raw)
    std::int8_t    result = 0;  // the game's end for the side to move: 1 won, 0 drawn, -1 lost
    std::uint16_t  ply    = 0;  // the game ply
};
constexpr std::size_t RECORD_BYTES = 56;

/// Appends `r` to `out` in the file format.
void write_record(std::ostream& out, const TrainingRecord& r);
/// Reads the next record, or nullopt at the end of the file (a partial record counts as the end).
std::optional<TrainingRecord> read_record(std::istream& in);
/// Every record of the file at `path`; throws std::runtime_error when it cannot be read.
std::vector<TrainingRecord> read_records(const std::string& path);

}  // namespace supersoma::tune
