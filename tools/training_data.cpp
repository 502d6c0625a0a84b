#include "tools/training_data.hpp"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <istream>
#include <ostream>
#include <stdexcept>
#include <string_view>

namespace supersoma::tune {
namespace {

constexpr int BITS_PER_PIECE = 9;
constexpr int IN_HAND        = 81;
constexpr int NOT_IN_GAME    = 82;

// The game's 40 pieces in the order they are packed: each kind's count, kings first.
constexpr std::array<PieceType, 8> packing_order
    = {KING, ROOK, BISHOP, GOLD, SILVER, KNIGHT, LANCE, PAWN};

class BitWriter {
public:
    explicit BitWriter(PackedPosition& bytes)
        : bytes_(bytes) { }
    void put(unsigned value, int bits) {
        for (int i = 0; i < bits; ++i, ++at_)
            if (value >> i & 1) bytes_[std::size_t(at_ / 8)] |= std::uint8_t(1u << (at_ % 8));
    }

private:
    PackedPosition& bytes_;
    int             at_ = 0;
};

class BitReader {
public:
    explicit BitReader(const PackedPosition& bytes)
        : bytes_(bytes) { }
    unsigned get(int bits) {
        unsigned value = 0;
        for (int i = 0; i < bits; ++i, ++at_)
            value |= unsigned(bytes_[std::size_t(at_ / 8)] >> (at_ % 8) & 1) << i;
        return value;
    }

private:
    const PackedPosition& bytes_;
    int                   at_ = 0;
};

// One piece: location (0-80 a square, 81 in hand, 82 not in the game), colour, promoted.
unsigned piece_code(int location, Color c, bool promoted) {
    return unsigned(location) | unsigned(c) << 7 | unsigned(promoted) << 8;
}

template<class T> void put_le(std::ostream& out, T value) {
    for (std::size_t i = 0; i < sizeof(T); ++i)
        out.put(char(static_cast<std::make_unsigned_t<T>>(value) >> (8 * i) & 0xFF));
}

template<class T> T get_le(const unsigned char* bytes) {
    std::make_unsigned_t<T> value = 0;
    for (std::size_t i = 0; i < sizeof(T); ++i)
        value = std::make_unsigned_t<T>(value | std::make_unsigned_t<T>(bytes[i]) << (8 * i));
    return static_cast<T>(value);
}

}  // namespace

PackedPosition pack(const Position& pos) {
    PackedPosition packed {};
    BitWriter      out(packed);
    for (PieceType kind : packing_order) {
        int written = 0;
        for (Square s : pos.pieces()) {
            const Piece p = pos.piece_on(s);
            if (unpromote(type_of(p)) != kind) continue;
            out.put(piece_code(s, color_of(p), type_of(p) != kind), BITS_PER_PIECE);
            ++written;
        }
        if (kind != KING)
            for (Color c : {SENTE, GOTE})
                for (int i = 0; i < pos.hand(c).count(kind); ++i, ++written)
                    out.put(piece_code(IN_HAND, c, false), BITS_PER_PIECE);
        for (; written < piece_count_in_game(kind); ++written)
            out.put(piece_code(NOT_IN_GAME, SENTE, false), BITS_PER_PIECE);
    }
    out.put(pos.side_to_move(), 1);
    return packed;
}

std::optional<BoardSetup> unpack(const PackedPosition& packed) {
    BoardSetup setup;
    BitReader  in(packed);
    for (PieceType kind : packing_order)
        for (int i = 0; i < piece_count_in_game(kind); ++i) {
            const unsigned code     = in.get(BITS_PER_PIECE);
            const int      location = int(code & 0x7F);
            const Color    c        = Color(code >> 7 & 1);
            const bool     promoted = code >> 8 & 1;
            if (location == NOT_IN_GAME) continue;
            if (location == IN_HAND) {
                if (kind == KING || promoted) return std::nullopt;
                setup.hands[c].add(kind);
                continue;
            }
            if (location > IN_HAND || setup.board[std::size_t(location)] != NO_PIECE)
                return std::nullopt;
            if (promoted && (kind == KING || kind == GOLD)) return std::nullopt;
            setup.board[std::size_t(location)] = make_piece(c, promoted ? promote(kind) : kind);
        }
    setup.side_to_move = Color(in.get(1));
    int kings          = 0;
    for (Piece p : setup.board) kings += p != NO_PIECE && type_of(p) == KING;
    if (kings != 2) return std::nullopt;
    return setup;
}

void write_record(std::ostream& out, const TrainingRecord& r) {
    out.write(reinterpret_cast<const char*>(r.position.data()), std::streamsize(r.position.size()));
    put_le(out, r.score);
    put_le(out, r.move);
    put_le(out, r.result);
    put_le(out, r.ply);
    for (std::size_t i = r.position.size() + 2 + 4 + 1 + 2; i < RECORD_BYTES; ++i) out.put(0);
}

std::optional<TrainingRecord> read_record(std::istream& in) {
    std::array<unsigned char, RECORD_BYTES> bytes {};
    if (!in.read(reinterpret_cast<char*>(bytes.data()), std::streamsize(bytes.size())))
        return std::nullopt;
    TrainingRecord r;
    std::copy_n(bytes.begin(), r.position.size(), r.position.begin());
    const unsigned char* rest = bytes.data() + r.position.size();
    r.score                   = get_le<std::int16_t>(rest);
    r.move                    = get_le<std::uint32_t>(rest + 2);
    r.result                  = get_le<std::int8_t>(rest + 6);
    r.ply                     = get_le<std::uint16_t>(rest + 7);
    return r;
}

namespace {

constexpr std::string_view SHARD_MAGIC  = "SSDATA01";
constexpr std::string_view GAME_MAGIC   = "GAME";
constexpr std::size_t      COMMIT_BYTES = 40;

// Walks the blocks of a data file, counting each shard's games and records; when `records` is
// given, every whole game's records are appended to it.
DataFileSummary walk_data_file(const std::string& path, std::vector<TrainingRecord>* records) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read '" + path + "'");
    in.seekg(0, std::ios::end);
    DataFileSummary summary;
    summary.total_bytes = std::uint64_t(in.tellg());
    in.seekg(0);
    std::uint64_t at    = 0;
    auto          fault = [&](const std::string& what) {
        return std::runtime_error("'" + path + "' byte " + std::to_string(at) + ": " + what);
    };
    std::array<unsigned char, SHARD_HEADER_BYTES> bytes {};
    while (at < summary.total_bytes) {
        const std::uint64_t left = summary.total_bytes - at;
        if (left < GAME_HEADER_BYTES) break;  // a header cut short: the run stopped here
        in.read(reinterpret_cast<char*>(bytes.data()), GAME_HEADER_BYTES);
        const std::string_view head(reinterpret_cast<const char*>(bytes.data()), 8);
        if (head == SHARD_MAGIC) {
            if (left < SHARD_HEADER_BYTES) break;
            in.read(reinterpret_cast<char*>(bytes.data() + 8), SHARD_HEADER_BYTES - 8);
            ShardSummary shard;
            shard.header.seed    = get_le<std::uint64_t>(bytes.data() + 8);
            shard.header.nodes   = get_le<std::uint64_t>(bytes.data() + 16);
            shard.header.started = get_le<std::int64_t>(bytes.data() + 24);
            shard.header.commit.assign(
                reinterpret_cast<const char*>(bytes.data() + 32), COMMIT_BYTES);
            shard.header.commit.erase(shard.header.commit.find_last_not_of('\0') + 1);
            summary.shards.push_back(shard);
            at += SHARD_HEADER_BYTES;
            summary.whole_bytes = at;
            continue;
        }
        if (head.substr(0, 4) != GAME_MAGIC)
            throw fault("neither a shard header (SSDATA01) nor a game (GAME): not a data file");
        if (summary.shards.empty()) throw fault("a game before any shard header");
        const std::uint32_t count = get_le<std::uint32_t>(bytes.data() + 4);
        const std::uint64_t size  = GAME_HEADER_BYTES + std::uint64_t(count) * RECORD_BYTES;
        if (left < size) break;  // the last game was cut short
        if (records)
            for (std::uint32_t i = 0; i < count; ++i) records->push_back(*read_record(in));
        else
            in.seekg(std::streamoff(size - GAME_HEADER_BYTES), std::ios::cur);
        summary.shards.back().records += count;
        summary.shards.back().games += 1;
        at += size;
        summary.whole_bytes = at;
    }
    return summary;
}

}  // namespace

