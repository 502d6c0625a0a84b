#include "match/csa_record.hpp"

#include <sstream>
#include <stdexcept>

#include "engine/notation.hpp"
#include "engine/sfen.hpp"
#include "record/csa.hpp"

namespace supersoma::match {

namespace {

const char* end_token(const GameResult& result, Color last_to_move) {
    switch (result.reason) {
    case EndReason::Mate: return "%TSUMI";
    case EndReason::Resign: return "%TORYO";
    case EndReason::Repetition: return "%SENNICHITE";
    case EndReason::PerpetualCheck: return "%OUTE_SENNICHITE";
    case EndReason::Declaration: return "%KACHI";
    case EndReason::MoveLimit: return "%MAX_MOVES";
    case EndReason::TimeLoss:
    case EndReason::Hang: return "%TIME_UP";
    case EndReason::Crash: return "%CHUDAN";
    case EndReason::FalseDeclaration:
    case EndReason::IllegalMove:
        return last_to_move == SENTE ? "%+ILLEGAL_ACTION" : "%-ILLEGAL_ACTION";
    }
    return "%CHUDAN";
}

std::string winner_text(const GameRecord& r) {
    switch (r.result.winner) {
    case Winner::Sente: return "sente (" + r.names[SENTE] + ") wins";
    case Winner::Gote: return "gote (" + r.names[GOTE] + ") wins";
    case Winner::Draw: return "draw";
    }
    return "?";
}

/// The `'**` line of a move: the score from sente's side, then the line the engine expected
/// after its move, in CSA, up to its first move that is not legal.
std::string report_comment(
    const Position& after, const SearchReport& report, const std::string& played) {
    std::string text = "'** " + std::to_string(sente_score(report, ~after.side_to_move()));
    if (!report.pv.empty() && report.pv.front() == played) {
        Position pos = after;
        for (std::size_t i = 1; i < report.pv.size(); ++i) {
            const auto move = parse_usi_move(pos, report.pv[i]);
            if (!std::holds_alternative<Move>(move)) break;
            text += " " + record::csa_move(pos, std::get<Move>(move));
            pos.do_move(std::get<Move>(move));
        }
    }
    return text + "\n";
}

/// Removes `prefix` from the front of `text`; false when it is not there.
bool consume(std::string& text, const std::string& prefix) {
    if (text.rfind(prefix, 0) != 0) return false;
    text.erase(0, prefix.size());
    return true;
}

/// The result of a "'result …" line as winner_text wrote it, given the players' names.
std::optional<GameResult> parse_result_line(std::string line, const std::string names[]) {
    GameResult result;
    if (consume(line, "draw by "))
        result.winner = Winner::Draw;
    else if (consume(line, "sente (" + names[SENTE] + ") wins by "))
        result.winner = Winner::Sente;
    else if (consume(line, "gote (" + names[GOTE] + ") wins by "))
        result.winner = Winner::Gote;
    else
        return std::nullopt;
    const auto colon  = line.find(": ");
    const auto reason = end_reason_from_string(line.substr(0, colon));
    if (!reason || colon == std::string::npos) return std::nullopt;
    result.reason = *reason;
    result.detail = line.substr(colon + 2);
    return result;
}

}  // namespace

std::optional<GameRecord> read_csa_result(const std::string& text) {
    std::string        time_control, result_line;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        if (consume(line, "'time control ")) time_control = line;
        if (consume(line, "'result ")) result_line = line;
    }
    if (result_line.empty()) return std::nullopt;
    const record::RecordedGame game = record::parse_csa(text);
    GameRecord                 r;
    r.names[SENTE]    = game.names[SENTE];
    r.names[GOTE]     = game.names[GOTE];
    const auto result = parse_result_line(result_line, r.names);
    if (!result) throw std::runtime_error("unreadable result line '" + result_line + "'");
    r.result       = *result;
    r.time_control = time_control;
    r.start_sfen   = game.start_sfen;
    r.moves        = game.moves;
    r.times_ms.assign(r.moves.size(), 0);
    const Color first = std::get<Position>(parse_sfen(r.start_sfen)).side_to_move();
    r.last_to_move    = r.moves.size() % 2 == 0 ? first : ~first;
    return r;
}

std::string to_csa(const GameRecord& r) {
    auto parsed = parse_sfen(r.start_sfen);
    if (!std::holds_alternative<Position>(parsed)) throw std::runtime_error("bad start SFEN");
    Position    pos  = std::get<Position>(parsed);
    std::string text = "'CSA encoding=UTF-8\nV2.2\n";
    text += "N+" + r.names[SENTE] + "\nN-" + r.names[GOTE] + "\n";
    if (!r.event.empty()) text += "$EVENT:" + r.event + "\n";
    if (!r.start_time.empty()) text += "$START_TIME:" + r.start_time + "\n";
    if (!r.time_control.empty()) text += "'time control " + r.time_control + "\n";
    text += record::csa_position(pos);
    for (std::size_t i = 0; i < r.moves.size(); ++i) {
        const auto move = parse_usi_move(pos, r.moves[i]);
        if (!std::holds_alternative<Move>(move))
            throw std::runtime_error("record move " + std::to_string(i + 1) + " is not legal");
        if (int(i) == r.opening_plies && r.opening_plies > 0) text += "'end of opening\n";
        text += record::csa_move(pos, std::get<Move>(move)) + "\n";
        const int64_t ms = i < r.times_ms.size() ? r.times_ms[i] : 0;
        text += "T" + std::to_string(ms / 1000) + "\n";
        pos.do_move(std::get<Move>(move));
        if (i < r.reports.size() && r.reports[i])
            text += report_comment(pos, *r.reports[i], r.moves[i]);
    }
    text += std::string(end_token(r.result, r.last_to_move)) + "\n";
    text += "'result " + winner_text(r) + " by " + to_string(r.result.reason) + ": "
        + r.result.detail + "\n";
    for (const std::string& line : r.fault_lines) text += "'> " + line + "\n";
    return text;
}

}  // namespace supersoma::match
