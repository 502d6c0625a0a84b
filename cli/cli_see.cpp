// `supersoma see`: chess SEE of one capture (forced, seed 000 seeCapture) or of one square
// (stand-pat, seed 000 see), as text or JSON, with seed 001's swap list on request.
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <variant>

#include <nlohmann/json.hpp>

#include "cli/cli.hpp"
#include "soma/chess/chess_capture.hpp"
#include "soma/chess/chess_swap.hpp"
#include "soma/core/values.hpp"

namespace supersoma::cli {

namespace {

namespace chess = soma::chess;

struct SeeOptions {
    std::string fen;
    std::string move;
    std::string square;
    std::string side;
    std::string values = "cpw";
    bool        trace  = false;
    bool        json   = false;
};

/// What `see` computed, ready to print.
struct SeeReport {
    soma::SwapTrace trace;
    chess::Square   target = 0;
};

chess::Color parse_side(const std::string& text, const chess::ChessBoard& board) {
    if (text.empty()) return board.side_to_move();
    if (text == "white" || text == "w") return chess::WHITE;
    if (text == "black" || text == "b") return chess::BLACK;
    fail("see", "--side: expected white or black, got '" + text + "'");
}

SeeReport evaluate(
    const SeeOptions& o, const chess::ChessBoard& board, const soma::ChessValues& values) {
    if (!o.move.empty()) {
        auto capture = chess::parse_capture(board, o.move);
        if (auto* e = std::get_if<chess::CaptureError>(&capture)) fail("see", e->message());
        const auto [from, to] = std::get<chess::ChessCapture>(capture);
        return {chess::see_capture_trace(board, values, from, to), to};
    }
    const std::optional<chess::Square> square = chess::parse_square(o.square);
    if (!square) fail("see", "--square: expected a square like e5, got '" + o.square + "'");
    return {chess::see_trace(board, values, *square, parse_side(o.side, board)), *square};
}

std::vector<std::string> capture_texts(const SeeReport& report) {
    std::vector<std::string> texts;
    for (const soma::SwapStep& step : report.trace.captures)
        texts.push_back(
            chess::capture_text(step.attacker.square, report.target, step.attacker.promotes));
    return texts;
}

void print_text(const SeeReport& report, bool with_trace) {
    if (with_trace) {
        std::cout << "captures:";
        for (const std::string& text : capture_texts(report)) std::cout << ' ' << text;
        std::cout << "\nswap list:";
        for (soma::Value gain : report.trace.gains) std::cout << ' ' << gain;
        std::cout << "  (gains before back-up, last one speculative)\nbest play: "
                  << report.trace.played << " of " << report.trace.captures.size() << " captures\n";
    }
    std::cout << "value " << report.trace.value << std::endl;
}

void print_json(const SeeReport& report, const SeeOptions& o) {
    nlohmann::json out;
    out["value"]     = report.trace.value;
    out["swap_list"] = report.trace.gains;
    out["captures"]  = capture_texts(report);
    out["played"]    = report.trace.played;
    out["square"]    = chess::square_name(report.target);
    out["values"]    = o.values;
    if (!o.move.empty()) out["move"] = o.move;
    std::cout << out.dump() << std::endl;
}

void run_see(const SeeOptions& o) {
    auto board = chess::parse_fen(o.fen);
    if (auto* e = std::get_if<chess::FenError>(&board)) fail("see", e->message());
    auto values = soma::parse_chess_values(o.values);
    if (auto* e = std::get_if<soma::ValuesError>(&values)) fail("see", e->message());
    if (o.move.empty() == o.square.empty()) fail("see", "give exactly one of --move and --square");
    const SeeReport report
        = evaluate(o, std::get<chess::ChessBoard>(board), std::get<soma::ChessValues>(values));
    if (o.json)
        print_json(report, o);
    else
        print_text(report, o.trace);
}

}  // namespace

void add_see_command(CLI::App& app) {
    auto  opts = std::make_shared<SeeOptions>();
    auto* cmd  = app.add_subcommand(
         "see", "Chess static exchange evaluation of a capture (--move) or a square (--square)");
    cmd->add_option("--fen", opts->fen, "Chess position as FEN (move counters optional)")
        ->required();
    cmd->add_option("--move", opts->move, "The capture to evaluate, forced, e.g. e1e5");
    cmd->add_option("--square", opts->square, "Stand-pat form: the square to evaluate, e.g. e5");
    cmd->add_option("--side", opts->side, "Stand-pat form: white or black (default: side to move)");
    cmd->add_option("--values", opts->values, "cpw, mediocre, or P,N,B,R,Q")->capture_default_str();
    cmd->add_flag("--trace", opts->trace, "Print the captures and seed 001's swap list");
    cmd->add_flag("--json", opts->json, "Print a JSON object (value, swap_list, captures, ...)");
    cmd->callback([opts] { run_see(*opts); });
}

}  // namespace supersoma::cli
