#include "record/kif.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdio>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string_view>
#include <utility>

#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "engine/sfen.hpp"
#include "record/encoding.hpp"
#include "util/quote.hpp"

namespace supersoma::record {

namespace {

// A line as code points, so that Japanese characters are one element each.
std::u32string decode(std::string_view s) {
    std::u32string out;
    for (std::size_t i = 0; i < s.size();) {
        const auto c   = static_cast<unsigned char>(s[i]);
        const int  len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
        char32_t   cp  = len == 1 ? c : len == 2 ? c & 0x1F : len == 3 ? c & 0x0F : c & 0x07;
        for (int k = 1; k < len && i + std::size_t(k) < s.size(); ++k)
            cp = (cp << 6) | (static_cast<unsigned char>(s[i + std::size_t(k)]) & 0x3F);
        out.push_back(cp);
        i += std::size_t(len);
    }
    return out;
}

std::string encode(std::u32string_view s) {
    std::string out;
    for (char32_t c : s) {
        if (c < 0x80) {
            out += char(c);
        } else if (c < 0x800) {
            out += char(0xC0 | (c >> 6));
            out += char(0x80 | (c & 0x3F));
        } else if (c < 0x10000) {
            out += char(0xE0 | (c >> 12));
            out += char(0x80 | ((c >> 6) & 0x3F));
            out += char(0x80 | (c & 0x3F));
        } else {
            out += char(0xF0 | (c >> 18));
            out += char(0x80 | ((c >> 12) & 0x3F));
            out += char(0x80 | ((c >> 6) & 0x3F));
            out += char(0x80 | (c & 0x3F));
        }
    }
    return out;
}

bool is_space(char32_t c) {
    return c == U' ' || c == U'\t' || c == U'\r' || c == U'\u3000';
}

std::u32string_view trim(std::u32string_view s) {
    while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
    while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
    return s;
}

// 1..9 from a half- or full-width digit or a kanji numeral; 0 for anything else.
int digit_value(char32_t c) {
    if (c >= U'1' && c <= U'9') return int(c - U'0');
    if (c >= U'１' && c <= U'９') return int(c - U'０');
    constexpr std::u32string_view kanji = U"一二三四五六七八九";
    const auto                    i     = kanji.find(c);
    return i == std::u32string_view::npos ? 0 : int(i) + 1;
}

// The pieces KIF names, longest names first so that 成香 is not read as 成 + 香.
struct PieceName {
    std::u32string_view name;
    PieceType           type;
};
constexpr std::array<PieceName, 19> PIECE_NAMES {{{U"成香", PRO_LANCE}, {U"成桂", PRO_KNIGHT},
    {U"成銀", PRO_SILVER}, {U"歩", PAWN}, {U"香", LANCE}, {U"桂", KNIGHT}, {U"銀", SILVER},
    {U"金", GOLD}, {U"角", BISHOP}, {U"飛", ROOK}, {U"玉", KING}, {U"王", KING}, {U"と", PRO_PAWN},
    {U"杏", PRO_LANCE}, {U"圭", PRO_KNIGHT}, {U"全", PRO_SILVER}, {U"馬", HORSE}, {U"龍", DRAGON},
    {U"竜", DRAGON}}};

std::optional<PieceName> piece_at(std::u32string_view s) {
    for (const PieceName& p : PIECE_NAMES)
        if (s.substr(0, p.name.size()) == p.name) return p;
    return std::nullopt;
}

// SFEN letter of a piece type, sente's (upper case) form.
std::string sfen_letter(PieceType pt) {
    static constexpr const char* letters[PIECE_TYPE_NB]
        = {"", "P", "L", "N", "S", "B", "R", "G", "K", "+P", "+L", "+N", "+S", "+B", "+R"};
    return letters[pt];
}

// The start positions of the usual handicaps; the giver (gote, 上手) moves first.
std::optional<std::string> handicap_sfen(std::u32string_view name) {
    static const std::pair<std::u32string_view, const char*> table[] = {
        {U"平手", "startpos"},
        {U"香落ち", "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
        {U"右香落ち", "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
        {U"角落ち", "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
        {U"飛車落ち", "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
        {U"飛香落ち", "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
        {U"二枚落ち", "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
        {U"四枚落ち", "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
        {U"六枚落ち", "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
        {U"八枚落ち", "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
        {U"十枚落ち", "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    };
    for (const auto& [n, sfen] : table)
        if (n == name) return sfen;
    return std::nullopt;
}

// Words that end a game in place of a move.
bool is_end_word(std::u32string_view s) {
    static constexpr std::u32string_view words[]
        = {U"投了", U"中断", U"千日手", U"詰み", U"持将棋", U"切れ負け", U"反則勝ち", U"反則負け",
            U"入玉勝ち", U"不詰", U"不戦勝", U"不戦敗", U"封じ手", U"詰"};
    return std::find(std::begin(words), std::end(words), s) != std::end(words);
}

// Reads a KIF text line by line into a game.
class KifReader {
public:
    explicit KifReader(IllegalMove illegal)
        : illegal_(illegal) { }

    RecordedGame read(const std::string& text) {
        std::istringstream lines(text);
        for (std::string line; std::getline(lines, line) && !done_;) {
            ++number_;
            if (number_ == 1 && line.rfind("\xEF\xBB\xBF", 0) == 0) line.erase(0, 3);  // BOM
            read_line(decode(line));
        }
        if (!recognised_) fail("not a KIF record (no header, board diagram or move)");
        if (!pos_) start_position();
        return game_;
    }

private:
    [[noreturn]] void fail(const std::string& what) const {
        throw std::runtime_error("KIF line " + std::to_string(number_) + ": " + what);
    }

    void read_line(std::u32string_view line) {
        const std::u32string_view s = trim(line);
        if (!s.empty() && s[0] == U'*') return read_comment(encode(s.substr(1)));
        if (s.empty() || s[0] == U'#' || s[0] == U'&') return;
        if (s.substr(0, 3) == U"変化：") {
            done_ = true;  // the main line is over: variations follow
            return;
        }
        // After the end word (or after moves, a line that is no move): the result line.
        if (ended_ || (!game_.moves.empty() && !(s[0] >= U'0' && s[0] <= U'9'))) {
            game_.trailer.push_back(encode(s));
            return;
        }
        recognised_ = recognised_ || s[0] == U'|' || (s[0] >= U'0' && s[0] <= U'9')
            || s.find(U'：') != std::u32string_view::npos || s == U"先手番" || s == U"後手番"
            || s == U"上手番" || s == U"下手番" || s.find(U"手数") != std::u32string_view::npos;
        if (s[0] == U'|' || s[0] == U'+') return read_board_line(s);
        if (s[0] >= U'0' && s[0] <= U'9') return read_move_line(s);
        if (s == U"後手番" || s == U"上手番") first_to_move_ = GOTE;
        if (s == U"先手番" || s == U"下手番") first_to_move_ = SENTE;
        const auto colon = s.find(U'：');
        if (colon == std::u32string_view::npos) return;  // other free text of the header
        read_header(s.substr(0, colon), trim(s.substr(colon + 1)));
    }

    // A comment belongs to the last move read, the end word, or the start position.
    void read_comment(std::string text) {
        if (ended_)
            game_.end_comments.push_back(std::move(text));
        else if (!game_.moves.empty())
            game_.comments.back().push_back(std::move(text));
        else
            game_.start_comments.push_back(std::move(text));
    }

    void read_header(std::u32string_view key, std::u32string_view value) {
        static constexpr std::u32string_view position_keys[]
            = {U"手合割", U"先手の持駒", U"下手の持駒", U"後手の持駒", U"上手の持駒"};
        if (std::find(std::begin(position_keys), std::end(position_keys), key)
            == std::end(position_keys))
            game_.headers.emplace_back(encode(key), encode(value));
        if (key == U"先手" || key == U"下手") game_.names[SENTE] = encode(value);
        if (key == U"後手" || key == U"上手") game_.names[GOTE] = encode(value);
        if (key == U"手合割") {
            const auto sfen = handicap_sfen(value);
            if (!sfen) fail("unknown handicap '" + encode(value) + "'");
            handicap_ = *sfen;
        }
        if (key == U"先手の持駒" || key == U"下手の持駒") read_hand(SENTE, value);
        if (key == U"後手の持駒" || key == U"上手の持駒") read_hand(GOTE, value);
    }

    // "角　歩二" or "なし": kinds with kanji counts (up to 十八), separated by spaces.
    void read_hand(Color c, std::u32string_view value) {
        diagram_ = true;
        if (value == U"なし") return;
        while (!(value = trim(value)).empty()) {
            const auto piece = piece_at(value);
            if (!piece || piece->type > GOLD) fail("bad piece in hand '" + encode(value) + "'");
            value.remove_prefix(piece->name.size());
            int count = 0;
            if (!value.empty() && value[0] == U'十') {
                count = 10;
                value.remove_prefix(1);
            }
            if (!value.empty() && digit_value(value[0])
                && !(value[0] >= U'1' && value[0] <= U'9')) {
                count += digit_value(value[0]);
                value.remove_prefix(1);
            }
            hands_[c][piece->type] += count ? count : 1;
        }
    }

    // A row of the board diagram: "|v香v桂 ・ … |一"; border lines are skipped.
    void read_board_line(std::u32string_view s) {
        if (s[0] == U'+') return;
        diagram_         = true;
        const auto close = s.find(U'|', 1);
        if (close == std::u32string_view::npos) fail("a board row ends with '|' and its rank");
        const int                 rank  = close + 1 < s.size() ? digit_value(s[close + 1]) : 0;
        const std::u32string_view cells = s.substr(1, close - 1);
        if (rank == 0 || cells.size() != 18) fail("a board row has 9 cells of 2 characters");
        std::string row;
        int         empty = 0;
        for (std::size_t f = 0; f < 9; ++f) {
            const char32_t side = cells[2 * f], kind = cells[2 * f + 1];
            if (kind == U'・') {
                ++empty;
                continue;
            }
            const auto piece = piece_at(std::u32string(1, kind));
            if (!piece || (side != U' ' && side != U'v' && side != U'^'))
                fail("bad board cell '" + encode(cells.substr(2 * f, 2)) + "'");
            if (empty) row += std::to_string(empty), empty = 0;
            std::string letter = sfen_letter(piece->type);
            if (side == U'v') letter.back() = char(letter.back() - 'A' + 'a');
            row += letter;
        }
        if (empty) row += std::to_string(empty);
        rows_[std::size_t(rank - 1)] = row;
    }

    void start_position() {
        std::string sfen = handicap_.empty() ? "startpos" : handicap_;
        if (diagram_) {
            sfen.clear();
            for (int r = 0; r < RANK_NB; ++r) {
                if (rows_[std::size_t(r)].empty())
                    fail("the board diagram lacks rank " + std::to_string(r + 1));
                sfen += (r ? "/" : "") + rows_[std::size_t(r)];
            }
            std::string hand;
            for (Color c : {SENTE, GOTE})
                for (PieceType pt : {ROOK, BISHOP, GOLD, SILVER, KNIGHT, LANCE, PAWN}) {
                    const int n = hands_[c][pt];
                    if (n == 0) continue;
                    if (n > 1) hand += std::to_string(n);
                    std::string letter = sfen_letter(pt);
                    hand += c == SENTE ? letter : std::string(1, char(letter[0] - 'A' + 'a'));
                }
            sfen += std::string(first_to_move_ == SENTE ? " b " : " w ")
                + (hand.empty() ? "-" : hand) + " 1";
        }
        auto parsed = parse_sfen(sfen);
        if (const auto* error = std::get_if<SfenError>(&parsed)) fail(error->message());
        pos_.emplace(std::get<Position>(parsed));
        game_.start_sfen = to_sfen(*pos_);
    }

    // "   12 同　歩(34)   ( 0:01/00:00:12)": number, move, then times.
    void read_move_line(std::u32string_view s) {
        if (!pos_) start_position();
        std::size_t i = 0;
        while (i < s.size() && s[i] >= U'0' && s[i] <= U'9') ++i;
        std::u32string move(trim(s.substr(i)));
        if (move.empty()) fail("a move number without a move");
        // "同　歩" and "同 歩" are "同歩": the space after 同 is not the end of the move.
        if (move[0] == U'同')
            move = U"同" + std::u32string(trim(std::u32string_view(move).substr(1)));
        // A copy: `move` is cut short below, which would leave a view of it dangling.
        const std::u32string rest(trim(
            std::u32string_view(move).substr(std::min(move.size(), move.find_first_of(U" \t")))));
        move = move.substr(0, move.find_first_of(U" \t"));
        if (is_end_word(move)) {
            game_.end         = encode(move);
            game_.end_seconds = seconds_of(rest);
            ended_            = true;
            return;
        }
        play(parse_move(move));
        if (!done_) game_.seconds.back() = seconds_of(rest);
    }

    // The time of a move line, "( 0:12/00:01:40)" (minutes:seconds/total): 12; -1 if none.
    static int seconds_of(std::u32string_view s) {
        if (s.empty() || s[0] != U'(') return -1;
        s                   = trim(s.substr(1));
        int         minutes = 0, seconds = 0;
        std::size_t i = 0;
        for (; i < s.size() && s[i] >= U'0' && s[i] <= U'9'; ++i)
            minutes = minutes * 10 + int(s[i] - U'0');
        if (i == 0 || i >= s.size() || s[i] != U':') return -1;
        const std::size_t start = ++i;
        for (; i < s.size() && s[i] >= U'0' && s[i] <= U'9'; ++i)
            seconds = seconds * 10 + int(s[i] - U'0');
        return i == start ? -1 : minutes * 60 + seconds;
    }

    // The move as USI text, from "７六歩(77)", "同　銀(31)", "５五角打", "２二角成(88)".
    std::string parse_move(std::u32string_view m) {
        const std::string text = encode(m);
        Square            to;
        if (m[0] == U'同') {
            if (!last_to_) fail("'同' with no move before it");
            to = *last_to_;
            m.remove_prefix(1);
            m = trim(m);
        } else {
            const int file = m.size() >= 2 ? digit_value(m[0]) : 0;
            const int rank = m.size() >= 2 ? digit_value(m[1]) : 0;
            if (!file || !rank) fail("bad destination in '" + text + "'");
            to = make_square(File(file - 1), Rank(rank - 1));
            m.remove_prefix(2);
        }
        const auto piece = piece_at(m);
        if (!piece) fail("bad piece in '" + text + "'");
        m.remove_prefix(piece->name.size());
        bool drop = false, promote = false;
        // Modifiers: 打 (drop), 成 / 不成, and the words that tell like pieces apart
        // (右左上引寄直行入), which the origin square makes redundant.
        while (!m.empty() && m[0] != U'(') {
            if (m.substr(0, 2) == U"不成") {
                m.remove_prefix(2);
                continue;
            }
            if (m[0] == U'打')
                drop = true;
            else if (m[0] == U'成')
                promote = true;
            else if (std::u32string_view(U"右左上引寄直行入").find(m[0])
                == std::u32string_view::npos)
                fail("bad move '" + text + "'");
            m.remove_prefix(1);
        }
        const std::string target = square_name(to);
        const bool        has_origin
            = m.size() >= 4 && digit_value(m[1]) && digit_value(m[2]) && m[3] == U')';
        if (drop || !has_origin) {  // 打 may be left out when no piece on the board can go there
            if (piece->type > GOLD) fail("'" + text + "' drops a piece that cannot be in hand");
            return sfen_letter(piece->type) + "*" + target;
        }
        return square_name(make_square(File(digit_value(m[1]) - 1), Rank(digit_value(m[2]) - 1)))
            + target + (promote ? "+" : "");
    }

    void play(const std::string& usi) {
        const auto move = parse_usi_move(*pos_, usi);
        if (const auto* error = std::get_if<MoveTextError>(&move)) {
            const std::string what = "move " + std::to_string(game_.moves.size() + 1) + " (" + usi
                + "): " + error->what;
            if (illegal_ == IllegalMove::Throw) fail(what);
            game_.stopped = "KIF line " + std::to_string(number_) + ": " + what;
            done_         = true;
            return;
        }
        const Move m = std::get<Move>(move);
        pos_->do_move(m);
        last_to_ = m.to();
        game_.moves.push_back(to_usi(m));
        game_.comments.emplace_back();
        game_.seconds.push_back(-1);
    }

    IllegalMove                      illegal_;
    RecordedGame                     game_;
    std::optional<Position>          pos_;
    std::optional<Square>            last_to_;
    std::string                      handicap_;
    std::array<std::string, RANK_NB> rows_;
    int                              hands_[COLOR_NB][HAND_TYPE_NB] = {};
    bool                             diagram_                       = false;
    Color                            first_to_move_                 = SENTE;
    bool                             done_                          = false;
    bool                             ended_      = false;  // the end word (投了 …) was read
    bool                             recognised_ = false;  // a line only KIF has was seen
    int                              number_     = 0;
};

bool valid_utf8(const std::string& s) {
    for (std::size_t i = 0, length; i < s.size(); i += length)
        if ((length = utf8_length(s, i)) == 0) return false;
    return true;
}

}  // namespace

std::string kif_text_to_utf8(const std::string& text) {
    if (valid_utf8(text)) return text;
    const auto c = convert_encoding(text, Encoding::Utf8, Encoding::ShiftJis);
    if (!c) throw std::runtime_error("KIF: Shift_JIS conversion is not available");
    if (c->failed_at)
        throw std::runtime_error("KIF: the text is neither UTF-8 nor Shift_JIS (byte "
            + std::to_string(c->failed_at) + ")");
    return c->text;
}

RecordedGame parse_kif(const std::string& text, IllegalMove illegal) {
    return KifReader(illegal).read(kif_text_to_utf8(text));
}

std::optional<std::string> utf8_to_shift_jis(const std::string& text) {
    const auto c = convert_encoding(text, Encoding::ShiftJis, Encoding::Utf8);
    if (!c || c->failed_at) return std::nullopt;
    return c->text;
}

namespace {

// CSA's end tokens in KIF's words; KIF's own pass as they are.
std::string kif_end(const std::string& end) {
    static const std::pair<const char*, const char*> words[]
        = {{"%TORYO", "投了"}, {"%CHUDAN", "中断"}, {"%SENNICHITE", "千日手"},
            {"%TIME_UP", "切れ負け"}, {"%ILLEGAL_MOVE", "反則負け"}, {"%KACHI", "入玉勝ち"},
            {"%JISHOGI", "持将棋"}, {"%TSUMI", "詰み"}, {"%MAX_MOVES", "持将棋"}};
    for (const auto& [csa, kif] : words)
        if (end == csa) return kif;
    return end.empty() || end[0] == '%' ? "" : end;
}

// The result line a KIF writer puts under the moves, "まで8手で後手の勝ち", for the ends whose
// winner the record tells ("" for the others).
std::string result_line(std::size_t moves, const std::string& end, Color last_mover) {
    const std::string until = "まで" + std::to_string(moves) + "手で";
    if (end == "投了" || end == "詰み" || end == "切れ負け")
        return until + (last_mover == SENTE ? "先手" : "後手") + "の勝ち";
    if (end == "千日手" || end == "中断" || end == "持将棋") return until + end;
    return "";
}

// A move's time as KIF writes it: "( 0:12/00:01:40)", the move's and its player's total.
std::string time_text(int seconds, int total) {
    char text[48];
    std::snprintf(text, sizeof text, "(%2d:%02d/%02d:%02d:%02d)", seconds / 60, seconds % 60,
        total / 3600, total / 60 % 60, total % 60);
    return text;
}

}  // namespace

std::string kif_move([[maybe_unused]] const Position& pos, Move m, Move previous) {
    assert(is_legal(pos, m));
    const int   file = int(file_of(m.to())) + 1, rank = int(rank_of(m.to())) + 1;
    std::string text = !previous.is_none() && !previous.is_pass() && previous.to() == m.to()
        ? std::string("同　")
        : std::string(full_width_digit(file)) + std::string(kanji_digit(rank));
    if (m.is_drop()) return text + std::string(japanese_piece(m.moved())) + "打";
    // A declined promotion is written bare, as ShogiHome writes it: the origin says the move,
    // and its reader (tsshogi) refuses 不成 in a KIF move line.
    text += std::string(japanese_piece(m.moved())) + (m.is_promotion() ? "成" : "");
    return text + "(" + std::to_string(int(file_of(m.from())) + 1)
        + std::to_string(int(rank_of(m.from())) + 1) + ")";
}

std::string kif_start(const std::string& start_sfen) {
    const Position pos = std::get<Position>(parse_sfen(start_sfen));
    if (to_sfen(pos) == to_sfen(Position::startpos())) return "手合割：平手\n";
    auto hand_text = [&](Color c) {
        std::string text;
        for (PieceType pt : {ROOK, BISHOP, GOLD, SILVER, KNIGHT, LANCE, PAWN}) {
            const int n = pos.hand(c).count(pt);
            if (n == 0) continue;
            text += std::string(japanese_piece(pt)) + kanji_count(n);
            text += "　";
        }
        return text.empty() ? std::string("なし") : text;
    };
    std::string text = "後手の持駒：" + hand_text(GOTE) + "\n";
    text += "  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n";
    for (int r = 0; r < 9; ++r) {
        text += "|";
        for (int f = 8; f >= 0; --f) {
            const Piece p = pos.piece_on(make_square(File(f), Rank(r)));
            if (p == NO_PIECE) {
                text += " ・";
                continue;
            }
            // One-character names in a diagram: 杏 圭 全 for the promoted lance, knight, silver.
            text += std::string(color_of(p) == GOTE ? "v" : " ")
                + std::string(japanese_piece_short(type_of(p)));
        }
        text += "|" + std::string(kanji_digit(r + 1)) + "\n";
    }
    text += "+---------------------------+\n";
    text += "先手の持駒：" + hand_text(SENTE) + "\n";
    if (pos.side_to_move() == GOTE) text += "後手番\n";
    return text;
}

std::string to_kif(const RecordedGame& game, const std::string& encoding) {
    std::string out             = "#KIF version=2.0 encoding=" + encoding + "\n";
    bool        named[COLOR_NB] = {};
    for (const auto& [key, value] : game.headers) {
        out += key + "：" + value + "\n";
        named[SENTE] = named[SENTE] || key == "先手" || key == "下手";
        named[GOTE]  = named[GOTE] || key == "後手" || key == "上手";
    }
    out += kif_start(game.start_sfen);
    if (!named[SENTE]) out += "先手：" + game.names[SENTE] + "\n";
    if (!named[GOTE]) out += "後手：" + game.names[GOTE] + "\n";
    for (const std::string& c : game.start_comments) out += "*" + c + "\n";
    out += "手数----指手---------消費時間--\n";
    Position pos = std::get<Position>(parse_sfen(game.start_sfen));
    Move     previous;
    int      total[COLOR_NB] = {};
    char     number[32];
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        const Move m       = std::get<Move>(parse_usi_move(pos, game.moves[i]));
        const int  seconds = i < game.seconds.size() ? std::max(game.seconds[i], 0) : 0;
        total[pos.side_to_move()] += seconds;
        std::snprintf(number, sizeof number, "%4zu ", i + 1);
        out += number + kif_move(pos, m, previous) + "   "
            + time_text(seconds, total[pos.side_to_move()]) + "\n";
        if (i < game.comments.size())
            for (const std::string& c : game.comments[i]) out += "*" + c + "\n";
        pos.do_move(m);
        previous = m;
    }
    const std::string end = kif_end(game.end);
    if (!end.empty()) {
        std::snprintf(number, sizeof number, "%4zu ", game.moves.size() + 1);
        const Color mover = pos.side_to_move();
        out += number + end;
        if (game.end_seconds >= 0)
            out += "   " + time_text(game.end_seconds, total[mover] + game.end_seconds);
        out += "\n";
    }
    for (const std::string& c : game.end_comments) out += "*" + c + "\n";
    for (const std::string& line : game.trailer) out += line + "\n";
    if (game.trailer.empty() && !game.moves.empty())
        if (const std::string r = result_line(game.moves.size(), end, ~pos.side_to_move());
            !r.empty())
            out += r + "\n";
    return out;
}

}  // namespace supersoma::record
