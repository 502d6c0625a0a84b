#include "cli/board_svg.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <vector>

#include "engine/notation.hpp"
#include "engine/sfen.hpp"

namespace supersoma::cli {

namespace {

// Layout in pixels: the board's top-left corner, a square's side, the picture's size. The
// hands stand in columns beside the board, clear of its coordinates: gote's on the left from
// the top, sente's on the right from the bottom, as Japanese diagrams place them.
constexpr int         Cell = 50, Left = 80, Top = 90, Width = Left + 9 * Cell + 90;
constexpr int         SfenRowChars = 64;  // the title's SFEN is wrapped at this many characters
constexpr int         MovesPerRow  = 7;   // of the line's text under the board
constexpr const char* SideColour[COLOR_NB] = {"#1f5fbf", "#c0392b"};  // sente blue, gote red
constexpr const char* LineColour           = "#1e8449";

struct Point {
    double x = 0, y = 0;
};

// The centre of a square: file 9 on the left, rank 1 at the top.
Point centre(Square s) {
    return {Left + (8 - file_of(s)) * Cell + Cell / 2.0, Top + rank_of(s) * Cell + Cell / 2.0};
}

// Where a side's pieces in hand are drawn: gote's column left of the board from the top,
// sente's right of it (past the ranks) from the bottom.
Point hand_slot(Color c, PieceType pt) {
    int index = 0;
    while (HandOrder[index] != pt) ++index;
    if (c == GOTE) return {Left - 50.0, Top + Cell / 2.0 + index * Cell};
    return {Left + 9 * Cell + 56.0, Top + 9 * Cell - Cell / 2.0 - index * Cell};
}

// One character a piece is drawn with: its SFEN letter, or its kanji (gote's king 王).
std::string piece_glyph(Color c, PieceType pt, bool japanese) {
    if (!japanese) return std::string(sfen_letters(pt));
    return pt == KING && c == GOTE ? "王" : std::string(japanese_piece_short(pt));
}

// The SFEN in rows of at most SfenRowChars, broken after a '/' or a space.
std::vector<std::string> wrap_sfen(const std::string& sfen) {
    std::vector<std::string> rows;
    std::size_t              start = 0;
    while (sfen.size() - start > std::size_t(SfenRowChars)) {
        std::size_t cut = sfen.find_last_of("/ ", start + SfenRowChars - 1);
        cut             = cut == std::string::npos || cut < start ? start + SfenRowChars : cut + 1;
        rows.push_back(sfen.substr(start, cut - start));
        start = cut;
    }
    rows.push_back(sfen.substr(start));
    return rows;
}

std::string number(double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", v);
    return text;
}

std::string escape(const std::string& s) {
    std::string out;
    for (char c : s) {
        if (c == '&')
            out += "&amp;";
        else if (c == '<')
            out += "&lt;";
        else if (c == '>')
            out += "&gt;";
        else if (c == '"')
            out += "&quot;";
        else
            out += c;
    }
    return out;
}

void write_defs(std::ostream& out) {
    out << "<defs>\n";
    const std::array<std::pair<const char*, const char*>, 3> markers
        = {{{"head-sente", SideColour[SENTE]}, {"head-gote", SideColour[GOTE]},
            {"head-line", LineColour}}};
    for (const auto& [id, colour] : markers)
        out << "<marker id=\"" << id << "\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" "
            << "markerWidth=\"5\" markerHeight=\"5\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 "
               "z\" "
            << "fill=\"" << colour << "\"/></marker>\n";
    out << "</defs>\n";
}

void write_board(std::ostream& out, bool japanese) {
    out << "<rect x=\"" << Left << "\" y=\"" << Top << "\" width=\"" << 9 * Cell << "\" height=\""
        << 9 * Cell << "\" fill=\"#f3d9a4\" stroke=\"#333\" stroke-width=\"2\"/>\n";
    for (int i = 1; i < 9; ++i) {
        out << "<line x1=\"" << Left + i * Cell << "\" y1=\"" << Top << "\" x2=\""
            << Left + i * Cell << "\" y2=\"" << Top + 9 * Cell << "\" stroke=\"#333\"/>\n";
        out << "<line x1=\"" << Left << "\" y1=\"" << Top + i * Cell << "\" x2=\""
            << Left + 9 * Cell << "\" y2=\"" << Top + i * Cell << "\" stroke=\"#333\"/>\n";
    }
    for (int f = 0; f < 9; ++f)
        out << "<text x=\"" << Left + f * Cell + Cell / 2 << "\" y=\"" << Top - 6
            << "\" font-size=\"12\" text-anchor=\"middle\">" << 9 - f << "</text>\n";
    for (int r = 0; r < 9; ++r)
        out << "<text x=\"" << Left + 9 * Cell + 14 << "\" y=\"" << Top + r * Cell + Cell / 2 + 4
            << "\" font-size=\"12\" text-anchor=\"middle\">"
            << (japanese ? std::string(kanji_digit(r + 1)) : std::string(1, char('a' + r)))
            << "</text>\n";
}

// A piece: a pentagon pointing at the opponent, its letter or kanji (promoted ones in red).
void write_piece(std::ostream& out, Point at, Color c, PieceType pt, bool japanese, int count = 1) {
    const std::string turn = c == GOTE ? " rotate(180)" : "";
    out << "<g transform=\"translate(" << number(at.x) << "," << number(at.y) << ")" << turn
        << "\"><path d=\"M0,-20 L15,-12 L18,20 L-18,20 L-15,-12 z\" fill=\"#fbeecd\" "
        << "stroke=\"#555\"/><text y=\"8\" font-size=\"20\" text-anchor=\"middle\" fill=\""
        << (pt >= PRO_PAWN ? "#b00000" : "#000") << "\">" << escape(piece_glyph(c, pt, japanese))
        << "</text></g>\n";
    if (count > 1)
        out << "<text x=\"" << number(at.x + 22) << "\" y=\"" << number(at.y + 18)
            << "\" font-size=\"13\">" << count << "</text>\n";
}

void write_pieces(std::ostream& out, const Position& pos, bool japanese) {
    for (Square s = SQ_11; s < SQUARE_NB; ++s) {
        const Piece p = pos.piece_on(s);
        if (p != NO_PIECE) write_piece(out, centre(s), color_of(p), type_of(p), japanese);
    }
    for (Color c : {SENTE, GOTE}) {
        // The side's name over its hand's column: above gote's, under sente's.
        const Point       label = hand_slot(c, ROOK);  // the column's end by the board's edge
        const std::string name = japanese ? (c == SENTE ? "☗先手" : "☖後手") : side_name(c);
        out << "<text x=\"" << number(label.x) << "\" y=\""
            << number(label.y + (c == GOTE ? -32 : 40))
            << "\" font-size=\"13\" text-anchor=\"middle\">" << name << "</text>\n";
        for (PieceType pt : HandOrder)
            if (const int n = pos.hand(c).count(pt))
                write_piece(out, hand_slot(c, pt), c, pt, japanese, n);
    }
}

Point move_start(Move m, Color side) {
    return m.is_drop() ? hand_slot(side, m.moved()) : centre(m.from());
}

// An arrow from a move's origin (or the hand) to its destination, shortened at the tip so
// that the head stays visible inside the target square.
void write_arrow(std::ostream& out, Move m, Color side, const char* colour, const char* marker,
    double width, double opacity) {
    const Point  a = move_start(m, side), b = centre(m.to());
    const double dx = b.x - a.x, dy = b.y - a.y;
    const double len = std::max(1.0, std::sqrt(dx * dx + dy * dy));
    const Point  tip {b.x - dx / len * 12, b.y - dy / len * 12};
    out << "<line x1=\"" << number(a.x) << "\" y1=\"" << number(a.y) << "\" x2=\"" << number(tip.x)
        << "\" y2=\"" << number(tip.y) << "\" stroke=\"" << colour << "\" stroke-width=\"" << width
        << "\" stroke-opacity=\"" << opacity << "\" marker-end=\"url(#" << marker << ")\"/>\n";
}

void write_label(std::ostream& out, Point at, const std::string& text, const char* colour) {
    const double w = 7.0 * double(text.size()) + 4;
    out << "<rect x=\"" << number(at.x - w / 2) << "\" y=\"" << number(at.y - 9) << "\" width=\""
        << number(w) << "\" height=\"13\" rx=\"3\" fill=\"#ffffff\" fill-opacity=\"0.85\"/>\n"
        << "<text x=\"" << number(at.x) << "\" y=\"" << number(at.y + 1)
        << "\" font-size=\"11\" text-anchor=\"middle\" fill=\"" << colour << "\">" << escape(text)
        << "</text>\n";
}

void write_entries(std::ostream& out, const soma::Iteration& it) {
    out << "<g id=\"xref\">\n";
    for (const soma::XrefEntry& e : it.entries)
        write_arrow(out, e.move, e.side, SideColour[e.side],
            e.side == SENTE ? "head-sente" : "head-gote", 2, 0.55);
    for (const soma::XrefEntry& e : it.entries) {
        const Point a = move_start(e.move, e.side), b = centre(e.move.to());
        write_label(out, {(a.x + 2 * b.x) / 3, (a.y + 2 * b.y) / 3}, std::to_string(e.weight),
            SideColour[e.side]);
    }
    out << "</g>\n";
}

void write_line(std::ostream& out, const soma::EvalResult& r, std::size_t moves) {
    out << "<g id=\"line\">\n";
    int number_in_line = 0;
    for (const soma::LineStep& s : r.line) {
        if (std::size_t(number_in_line) == moves) break;
        ++number_in_line;
        if (s.move.is_pass()) continue;
        write_arrow(out, s.move, s.side, LineColour, "head-line", 4, 0.9);
        // The number sits halfway along the arrow: moves to one square stay apart.
        const Point a = move_start(s.move, s.side), b = centre(s.move.to());
        const Point at {(a.x + b.x) / 2, (a.y + b.y) / 2};
        out << "<circle cx=\"" << number(at.x) << "\" cy=\"" << number(at.y) << "\" r=\"9\" fill=\""
            << LineColour << "\"/><text x=\"" << number(at.x) << "\" y=\"" << number(at.y + 4)
            << "\" font-size=\"11\" text-anchor=\"middle\" fill=\"#ffffff\">" << number_in_line
            << "</text>\n";
    }
    out << "</g>\n";
}

// The line's first `moves` moves numbered, MovesPerRow to a row, in USI or Japanese
// notation (a pass is "pass" in both).
std::vector<std::string> line_rows(
    Position pos, const soma::EvalResult& r, std::size_t moves, bool japanese) {
    std::vector<std::string> rows;
    Move                     previous;
    for (std::size_t i = 0; i < std::min(moves, r.line.size()); ++i) {
        const Move m = r.line[i].move;
        if (i % MovesPerRow == 0) rows.emplace_back(i == 0 ? "line:" : "     ");
        const std::string text = m.is_pass() ? "pass"
            : japanese                       ? to_japanese(pos, m, previous)
                                             : to_usi(m);
        rows.back() += "  " + std::to_string(i + 1) + ". " + text;
        pos.do_move(m);  // a pass only changes the side to move
        previous = m;
    }
    if (rows.empty()) rows.emplace_back("line: (empty)");
    return rows;
}

}  // namespace

std::string render_svg(const EvalReport& report, const BoardStyle& style) {
    const Position          pos    = std::get<Position>(parse_sfen(report.sfen));
    const soma::EvalResult& r      = report.result;
    const auto              rows   = line_rows(pos, r, style.line_moves, style.japanese);
    const int               bottom = Top + 9 * Cell + 70;
    const int               Height = bottom + 20 * int(rows.size()) + 40;
    std::ostringstream      out;
    out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        << "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" << Width
        << "\" height=\"" << Height << "\" viewBox=\"0 0 " << Width << " " << Height
        << "\" font-family=\"DejaVu Sans, IPAGothic, sans-serif\">\n"
        << "<title>" << escape(report.sfen) << "</title>\n";
    write_defs(out);
    out << "<rect width=\"" << Width << "\" height=\"" << Height << "\" fill=\"#ffffff\"/>\n";
    if (style.title) {
        const auto sfen_rows = wrap_sfen(report.sfen);
        for (std::size_t i = 0; i < sfen_rows.size(); ++i)
            out << "<text x=\"" << Left - 60 << "\" y=\"" << 22 + 18 * int(i)
                << "\" font-size=\"13\">" << escape(sfen_rows[i]) << "</text>\n";
    }
    write_board(out, style.japanese);
    write_pieces(out, pos, style.japanese);
    if (style.entries && !r.iterations.empty()) write_entries(out, r.iterations.front());
    write_line(out, r, style.line_moves);
    for (std::size_t i = 0; i < rows.size(); ++i)
        out << "<text x=\"" << Left - 60 << "\" y=\"" << bottom + 20 * int(i)
            << "\" font-size=\"13\" xml:space=\"preserve\" fill=\"" << LineColour << "\">"
            << escape(rows[i]) << "</text>\n";
    const std::string caption = !style.caption.empty()
        ? style.caption
        : "net " + std::to_string(r.net) + " (" + side_name(r.side_to_move) + "'s view)";
    out << "<text x=\"" << Left - 60 << "\" y=\"" << bottom + 20 * int(rows.size())
        << "\" font-size=\"13\">" << escape(caption) << "</text>\n";
    if (style.entries)
        out << "<text x=\"" << Left - 60 << "\" y=\"" << bottom + 20 * int(rows.size()) + 20
            << "\" font-size=\"11\">XREF entries: sente blue, gote red, B2 weights beside "
            << "them; the line green, numbered</text>\n";
    out << "</svg>\n";
    return out.str();
}

}  // namespace supersoma::cli
