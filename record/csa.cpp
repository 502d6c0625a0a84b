#include "record/csa.hpp"

#include <cctype>
#include <cstdlib>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "engine/notation.hpp"
#include "engine/sfen.hpp"

namespace supersoma::record {

namespace {

// CSA piece codes indexed by PieceType.
constexpr const char* CSA_PIECE[PIECE_TYPE_NB]
    = {"", "FU", "KY", "KE", "GI", "KA", "HI", "KI", "OU", "TO", "NY", "NK", "NG", "UM", "RY"};
// SFEN letters (sente's) indexed by PieceType, for building the start position.
constexpr const char* SFEN_PIECE[PIECE_TYPE_NB]
    = {"", "P", "L", "N", "S", "B", "R", "G", "K", "+P", "+L", "+N", "+S", "+B", "+R"};

// Pieces in hand in the order SFEN and CSA records list them.
constexpr PieceType HAND_ORDER[] = {ROOK, BISHOP, GOLD, SILVER, KNIGHT, LANCE, PAWN};

PieceType piece_from_csa(const std::string& code) {
    for (int pt = PAWN; pt < PIECE_TYPE_NB; ++pt)
        if (code == CSA_PIECE[pt]) return PieceType(pt);
    return NO_PIECE_TYPE;
}

// CSA's header keys ($EVENT) under the names KIF gives them; other keys keep their own.
std::string kif_header_name(const std::string& key) {
    // ShogiHome's mapping (tsshogi): $EVENT is the title, 表題.
    static const std::pair<const char*, const char*> names[] = {{"EVENT", "表題"}, {"SITE", "場所"},
        {"START_TIME", "開始日時"}, {"END_TIME", "終了日時"}, {"TIME_LIMIT", "持ち時間"},
        {"TIME", "持ち時間"}, {"TIME+", "先手持ち時間"}, {"TIME-", "後手持ち時間"},
        {"OPENING", "戦型"}, {"MAX_MOVES", "最大手数"}, {"JISHOGI", "持将棋"}};
    for (const auto& [csa, kif] : names)
        if (key == csa) return kif;
    return key;
}

std::string csa_square(Square s) {
    return std::to_string(file_of(s) + 1) + std::to_string(rank_of(s) + 1);
}

}  // namespace

const char* csa_piece(PieceType pt) {
    return CSA_PIECE[pt];
}

std::string csa_move(const Position& pos, Move m) {
    const char        side = pos.side_to_move() == SENTE ? '+' : '-';
    const std::string from = m.is_drop() ? "00" : csa_square(m.from());
    return side + from + csa_square(m.to()) + CSA_PIECE[m.placed()];
}

std::string csa_position(const Position& pos) {
    std::string text;
    for (int r = RANK_1; r <= RANK_9; ++r) {
        text += "P" + std::to_string(r + 1);
        for (int f = FILE_9; f >= FILE_1; --f) {
            const Piece p = pos.piece_on(make_square(File(f), Rank(r)));
            text += p == NO_PIECE
                ? " * "
                : std::string(color_of(p) == SENTE ? "+" : "-") + CSA_PIECE[type_of(p)];
        }
        text += "\n";
    }
    for (Color c : {SENTE, GOTE}) {
        std::string hand;
        for (PieceType pt : HAND_ORDER)
            for (int n = 0; n < pos.hand(c).count(pt); ++n)
                hand += std::string("00") + CSA_PIECE[pt];
        if (!hand.empty()) text += std::string("P") + (c == SENTE ? "+" : "-") + hand + "\n";
    }
    text += pos.side_to_move() == SENTE ? "+\n" : "-\n";
    return text;
}

RecordedGame parse_csa(const std::string& text, IllegalMove illegal) {
    RecordedGame            game;
    std::string             board[RANK_NB];
    int                     hand_counts[COLOR_NB][HAND_TYPE_NB] = {};
    bool                    initial                             = false;
    std::optional<Position> pos;
    std::istringstream      lines(text);
    int                     number = 0;
    auto                    fail   = [&](const std::string& what) {
        throw std::runtime_error("CSA line " + std::to_string(number) + ": " + what);
    };
    auto start = [&](Color side) {
        std::string sfen;
        for (int r = 0; r < RANK_NB; ++r) {
            if (board[r].empty()) fail("the board lacks rank " + std::to_string(r + 1));
            sfen += (r ? "/" : "") + board[r];
        }
        std::string hand;
        for (Color c : {SENTE, GOTE})
            for (PieceType pt : HAND_ORDER) {
                const int n = hand_counts[c][pt];
                if (n == 0) continue;
                if (n > 1) hand += std::to_string(n);
                hand += c == SENTE ? SFEN_PIECE[pt][0] : char(std::tolower(SFEN_PIECE[pt][0]));
            }
        sfen += std::string(side == SENTE ? " b " : " w ") + (hand.empty() ? "-" : hand) + " 1";
        auto parsed = parse_sfen(sfen);
        if (const auto* error = std::get_if<SfenError>(&parsed)) fail(error->message());
        pos.emplace(std::get<Position>(parsed));
        game.start_sfen = to_sfen(*pos);
    };
    for (std::string line; std::getline(lines, line);) {
        ++number;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (!line.empty() && line[0] == '\'') {  // a comment is a whole line, commas and all
            // "'*" marks a comment the GUIs keep with the move (KIF's "*"); a bare "'" one is
            // kept too.
            const std::string comment = line.substr(line.rfind("'*", 0) == 0 ? 2 : 1);
            if (!game.end.empty())
                game.end_comments.push_back(comment);
            else if (!game.moves.empty())
                game.comments.back().push_back(comment);
            else if (line.rfind("'CSA encoding=", 0) != 0)  // V3's charset line is no comment
                game.start_comments.push_back(comment);
            continue;
        }
        if (!line.empty() && line[0] == '$') {  // "$EVENT:…", commas and all
            const auto colon = line.find(':');
            if (colon == std::string::npos) fail("a header '$KEY:value' lacks its ':'");
            game.headers.emplace_back(
                kif_header_name(line.substr(1, colon - 1)), line.substr(colon + 1));
            continue;
        }
        // Several statements may share a line, separated by commas.
        std::istringstream statements(line);
        for (std::string s; std::getline(statements, s, ',');) {
            if (s.empty() || s[0] == '\'' || s[0] == 'V') break;
            if (s.rfind("N+", 0) == 0 || s.rfind("N-", 0) == 0) {
                const Color c = s[1] == '+' ? SENTE : GOTE;
                game.names[c] = s.substr(2);
                game.headers.emplace_back(c == SENTE ? "先手" : "後手", game.names[c]);
            } else if (s == "PI") {
                const std::string start_board[RANK_NB] = {"lnsgkgsnl", "1r5b1", "ppppppppp", "9",
                    "9", "9", "PPPPPPPPP", "1B5R1", "LNSGKGSNL"};
                for (int r = 0; r < RANK_NB; ++r) board[r] = start_board[r];
                initial = true;
            } else if (s.size() >= 2 && s[0] == 'P' && s[1] >= '1' && s[1] <= '9') {
                const int r = s[1] - '1';
                if (s.size() != 2 + 27) fail("a board line has 9 cells of 3 characters");
                std::string row;
                int         empty = 0;
                for (int f = 0; f < 9; ++f) {
                    const std::string cell = s.substr(2 + 3 * f, 3);
                    if (cell == " * ") {
                        ++empty;
                        continue;
                    }
                    const PieceType pt = piece_from_csa(cell.substr(1));
                    if ((cell[0] != '+' && cell[0] != '-') || pt == NO_PIECE_TYPE)
                        fail("bad board cell '" + cell + "'");
                    if (empty) row += std::to_string(empty), empty = 0;
                    std::string letter = SFEN_PIECE[pt];
                    if (cell[0] == '-') letter.back() = char(std::tolower(letter.back()));
                    row += letter;
                }
                if (empty) row += std::to_string(empty);
                board[r] = row;
                initial  = true;
            } else if (s.size() >= 2 && s[0] == 'P' && (s[1] == '+' || s[1] == '-')) {
                const Color c = s[1] == '+' ? SENTE : GOTE;
                for (std::size_t i = 2; i + 4 <= s.size(); i += 4) {
                    const PieceType pt = piece_from_csa(s.substr(i + 2, 2));
                    if (s.compare(i, 2, "00") != 0 || pt == NO_PIECE_TYPE || pt > GOLD)
                        fail("only pieces in hand ('00' + piece) are supported in '" + s + "'");
                    ++hand_counts[c][pt];
                }
            } else if ((s == "+" || s == "-") && !pos) {
                if (!initial) fail("the side to move comes before the position");
                start(s == "+" ? SENTE : GOTE);
            } else if ((s[0] == '+' || s[0] == '-') && s.size() == 7) {
                if (!pos) fail("a move before the position");
                if ((s[0] == '+') != (pos->side_to_move() == SENTE))
                    fail("move '" + s + "' by the wrong side");
                const PieceType placed = piece_from_csa(s.substr(5, 2));
                if (placed == NO_PIECE_TYPE) fail("bad piece in '" + s + "'");
                auto       digit = [&](int i) { return s[std::size_t(i)] - '0'; };
                const bool drop  = s.compare(1, 2, "00") == 0;
                for (int i = drop ? 3 : 1; i <= 4; ++i)
                    if (digit(i) < 1 || digit(i) > 9) fail("bad square in '" + s + "'");
                const auto  to_text = std::to_string(digit(3)) + char('a' + digit(4) - 1);
                std::string usi;
                if (drop) {
                    usi = std::string(1, SFEN_PIECE[placed][0]) + "*" + to_text;
                } else {
                    usi = std::to_string(digit(1)) + char('a' + digit(2) - 1) + to_text;
                    const Square from = make_square(File(digit(1) - 1), Rank(digit(2) - 1));
                    const Piece  here = pos->piece_on(from);
                    if (here != NO_PIECE && type_of(here) != placed) usi += "+";
                }
                const auto move = parse_usi_move(*pos, usi);
                if (const auto* error = std::get_if<MoveTextError>(&move)) {
                    if (illegal == IllegalMove::Throw) fail("move '" + s + "': " + error->what);
                    game.stopped = "CSA line " + std::to_string(number) + ": move '" + s
                        + "': " + error->what;
                    return game;
                }
                pos->do_move(std::get<Move>(move));
                game.moves.push_back(to_usi(std::get<Move>(move)));
                game.comments.emplace_back();
                game.seconds.push_back(-1);
            } else if (s[0] == 'T') {
                // "T12" (V3: "T12.345"): the last move's seconds; after the end token the
                // time that took.
                char*        end  = nullptr;
                const double time = std::strtod(s.c_str() + 1, &end);
                if (end == s.c_str() + 1 || *end || time < 0) fail("bad time '" + s + "'");
                if (!game.end.empty())
                    game.end_seconds = int(time);
                else if (!game.moves.empty())
                    game.seconds.back() = int(time);
            } else if (s[0] == '%') {
                game.end = s;
            } else {
                fail("unknown statement '" + s + "'");
            }
        }
    }
    if (!pos) fail("no position");
    return game;
}

}  // namespace supersoma::record
