#include "cli/analysis_report.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "cli/board_svg.hpp"
#include "engine/notation.hpp"
#include "engine/sfen.hpp"
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
    const char* separator) {
    Position    pos = std::get<Position>(parse_sfen(sfen));
    Move        previous;
    std::string text;
    for (const std::string& usi : pv) {
        const auto parsed = parse_usi_move(pos, usi);
        if (!std::holds_alternative<Move>(parsed)) break;  // a line past a rule's end
        const Move m = std::get<Move>(parsed);
        text += (text.empty() ? "" : separator) + write(pos, m, previous);
        pos.do_move(m);
        previous = m;
    }
    return text;
}

std::string japanese_line(const std::string& sfen, const std::vector<std::string>& pv) {
    return line_text(
        sfen, pv,
        [](const Position& pos, Move m, Move previous) { return to_japanese(pos, m, previous); },
        "");
}

std::string kif_line(const std::string& sfen, const std::vector<std::string>& pv) {
    return line_text(
        sfen, pv,
        [](const Position& pos, Move m, Move previous) {
            return mark(pos.side_to_move()) + record::kif_move(pos, m, previous);
        },
        " ");
}

// ShogiHome's words for a move's class.
const char* class_word(MoveClass c) {
    switch (c) {
    case MoveClass::Inaccuracy: return "【疑問手】";
    case MoveClass::Mistake: return "【悪手】";
    case MoveClass::Blunder: return "【大悪手】";
    default: return "";
    }
}

// The explanation in one sentence for people, e.g. "gote takes the silver on 4e (+549 cp)".
std::string explanation_text(const MoveAnalysis& a) {
    if (!a.explanation) return "";
    const Explanation& why      = *a.explanation;
    const char*        opponent = a.mover == SENTE ? "gote" : "sente";
    std::string        text;
    if (why.exchange)
        text += "the exchange fails (SOMA " + std::to_string(*why.exchange) + " cp); ";
    if (!why.threats.empty()) {
        const Threat& t = why.threats.front();
        text += std::string(opponent) + " threatens " + t.move;
        if (!t.piece.empty()) text += ", taking " + t.piece + " on " + t.target;
        text += " (+" + std::to_string(t.value) + " cp)";
    } else {
        text += "no single piece hangs";
    }
    text += "; SUPER-SOMA line";
    for (const std::string& m : why.line) text += " " + m;
    text += ", net " + std::to_string(why.net) + " cp for " + opponent;
    return text;
}

// The forced mates the move allowed or gave up, in the player's notation: "allows mate in 5:
// △８三金打 ▲同玉 …" ("" when neither).
std::string mate_text(const MoveAnalysis& a) {
    std::string text;
    if (a.mate_allowed)
        text = "allows mate in " + std::to_string(*a.mate_allowed) + ": "
            + japanese_line(a.sfen_after, a.after.pv);
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

// The evaluation graph: sente's winning chance after each move, a point per move.
std::string graph_svg(const GameAnalysis& analysis) {
    constexpr int Width = 800, Height = 260, Pad = 30;
    const auto&   moves = analysis.moves;
    const int     first = moves.empty() ? 1 : moves.front().ply;
    const int     span  = moves.empty() ? 1 : std::max(1, moves.back().ply - first);
    auto          x = [&](int ply) { return Pad + double(ply - first) * (Width - 2 * Pad) / span; };
    auto          y = [&](double chance) { return Pad + (1 - chance) * (Height - 2 * Pad); };
    std::ostringstream out;
    char               buf[256];
    out << "<svg id=\"graph\" xmlns=\"http://www.w3.org/2000/svg\" width=\"" << Width
        << "\" height=\"" << Height << "\" viewBox=\"0 0 " << Width << " " << Height << "\">\n"
        << "<rect width=\"" << Width << "\" height=\"" << Height << "\" fill=\"#ffffff\"/>\n";
    std::snprintf(buf, sizeof buf,
        "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#999\" stroke-dasharray=\"4 "
        "4\"/>\n",
        Pad, y(0.5), Width - Pad, y(0.5));
    out << buf << "<text x=\"4\" y=\"" << Pad + 4 << "\" font-size=\"11\">sente</text>"
        << "<text x=\"4\" y=\"" << Height - Pad + 4 << "\" font-size=\"11\">gote</text>\n";
    std::string points;
    for (const MoveAnalysis& a : moves) {
        std::snprintf(buf, sizeof buf, "%.1f,%.1f ", x(a.ply), y(sente_chance_after(a)));
        points += buf;
    }
    out << "<polyline fill=\"none\" stroke=\"#1f5fbf\" stroke-width=\"2\" points=\"" << points
        << "\"/>\n";
    for (const MoveAnalysis& a : moves) {
        const bool  marked = a.cls == MoveClass::Mistake || a.cls == MoveClass::Blunder;
        const char* colour = a.cls == MoveClass::Blunder ? "#c0392b"
            : a.cls == MoveClass::Mistake                ? "#e67e22"
                                                         : "#1f5fbf";
        std::snprintf(buf, sizeof buf,
            "<circle class=\"point %s\" data-ply=\"%d\" cx=\"%.1f\" cy=\"%.1f\" r=\"%d\" "
            "fill=\"%s\">"
            "<title>%d %s %s</title></circle>\n",
            class_name(a.cls), a.ply, x(a.ply), y(sente_chance_after(a)), marked ? 6 : 3, colour,
            a.ply, a.usi.c_str(), class_name(a.cls));
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

// The board SVG without its XML declaration, to sit inside the page.
std::string inline_board(const std::string& sfen) {
    const Position pos = std::get<Position>(parse_sfen(sfen));
    std::string    svg = render_svg({sfen, soma::evaluate(pos, soma::EvalOptions {})});
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
                {"net_cp", a.explanation->net}};
            if (a.explanation->exchange) m["explanation"]["exchange_cp"] = *a.explanation->exchange;
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
        const std::string         pv  = japanese_line(a.sfen_after, a.after.pv);
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
            + kif_line(a.sfen_after, a.after.pv));
        if (a.cls != MoveClass::Good) {
            add(std::string(class_word(a.cls)) + " supersoma: " + class_name(a.cls) + ", "
                + std::to_string(a.before_cp) + " -> " + std::to_string(a.after_cp)
                + " cp for the mover (drop " + std::to_string(a.drop_cp) + "); best "
                + japanese_line(a.sfen_before, a.before.pv));
            if (a.explanation) add("supersoma: " + explanation_text(a));
        }
        if (const std::string why = mate_text(a); !why.empty()) add("supersoma: " + why);
    }
    return record::to_kif(game, encoding);
}

