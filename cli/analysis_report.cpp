#include "cli/analysis_report.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <sstream>
#include <string_view>

#include "cli/board_svg.hpp"
#include "engine/notation.hpp"
#include "engine/sfen.hpp"
#include "eval/threats.hpp"
#include "record/kif.hpp"
#include "soma/supersoma.hpp"

namespace supersoma::cli {

namespace {

const char* mark(Color c) {
    return c == SENTE ? "▲" : "△";
}

// A score as a player reads it: "+120", "-45", "mate 5", "mated 4".
std::string score_text(const PositionScore& s) {
    if (s.mate)
        return *s.mate >= 0 ? "mate " + std::to_string(*s.mate)
                            : "mated " + std::to_string(-*s.mate);
    return (s.cp > 0 ? "+" : "") + std::to_string(s.cp);
}

// Sente's view of a score counted for `side`.
int sente_view(int cp, Color side) {
    return side == SENTE ? cp : -cp;
}

// The moves of `pv` played from `sfen`, each written by `write(pos, move, previous)`.
template<class Write>
std::string line_text(const std::string& sfen, const std::vector<std::string>& pv, Write write,
    const char* separator, Move before = Move()) {
    Position    pos      = std::get<Position>(parse_sfen(sfen));
    Move        previous = before;
    std::string text;
    for (const std::string& usi : pv) {
        if (usi == to_usi(Move::pass())) {  // SUPER-SOMA's lines pass (B3)
            text += (text.empty() ? "" : separator) + std::string("pass");
            pos.do_move(Move::pass());
            previous = Move::pass();
            continue;
        }
        const auto parsed = parse_usi_move(pos, usi);
        if (!std::holds_alternative<Move>(parsed)) break;  // a line past a rule's end
        const Move m = std::get<Move>(parsed);
        text += (text.empty() ? "" : separator) + write(pos, m, previous);
        pos.do_move(m);
        previous = m;
    }
    return text;
}

// A line in Japanese notation, run together as ShogiHome's 読み筋 writes it ("▲７六歩△３四歩")
// or `separator` between the moves.
std::string japanese_line(const std::string& sfen, const std::vector<std::string>& pv,
    Move before = Move(), const char* separator = "") {
    return line_text(
        sfen, pv,
        [](const Position& pos, Move m, Move previous) { return to_japanese(pos, m, previous); },
        separator, before);
}

// A line in the report's notation: "▲７六歩 △３四歩" or "7g7f 3c3d"; `before` is the move
// played before it (for 同).
std::string line_in(Notation notation, const std::string& sfen, const std::vector<std::string>& pv,
    Move before = Move()) {
    if (notation == Notation::Japanese) return japanese_line(sfen, pv, before, " ");
    std::string text;
    for (const std::string& m : pv) text += (text.empty() ? "" : " ") + m;
    return text;
}

// The move played, legal in the position before it.
Move played_move(const MoveAnalysis& a) {
    const Position pos = std::get<Position>(parse_sfen(a.sfen_before));
    return std::get<Move>(parse_usi_move(pos, a.usi));
}

// The first `n` moves of a line.
std::vector<std::string> first_moves(const std::vector<std::string>& pv, std::size_t n) {
    return {pv.begin(), pv.begin() + std::ptrdiff_t(std::min(n, pv.size()))};
}

// A square as the notation names it: "３八" or "3h".
std::string square_text(const std::string& usi_square, Notation notation) {
    if (notation == Notation::English || usi_square.size() != 2) return usi_square;
    return std::string(full_width_digit(usi_square[0] - '0'))
        + std::string(kanji_digit(usi_square[1] - 'a' + 1));
}

// A piece named by its SFEN letter ("S", "+r") as the notation names it: "銀", "龍" or "S".
std::string piece_text(const std::string& letter, Notation notation) {
    if (notation == Notation::English || letter.empty()) return letter;
    std::string upper = letter;
    for (char& c : upper) c = char(std::toupper(static_cast<unsigned char>(c)));
    for (PieceType pt = PAWN; pt < PIECE_TYPE_NB; pt = PieceType(pt + 1))
        if (sfen_letters(pt) == upper) return std::string(japanese_piece(pt));
    return letter;
}

std::string kif_line(
    const std::string& sfen, const std::vector<std::string>& pv, Move before = Move()) {
    return line_text(
        sfen, pv,
        [](const Position& pos, Move m, Move previous) {
            return mark(pos.side_to_move()) + record::kif_move(pos, m, previous);
        },
        " ", before);
}

// The engine's line shown with a mistake: its first moves, as a player reads a plan.
constexpr std::size_t MaxPvShown = 8;

// ShogiHome's words for a move's class.
const char* class_word(MoveClass c) {
    switch (c) {
    case MoveClass::Inaccuracy: return "【疑問手】";
    case MoveClass::Mistake: return "【悪手】";
    case MoveClass::Blunder: return "【大悪手】";
    default: return "";
    }
}

// A threat in words: "△３八飛 takes 銀 on ３八 (+769 cp)".
std::string threat_text(const MoveAnalysis& a, const Threat& t, Notation notation) {
    std::string text = line_in(notation, a.sfen_after, {t.move}, played_move(a));
    if (!t.piece.empty())
        text
            += " takes " + piece_text(t.piece, notation) + " on " + square_text(t.target, notation);
    return text + " (+" + std::to_string(t.value) + " cp)";
}

// A piece on its square as a record names it, with its side's mark: "△２二飛" ("r 2b" in
// English, the letter's case telling the side).
std::string placed_piece_text(
    const std::string& letter, const std::string& square, Notation notation) {
    if (notation == Notation::English) return letter + " " + square;
    const bool sente = !letter.empty() && std::isupper(static_cast<unsigned char>(letter.back()));
    return mark(sente ? SENTE : GOTE) + square_text(square, notation)
        + piece_text(letter, notation);
}

// A threat input a move made or ended: "△２二飛 now attacks ▲３八銀 (undefended), -210 cp".
std::string shift_text(const ThreatShift& s, Notation notation) {
    const eval::threats::Relation r = eval::threats::relation(s.feature);
    return placed_piece_text(s.piece, s.from, notation) + (s.appeared ? " now " : " no longer ")
        + r.verb + " " + placed_piece_text(s.target, s.to, notation) + " " + r.state + ", "
        + std::to_string(s.value) + " cp";
}

// The threat inputs shown with a mistake, joined by "; ".
std::string shifts_text(const Explanation& why, Notation notation) {
    std::string text;
    for (const ThreatShift& s : why.shifts)
        text += (text.empty() ? "" : "; ") + shift_text(s, notation);
    return text;
}

// What SUPER-SOMA's line shown with a mistake wins: "gote wins 769 cp" (", and mates"); the
// same words under the board and in the text.
std::string line_result(const MoveAnalysis& a) {
    const Explanation& why  = *a.explanation;
    const std::string  mate = why.mates ? ", and mates" : "";
    if (why.net == 0) return "no material changes hands" + mate;
    // The side the line's material goes to: the opponent, or the mover when it is negative.
    const Color gainer = why.net > 0 ? ~a.mover : a.mover;
    return std::string(gainer == SENTE ? "sente" : "gote") + " wins "
        + std::to_string(std::abs(why.net)) + " cp" + mate;
}

// Why a move is a mistake, in one sentence for people, by what decides it (docs/analyse.md):
// "gote wins material: △３八飛 takes 銀 on ３八 (+769 cp); SUPER-SOMA line △３八飛 ▲…, net
// 769 cp for gote". A mate has its own sentence (mate_text).
std::string explanation_text(const MoveAnalysis& a, Notation notation) {
    if (!a.explanation) return "";
    const Explanation& why       = *a.explanation;
    const char*        opponent  = a.mover == SENTE ? "gote" : "sente";
    const char*        mover     = a.mover == SENTE ? "sente" : "gote";
    const std::string  best      = line_in(notation, a.sfen_before, first_moves(a.before.pv, 1));
    const std::string  soma_line = "SUPER-SOMA line "
        + line_in(notation, a.sfen_after, why.line, played_move(a)) + ", " + line_result(a);
    switch (a.reason) {
    case Reason::MateAllowed:
    case Reason::MateMissed: return "";
    case Reason::Exchange:
        return "the capture loses its exchange (SOMA " + std::to_string(*why.exchange) + " cp); "
            + soma_line;
    case Reason::Material:
        return std::string(opponent) + " wins material"
            + (why.threats.empty() ? "" : ": " + threat_text(a, why.threats.front(), notation))
            + "; " + soma_line;
    case Reason::BetterPlan:
        return "the better plan was " + best + ": by SUPER-SOMA it wins " + mover + " "
            + std::to_string(why.better_plan_cp)
            + " cp (its own exchange and the forced line after it)";
    case Reason::Threats:
        return std::string("the threats turn against ") + mover
            + " (the network's threat inputs the move made or ended): "
            + shifts_text(why, notation);
    case Reason::None: break;
    }
    return "no reason to show (no mate, no material lost, no material the best move " + best
        + " wins, the threat inputs cost less than " + std::to_string(THREATS_REASON_CP)
        + " cp): classed an inaccuracy on the search's word alone";
}

// The forced mates the move allowed or gave up, in the player's notation: "allows mate in 5:
// △８三金打 ▲同玉 …" ("" when neither).
std::string mate_text(const MoveAnalysis& a) {
    std::string text;
    if (a.mate_allowed)
        text = "allows mate in " + std::to_string(*a.mate_allowed) + ": "
            + japanese_line(a.sfen_after, a.after.pv, played_move(a));
    if (a.mate_missed)
        text += (text.empty() ? "" : "; ") + std::string("misses mate in ")
            + std::to_string(*a.mate_missed) + ": " + japanese_line(a.sfen_before, a.before.pv);
    return text;
}

// Sente's winning chance after the move (the played move's score, the mover's view), a
// forced mate drawn at the edge (1 or 0).
double sente_chance_after(const MoveAnalysis& a) {
    if (const auto side = mating_side(a.after, ~a.mover)) return *side == SENTE ? 1.0 : 0.0;
    return win_chance(sente_view(a.after_cp, a.mover));
}

std::string escape(const std::string& s) {
    std::string out;
    for (char c : s) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        default: out += c;
        }
    }
    return out;
}

