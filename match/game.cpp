#include "match/game.hpp"

#include <cassert>

#include "engine/sfen.hpp"
#include "util/utc_time.hpp"

namespace supersoma::match {

namespace {

std::string position_command(const GameRecord& record) {
    std::string text = record.start_sfen == std::string(StartSfen)
        ? "position startpos"
        : "position sfen " + record.start_sfen;
    if (!record.moves.empty()) text += " moves";
    for (const std::string& m : record.moves) text += " " + m;
    return text;
}

/// What each engine is told at the end: "win", "lose" or "draw" for `c`.
const char* outcome_for(Winner winner, Color c) {
    if (winner == Winner::Draw) return "draw";
    return (winner == Winner::Sente) == (c == SENTE) ? "win" : "lose";
}

}  // namespace

GameRecord play_game(
    UsiEngine& sente, UsiEngine& gote, const Opening& opening, const GameSettings& settings) {
    UsiEngine*        engines[COLOR_NB] = {&sente, &gote};
    const TimeControl sente_tc          = sente.spec().time_control.value_or(settings.time_control);
    const TimeControl gote_tc           = gote.spec().time_control.value_or(settings.time_control);
    GameRecord        record;
    record.names[SENTE]  = sente.id_name();
    record.names[GOTE]   = gote.id_name();
    record.event         = settings.event;
    record.start_time    = utc_now("%Y/%m/%d %H:%M:%S");
    record.time_control  = describe_time_controls(sente_tc, gote_tc);
    record.start_sfen    = opening.start_sfen;
    record.opening_plies = int(opening.moves.size());

    Referee referee(std::get<Position>(parse_sfen(opening.start_sfen)), settings.entering_king,
        settings.max_plies);
    std::optional<GameResult> result;
    for (const std::string& m : opening.moves) {
        record.moves.push_back(m);
        record.times_ms.push_back(0);
        if ((result = referee.play(m))) break;
    }
    for (Color c : {SENTE, GOTE})
        if (!result && !engines[c]->new_game(settings.hang_grace))
            result = GameResult::loss_of(c, EndReason::Hang, "no readyok after usinewgame");

    GameClock clocks[COLOR_NB] = {GameClock(sente_tc), GameClock(gote_tc)};
    while (!result) {
        const Color side   = referee.position().side_to_move();
        UsiEngine&  engine = *engines[side];
        const auto  budget = clocks[side].budget_ms();
        const auto  deadline
            = SteadyClock::now() + std::chrono::milliseconds(budget) + settings.hang_grace;
        const EngineReply reply = engine.think(position_command(record),
            go_command(side, clocks[SENTE], clocks[GOTE], engine.spec().swapped_clocks), deadline,
            std::chrono::milliseconds(1000));
        const std::string took  = std::to_string(reply.elapsed_ms) + " ms";
        if (reply.status == EngineReply::Status::Crashed) {
            result = GameResult::loss_of(side, EndReason::Crash, "output closed after " + took);
        } else if (reply.status == EngineReply::Status::NoAnswer) {
            result = GameResult::loss_of(side, EndReason::Hang,
                "no bestmove within " + std::to_string(budget) + " ms + "
                    + std::to_string(settings.hang_grace.count()) + " ms");
        } else if (!clocks[side].charge(reply.elapsed_ms)) {
            result = GameResult::loss_of(side, EndReason::TimeLoss,
                "bestmove " + reply.move + " after " + took + ", " + std::to_string(budget)
                    + " ms allowed");
        } else {
            const int played = referee.plies();
            result           = referee.play(reply.move);
            assert(referee.plies() - played <= 1 && "a reply plays at most one move");
            if (referee.plies() > played) {
                record.moves.push_back(reply.move);
                record.times_ms.push_back(reply.elapsed_ms);
                record.reports.resize(record.moves.size() - 1);
                record.reports.push_back(reply.report);
            }
        }
    }
    assert(record.times_ms.size() == record.moves.size());
    assert(record.reports.size() <= record.moves.size());
    record.result       = *result;
    record.last_to_move = referee.position().side_to_move();
    const Color loser   = result->winner == Winner::Sente ? GOTE : SENTE;
    switch (result->reason) {
    case EndReason::IllegalMove:
    case EndReason::FalseDeclaration:
    case EndReason::TimeLoss:
    case EndReason::Hang:
    case EndReason::Crash: record.fault_lines = engines[loser]->last_lines(); break;
    default: break;
    }
    for (Color c : {SENTE, GOTE})
        if (engines[c]->alive()) engines[c]->game_over(outcome_for(result->winner, c));
    return record;
}

}  // namespace supersoma::match
