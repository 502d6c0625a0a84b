#pragma once
// `supersoma analyse`: a played game searched move by move. Each position is searched with a
// fresh table and histories, so a fixed depth or node count gives the same result on any
// number of threads; each move gets the score before and after it, the score it dropped, a
// class, and for mistakes what SUPER-SOMA sees in the position the move left.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "record/recorded_game.hpp"
#include "search/search.hpp"
#include "soma/playout/options.hpp"

namespace supersoma::cli {

/// How bad a move was, by the winning chance it gave away (docs/analyse.md).
enum class MoveClass { Good, Inaccuracy, Mistake, Blunder };

/// "good", "inaccuracy", "mistake" or "blunder".
const char* class_name(MoveClass c);

/// The winning chance of a score in centipawns, from the side it is counted for (logistic,
/// 600 cp for a factor e in the odds, the scale shogi engines' win-rate tables use).
double win_chance(int cp);

/// The class of a move that lowered its mover's winning chance by `drop` (0..1).
MoveClass classify(double drop);

/// What the analysis needs besides the game.
struct AnalysisSettings {
    search::Limits   limits;  // per position: depth, nodes or movetime
    search::LeafMode leaf_mode = search::LeafMode::QSearch;
    unsigned         jobs      = 1;
    int              from_ply  = 1;        // the first move analysed (1: the game's first)
    int              to_ply    = 1 << 30;  // the last
    std::size_t      hash_mb   = 16;
};

/// A search of one position, from its side to move's view.
struct PositionScore {
    int                      cp = 0;  // centipawns; mates are ±MATE_CP
    std::optional<int>       mate;    // plies to mate (negative: mated), when found
    std::string              best;    // USI; "" when the side to move has no move
    std::vector<std::string> pv;      // USI
    int                      depth = 0;
    std::uint64_t            nodes = 0;
};

/// A mate counts as this many centipawns in drops and graphs.
constexpr int MATE_CP = 3000;

/// An opposing XREF entry that gains at once in the position a mistake left.
struct Threat {
    std::string move;       // USI
    std::string kind;       // "capture", "promotion", "mate", ...
    std::string target;     // the square of the piece it takes or threatens ("" if none)
    std::string piece;      // that piece's SFEN letter ("" if none)
    int         value = 0;  // centipawns, the opponent's gain
};

/// A threat input the move made or ended, as the built-in threat network weighs it.
struct ThreatShift {
    std::string from, to;         // squares, USI: the attacker's and the victim's (a shield's and
                                  // its king's)
    std::string piece, target;    // the pieces on them as SFEN letters ("R", "+s")
    int         feature  = 0;     // the input, numbered from the mover's view (threats::describe)
    bool        appeared = true;  // made by the move (false: ended by it)
    int         value    = 0;     // centipawns, what the change did to the mover (negative: cost)
};

/// What the threat inputs shown with a mistake must cost the mover together to explain it: a
/// pawn, as the network prices them.
constexpr int THREATS_REASON_CP = 100;

/// What decides a mistake, the one a player is shown (docs/analyse.md): without one, a move
/// is not classed a mistake on the search's word alone.
enum class Reason {
    None,
    MateAllowed,  // the move lets the opponent force mate
    MateMissed,   // the mover had a forced mate and gave it up
    Exchange,     // the mover's capture loses its exchange (SOMA)
    Material,     // SUPER-SOMA's line wins the opponent material
    BetterPlan,   // the best move wins material (its capture, SUPER-SOMA's line after it)
    Threats,      // the threat inputs the move made or ended weigh against the mover
};

/// "mate allowed", "mate missed", "exchange", "material", "better plan", "threats" or "".
const char* reason_name(Reason r);

/// The SUPER-SOMA the explanations read: the full method with the learned choice.
const soma::EvalOptions& explanation_options();

/// What SUPER-SOMA sees after a mistake: the opponent's gaining entries and its line.
struct Explanation {
    std::vector<Threat> threats;  // highest value first, at most five
    /// The predicted line up to its last gain (the moves that matter, passes kept between),
    /// USI, at most eight moves.
    std::vector<std::string> line;
    int                      net   = 0;      // the material that line wins, cp, the opponent's view
    bool                     mates = false;  // the line ends in mate
    std::optional<int>       exchange;       // the mover's capture's SOMA in cp, when it loses
    /// The material the best move wins for the mover, cp: its capture's exchange and what
    /// SUPER-SOMA's line after it wins.
    int better_plan_cp = 0;
    /// The threat inputs the move made or ended that cost the mover most (10 cp or more each),
    /// largest cost first, at most three.
    std::vector<ThreatShift> shifts;
};

/// One analysed move.
struct MoveAnalysis {
    int           ply   = 0;  // 1 for the game's first move
    Color         mover = SENTE;
    std::string   usi, kif, japanese;  // the move as USI, as KIF writes it, "▲７六歩"
    std::string   sfen_before, sfen_after;
    PositionScore before;  // the position before the move, mover to move
    PositionScore after;   // the position after it, opponent to move
    /// The position before the move searched with the root restricted to the move played
    /// (as `go searchmoves` does): `before` itself when the search's best is the move.
    PositionScore played;
    int           before_cp = 0;  // the best move's score, the mover's view
    int           after_cp  = 0;  // the played move's, from the same search: at most before_cp
    int           drop_cp   = 0;  // before_cp - after_cp: 0 for the engine's best move
    double        drop      = 0;  // winning chance lost, 0..1
    MoveClass     cls       = MoveClass::Good;
    std::optional<Explanation> explanation;            // moves the drop made mistakes or blunders
    Reason                     reason = Reason::None;  // what decides a mistake or a blunder
    /// The drop made it a mistake or a blunder but no reason could be shown: an inaccuracy.
    bool unexplained = false;
    /// A forced mate the move let the opponent have, in plies (the opponent's line: after.pv).
    std::optional<int> mate_allowed;
    /// A forced mate the mover had and the move gave up, in plies (the line: before.pv).
    std::optional<int> mate_missed;
};

/// The side that mates by force in a position searched with `to_move` to move, if one does.
std::optional<Color> mating_side(const PositionScore& score, Color to_move);

/// A player's account of a game.
struct PlayerSummary {
    int    moves = 0, inaccuracies = 0, mistakes = 0, blunders = 0;
    double average_loss_cp = 0;  // the mean of drop_cp over the player's analysed moves
};

/// The whole analysis of one game.
struct GameAnalysis {
    record::RecordedGame      game;
    std::vector<MoveAnalysis> moves;
    PlayerSummary             players[COLOR_NB];
    std::string               stopped;  // why the moves stopped early ("" if they did not)
};

/// Progress: positions done and positions in all.
using AnalysisProgress = std::function<void(int done, int total)>;

/// Analyses `game` (its moves already checked by the reader); calls `progress` after each
/// position on the calling thread.
GameAnalysis analyse_game(const record::RecordedGame& game, const AnalysisSettings& settings,
    const AnalysisProgress& progress = {});

}  // namespace supersoma::cli
