#include "match/referee.hpp"

#include <cassert>

#include "engine/movegen.hpp"
#include "engine/notation.hpp"

namespace supersoma::match {

const char* to_string(EndReason reason) {
    switch (reason) {
    case EndReason::Mate: return "checkmate";
    case EndReason::Resign: return "resignation";
    case EndReason::Repetition: return "repetition";
    case EndReason::PerpetualCheck: return "perpetual check";
    case EndReason::Declaration: return "entering-king declaration";
    case EndReason::FalseDeclaration: return "false declaration";
    case EndReason::MoveLimit: return "move limit";
    case EndReason::IllegalMove: return "illegal move";
    case EndReason::TimeLoss: return "time loss";
    case EndReason::Hang: return "no answer";
    case EndReason::Crash: return "crash";
    }
    return "?";
}

std::optional<EndReason> end_reason_from_string(const std::string& text) {
    for (int r = 0; r <= int(EndReason::Crash); ++r)
        if (text == to_string(EndReason(r))) return EndReason(r);
    return std::nullopt;
}

std::optional<GameResult> Referee::play(const std::string& text) {
    const Color mover = pos_.side_to_move();
    if (text == "resign") return GameResult::loss_of(mover, EndReason::Resign, "resigned");
    if (text == "win") {
        if (declaration_wins(pos_, rule_))
            return GameResult::loss_of(~mover, EndReason::Declaration, "declared and won");
        return GameResult::loss_of(mover, EndReason::FalseDeclaration,
            "declared a win the rule does not give ("
                + std::to_string(declaration_points(pos_, mover)) + " points)");
    }
    const auto parsed = parse_usi_move(pos_, text);
    if (const auto* error = std::get_if<MoveTextError>(&parsed))
        return GameResult::loss_of(
            mover, EndReason::IllegalMove, "played '" + text + "': " + error->what);
    assert(is_legal(pos_, std::get<Move>(parsed)) && "the parser admits legal moves only");
    pos_.do_move(std::get<Move>(parsed));
    return judge();
}

std::optional<GameResult> Referee::judge() const {
    const Color to_move = pos_.side_to_move();
    if (generate(GenKind::Legal, pos_).empty())
        return GameResult::loss_of(
            to_move, EndReason::Mate, pos_.in_check() ? "checkmated" : "no legal move");
    switch (repetition(pos_)) {
    case Repetition::Draw:
        return GameResult {Winner::Draw, EndReason::Repetition, "fourfold repetition"};
    case Repetition::SideToMoveWins:
        return GameResult::loss_of(~to_move, EndReason::PerpetualCheck, "gave perpetual check");
    case Repetition::SideToMoveLoses:
        return GameResult::loss_of(to_move, EndReason::PerpetualCheck, "gave perpetual check");
    case Repetition::None: break;
    }
    if (plies() >= max_plies_)
        return GameResult {
            Winner::Draw, EndReason::MoveLimit, std::to_string(plies()) + " plies played"};
    return std::nullopt;
}

}  // namespace supersoma::match
