#include "cli/report_json.hpp"

#include <array>

#include "engine/notation.hpp"

namespace supersoma::cli {

namespace {

using json = nlohmann::ordered_json;
using soma::XrefEntry;

// The EntryKind bits in bit order, with their JSON names.
constexpr std::array<const char*, 8> KindNames
    = {"capture", "promotion", "fork", "immobile", "discovered", "check", "drop", "mate"};

json square_json(Square s) {
    return s == SQ_NONE ? json(nullptr) : json(square_name(s));
}

json contribution_json(const soma::Contribution& c) {
    return {{"entry", c.entry}, {"value", c.value},
        {"reason",
            c.reason == soma::Contribution::Reason::CapturesMover ? "captures_mover"
                                                                  : "moves_target"}};
}

json entry_json(const XrefEntry& e) {
    json contributions = json::array();
    for (const auto& c : e.contributions) contributions.push_back(contribution_json(c));
    return {{"move", to_usi(e.move)}, {"article", to_article(e.move, e.side)},
        {"side", side_name(e.side)}, {"kinds", kind_names(e.kinds)}, {"value", e.value},
        {"first", e.first}, {"recapture", e.recapture},
        {"neutralise",
            {{"run", e.neutralise.run}, {"block", e.neutralise.block},
                {"defend", e.neutralise.defend}}},
        {"target", square_json(e.target)}, {"weight", e.weight},
        {"contributions", std::move(contributions)}};
}

json neutraliser_json(const soma::Neutraliser& n, Color side) {
    json weakens = json::array();
    for (const soma::Remaining& r : n.weakens)
        weakens.push_back({{"entry", r.entry}, {"value_after", r.value}});
    return {{"move", to_usi(n.move)}, {"article", to_article(n.move, side)}, {"weight", n.weight},
        {"saves", n.saves}, {"weakens", weakens}, {"exposes", n.exposes}, {"gain", n.gain}};
}

json squares_json(Bitboard squares) {
    json out = json::array();
    for (Square s : squares) out.push_back(square_name(s));
    return out;
}

json by_side_json(const std::array<Bitboard, COLOR_NB>& squares) {
    return {{"sente", squares_json(squares[SENTE])}, {"gote", squares_json(squares[GOTE])}};
}

json relations_json(const soma::RelationSummary& r) {
    json pins = json::array(), ties = json::array(), discoveries = json::array();
    for (Color c : {SENTE, GOTE}) {
        for (const soma::Pin& p : r.pins[c])
            pins.push_back({{"side", side_name(c)}, {"pinned", square_name(p.pinned)},
                {"pinner", square_name(p.pinner)}, {"behind", square_name(p.behind)},
                {"absolute", p.absolute}});
        for (const soma::Tie& t : r.ties[c])
            ties.push_back({{"side", side_name(c)}, {"defender", square_name(t.defender)},
                {"holds", squares_json(t.guarded)}});
        for (const soma::Discovery& d : r.discoveries[c])
            discoveries.push_back({{"side", side_name(c)}, {"blocker", square_name(d.blocker)},
                {"slider", square_name(d.slider)}, {"target", square_name(d.target)}});
    }
    return {{"pins", std::move(pins)}, {"ties", std::move(ties)},
        {"discoveries", std::move(discoveries)},
        {"promotion_squares", by_side_json(r.promotion_squares)},
        {"promotion_guards", by_side_json(r.promotion_guards)},
        {"mate_squares", by_side_json(r.mate_squares)}};
}

json iteration_json(const soma::Iteration& it) {
    json entries = json::array();
    for (const XrefEntry& e : it.entries) entries.push_back(entry_json(e));
    json neutralisers = json::array();
    for (const auto& n : it.neutralisers)
        neutralisers.push_back(neutraliser_json(n, it.side_to_move));
    return {{"side_to_move", side_name(it.side_to_move)}, {"chosen", to_usi(it.chosen)},
        {"chosen_weight", it.chosen_weight},
        {"chosen_entry", it.chosen_entry >= 0 ? json(it.chosen_entry) : json(nullptr)},
        {"entries", std::move(entries)}, {"neutralisers", std::move(neutralisers)},
        {"relations", it.relations ? relations_json(*it.relations) : json(nullptr)}};
}

json line_json(const ArenaVector<soma::LineStep>& line) {
    json steps = json::array();
    for (const soma::LineStep& s : line)
        steps.push_back(
            {{"move", to_usi(s.move)}, {"side", side_name(s.side)}, {"value", s.value}});
    return steps;
}

}  // namespace

std::vector<std::string> kind_names(std::uint16_t kinds) {
    std::vector<std::string> names;
    for (std::size_t i = 0; i < KindNames.size(); ++i)
        if (kinds & (1u << i)) names.emplace_back(KindNames[i]);
    return names;
}

nlohmann::ordered_json eval_json(
    const EvalReport& report, JsonDetail detail, std::optional<std::size_t> input_line) {
    const soma::EvalResult& r = report.result;
    json j = {{"sfen", report.sfen}, {"side_to_move", side_name(r.side_to_move)}, {"net", r.net},
        {"line", line_json(r.line)}, {"end", soma::line_end_name(r.end)},
        {"cycle_stopped", r.cycle_stopped()}};
    if (detail == JsonDetail::Full) {
        json iterations = json::array();
        for (const auto& it : r.iterations) iterations.push_back(iteration_json(it));
        j["iterations"] = std::move(iterations);
    }
    if (input_line) j["input_line"] = *input_line;
    return j;
}

nlohmann::ordered_json error_json(std::optional<std::size_t> input_line, std::string_view message) {
    json j = {{"error", std::string(message)}};
    if (input_line) j["input_line"] = *input_line;
    return j;
}

std::string render_error_json(std::optional<std::size_t> input_line, std::string_view message) {
    return error_json(input_line, message).dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string render_json(const EvalReport& report, JsonDetail detail, int indent,
    std::optional<std::size_t> input_line) {
    return eval_json(report, detail, input_line)
        .dump(indent, ' ', false, json::error_handler_t::replace);
}

}  // namespace supersoma::cli
