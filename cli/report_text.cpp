#include "cli/report_text.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "engine/notation.hpp"
#include "engine/sfen.hpp"
#include "soma/playout/choice_model.hpp"

namespace supersoma::cli {

namespace {

using soma::Contribution;
using soma::Iteration;
using soma::XrefEntry;

// printf into a std::string; the table is fixed-width, which streams make verbose.
template<class... Args> std::string format(const char* fmt, Args... args) {
    std::array<char, 256> buf {};
    std::snprintf(buf.data(), buf.size(), fmt, args...);
    return buf.data();
}

std::string move_text(Move m, Color side) {
    return format("%-6s %-12s", to_usi(m).c_str(), to_article(m, side).c_str());
}

std::string entry_name(const ArenaVector<XrefEntry>& entries, int index) {
    if (index < 0 || std::size_t(index) >= entries.size()) return format("#%d", index);
    const XrefEntry& e = entries[std::size_t(index)];
    return format("#%d %s %s", index, to_usi(e.move).c_str(), to_article(e.move, e.side).c_str());
}

const char* reason_text(Contribution::Reason r) {
    // The article's own wording for the two ways an entry removes another (seed 003, B2).
    return r == Contribution::Reason::CapturesMover ? "capturing piece is our target"
                                                    : "our piece is target of other capture";
}

void write_table(std::ostream& out, const Iteration& it) {
    out << "   #  move   article      side   x+fidc*m   value  first  recap  neut   weight\n";
    for (std::size_t i = 0; i < it.entries.size(); ++i) {
        const XrefEntry& e = it.entries[i];
        out << format("%4zu  %s %-6s %-8s %6d %6d %6d  %-4s %7d\n", i,
            move_text(e.move, e.side).c_str(), side_name(e.side), kind_flags(e.kinds).c_str(),
            e.value, e.first, e.recapture, neutralise_flags(e.neutralise).c_str(), e.weight);
    }
    if (it.entries.empty()) out << "   (no entries)\n";
}

std::string squares_text(Bitboard squares) {
    std::string s;
    for (Square sq : squares) s += (s.empty() ? "" : " ") + square_name(sq);
    return s;
}

// A2's findings, one line each, as the side they belong to sees them.
void write_relations(std::ostream& out, const soma::RelationSummary& r) {
    std::ostringstream lines;
    for (Color c : {SENTE, GOTE}) {
        for (const soma::Pin& p : r.pins[c])
            lines << "  pin: " << side_name(c) << ' ' << square_name(p.pinned) << ", by "
                  << square_name(p.pinner) << ", shields " << square_name(p.behind)
                  << (p.absolute ? " (king)" : "") << '\n';
        for (const soma::Tie& t : r.ties[c])
            lines << "  tie: " << side_name(c) << ' ' << square_name(t.defender) << " alone holds "
                  << squares_text(t.guarded) << '\n';
        for (const soma::Discovery& d : r.discoveries[c])
            lines << "  discovered: " << side_name(c) << ' ' << square_name(d.blocker) << " moves, "
                  << square_name(d.slider) << " hits " << square_name(d.target) << '\n';
        if (r.promotion_squares[c])
            lines << "  promotion held off: " << side_name(c) << " at "
                  << squares_text(r.promotion_squares[c]) << ", guards "
                  << squares_text(r.promotion_guards[~c]) << '\n';
        if (r.mate_squares[c])
            lines << "  mate threat: " << side_name(c) << " mates on "
                  << squares_text(r.mate_squares[c]) << '\n';
    }
    const std::string text = lines.str();
    out << "relations (A2):" << (text.empty() ? " none\n" : "\n" + text);
}

void write_chosen(std::ostream& out, const Iteration& it, bool no_legal_move) {
    out << "chosen: " << to_usi(it.chosen);
    if (!it.chosen.is_pass()) out << ' ' << to_article(it.chosen, it.side_to_move);
    const std::string score = it.model ? format(", learned score %.2f", it.chosen_score) : "";
    if (it.chosen_entry >= 0)
        out << " (entry #" << it.chosen_entry << ", weight " << it.chosen_weight << score << ")\n";
    else if (!it.chosen.is_pass())
        out << " (neutraliser, weight " << it.chosen_weight << score << ")\n";
    else if (no_legal_move)
        out << " (no legal move)\n";
    else if (it.model)
        out << " (nothing scores above the pass's " << format("%.2f", it.chosen_score) << ")\n";
    else
        out << " (nothing with a positive weight)\n";
}

// A learned choice taken apart: each candidate's score and its largest terms, best first.
void write_learned_choice(std::ostream& out, const Iteration& it) {
    const soma::ChoiceModel&   model   = *it.model;
    const soma::ChoiceContext& context = it.context;
    struct Scored {
        std::string          name;
        soma::ChoiceFeatures features;
        double               score;
    };
    std::vector<Scored> all;
    auto                add = [&](std::string name, const soma::ChoiceFeatures& f) {
        all.push_back({std::move(name), f, model.score(f)});
    };
    add("pass", soma::pass_features(context));
    for (std::size_t i = 0; i < it.entries.size(); ++i)
        if (it.entries[i].side == it.side_to_move)
            add(entry_name(it.entries, int(i)), soma::entry_features(it.entries[i], context));
    for (const soma::Neutraliser& n : it.neutralisers)
        add("parry " + to_usi(n.move), soma::parry_features(n, it.entries, context));
    std::stable_sort(
        all.begin(), all.end(), [](const Scored& a, const Scored& b) { return a.score > b.score; });
    out << "learned choice (model " << model.name << "), best first:\n";
    for (const Scored& c : all) {
        out << format("  %-24s %8.2f =", c.name.c_str(), c.score);
        std::vector<std::pair<double, int>> terms;
        for (int f = 0; f < soma::CHOICE_FEATURE_NB; ++f)
            if (const double t = model.weights[f] * c.features[f]; t != 0) terms.push_back({t, f});
        std::sort(terms.begin(), terms.end(),
            [](auto a, auto b) { return std::abs(a.first) > std::abs(b.first); });
        for (std::size_t k = 0; k < terms.size(); ++k)
            out << ' ' << format("%+.2f", terms[k].first) << " ("
                << soma::choice_feature_name(terms[k].second) << ')';
        out << '\n';
    }
}

// The rest of a neutraliser's weight: threats it weakens, what it exposes, its own gain.
void write_parry_account(std::ostream& out, const Iteration& it, const soma::Neutraliser& n) {
    for (const soma::Remaining& r : n.weakens) {
        if (r.entry < 0 || std::size_t(r.entry) >= it.entries.size()) continue;
        const Value before = it.entries[std::size_t(r.entry)].value;
        out << "; weakens " << entry_name(it.entries, r.entry) << " (" << before << " -> "
            << r.value << ", " << before - r.value << ')';
    }
    if (n.exposes) out << "; exposes " << n.exposes;
    if (n.gain) out << "; gains " << n.gain;
}

void write_neutralisers(std::ostream& out, const Iteration& it, bool explain) {
    out << "neutralisers (" << side_name(it.side_to_move) << "):";
    if (it.neutralisers.empty()) out << " none";
    out << '\n';
    for (const soma::Neutraliser& n : it.neutralisers) {
        out << format(
            "  %s weight %6d  saves", move_text(n.move, it.side_to_move).c_str(), n.weight);
        if (n.saves.empty()) out << " nothing";
        for (int s : n.saves) {
            out << ' ';
            if (explain && s >= 0 && std::size_t(s) < it.entries.size())
                out << entry_name(it.entries, s) << " (" << it.entries[std::size_t(s)].value << ')';
            else
                out << '#' << s;
        }
        if (explain) write_parry_account(out, it, n);
        out << '\n';
    }
}

void write_explanation(std::ostream& out, const Iteration& it) {
    out << "weights (B2):\n";
    for (std::size_t i = 0; i < it.entries.size(); ++i) {
        const XrefEntry& e = it.entries[i];
        out << "  " << entry_name(it.entries, int(i)) << ": value " << e.value;
        for (const Contribution& c : e.contributions)
            out << "\n      + " << c.value << " from " << entry_name(it.entries, c.entry) << " ("
                << reason_text(c.reason) << ')';
        out << "\n      = weight " << e.weight << '\n';
    }
}

// Iteration `number` (1-based) of `r`.
void write_iteration(std::ostream& out, const soma::EvalResult& r, std::size_t number,
    const ReportOptions& options) {
    const Iteration& it = r.iterations[number - 1];
    out << "iteration " << number << ": " << side_name(it.side_to_move) << " to move\n";
    write_table(out, it);
    if (it.relations) write_relations(out, *it.relations);
    if (options.explain) write_explanation(out, it);
    if (options.all_iterations || options.explain) write_neutralisers(out, it, options.explain);
    if (options.explain && it.model) write_learned_choice(out, it);
    write_chosen(out, it, number == r.iterations.size() && r.end == soma::LineEnd::NoLegalMove);
}

// Why the playout stopped, in words.
std::string end_text(const soma::EvalResult& r) {
    switch (r.end) {
    case soma::LineEnd::TwoPasses: return "both sides pass";
    case soma::LineEnd::Mate: return "the last move mates";
    case soma::LineEnd::NoLegalMove:
        return std::string(side_name(r.line.back().side)) + " has no legal move and has lost";
    case soma::LineEnd::Repetition:
        return "a position came back (the cycle guard stopped the playout)";
    case soma::LineEnd::IterationLimit:
        return "the iteration limit (the cycle guard stopped the playout)";
    }
    return "";
}

void write_line(std::ostream& out, const soma::EvalResult& r) {
    out << "predicted line:\n";
    for (std::size_t i = 0; i < r.line.size(); ++i) {
        const soma::LineStep& s = r.line[i];
        out << format("%4zu  %-6s %s %+6d\n", i + 1, side_name(s.side),
            move_text(s.move, s.side).c_str(), s.value);
    }
    if (!r.line.empty()) out << "ends: " << end_text(r) << '\n';
    out << "net: " << r.net << " (" << side_name(r.side_to_move) << "'s view)\n";
}

}  // namespace

std::string kind_flags(std::uint16_t kinds) {
    std::string s = "x+fidc*m";
    for (std::size_t i = 0; i < s.size(); ++i)
        if (!(kinds & (1u << i))) s[i] = '-';
    return s;
}

std::string neutralise_flags(const soma::Neutralisers& n) {
    return {n.run ? 'r' : '-', n.block ? 'b' : '-', n.defend ? 'd' : '-'};
}

std::string render_text(const EvalReport& report, const ReportOptions& options) {
    std::ostringstream      out;
    const soma::EvalResult& r = report.result;
    out << "position " << report.sfen << '\n' << side_name(r.side_to_move) << " to move\n\n";
    Position pos = std::get<Position>(parse_sfen(report.sfen));
    if (options.board) out << board_diagram(pos, options.diagram_style) << '\n';
    const std::size_t shown = options.all_iterations
        ? r.iterations.size()
        : std::min<std::size_t>(1, r.iterations.size());
    for (std::size_t i = 0; i < shown; ++i) {
        write_iteration(out, r, i + 1, options);
        out << '\n';
    }
    write_line(out, r);
    if (options.board && !r.line.empty()) {
        for (const soma::LineStep& s : r.line) pos.do_move(s.move);
        out << "\nat the end of the line:\n" << board_diagram(pos, options.diagram_style);
    }
    return out.str();
}

}  // namespace supersoma::cli