// The evaluation graph: sente's winning chance after each move, a point per move, with the
// move numbers under it and the chance's scale beside it.
std::string graph_svg(const GameAnalysis& analysis, Notation notation) {
    constexpr int Width = 820, Height = 280, Left = 56, Right = 20, Top = 20, Bottom = 40;
    const auto&   moves = analysis.moves;
    const int     first = moves.empty() ? 1 : moves.front().ply;
    const int     span  = moves.empty() ? 1 : std::max(1, moves.back().ply - first);
    auto x = [&](int ply) { return Left + double(ply - first) * (Width - Left - Right) / span; };
    auto y = [&](double chance) { return Top + (1 - chance) * (Height - Top - Bottom); };
    std::ostringstream out;
    char               buf[320];
    out << "<svg id=\"graph\" xmlns=\"http://www.w3.org/2000/svg\" width=\"" << Width
        << "\" height=\"" << Height << "\" viewBox=\"0 0 " << Width << " " << Height
        << "\" font-family=\"DejaVu Sans, IPAGothic, sans-serif\">\n"
        << "<rect width=\"" << Width << "\" height=\"" << Height << "\" fill=\"#ffffff\"/>\n";
    // The scale: sente's chance 0 to 100 %, a line every quarter, the even one dashed.
    for (int q = 0; q <= 4; ++q) {
        std::snprintf(buf, sizeof buf,
            "<line class=\"scale\" x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"%s\"%s/>"
            "<text x=\"%d\" y=\"%.1f\" font-size=\"11\" text-anchor=\"end\">%d %%</text>\n",
            Left, y(q / 4.0), Width - Right, y(q / 4.0), q == 2 ? "#999" : "#e4e4e4",
            q == 2 ? " stroke-dasharray=\"4 4\"" : "", Left - 6, y(q / 4.0) + 4, 25 * q);
        out << buf;
    }
    // The move numbers: a tick every 10 moves (every 5 in short games).
    const int step = span <= 30 ? 5 : span <= 150 ? 10 : 20;
    for (int ply = (first + step - 1) / step * step; ply <= first + span; ply += step) {
        std::snprintf(buf, sizeof buf,
            "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#999\"/>"
            "<text class=\"ply\" x=\"%.1f\" y=\"%d\" font-size=\"11\" "
            "text-anchor=\"middle\">%d</text>\n",
            x(ply), Height - Bottom, x(ply), Height - Bottom + 5, x(ply), Height - Bottom + 18,
            ply);
        out << buf;
    }
    std::snprintf(buf, sizeof buf,
        "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\">move</text>"
        "<text x=\"12\" y=\"%.1f\" font-size=\"11\" text-anchor=\"middle\" "
        "transform=\"rotate(-90 12 %.1f)\">sente's chance</text>\n",
        (Left + Width - Right) / 2, Height - 6, y(0.5), y(0.5));
    out << buf;
    std::string points;
    for (const MoveAnalysis& a : moves) {
        std::snprintf(buf, sizeof buf, "%.1f,%.1f ", x(a.ply), y(sente_chance_after(a)));
        points += buf;
    }
    out << "<polyline fill=\"none\" stroke=\"#1f5fbf\" stroke-width=\"2\" points=\"" << points
        << "\"/>\n";
    for (const MoveAnalysis& a : moves) {
        const bool        marked = a.cls == MoveClass::Mistake || a.cls == MoveClass::Blunder;
        const char*       colour = a.cls == MoveClass::Blunder ? "#c0392b"
                  : a.cls == MoveClass::Mistake                ? "#e67e22"
                                                               : "#1f5fbf";
        const std::string move   = notation == Notation::Japanese ? a.japanese : a.usi;
        std::snprintf(buf, sizeof buf,
            "<circle class=\"point %s\" data-ply=\"%d\" cx=\"%.1f\" cy=\"%.1f\" r=\"%d\" "
            "fill=\"%s\"><title>%d %s %s</title></circle>\n",
            class_name(a.cls), a.ply, x(a.ply), y(sente_chance_after(a)), marked ? 6 : 3, colour,
            a.ply, move.c_str(), class_name(a.cls));
        out << buf;
        // A forced mate sits on the edge, marked so that it is not read as a big score.
        if (a.after.mate) {
            std::snprintf(buf, sizeof buf,
                "<text class=\"mate\" data-ply=\"%d\" x=\"%.1f\" y=\"%.1f\" font-size=\"11\" "
                "text-anchor=\"middle\" fill=\"#c0392b\">詰%d</text>\n",
                a.ply, x(a.ply), y(sente_chance_after(a)) + (sente_chance_after(a) > 0.5 ? -8 : 16),
                std::abs(*a.after.mate));
            out << buf;
        }
    }
    out << "</svg>\n";
    return out.str();
}

