#pragma once
// What `supersoma analyse` writes: the JSON summary (docs/analyse.md), the annotated KIF that
// ShogiGUI and ShogiHome show, and the self-contained HTML report.

#include <string>

#include <nlohmann/json.hpp>

#include "cli/game_analysis.hpp"

namespace supersoma::cli {

/// The JSON summary: the players, their accounts, and one object per analysed move.
nlohmann::ordered_json analysis_json(const GameAnalysis& analysis);

/// The game as KIF text (UTF-8; its first line names `encoding`, the one it will be saved
/// in), the record whole (header, comments, times, end, result line) with the analysis added
/// after each move's own comments: the score and line in ShogiHome's "#評価値=" form and
/// ShogiGUI's "**解析" form, the class, and for mistakes what SUPER-SOMA sees.
std::string annotated_kif(const GameAnalysis& analysis, const std::string& encoding = "UTF-8");

/// How the report writes moves and pieces.
enum class Notation {
    Japanese,  // ▲７六歩, kanji pieces on the boards
    English,   // USI (7g7f), SFEN letters on the boards
};

/// One HTML page, nothing outside it: the evaluation graph (SVG, a point per move with the
/// move numbers and the chance's scale, mistakes marked), each player's account, and for
/// every mistake what decides it, the board it left with SUPER-SOMA's line and the lines.
std::string html_report(
    const GameAnalysis& analysis, const std::string& title, Notation notation = Notation::Japanese);

}  // namespace supersoma::cli
