#include "engine/sfen.hpp"

#include <array>
#include <cctype>
#include <optional>
#include <vector>

#include "util/quote.hpp"

namespace supersoma {

namespace {

constexpr std::string_view PieceLetters = " PLNSBRGK";  // index = PieceType for PAWN..KING

const char* kind_name(PieceType pt) {
    static constexpr const char* names[]
        = {"none", "pawn", "lance", "knight", "silver", "bishop", "rook", "gold", "king"};
    return names[unpromote(pt)];
}

std::optional<PieceType> kind_of_letter(char c) {
    const auto i = PieceLetters.find(char(std::toupper(static_cast<unsigned char>(c))));
    if (i == std::string_view::npos || i == 0) return std::nullopt;
    return PieceType(i);
}

// A whitespace-separated field and the 0-based offset where it starts in the text.
struct Field {
    std::string_view text;
    std::size_t      offset;
};

std::vector<Field> split_fields(std::string_view text, std::size_t base) {
    std::vector<Field> fields;
    std::size_t        i = 0;
    while (i < text.size()) {
        while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
        const std::size_t start = i;
        while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i]))) ++i;
        if (i > start) fields.push_back({text.substr(start, i - start), base + start});
    }
    return fields;
}

SfenError error(std::string field, std::size_t offset, std::string what) {
    return SfenError {std::move(field), offset + 1, std::move(what)};
}

// Where each piece letter stood in the text, so whole-position errors (counts, kings, nifu)
// can point at the letter that breaks the rule rather than at the start of a field.
struct HandEntry {
    Color       color;
    PieceType   kind;
    int         count;
    std::size_t offset;  // of the piece letter
};
struct Columns {
    std::array<std::size_t, SQUARE_NB>
                           board {};  // offset of the letter of the piece on each square
    std::vector<HandEntry> hands;     // hand entries in text order
};

// The squares in the order the board field lists them: rank 1 to 9, file 9 to 1.
template<class F> void for_each_square_in_text_order(F&& f) {
    for (Rank r = RANK_1; r < RANK_NB; ++r)
        for (int file = FILE_9; file >= FILE_1; --file) f(make_square(File(file), r));
}

// Parses the board field into `setup.board`, checking letters, counts and dead pieces.
std::optional<SfenError> parse_board(Field f, BoardSetup& setup, Columns& columns) {
    int  rank = 0, file_count = 0;  // file_count squares filled on this rank, from file 9 down
    bool promoted = false;
    for (std::size_t i = 0; i < f.text.size(); ++i) {
        const char        c   = f.text[i];
        const std::size_t col = f.offset + i;
        if (c == '/') {
            if (promoted) return error("board", col - 1, "'+' not followed by a piece letter");
            if (file_count != 9)
                return error("board", col,
                    "rank " + std::to_string(rank + 1) + " has " + std::to_string(file_count)
                        + " squares, expected 9");
            if (++rank >= 9) return error("board", col, "too many ranks (more than 9)");
            file_count = 0;
        } else if (c >= '1' && c <= '9') {
            if (promoted) return error("board", col - 1, "'+' not followed by a piece letter");
            file_count += c - '0';
            if (file_count > 9)
                return error(
                    "board", col, "rank " + std::to_string(rank + 1) + " has more than 9 squares");
        } else if (c == '+') {
            if (promoted) return error("board", col, "two '+' in a row");
            promoted = true;
        } else {
            const auto kind = kind_of_letter(c);
            if (!kind) return error("board", col, "bad piece letter " + quote_character(f.text, i));
            if (promoted && !can_promote(*kind))
                return error("board", col, std::string(kind_name(*kind)) + " cannot be promoted");
            if (++file_count > 9)
                return error(
                    "board", col, "rank " + std::to_string(rank + 1) + " has more than 9 squares");
            const Color     color = std::isupper(static_cast<unsigned char>(c)) ? SENTE : GOTE;
            const PieceType pt    = promoted ? promote(*kind) : *kind;
            const Square    sq    = make_square(File(9 - file_count), Rank(rank));
            if (!can_stand(color, pt, Rank(rank)) && !promoted)
                return error("board", col,
                    std::string(kind_name(pt)) + " " + quote_character(f.text, i) + " on rank "
                        + std::to_string(rank + 1) + " could never move");
            setup.board[sq]   = make_piece(color, pt);
            columns.board[sq] = col;
            promoted          = false;
        }
    }
    const std::size_t end = f.offset + f.text.size();
    if (promoted) return error("board", end - 1, "'+' not followed by a piece letter");
    if (file_count != 9)
        return error("board", end,
            "rank " + std::to_string(rank + 1) + " has " + std::to_string(file_count)
                + " squares, expected 9");
    if (rank != 8)
        return error("board", end, "only " + std::to_string(rank + 1) + " ranks, expected 9");
    return std::nullopt;
}