// The board a mistake left, inside the page: SUPER-SOMA's line up to its last gain, numbered,
// and the same net the text gives (one evaluation of the position for both).
std::string inline_board(const MoveAnalysis& a, Notation notation) {
    const Position pos = std::get<Position>(parse_sfen(a.sfen_after));
    BoardStyle     style;
    style.japanese   = notation == Notation::Japanese;
    style.entries    = false;
    style.title      = false;
    style.line_moves = a.explanation ? a.explanation->line.size() : 0;
    style.caption    = a.explanation ? "SUPER-SOMA line: " + line_result(a) : "";
    std::string svg = render_svg({a.sfen_after, soma::evaluate(pos, explanation_options())}, style);
    if (svg.rfind("<?xml", 0) == 0) svg.erase(0, svg.find('\n') + 1);
    return svg;
}

}  // namespace

nlohmann::ordered_json analysis_json(const GameAnalysis& analysis) {
    using nlohmann::ordered_json;
    ordered_json out;
    out["start"] = analysis.game.start_sfen;
    for (Color c : {SENTE, GOTE}) {
        const PlayerSummary& p                        = analysis.players[c];
        out["players"][c == SENTE ? "sente" : "gote"] = {{"name", analysis.game.names[c]},
            {"moves", p.moves}, {"inaccuracies", p.inaccuracies}, {"mistakes", p.mistakes},
            {"blunders", p.blunders}, {"average_loss_cp", std::round(p.average_loss_cp * 10) / 10}};
    }
    out["stopped"] = analysis.stopped;
    out["moves"]   = ordered_json::array();
    for (const MoveAnalysis& a : analysis.moves) {
        ordered_json m = {{"ply", a.ply}, {"move", a.usi}, {"kif", a.kif},
            {"mover", a.mover == SENTE ? "sente" : "gote"}, {"before_cp", a.before_cp},
            {"after_cp", a.after_cp}, {"drop_cp", a.drop_cp},
            {"drop", std::round(a.drop * 1000) / 1000}, {"class", class_name(a.cls)},
            {"best", a.before.best}, {"pv", a.before.pv}, {"depth", a.before.depth}};
        if (a.before.mate) m["mate_before"] = *a.before.mate;
        if (a.after.mate) m["mate_after"] = -*a.after.mate;
        if (a.mate_allowed) m["mate_allowed"] = *a.mate_allowed;
        if (a.mate_missed) m["mate_missed"] = *a.mate_missed;
        if (a.explanation) {
            ordered_json threats = ordered_json::array();
            for (const Threat& t : a.explanation->threats)
                threats.push_back({{"move", t.move}, {"kind", t.kind}, {"target", t.target},
                    {"piece", t.piece}, {"value_cp", t.value}});
            m["explanation"] = {{"threats", threats}, {"line", a.explanation->line},
                {"wins_cp", a.explanation->net}, {"mates", a.explanation->mates},
                {"better_plan_cp", a.explanation->better_plan_cp}};
            if (a.explanation->exchange) m["explanation"]["exchange_cp"] = *a.explanation->exchange;
            ordered_json shifts = ordered_json::array();
            for (const ThreatShift& s : a.explanation->shifts)
                shifts.push_back({{"from", s.from}, {"to", s.to}, {"piece", s.piece},
                    {"target", s.target}, {"input", eval::threats::describe(s.feature)},
                    {"appeared", s.appeared}, {"value_cp", s.value}});
            m["explanation"]["threat_inputs"] = shifts;
            m["reason"]                       = reason_name(a.reason);
            if (a.unexplained) m["unexplained"] = true;
        }
        out["moves"].push_back(std::move(m));
    }
    return out;
}

