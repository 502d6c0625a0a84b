#include "cli/board_diagram.hpp"

#include "engine/notation.hpp"
#include "engine/sfen.hpp"

namespace supersoma::cli {

namespace {

std::string letter(Piece p) {
    return p == NO_PIECE ? "." : sfen_piece(p);
}

std::string hand_letters(const Hand& hand, Color c) {
    std::string s;
    for (PieceType pt : HandOrder) {
        const int n = hand.count(pt);
        if (n == 0) continue;
        std::string l(sfen_letters(pt));
        if (c == GOTE) l[0] = char(l[0] - 'A' + 'a');
        s += (s.empty() ? "" : " ") + l + (n > 1 ? std::to_string(n) : "");
    }
    return s.empty() ? "-" : s;
}

std::string hand_kanji(const Hand& hand) {
    std::string s;
    for (PieceType pt : HandOrder) {
        const int n = hand.count(pt);
        if (n > 0)
            s += std::string(s.empty() ? "" : "　") + std::string(japanese_piece_short(pt))
                + kanji_count(n);
    }
    return s.empty() ? "なし" : s;
}

std::string letters_diagram(const Position& pos) {
    std::string out = "gote hand: " + hand_letters(pos.hand(GOTE), GOTE) + "\n";
    out += "   9  8  7  6  5  4  3  2  1\n +---------------------------+\n";
    for (int r = RANK_1; r <= RANK_9; ++r) {
        out += " |";
        for (int f = FILE_9; f >= FILE_1; --f) {
            const std::string l = letter(pos.piece_on(make_square(File(f), Rank(r))));
            out += std::string(3 - l.size(), ' ') + l;
        }
        out += std::string(" | ") + char('a' + r) + "\n";
    }
    out += " +---------------------------+\n";
    out += "sente hand: " + hand_letters(pos.hand(SENTE), SENTE) + "\n";
    return out;
}

std::string japanese_diagram(const Position& pos) {
    std::string out = "後手の持駒：" + hand_kanji(pos.hand(GOTE)) + "\n";
    out += "  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n";
    for (int r = RANK_1; r <= RANK_9; ++r) {
        out += "|";
        for (int f = FILE_9; f >= FILE_1; --f) {
            const Piece p = pos.piece_on(make_square(File(f), Rank(r)));
            out += p != NO_PIECE && color_of(p) == GOTE ? "v" : " ";
            out += p == NO_PIECE ? "・" : japanese_piece_short(type_of(p));
        }
        out += "|" + std::string(kanji_digit(r + 1)) + "\n";
    }
    out += "+---------------------------+\n";
    out += "先手の持駒：" + hand_kanji(pos.hand(SENTE)) + "\n";
    out += pos.side_to_move() == SENTE ? "先手番\n" : "後手番\n";
    return out;
}

}  // namespace

std::string board_diagram(const Position& pos, DiagramStyle style) {
    return style == DiagramStyle::Japanese ? japanese_diagram(pos) : letters_diagram(pos);
}

}  // namespace supersoma::cli