std::optional<SfenError> parse_side(Field f, BoardSetup& setup) {
    if (f.text == "b")
        setup.side_to_move = SENTE;
    else if (f.text == "w")
        setup.side_to_move = GOTE;
    else
        return error(
            "side", f.offset, "side to move must be 'b' or 'w', not '" + std::string(f.text) + "'");
    return std::nullopt;
}

std::optional<SfenError> parse_hands(Field f, BoardSetup& setup, Columns& columns) {
    if (f.text == "-") return std::nullopt;
    int         count       = 0;
    std::size_t count_start = 0;
    for (std::size_t i = 0; i < f.text.size(); ++i) {
        const char        c   = f.text[i];
        const std::size_t col = f.offset + i;
        if (std::isdigit(static_cast<unsigned char>(c))) {
            if (count == 0) count_start = col;
            if (count == 0 && c == '0') return error("hands", col, "a count cannot start with '0'");
            count = count * 10 + (c - '0');
            if (count > 18) {  // quote the whole number, however long
                std::size_t end = i;
                while (end < f.text.size() && std::isdigit(static_cast<unsigned char>(f.text[end])))
                    ++end;
                const std::size_t first = count_start - f.offset;
                return error("hands", count_start,
                    "count " + std::string(f.text.substr(first, end - first))
                        + " is more than any kind has");
            }
            continue;
        }
        const auto kind = kind_of_letter(c);
        if (!kind || *kind == KING)
            return error("hands", col, "bad hand piece letter " + quote_character(f.text, i));
        const Color color = std::isupper(static_cast<unsigned char>(c)) ? SENTE : GOTE;
        const int   n     = count ? count : 1;
        // Too many is reported with the board's pieces counted too (validate); a Hand never
        // holds more of a kind than the game has.
        if (setup.hands[color].count(*kind) + n <= piece_count_in_game(*kind))
            setup.hands[color].add(*kind, n);
        columns.hands.push_back({color, *kind, n, col});
        count = 0;
    }
    if (count) return error("hands", count_start, "count without a piece letter");
    return std::nullopt;
}

std::optional<SfenError> parse_ply(Field f, BoardSetup& setup) {
    int ply = 0;
    for (std::size_t i = 0; i < f.text.size(); ++i) {
        const char c = f.text[i];
        if (!std::isdigit(static_cast<unsigned char>(c)))
            return error("ply", f.offset + i,
                "bad character " + quote_character(f.text, i) + " in move number");
        ply = ply * 10 + (c - '0');
        if (ply > 1000000) return error("ply", f.offset, "move number too large");
    }
    if (ply < 1) return error("ply", f.offset, "move number must be at least 1");
    setup.ply = ply;
    return std::nullopt;
}

