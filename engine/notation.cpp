#include "engine/notation.hpp"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <optional>
#include <vector>

#include "engine/movegen.hpp"

namespace supersoma {

namespace {

constexpr std::string_view Letters = " PLNSBRGK";

std::optional<Square> parse_square(std::string_view t) {
    if (t.size() != 2 || t[0] < '1' || t[0] > '9' || t[1] < 'a' || t[1] > 'i') return std::nullopt;
    return make_square(File(t[0] - '1'), Rank(t[1] - 'a'));
}

// A piece letter in the article's case: sente lower, gote upper; promoted kinds get '+'.
std::string article_letter(PieceType pt, Color c) {
    std::string s = is_promoted(pt) ? "+" : "";
    const char  l = Letters[unpromote(pt)];
    return s + (c == SENTE ? char(std::tolower(l)) : l);
}

// How far `from` -> `to` goes toward the opponent, from `mover`'s side (negative: back).
int forward(Color mover, Square from, Square to) {
    return mover == SENTE ? rank_of(from) - rank_of(to) : rank_of(to) - rank_of(from);
}

// How far to `mover`'s right a square lies: sente's right is file 1, gote's file 9.
int rightness(Color mover, Square s) {
    return mover == SENTE ? -int(file_of(s)) : int(file_of(s));
}

const char* motion_word(int dy) {
    return dy > 0 ? "上" : dy < 0 ? "引" : "寄";
}

// The words that tell `m` from the other like pieces that could go to its square (the Japan
// Shogi Association's rules, in their usual order): 直 for a straight step forward when
// another also moves up (not for dragons and horses), then 上/引/寄 when the motion alone
// tells, then 右/左 among all of them, then 右/左 among those moving alike with the motion.
std::string disambiguation(const Position& pos, Move m) {
    const Color         mover = pos.side_to_move();
    std::vector<Square> others;
    for (Move o : generate(GenKind::Legal, pos))
        if (!o.is_drop() && o.to() == m.to() && o.moved() == m.moved() && o.from() != m.from()
            && std::find(others.begin(), others.end(), o.from()) == others.end())
            others.push_back(o.from());
    if (others.empty()) return "";
    const int  dy       = forward(mover, m.from(), m.to());
    auto       same_as  = [&](int d) { return (d > 0) == (dy > 0) && (d < 0) == (dy < 0); };
    const bool ranging  = m.moved() == DRAGON || m.moved() == HORSE;
    bool       other_up = false, same_motion = false;
    for (Square o : others) {
        other_up    = other_up || forward(mover, o, m.to()) > 0;
        same_motion = same_motion || same_as(forward(mover, o, m.to()));
    }
    if (!ranging && dy > 0 && file_of(m.from()) == file_of(m.to()) && other_up) return "直";
    if (!same_motion) return motion_word(dy);
    auto side_among = [&](bool only_same_motion) -> const char* {
        bool right = true, left = true;
        for (Square o : others) {
            if (only_same_motion && !same_as(forward(mover, o, m.to()))) continue;
            right = right && rightness(mover, m.from()) > rightness(mover, o);
            left  = left && rightness(mover, m.from()) < rightness(mover, o);
        }
        return right ? "右" : left ? "左" : nullptr;
    };
    if (const char* side = side_among(false)) return side;
    if (const char* side = side_among(true)) return std::string(side) + motion_word(dy);
    return motion_word(dy);
}

}  // namespace

std::string square_name(Square s) {
    return std::string {char('1' + file_of(s)), char('a' + rank_of(s))};
}

std::string to_usi(Move m) {
    if (m.is_none()) return "none";
    if (m.is_pass()) return "pass";
    if (m.is_drop()) return std::string {Letters[m.moved()], '*'} + square_name(m.to());
    return square_name(m.from()) + square_name(m.to()) + (m.is_promotion() ? "+" : "");
}

std::variant<Move, MoveTextError> parse_usi_move(const Position& pos, std::string_view text) {
    using Kind           = MoveTextError::Kind;
    const auto malformed = [&](const char* why) {
        return MoveTextError {
            Kind::Malformed, "malformed move '" + std::string(text) + "': " + why};
    };
    if (text.size() == 4 && text[1] == '*') {
        const auto to   = parse_square(text.substr(2));
        const auto kind = Letters.find(text[0]);
        if (kind == std::string_view::npos || kind == 0 || kind == KING)
            return malformed("bad drop piece letter");
        if (!to) return malformed("bad square");
        const Move m = Move::drop(PieceType(kind), *to);
        if (!is_legal(pos, m))
            return MoveTextError {Kind::Illegal, "illegal move '" + std::string(text) + "'"};
        return m;
    }
    if (text.size() != 4 && !(text.size() == 5 && text[4] == '+'))
        return malformed("expected e.g. 7g7f, 8h2b+ or P*5e");
    const auto from = parse_square(text.substr(0, 2)), to = parse_square(text.substr(2, 2));
    if (!from || !to) return malformed("bad square");
    const Piece moving = pos.piece_on(*from);
    const Move  m
        = Move::board(*from, *to, type_of(moving), type_of(pos.piece_on(*to)), text.size() == 5);
    if (moving == NO_PIECE || color_of(moving) != pos.side_to_move() || !is_legal(pos, m))
        return MoveTextError {Kind::Illegal, "illegal move '" + std::string(text) + "'"};
    return m;
}

std::string to_article(Move m, Color mover) {
    if (m.is_pass()) return "pass";
    if (m.is_none()) return "none";
    if (m.is_drop()) return article_letter(m.moved(), mover) + "*" + square_name(m.to());
    std::string s = article_letter(m.moved(), mover) + " " + square_name(m.from());
    s += m.is_capture() ? "x" + article_letter(m.captured(), ~mover) : "-";
    return s + square_name(m.to()) + (m.is_promotion() ? "+" : "");
}

std::string_view japanese_piece(PieceType pt) {
    static constexpr std::string_view names[PIECE_TYPE_NB] = {"", "歩", "香", "桂", "銀", "角",
        "飛", "金", "玉", "と", "成香", "成桂", "成銀", "馬", "龍"};
    return names[pt];
}

std::string_view japanese_piece_short(PieceType pt) {
    static constexpr std::string_view names[PIECE_TYPE_NB]
        = {"", "歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "杏", "圭", "全", "馬", "龍"};
    return names[pt];
}

std::string_view full_width_digit(int d) {
    static constexpr std::string_view digits[10]
        = {"０", "１", "２", "３", "４", "５", "６", "７", "８", "９"};
    assert(0 <= d && d <= 9);
    return digits[d];
}

std::string_view kanji_digit(int d) {
    static constexpr std::string_view digits[10]
        = {"〇", "一", "二", "三", "四", "五", "六", "七", "八", "九"};
    assert(0 <= d && d <= 9);
    return digits[d];
}

std::string kanji_count(int n) {
    assert(1 <= n && n <= 18);
    if (n == 1) return "";
    return n < 10 ? std::string(kanji_digit(n))
                  : "十" + std::string(n > 10 ? kanji_digit(n - 10) : "");
}

std::string to_japanese(const Position& pos, Move m, Move previous) {
    const Color mover = pos.side_to_move();
    std::string text  = mover == SENTE ? "▲" : "△";
    if (!previous.is_none() && !previous.is_pass() && previous.to() == m.to())
        text += "同　";
    else
        text += std::string(full_width_digit(file_of(m.to()) + 1))
            + std::string(kanji_digit(rank_of(m.to()) + 1));
    if (m.is_drop()) return text + std::string(japanese_piece(m.moved())) + "打";
    text += japanese_piece(m.moved());
    text += disambiguation(pos, m);
    const bool could_promote = can_promote(m.moved())
        && (in_promotion_zone(mover, rank_of(m.from()))
            || in_promotion_zone(mover, rank_of(m.to())));
    if (m.is_promotion()) return text + "成";
    // 不成 only where both were legal: a piece that would be dead unpromoted must promote.
    if (could_promote && can_stand(mover, m.moved(), rank_of(m.to()))) text += "不成";
    return text;
}

}  // namespace supersoma
