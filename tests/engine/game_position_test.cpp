#include "engine/game_position.hpp"

#include <gtest/gtest.h>

#include "engine/attacks.hpp"
#include "engine/notation.hpp"

namespace supersoma {
namespace {

class GamePositionTest : public ::testing::Test {
protected:
    static void SetUpTestSuite() { attacks::init(); }
};

GamePosition parsed(const std::string& text) {
    auto result = parse_game_position(text);
    EXPECT_TRUE(std::holds_alternative<GamePosition>(result)) << text;
    return std::get<GamePosition>(std::move(result));
}

TEST_F(GamePositionTest, StartposWithMovesPlaysThem) {
    const GamePosition game = parsed("startpos moves 7g7f 3c3d 8h2b+");
    EXPECT_EQ(game.moves.size(), 3u);
    EXPECT_FALSE(game.move_error);
    EXPECT_EQ(to_sfen(game.position),
        "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4");
}

TEST_F(GamePositionTest, TheKeywordsPositionAndSfenMayLeadAnSfen) {
    const std::string sfen = "4k4/9/9/9/9/9/9/9/4K4 b G 1";
    for (const std::string& text : {sfen, "sfen " + sfen, "position sfen " + sfen})
        EXPECT_EQ(to_sfen(parsed(text + " moves G*5b").position), "4k4/4G4/9/9/9/9/9/9/4K4 w - 2")
            << text;
}

TEST_F(GamePositionTest, AnIllegalMoveKeepsThePositionBeforeItAndSaysWhich) {
    const GamePosition game = parsed("startpos moves 7g7f 7g7f 3c3d");
    EXPECT_EQ(game.moves.size(), 1u);
    ASSERT_TRUE(game.move_error);
    EXPECT_EQ(game.move_error->rfind("move 2 '7g7f' refused (", 0), 0u) << *game.move_error;
    EXPECT_EQ(game.position.side_to_move(), GOTE);
}

TEST_F(GamePositionTest, SfenErrorColumnsCountFromTheWholeText) {
    const auto result = parse_game_position("sfen 4k4/9/9/9/9/9/9/9/4K4 b X 1 moves 5i5h");
    ASSERT_TRUE(std::holds_alternative<SfenError>(result));
    const SfenError& e = std::get<SfenError>(result);
    EXPECT_EQ(e.field, "hands");
    EXPECT_EQ(e.column, 30u);  // the 'X' of the text given
}

TEST_F(GamePositionTest, MovesWithoutAnyIsTheBarePosition) {
    EXPECT_EQ(parsed("startpos moves").moves.size(), 0u);
    EXPECT_EQ(to_sfen(parsed("startpos").position), std::string(StartSfen));
}

// The start and the moves come back beside the position reached (the analysis reads them), up
// to the move refused.
TEST_F(GamePositionTest, ReturnsTheStartAndTheLegalMoves) {
    const GamePosition game = parsed("startpos moves 7g7f 3c3d 7g7f 2g2f");
    EXPECT_EQ(to_sfen(game.start), std::string(StartSfen));
    ASSERT_EQ(game.moves.size(), 2u);
    EXPECT_EQ(to_usi(game.moves[0]), "7g7f");
    EXPECT_EQ(to_usi(game.moves[1]), "3c3d");
    Position replay = game.start;
    for (Move m : game.moves) replay.do_move(m);
    EXPECT_EQ(to_sfen(replay), to_sfen(game.position));
    EXPECT_TRUE(game.move_error.has_value());
}

}  // namespace
}  // namespace supersoma
