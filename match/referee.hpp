#pragma once
// The rules a match is judged by: which moves are legal and when a game is over.

#include <optional>
#include <string>
#include <vector>

#include "engine/position.hpp"
#include "engine/rules.hpp"

namespace supersoma::match {

/// Why a game ended.
enum class EndReason {
    Mate,        // the side to move has no legal move (checkmate; a pawn-drop "mate" is illegal)
    Resign,      // `bestmove resign`
    Repetition,  // fourfold repetition without perpetual check: a draw
    PerpetualCheck,    // fourfold repetition where one side checked throughout: it loses
    Declaration,       // `bestmove win` with a valid entering-king declaration
    FalseDeclaration,  // `bestmove win` without one: the declarer loses
    MoveLimit,         // the game reached the match's move limit: a draw
    IllegalMove,       // a move that is not legal, or text that is not a move
    TimeLoss,          // a move that came after the clock ran out
    Hang,              // no answer long after the clock ran out (the engine was stopped)
    Crash,             // the engine's process ended or closed its output
};

/// A short lower-case name, e.g. "perpetual check".
const char* to_string(EndReason reason);
/// The reason named by to_string, or nullopt for another text.
std::optional<EndReason> end_reason_from_string(const std::string& text);

/// Who won: a colour, or nobody.
enum class Winner { Sente, Gote, Draw };

struct GameResult {
    Winner      winner = Winner::Draw;
    EndReason   reason = EndReason::MoveLimit;
    std::string detail;  // for people: which move, which rule, how long

    static GameResult loss_of(Color loser, EndReason reason, std::string detail) {
        return {loser == SENTE ? Winner::Gote : Winner::Sente, reason, std::move(detail)};
    }
};

/// Keeps the position of a game and judges it after every move.
class Referee {
public:
    Referee(const Position& start, EnteringKingRule rule, int max_plies)
        : pos_(start)
        , rule_(rule)
        , max_plies_(max_plies) { }

    const Position& position() const { return pos_; }
    /// Moves played since the start position given to the constructor.
    int plies() const { return pos_.moves_made(); }

    /// Plays the engine's answer `text` for the side to move ("resign", "win" or a USI
    /// move). Returns the result when that answer ends the game.
    std::optional<GameResult> play(const std::string& text);

    /// The result when the current position ends the game (no legal move, repetition,
    /// move limit), checked after each move.
    std::optional<GameResult> judge() const;

private:
    Position         pos_;
    EnteringKingRule rule_;
    int              max_plies_;
};

}  // namespace supersoma::match
