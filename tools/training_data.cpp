#include "tools/training_data.hpp"

#include <algorithm>
#include <fstream>
#include <istream>
#include <ostream>
#include <stdexcept>

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

std::vector<TrainingRecord> read_records(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read '" + path + "'");
    std::vector<TrainingRecord> records;
    while (auto r = read_record(in)) records.push_back(*r);
    return records;
}

}  // namespace supersoma::tune
