#pragma once
// Training positions in a compact binary form: a position packed into 46 bytes (the 40 pieces
// of the game, 9 bits each, and the side to move), the search's score and best move, and the
// game's result. A data file is a run of shards (a header saying who made them, then games of
// records), so files concatenate. docs/eval.md describes the file; tools/selfplay writes it,
// the trainers read it.

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

/// Who made a shard: its header, 72 bytes on disk.
struct ShardHeader {
    std::uint64_t seed    = 0;  // selfplay's --seed
    std::uint64_t nodes   = 0;  // nodes a move
    std::int64_t  started = 0;  // Unix time the shard was begun
    std::string   commit;       // the engine's git commit (40 hex digits, or "unknown")
};
constexpr std::size_t SHARD_HEADER_BYTES = 72;
/// A game's block header: "GAME" and its record count (8 bytes).
constexpr std::size_t GAME_HEADER_BYTES = 8;

/// One shard of a data file and how many records it holds.
struct ShardSummary {
    ShardHeader   header;
    std::uint64_t records = 0;
    std::uint64_t games   = 0;
};

/// What a data file holds: its shards, and the bytes after the last whole game (a run that was
/// stopped mid-write; a resumed run cuts them).
struct DataFileSummary {
    std::vector<ShardSummary> shards;
    std::uint64_t             whole_bytes = 0;  // the length up to the last whole game
    std::uint64_t             total_bytes = 0;
};

/// Appends a shard header.
void write_shard_header(std::ostream& out, const ShardHeader& header);
/// Appends one game's records as a block.
void write_game(std::ostream& out, const std::vector<TrainingRecord>& records);
/// The shards of the data file at `path`; throws std::runtime_error when it cannot be read or
/// is not a data file (naming the byte where it stops being one).
DataFileSummary summarise_data_file(const std::string& path);

/// Appends `r` to `out` in the record format.
void write_record(std::ostream& out, const TrainingRecord& r);
/// Reads the next record, or nullopt at the end of the file (a partial record counts as the end).
std::optional<TrainingRecord> read_record(std::istream& in);
/// Every record of the data file at `path` (a partial game at its end is left out); throws
/// std::runtime_error when it cannot be read or is not a data file.
std::vector<TrainingRecord> read_records(const std::string& path);

/// What a training set kept of the records it read and why it left out the rest.
struct FilterReport {
    std::uint64_t read = 0, kept = 0, in_check = 0, capture = 0, decided = 0, unreadable = 0;
};

/// The position of `r` when trainers keep it, as NNUE trainers do: a quiet position (not in
/// check, the best move no capture) scored within `max_score` search units; counts why not in
/// `report` otherwise.
std::optional<Position> quiet_position(
    const TrainingRecord& r, Value max_score, FilterReport& report);

}  // namespace supersoma::tune
