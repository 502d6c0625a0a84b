#include "cli/position_input.hpp"

#include <stdexcept>

#include "cli/cli.hpp"
#include "engine/game_position.hpp"
#include "engine/notation.hpp"
#include "engine/sfen.hpp"
#include "record/record.hpp"

namespace supersoma::cli {

void add_record_options(CLI::App* cmd, RecordInput& input) {
    auto* record = cmd->add_option("--record", input.path,
        "A game record (CSA or KIF, UTF-8 or Shift_JIS) to take the position from");
    whole_number(cmd->add_option("--ply", input.ply,
                     "With --record: the position after this many plies (0: the start; "
                     "default: the end)"),
        0, 100'000)
        ->needs(record);
}

std::variant<Position, std::string> position_from_text(const std::string& text) {
    auto parsed = parse_game_position(text);
    if (const auto* error = std::get_if<SfenError>(&parsed)) return error->message();
    const GamePosition& game = std::get<GamePosition>(parsed);
    if (game.move_error) return *game.move_error;
    return game.position;
}

std::variant<Position, std::string> position_from_record(const RecordInput& input) {
    record::RecordedGame game;
    try {
        game = record::load_record(input.path);
    } catch (const std::runtime_error& e) {
        return std::string(e.what());
    }
    const std::size_t plies = input.ply ? std::size_t(*input.ply) : game.moves.size();
    if (plies > game.moves.size())
        return input.path + ": --ply " + std::to_string(plies) + " is past the end: the record has "
            + std::to_string(game.moves.size()) + " moves";
    Position pos = std::get<Position>(parse_sfen(game.start_sfen));
    for (std::size_t i = 0; i < plies; ++i)
        pos.do_move(std::get<Move>(parse_usi_move(pos, game.moves[i])));
    return pos;
}

}  // namespace supersoma::cli
