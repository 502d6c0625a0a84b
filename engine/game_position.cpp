#include "engine/game_position.hpp"

#include <vector>

#include "engine/notation.hpp"

namespace supersoma {

namespace {

std::vector<std::string_view> words(std::string_view text) {
    std::vector<std::string_view> out;
    std::size_t                   i = 0;
    while (true) {
        i = text.find_first_not_of(" \t\r\n", i);
        if (i == std::string_view::npos) return out;
        const std::size_t end = std::min(text.find_first_of(" \t\r\n", i), text.size());
        out.push_back(text.substr(i, end - i));
        i = end;
    }
}

}  // namespace

std::variant<GamePosition, SfenError> parse_game_position(std::string_view text) {
    const auto  tokens = words(text);
    std::size_t i      = 0;
    if (i < tokens.size() && tokens[i] == "position") ++i;
    if (i < tokens.size() && tokens[i] == "sfen") ++i;
    // The SFEN is what lies between the keywords and "moves", as the user wrote it, so that
    // an error's column points into the text given.
    const std::size_t sfen_begin
        = i < tokens.size() ? std::size_t(tokens[i].data() - text.data()) : text.size();
    std::size_t sfen_end = text.size();
    for (std::size_t j = i; j < tokens.size(); ++j)
        if (tokens[j] == "moves") {
            sfen_end = std::size_t(tokens[j].data() - text.data());
            break;
        }
    auto parsed = parse_sfen(text.substr(sfen_begin, sfen_end - sfen_begin));
    if (auto* error = std::get_if<SfenError>(&parsed)) {
        error->column += sfen_begin;
        return *error;
    }

    const Position start = std::get<Position>(std::move(parsed));
    GamePosition   game {start, {}, start, std::nullopt};
    while (i < tokens.size() && tokens[i] != "moves") ++i;
    if (i < tokens.size()) ++i;
    for (; i < tokens.size(); ++i) {
        const auto move = parse_usi_move(game.position, tokens[i]);
        if (const auto* error = std::get_if<MoveTextError>(&move)) {
            game.move_error = "move " + std::to_string(game.moves.size() + 1) + " '"
                + std::string(tokens[i]) + "' refused (" + error->what + ")";
            break;
        }
        game.position.do_move(std::get<Move>(move));
        game.moves.push_back(std::get<Move>(move));
    }
    return game;
}

}  // namespace supersoma