// Whole-position rules: kings, piece counts, two pawns on a file. Each error points at the
// letter that breaks the rule, reading the board and then the hands in text order.
std::optional<SfenError> check_position(const BoardSetup& setup, const Columns& columns) {
    std::optional<SfenError>  found;
    std::array<int, COLOR_NB> kings {};
    for_each_square_in_text_order([&](Square s) {
        const Piece p = setup.board[s];
        if (found || p == NO_PIECE || type_of(p) != KING) return;
        if (++kings[color_of(p)] > 1)
            found = error("board", columns.board[s],
                std::string(color_of(p) == SENTE ? "sente" : "gote") + " has two kings");
    });
    if (found) return found;

    std::array<int, PIECE_TYPE_NB> total {};
    const auto                     too_many = [&](PieceType pt) {
        return std::to_string(total[pt]) + " " + kind_name(pt) + "s, the game has "
            + std::to_string(piece_count_in_game(pt));
    };
    for_each_square_in_text_order([&](Square s) {
        const Piece p = setup.board[s];
        if (found || p == NO_PIECE) return;
        const PieceType pt = unpromote(type_of(p));
        if (++total[pt] > piece_count_in_game(pt))
            found = error("board", columns.board[s], too_many(pt));
    });
    if (found) return found;
    for (const HandEntry& h : columns.hands)
        if ((total[h.kind] += h.count) > piece_count_in_game(h.kind))
            return error("hands", h.offset, too_many(h.kind));

    std::array<std::array<bool, FILE_NB>, COLOR_NB> pawn_on_file {};
    for_each_square_in_text_order([&](Square s) {
        const Piece p = setup.board[s];
        if (found || p == NO_PIECE || type_of(p) != PAWN) return;
        bool& seen = pawn_on_file[color_of(p)][file_of(s)];
        if (seen)
            found = error("board", columns.board[s],
                "two " + std::string(color_of(p) == SENTE ? "sente" : "gote") + " pawns on file "
                    + std::to_string(file_of(s) + 1) + " (nifu)");
        seen = true;
    });
    return found;
}

}  // namespace

std::string SfenError::message() const {
    return "SFEN " + field + ", column " + std::to_string(column) + ": " + what;
}

std::variant<Position, SfenError> parse_sfen(std::string_view text) {
    std::vector<Field> fields = split_fields(text, 0);
    if (!fields.empty() && fields[0].text == "sfen") fields.erase(fields.begin());
    if (fields.size() == 1 && fields[0].text == "startpos") return Position::startpos();
    if (fields.empty()) return error("board", 0, "empty SFEN");
    if (fields.size() < 3) {
        const Field& last = fields.back();
        return error(
            fields.size() == 1 ? "side" : "hands", last.offset + last.text.size(), "missing field");
    }
    if (fields.size() > 4)
        return error("ply", fields[4].offset, "unexpected text after the move number");

    BoardSetup setup;
    Columns    columns;
    if (auto e = parse_board(fields[0], setup, columns)) return *e;
    if (auto e = parse_side(fields[1], setup)) return *e;
    if (auto e = parse_hands(fields[2], setup, columns)) return *e;
    if (fields.size() == 4)
        if (auto e = parse_ply(fields[3], setup)) return *e;
    if (auto e = check_position(setup, columns)) return *e;

    Position     pos(setup);
    const Square idle_king = pos.king_square(~pos.side_to_move());
    if (idle_king != SQ_NONE && pos.attacked_by(pos.side_to_move(), idle_king))
        return error(
            "side", fields[1].offset, "the side not to move is in check (its king could be taken)");
    return pos;
}

std::string to_sfen(const Position& pos) {
    std::string out;
    for (Rank r = RANK_1; r < RANK_NB; ++r) {
        int empty = 0;
        for (int f = FILE_9; f >= FILE_1; --f) {
            const Piece p = pos.piece_on(make_square(File(f), r));
            if (p == NO_PIECE) {
                ++empty;
                continue;
            }
            if (empty) out += char('0' + empty), empty = 0;
            out += sfen_piece(p);
        }
        if (empty) out += char('0' + empty);
        if (r != RANK_9) out += '/';
    }
    out += pos.side_to_move() == SENTE ? " b " : " w ";
    std::string hands;
    for (Color c : {SENTE, GOTE})
        for (PieceType pt : HandOrder) {
            const int n = pos.hand(c).count(pt);
            if (!n) continue;
            if (n > 1) hands += std::to_string(n);
            const char letter = PieceLetters[pt];
            hands += c == SENTE ? letter : char(std::tolower(letter));
        }
    out += hands.empty() ? "-" : hands;
    out += ' ' + std::to_string(pos.ply());
    return out;
}

std::string_view sfen_letters(PieceType pt) {
    static constexpr std::string_view names[PIECE_TYPE_NB]
        = {"", "P", "L", "N", "S", "B", "R", "G", "K", "+P", "+L", "+N", "+S", "+B", "+R"};
    return names[pt];
}

std::string sfen_piece(Piece p) {
    if (p == NO_PIECE) return "";
    std::string text(sfen_letters(type_of(p)));
    if (color_of(p) == GOTE) text.back() = char(std::tolower(text.back()));
    return text;
}

}  // namespace supersoma
