#include "engine/notation.hpp"

#include <cctype>
#include <optional>

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

namespace {

constexpr const char* JAPANESE_PIECE[PIECE_TYPE_NB] = {
    "", "歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "成香", "成桂", "成銀", "馬", "龍"};
constexpr const char* FULL_WIDTH_DIGIT[10]
    = {"０", "１", "２", "３", "４", "５", "６", "７", "８", "９"};
constexpr const char* KANJI_DIGIT[10]
    = {"〇", "一", "二", "三", "四", "五", "六", "七", "八", "九"};

}  // namespace

std::string to_japanese(const Position& pos, Move m, Move previous) {
    const Color mover = pos.side_to_move();
    std::string text  = mover == SENTE ? "▲" : "△";
    if (!previous.is_none() && !previous.is_pass() && previous.to() == m.to())
        text += "同　";
    else
        text += std::string(FULL_WIDTH_DIGIT[file_of(m.to()) + 1])
            + KANJI_DIGIT[rank_of(m.to()) + 1];
    if (m.is_drop()) return text + JAPANESE_PIECE[m.moved()] + "打";
    text += JAPANESE_PIECE[m.moved()];
    const bool could_promote = can_promote(m.moved())
        && (in_promotion_zone(mover, rank_of(m.from()))
            || in_promotion_zone(mover, rank_of(m.to())));
    if (m.is_promotion()) return text + "成";
    // 不成 only where both were legal: a piece that would be dead unpromoted must promote.
    if (could_promote && can_stand(mover, m.moved(), rank_of(m.to()))) text += "不成";
    return text;
}

}  // namespace supersoma