std::string annotated_kif(const GameAnalysis& analysis, const std::string& encoding) {
    record::RecordedGame game = analysis.game;
    for (const MoveAnalysis& a : analysis.moves) {
        std::vector<std::string>& comments = game.comments[std::size_t(a.ply - 1)];
        auto                      add = [&](const std::string& line) { comments.push_back(line); };
        const int                 cp  = sente_view(a.after.cp, ~a.mover);
        const std::string         pv  = japanese_line(a.sfen_after, a.after.pv, played_move(a));
        // Mates in the forms the GUIs read: ShogiHome's "#詰み=先手勝ち:5手" and ShogiGUI's
        // (and KifuBrowser's) "評価値 +詰 5", the sign sente's view.
        const auto mate = mating_side(a.after, ~a.mover);
        // A side mated already has no count: "#詰み=後手勝ち", "-詰".
        const int plies = a.after.mate ? std::abs(*a.after.mate) : 0;
        if (mate)
            add(std::string("#詰み=") + (*mate == SENTE ? "先手勝ち" : "後手勝ち")
                + (plies ? ":" + std::to_string(plies) + "手" : ""));
        else
            add("#評価値=" + std::to_string(cp));
        if (!pv.empty()) add("#読み筋=" + pv);
        add("#深さ=" + std::to_string(a.after.depth));
        add("#ノード数=" + std::to_string(a.after.nodes));
        add("#エンジン=supersoma");
        const std::string value = !mate ? std::to_string(cp)
                                        : std::string(*mate == SENTE ? "+" : "-") + "詰"
                + (plies ? " " + std::to_string(plies) : "");
        add("*解析 0 ○ 候補1 時間 00:00.0 深さ " + std::to_string(a.after.depth) + " ノード数 "
            + std::to_string(a.after.nodes) + " 評価値 " + value + " 読み筋 "
            + kif_line(a.sfen_after, a.after.pv, played_move(a)));
        if (a.cls != MoveClass::Good) {
            add(std::string(class_word(a.cls)) + " supersoma: " + class_name(a.cls) + ", "
                + std::to_string(a.before_cp) + " -> " + std::to_string(a.after_cp)
                + " cp for the mover (drop " + std::to_string(a.drop_cp) + "); best "
                + japanese_line(a.sfen_before, a.before.pv));
            if (const std::string why = explanation_text(a, Notation::Japanese); !why.empty())
                add("supersoma: " + why);
            if (a.explanation && !a.explanation->shifts.empty() && a.reason != Reason::Threats)
                add("supersoma: threat inputs: " + shifts_text(*a.explanation, Notation::Japanese));
        }
        if (const std::string why = mate_text(a); !why.empty()) add("supersoma: " + why);
    }
    return record::to_kif(game, encoding);
}