std::string html_report(const GameAnalysis& analysis, const std::string& title) {
    const record::RecordedGame& game = analysis.game;
    std::ostringstream          out;
    out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>"
        << "Game analysis: " << escape(title) << "</title>\n<style>\n"
        << "body{font-family:'DejaVu Sans','IPAGothic',sans-serif;margin:20px;color:#222}\n"
        << "table{border-collapse:collapse;margin:10px 0}td,th{border:1px solid #ccc;padding:2px "
           "8px;text-align:right}\n"
        << "td.move{text-align:left}tr.blunder{background:#f8d7d3}tr.mistake{background:#fce5cd}"
           "tr.inaccuracy{background:#fff8dc}\n"
        << "section.mistake{border-top:1px solid #aaa;margin-top:16px}\n</style>\n</head>\n<body>\n"
        << "<h1>Game analysis: " << escape(title) << "</h1>\n<p>sente (▲) "
        << escape(game.names[SENTE]) << " &mdash; gote (△) " << escape(game.names[GOTE])
        << "</p>\n";
    if (!analysis.stopped.empty())
        out << "<p class=\"stopped\">The analysis stopped early: " << escape(analysis.stopped)
            << "</p>\n";
    out << "<h2>Evaluation</h2>\n<p>Sente's winning chance after each move; mistakes orange, "
           "blunders red.</p>\n"
        << graph_svg(analysis);
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
    out << "</table>\n<h2>Moves</h2>\n<table id=\"moves\"><tr><th>ply</th><th>move</th><th>class"
           "</th><th>before</th><th>after</th><th>drop</th><th>best</th></tr>\n";
    for (const MoveAnalysis& a : analysis.moves)
        out << "<tr class=\"" << class_name(a.cls) << "\"><td>" << a.ply
            << "</td><td class=\"move\">" << mark(a.mover) << a.kif << "</td><td class=\"move\">"
            << class_name(a.cls)
            << (a.mate_allowed ? ", allows mate in " + std::to_string(*a.mate_allowed) : "")
            << (a.mate_missed ? ", misses mate in " + std::to_string(*a.mate_missed) : "")
            << "</td><td>" << score_text(a.before) << "</td><td>" << a.after_cp << "</td><td>"
            << a.drop_cp << "</td><td class=\"move\">" << escape(a.before.best) << "</td></tr>\n";
    out << "</table>\n";
    for (const MoveAnalysis& a : analysis.moves) {
        const std::string mate = mate_text(a);
        if (!a.explanation && mate.empty()) continue;
        out << "<section class=\"mistake\" id=\"ply-" << a.ply << "\">\n<h3>" << a.ply << ". "
            << mark(a.mover) << a.kif << " &mdash; " << class_name(a.cls) << " (" << a.before_cp
            << " &rarr; " << a.after_cp << " cp)</h3>\n"
            << "<p>Best was " << escape(japanese_line(a.sfen_before, a.before.pv)) << ".</p>\n";
        if (!mate.empty()) out << "<p class=\"mate\">It " << escape(mate) << ".</p>\n";
        if (a.explanation) out << "<p>" << escape(explanation_text(a)) << "</p>\n";
        out << "<ul class=\"threats\">\n";
        if (a.explanation)
            for (const Threat& t : a.explanation->threats)
                out << "<li>" << escape(t.move) << " " << escape(t.kind)
                    << (t.piece.empty() ? "" : " of " + escape(t.piece) + " on " + escape(t.target))
                    << ": +" << t.value << " cp</li>\n";
        out << "</ul>\n<div class=\"board\">\n"
            << inline_board(a.sfen_after) << "</div>\n</section>\n";
    }
    out << "</body>\n</html>\n";
    return out.str();
}

}  // namespace supersoma::cli
