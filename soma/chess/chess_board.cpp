#include "soma/chess/chess_board.hpp"

#include <cctype>
#include <charconv>
#include <vector>

#include "util/quote.hpp"

namespace supersoma::soma::chess {

namespace {

constexpr std::string_view PieceLetters = "PNBRQK";

/// One space-separated field of the FEN and the column where it starts.
struct Field {
    std::string_view text;
    std::size_t      column;
};

std::vector<Field> split_fields(std::string_view fen) {
    std::vector<Field> fields;
    std::size_t        i = 0;
    while (i < fen.size()) {
        if (fen[i] == ' ') {
            ++i;
            continue;
        }
        const std::size_t start = i;
        while (i < fen.size() && fen[i] != ' ') ++i;
        fields.push_back({fen.substr(start, i - start), start});
    }
    return fields;
}

}  // namespace

std::string square_name(Square square) {
    return {char('a' + file_of(square)), char('1' + rank_of(square))};
}

std::optional<Square> parse_square(std::string_view text) {
    if (text.size() != 2 || text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8')
        return std::nullopt;
    return (text[1] - '1') * 8 + (text[0] - 'a');
}

char piece_letter(Piece piece) {
    const char letter = PieceLetters[piece.kind];
    return piece.color == WHITE ? letter : char(letter - 'A' + 'a');
}

void ChessBoard::put(Square square, Piece piece) {
    by_color_[piece.color] |= square_bb(square);
    by_kind_[piece.kind] |= square_bb(square);
    mailbox_[square] = std::uint8_t(piece.color * 8 + piece.kind + 1);
    update_pin_lines();
}

void ChessBoard::clear(Square square) {
    for (auto& bb : by_color_) bb &= ~square_bb(square);
    for (auto& bb : by_kind_) bb &= ~square_bb(square);
    mailbox_[square] = 0;
    update_pin_lines();
}

void ChessBoard::update_pin_lines() {
    for (Color color : {WHITE, BLACK}) {
        pin_lines_[color]   = 0;
        const Bitboard king = pieces(color, KING);
        if (!king) continue;
        const Square   from  = king_square(color);  // the king the adapter's pin test uses
        const Bitboard enemy = pieces(~color);
        for (int direction = 0; direction < DIRECTION_NB; ++direction) {
            const Bitboard ray = Rays[direction][from];
            const Bitboard snipers
                = ray & enemy & (pieces(is_diagonal(direction) ? BISHOP : ROOK) | pieces(QUEEN));
            if (!snipers) continue;
            // Up to the farthest sniper on the ray: every nearer one is covered too.
            const Square farthest
                = direction < SOUTH ? 63 - std::countl_zero(snipers) : std::countr_zero(snipers);
            pin_lines_[color] |= ray & ~Rays[direction][farthest] & ~square_bb(farthest);
        }
    }
}

std::string FenError::message() const {
    return "FEN " + field + " field, column " + std::to_string(column + 1) + ": " + what;
}

/// The FEN reader, one function per field; it fills a board only the caller sees on success.
struct FenParser {
    ChessBoard board;

    std::optional<FenError> placement(Field field) {
        // The rank count first: with a ninth rank, rank 1's pawns would otherwise be
        // reported as misplaced when the fault is the extra rank.
        for (std::size_t i = 0, slashes = 0; i < field.text.size(); ++i)
            if (field.text[i] == '/' && ++slashes == 8)
                return FenError {"placement", field.column + i, "more than 8 ranks"};
        int rank = 7, file = 0;
        for (std::size_t i = 0; i < field.text.size(); ++i) {
            const char        c      = field.text[i];
            const std::size_t column = field.column + i;
            if (c == '/') {
                if (file != 8)
                    return FenError {"placement", column,
                        "rank " + std::to_string(rank + 1) + " has " + std::to_string(file)
                            + " squares, not 8"};
                if (--rank < 0) return FenError {"placement", column, "more than 8 ranks"};
                file = 0;
                continue;
            }
            int width = 1;
            if (c >= '1' && c <= '8') {
                width = c - '0';
            } else {
                const std::size_t index = PieceLetters.find(char(c & ~0x20));
                if (index == std::string_view::npos || !std::isalpha(static_cast<unsigned char>(c)))
                    return FenError {
                        "placement", column, "bad piece letter " + quote_character(field.text, i)};
                const Piece piece {c >= 'a' ? BLACK : WHITE, Kind(index)};
                if (piece.kind == PAWN && (rank == 0 || rank == 7))
                    return FenError {
                        "placement", column, "pawn on rank " + std::to_string(rank + 1)};
                if (file < 8) board.put(rank * 8 + file, piece);
            }
            file += width;
            if (file > 8)
                return FenError {"placement", column,
                    "rank " + std::to_string(rank + 1) + " has more than 8 squares"};
        }
        const std::size_t end = field.column + field.text.size();
        if (file != 8)
            return FenError {"placement", end,
                "rank " + std::to_string(rank + 1) + " has " + std::to_string(file)
                    + " squares, not 8"};
        if (rank != 0)
            return FenError {"placement", end, "only " + std::to_string(8 - rank) + " ranks"};
        for (Color color : {WHITE, BLACK}) {
            const int kings = std::popcount(board.pieces(color, KING));
            if (kings != 1)
                return FenError {"placement", field.column,
                    std::string(color == WHITE ? "white" : "black") + " has "
                        + std::to_string(kings) + " kings, not 1"};
        }
        return std::nullopt;
    }

    std::optional<FenError> side(Field field) {
        if (field.text == "w" || field.text == "b") {
            board.side_to_move_ = field.text == "w" ? WHITE : BLACK;
            return std::nullopt;
        }
        return FenError {
            "side", field.column, "expected 'w' or 'b', got '" + std::string(field.text) + "'"};
    }

    std::optional<FenError> castling(Field field) {
        if (field.text != "-") {
            std::string seen;
            for (std::size_t i = 0; i < field.text.size(); ++i) {
                const char c = field.text[i];
                if (std::string_view("KQkq").find(c) == std::string_view::npos)
                    return FenError {"castling", field.column + i,
                        "bad castling letter " + quote_character(field.text, i)};
                if (seen.find(c) != std::string::npos)
                    return FenError {"castling", field.column + i,
                        "repeated castling letter " + quote_character(field.text, i)};
                seen += c;
            }
        }
        board.castling_ = std::string(field.text);
        return std::nullopt;
    }

    std::optional<FenError> en_passant(Field field) {
        if (field.text == "-") return std::nullopt;
        const std::optional<Square> square        = parse_square(field.text);
        const int                   expected_rank = board.side_to_move_ == WHITE ? 5 : 2;
        if (!square || rank_of(*square) != expected_rank)
            return FenError {"en passant", field.column,
                "expected '-' or a square on rank " + std::to_string(expected_rank + 1) + ", got '"
                    + std::string(field.text) + "'"};
        board.en_passant_ = square;
        return std::nullopt;
    }

    std::optional<FenError> counters(const std::vector<Field>& fields) {
        std::optional<FenError> error;
        if (fields.size() > 4) error = counter(fields[4], "halfmove", 0, board.halfmove_clock_);
        if (!error && fields.size() > 5)
            error = counter(fields[5], "fullmove", 1, board.fullmove_number_);
        return error;
    }

    std::optional<FenError> counter(Field field, const char* name, int minimum, int& out) {
        const char* end   = field.text.data() + field.text.size();
        auto [stop, code] = std::from_chars(field.text.data(), end, out);
        if (code != std::errc {} || stop != end || out < minimum)
            return FenError {name, field.column,
                "expected an integer >= " + std::to_string(minimum) + ", got '"
                    + std::string(field.text) + "'"};
        return std::nullopt;
    }
};

std::variant<ChessBoard, FenError> parse_fen(std::string_view fen) {
    const std::vector<Field>             fields = split_fields(fen);
    constexpr std::array<const char*, 4> Required {"placement", "side", "castling", "en passant"};
    if (fields.size() < Required.size())
        return FenError {Required[fields.size()], fen.size(), "missing field"};
    if (fields.size() > 6) return FenError {"trailing", fields[6].column, "more than 6 fields"};
    FenParser               parser;
    std::optional<FenError> error = parser.placement(fields[0]);
    if (!error) error = parser.side(fields[1]);
    if (!error) error = parser.castling(fields[2]);
    if (!error) error = parser.en_passant(fields[3]);
    if (!error) error = parser.counters(fields);
    if (error) return *error;
    return parser.board;
}

std::string to_fen(const ChessBoard& board) {
    std::string fen;
    for (int rank = 7; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < 8; ++file) {
            const std::optional<Piece> piece = board.piece_at(rank * 8 + file);
            if (!piece) {
                ++empty;
                continue;
            }
            if (empty) fen += char('0' + empty);
            empty = 0;
            fen += piece_letter(*piece);
        }
        if (empty) fen += char('0' + empty);
        if (rank) fen += '/';
    }
    fen += board.side_to_move() == WHITE ? " w " : " b ";
    fen += board.castling();
    fen += ' ';
    fen += board.en_passant() ? square_name(*board.en_passant()) : "-";
    fen += ' ' + std::to_string(board.halfmove_clock()) + ' '
        + std::to_string(board.fullmove_number());
    return fen;
}

}  // namespace supersoma::soma::chess