std::string html_report(const GameAnalysis& analysis, const std::string& title, Notation notation) {
    const record::RecordedGame& game = analysis.game;
    std::ostringstream          out;
    out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>"
        << "Game analysis: " << escape(title) << "</title>\n<style>\n"
        << "body{font-family:'DejaVu Sans','IPAGothic',sans-serif;margin:20px;color:#222;"
           "max-width:960px}\n"
        << "table{border-collapse:collapse;margin:10px 0}td,th{border:1px solid #ccc;padding:2px "
           "8px;text-align:right}\n"
        << "td.move{text-align:left}tr.blunder{background:#f8d7d3}tr.mistake{background:#fce5cd}"
           "tr.inaccuracy{background:#fff8dc}\n"
        << "section.mistake{border-top:1px solid #aaa;margin-top:16px}\n"
        << "code.sfen{display:block;overflow-wrap:anywhere;word-break:break-all;user-select:all;"
           "background:#f4f4f4;padding:4px 6px;font-size:13px}\n</style>\n</head>\n<body>\n"
        << "<h1>Game analysis: " << escape(title) << "</h1>\n<p>sente (▲) "
        << escape(game.names[SENTE]) << " &mdash; gote (△) " << escape(game.names[GOTE])
        << "</p>\n";
    if (!analysis.stopped.empty())
        out << "<p class=\"stopped\">The analysis stopped early: " << escape(analysis.stopped)
            << "</p>\n";
    out << "<h2>Evaluation</h2>\n<p>Sente's winning chance after each move; mistakes orange, "
           "blunders red.</p>\n"
        << graph_svg(analysis, notation);
    out << "<h2>Accounts</h2>\n<table id=\"accounts\"><tr><th>player</th><th>moves</th>"
           "<th>inaccuracies</th><th>mistakes</th><th>blunders</th><th>average loss "
           "(cp)</th></tr>\n";
    for (Color c : {SENTE, GOTE}) {
        const PlayerSummary& p = analysis.players[c];
        char                 loss[32];
        std::snprintf(loss, sizeof loss, "%.1f", p.average_loss_cp);
        out << "<tr><td class=\"move\">" << (c == SENTE ? "▲ " : "△ ") << escape(game.names[c])
            << "</td><td>" << p.moves << "</td><td>" << p.inaccuracies << "</td><td>" << p.mistakes
            << "</td><td>" << p.blunders << "</td><td>" << loss << "</td></tr>\n";
    }
    // Scores are the mover's: the best move's and the played move's, from one search.
    out << "</table>\n<h2>Moves</h2>\n<table id=\"moves\"><tr><th>ply</th><th>move</th><th>class"
           "</th><th>best (cp)</th><th>played (cp)</th><th>drop</th><th>best move</th></tr>\n";
    for (const MoveAnalysis& a : analysis.moves)
        out << "<tr class=\"" << class_name(a.cls) << "\"><td>" << a.ply
            << "</td><td class=\"move\">"
            << escape(notation == Notation::Japanese ? a.japanese : a.usi)
            << "</td><td class=\"move\">" << class_name(a.cls)
            << (a.mate_allowed ? ", allows mate in " + std::to_string(*a.mate_allowed) : "")
            << (a.mate_missed ? ", misses mate in " + std::to_string(*a.mate_missed) : "")
            << "</td><td>" << score_text(a.before) << "</td><td>" << a.after_cp << "</td><td>"
            << a.drop_cp << "</td><td class=\"move\">"
            << escape(line_in(notation, a.sfen_before, first_moves(a.before.pv, 1)))
            << "</td></tr>\n";
    out << "</table>\n";
    for (const MoveAnalysis& a : analysis.moves) {
        const std::string mate    = mate_text(a);
        const bool        mistake = a.cls == MoveClass::Mistake || a.cls == MoveClass::Blunder;
        if (!mistake && mate.empty()) continue;
        out << "<section class=\"mistake\" id=\"ply-" << a.ply << "\">\n<h3>" << a.ply << ". "
            << escape(notation == Notation::Japanese ? a.japanese : a.usi) << " &mdash; "
            << class_name(a.cls) << " (" << a.before_cp << " &rarr; " << a.after_cp
            << " cp)</h3>\n<p>Best was "
            << escape(line_in(notation, a.sfen_before, first_moves(a.before.pv, MaxPvShown)))
            << ".</p>\n";
        if (!mate.empty()) out << "<p class=\"mate\">It " << escape(mate) << ".</p>\n";
        if (const std::string why = explanation_text(a, notation); !why.empty())
            out << "<p class=\"reason\">" << escape(why) << "</p>\n";
        out << "<ul class=\"threats\">\n";
        if (a.explanation)
            for (const Threat& t : a.explanation->threats)
                out << "<li>" << escape(t.kind) << ": " << escape(threat_text(a, t, notation))
                    << "</li>\n";
        out << "</ul>\n";
        if (a.explanation && !a.explanation->shifts.empty()) {
            out << "<ul class=\"threat-inputs\">\n";
            for (const ThreatShift& s : a.explanation->shifts)
                out << "<li>threat input: " << escape(shift_text(s, notation)) << "</li>\n";
            out << "</ul>\n";
        }
        out << "<code class=\"sfen\">" << escape(a.sfen_after) << "</code>\n"
            << "<div class=\"board\">\n"
            << inline_board(a, notation) << "</div>\n</section>\n";
    }
    out << "</body>\n</html>\n";
    return out.str();
}

}  // namespace supersoma::cli
