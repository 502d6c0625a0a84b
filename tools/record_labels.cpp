#include "tools/record_labels.hpp"

#include <cstdlib>
#include <optional>
#include <sstream>
#include <variant>

#include "engine/notation.hpp"
#include "engine/sfen.hpp"
#include "match/search_report.hpp"
#include "record/csa.hpp"

namespace supersoma::tune {

namespace {

using match::CSA_MATE_VALUE;
// The farthest mate a comment can carry (an unknown distance); any score beyond is a mate.
constexpr int CSA_MATE_FLOOR = CSA_MATE_VALUE - match::UNKNOWN_MATE_PLIES;

/// The sente-side score of a move's Floodgate comment (`'** <score> <line>`), if it has one.
std::optional<int> comment_score(const std::vector<std::string>& comments) {
    std::optional<int> score;
    for (const std::string& comment : comments) {
        if (comment.rfind("** ", 0) != 0) continue;
        std::istringstream words(comment.substr(3));
        int                value = 0;
        if (words >> value) score = value;
    }
    return score;
}

std::string score_text(int sente_score, Color mover) {
    const int value = mover == SENTE ? sente_score : -sente_score;
    if (std::abs(value) < CSA_MATE_FLOOR) return std::to_string(value);
    // As match::sente_score wrote it: CSA_MATE_VALUE less the plies, signed.
    const int plies = CSA_MATE_VALUE - std::abs(value);
    return "mate " + std::to_string(value > 0 ? plies : -plies);
}

}  // namespace

std::vector<RecordLabel> labels_from_csa(const std::string& text, const std::string& player) {
    const record::RecordedGame game = record::parse_csa(text);
    Position                   pos  = std::get<Position>(parse_sfen(game.start_sfen));
    std::vector<RecordLabel>   labels;
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        const Color              mover = pos.side_to_move();
        const Move               move  = std::get<Move>(parse_usi_move(pos, game.moves[i]));
        const std::optional<int> score = comment_score(game.comments[i]);
        if (score && game.names[mover].rfind(player, 0) == 0)
            labels.push_back({to_sfen(pos), game.moves[i], score_text(*score, mover)});
        pos.do_move(move);
    }
    return labels;
}

std::string to_line(const RecordLabel& label) {
    return label.sfen + ";" + label.move + ";" + label.score;
}

}  // namespace supersoma::tune