void write_shard_header(std::ostream& out, const ShardHeader& header) {
    out.write(SHARD_MAGIC.data(), std::streamsize(SHARD_MAGIC.size()));
    put_le(out, header.seed);
    put_le(out, header.nodes);
    put_le(out, header.started);
    std::string commit = header.commit.substr(0, COMMIT_BYTES);
    commit.resize(COMMIT_BYTES, '\0');
    out.write(commit.data(), std::streamsize(commit.size()));
}

void write_game(std::ostream& out, const std::vector<TrainingRecord>& records) {
    out.write(GAME_MAGIC.data(), std::streamsize(GAME_MAGIC.size()));
    put_le(out, std::uint32_t(records.size()));
    for (const TrainingRecord& r : records) write_record(out, r);
}

std::optional<Position> quiet_position(
    const TrainingRecord& r, Value max_score, FilterReport& report) {
    ++report.read;
    const auto setup = unpack(r.position);
    if (!setup) {
        ++report.unreadable;
        return std::nullopt;
    }
    Position pos(*setup);
    if (pos.in_check()) {
        ++report.in_check;
        return std::nullopt;
    }
    if (Move::from_raw(r.move).is_capture()) {
        ++report.capture;
        return std::nullopt;
    }
    if (std::abs(r.score) > max_score) {
        ++report.decided;
        return std::nullopt;
    }
    ++report.kept;
    return pos;
}

DataFileSummary summarise_data_file(const std::string& path) {
    return walk_data_file(path, nullptr);
}

std::vector<TrainingRecord> read_records(const std::string& path) {
    std::vector<TrainingRecord> records;
    walk_data_file(path, &records);
    return records;
}

}  // namespace supersoma::tune
