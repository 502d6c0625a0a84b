#include "record/kif.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "engine/attacks.hpp"
#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "engine/sfen.hpp"

namespace supersoma::record {
namespace {

class KifTest : public ::testing::Test {
protected:
    static void SetUpTestSuite() { attacks::init(); }
};

std::string data_file(const std::string& name) {
    std::ifstream      in(std::string(SUPERSOMA_TEST_DATA) + "/records/" + name, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// The message parse_kif throws for `text`, or "" when it accepts it.
std::string kif_error(const std::string& text) {
    try {
        parse_kif(text);
    } catch (const std::runtime_error& e) {
        return e.what();
    }
    return "";
}

const std::vector<std::string> OpeningMoves
    = {"7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "8c8d", "5g5f", "5c5d"};

TEST_F(KifTest, ReadsTheMainLineWithSameSquareDropsAndPromotions) {
    const RecordedGame game = parse_kif(data_file("opening.kif"));
    EXPECT_EQ(game.names[SENTE], "Alpha");
    EXPECT_EQ(game.names[GOTE], "Beta");
    EXPECT_EQ(game.start_sfen, std::string(StartSfen));
    EXPECT_EQ(game.moves, OpeningMoves);  // the variation after 変化 is not the game
    EXPECT_EQ(game.end, "投了");
}

TEST_F(KifTest, ShiftJisFilesReadAsTheirUtf8Twin) {
    const std::string sjis = data_file("opening-sjis.kif");
    ASSERT_FALSE(sjis.empty());
    EXPECT_NE(sjis, data_file("opening.kif"));  // really another encoding
    const RecordedGame game = parse_kif(sjis);
    EXPECT_EQ(game.moves, OpeningMoves);
    EXPECT_EQ(game.names[SENTE], "Alpha");
    EXPECT_EQ(game.end, "投了");
}

TEST_F(KifTest, HandicapGamesStartWithTheGiverToMove) {
    const RecordedGame game = parse_kif("手合割：香落ち\n"
                                        "   1 ３四歩(33)\n"
                                        "   2 ７六歩(77)\n");
    EXPECT_EQ(game.start_sfen, "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
    EXPECT_EQ(game.moves, (std::vector<std::string> {"3c3d", "7g7f"}));
}

TEST_F(KifTest, CommentsFollowTheMoveBeforeThem) {
    const RecordedGame game = parse_kif("*対局前\n"
                                        "   1 ７六歩(77)\n"
                                        "*序盤\n"
                                        "**対抗 123\n"
                                        "   2 ３四歩(33)\n");
    ASSERT_EQ(game.comments.size(), 2u);
    EXPECT_EQ(game.comments[0], (std::vector<std::string> {"序盤", "*対抗 123"}));
    EXPECT_TRUE(game.comments[1].empty());
}

// A board diagram with hands, gote to move, a declined promotion and a drop without 打.
TEST_F(KifTest, BoardDiagramsGiveTheStartPosition) {
    const RecordedGame game = parse_kif("後手の持駒：歩十八　角\n"
                                        "  ９ ８ ７ ６ ５ ４ ３ ２ １\n"
                                        "+---------------------------+\n"
                                        "| ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n"
                                        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n"
                                        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|三\n"
                                        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n"
                                        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n"
                                        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n"
                                        "| ・v銀 ・ ・ ・ ・ ・ ・ ・|七\n"
                                        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n"
                                        "| ・ ・ ・ ・ 玉 ・ ・ ・ 香|九\n"
                                        "+---------------------------+\n"
                                        "先手の持駒：なし\n"
                                        "後手番\n"
                                        "手数----指手---------消費時間--\n"
                                        "   1 ８八銀不成(87)\n"
                                        "   2 １八香(19)\n"
                                        "   3 ５五角\n");
    EXPECT_EQ(game.start_sfen, "4k4/9/9/9/9/9/1s7/9/4K3L w b18p 1");
    EXPECT_EQ(game.moves, (std::vector<std::string> {"8g8h", "1i1h", "B*5e"}));
    EXPECT_TRUE(game.end.empty());
}

TEST_F(KifTest, BadRecordsNameTheLineAndTheFault) {
    EXPECT_NE(kif_error("   1 ７六歩(77)\n   2 ７六歩(77)\n").find("KIF line 2: move 2"),
        std::string::npos);
    EXPECT_NE(
        kif_error("手合割：百枚落ち\n").find("KIF line 1: unknown handicap"), std::string::npos);
    EXPECT_NE(
        kif_error("   1 同　歩(77)\n").find("'同' with no move before it"), std::string::npos);
    EXPECT_NE(kif_error("   1 ０六歩(77)\n").find("bad destination"), std::string::npos);
    EXPECT_NE(kif_error("   1 ７六象(77)\n").find("bad piece"), std::string::npos);
    EXPECT_NE(kif_error("   1 ５五玉打\n").find("cannot be in hand"), std::string::npos);
    EXPECT_NE(kif_error(std::string("\x82\xa0\xff\xff", 4)).find("neither UTF-8 nor Shift_JIS"),
        std::string::npos);
}

TEST_F(KifTest, SjisConversionLeavesUtf8Alone) {
    EXPECT_EQ(kif_text_to_utf8("７六歩"), "７六歩");
    EXPECT_EQ(kif_text_to_utf8("\x95\xe0"), "歩");  // 歩 in Shift_JIS
}

// kif_move writes what parse_kif reads: every legal move of busy positions, written after
// kif_start's header, comes back as the same move.
TEST_F(KifTest, WrittenMovesAndStartPositionsReadBack) {
    const char* sfens[] = {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "ln1g3+Pl/2skgs3/2ppp2+P1/p5p1p/5p3/4n1P2/PPPP+b3P/3R4R/LBsSKG2L w 2N3Pg 76",
        "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124"};
    int         checked = 0;
    for (const char* sfen : sfens) {
        const Position pos = std::get<Position>(parse_sfen(sfen));
        for (Move m : generate(GenKind::Legal, pos)) {
            const std::string text = kif_start(sfen) + "手数----指手---------消費時間--\n   1 "
                + kif_move(pos, m) + "   ( 0:00/00:00:00)\n";
            const RecordedGame game = parse_kif(text);
            // KIF keeps no move number: the board, the side to move and the hands.
            const std::string want = to_sfen(pos);
            ASSERT_EQ(game.start_sfen.substr(0, game.start_sfen.rfind(' ')),
                want.substr(0, want.rfind(' ')))
                << text;
            ASSERT_EQ(game.moves.size(), 1u) << text;
            ASSERT_EQ(game.moves[0], to_usi(m)) << text;
            ++checked;
        }
    }
    EXPECT_GT(checked, 200);
}

TEST_F(KifTest, MovesAreWrittenTheWayShogiHomeWritesThem) {
    auto move = [](const Position& pos, const char* usi) {
        return std::get<Move>(parse_usi_move(pos, usi));
    };
    const Position start = Position::startpos();
    EXPECT_EQ(kif_move(start, move(start, "7g7f")), "７六歩(77)");
    const auto open = std::get<Position>(
        parse_sfen("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3"));
    EXPECT_EQ(kif_move(open, move(open, "8h2b+")), "２二角成(88)");
    // Declined: bare, as ShogiHome writes it (its reader refuses 不成 in a KIF move line).
    EXPECT_EQ(kif_move(open, move(open, "8h2b")), "２二角(88)");
    const auto hand = std::get<Position>(parse_sfen("4k4/9/9/9/9/9/9/9/4K4 b G 1"));
    EXPECT_EQ(kif_move(hand, move(hand, "G*5b")), "５二金打");
    // The previous move's square is 同.
    auto after = open;
    after.do_move(move(open, "8h2b+"));
    EXPECT_EQ(kif_move(after, move(after, "3a2b"), move(open, "8h2b+")), "同　銀(31)");
}

TEST_F(KifTest, AnIllegalMoveStopsTheReadingWhenAskedTo) {
    const std::string text = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n"
                             "   2 ３四歩(33)\n   3 ５五歩(27)\n   4 ８四歩(83)\n";
    EXPECT_NE(kif_error(text).find("KIF line 5"), std::string::npos);
    const RecordedGame game = parse_kif(text, IllegalMove::Stop);
    EXPECT_EQ(game.moves.size(), 2u);
    EXPECT_NE(game.stopped.find("KIF line 5: move 3"), std::string::npos) << game.stopped;
}

// What a writer needs to give the record back whole: the header in its order, the comment
// before move 1, the times, the end with its time and the result line.
TEST_F(KifTest, ReadsTheHeaderTheTimesAndTheResultLine) {
    const RecordedGame game = parse_kif(data_file("game-sjis.kif"));
    ASSERT_GE(game.headers.size(), 3u);
    EXPECT_EQ(game.headers[0], (std::pair<std::string, std::string> {"表題", "検証戦 第1局"}));
    EXPECT_NE(std::find(game.headers.begin(), game.headers.end(),
                  std::pair<std::string, std::string> {"棋戦", "第1回 supersoma 検証戦"}),
        game.headers.end());
    for (const auto& [key, value] : game.headers) EXPECT_NE(key, "手合割") << "the position's";
    EXPECT_EQ(game.start_comments, (std::vector<std::string> {"振り飛車対居飛車の対抗形。"}));
    ASSERT_EQ(game.seconds.size(), game.moves.size());
    EXPECT_EQ(game.seconds[0], 21);  // "( 0:21/00:00:21)"
    EXPECT_EQ(
        game.comments[19], (std::vector<std::string> {"ここで後手が動く。", "次の一手が疑問。"}));
    EXPECT_EQ(game.end, "投了");
    EXPECT_EQ(game.trailer, (std::vector<std::string> {"まで58手で後手の勝ち"}));
    EXPECT_EQ(parse_kif(data_file("opening.kif")).end_seconds, 1);  // "9 投了 ( 0:01/…)"
}

TEST_F(KifTest, WritingAndReadingAGameGivesItBack) {
    const RecordedGame game = parse_kif(data_file("game-sjis.kif"));
    const RecordedGame back = parse_kif(to_kif(game));
    EXPECT_EQ(back.start_sfen, game.start_sfen);
    EXPECT_EQ(back.moves, game.moves);
    EXPECT_EQ(back.headers, game.headers);
    EXPECT_EQ(back.start_comments, game.start_comments);
    EXPECT_EQ(back.comments, game.comments);
    EXPECT_EQ(back.seconds, game.seconds);
    EXPECT_EQ(back.end, game.end);
    EXPECT_EQ(back.trailer, game.trailer);
    // Each player's total runs on: move 3 is sente's second, 21 + 26 seconds.
    EXPECT_NE(to_kif(game).find("   3 ５六歩(57)   ( 0:26/00:00:47)\n"), std::string::npos);
}

// A record without a result line (CSA) gets the one its end tells; a handicap or a game
// interrupted gets the words KIF uses.
TEST_F(KifTest, TheResultLineIsWrittenFromTheEnd) {
    RecordedGame game = parse_kif("   1 ７六歩(77)\n   2 ３四歩(33)\n   3 投了\n");
    game.trailer.clear();
    EXPECT_NE(to_kif(game).find("   3 投了\nまで2手で後手の勝ち\n"), std::string::npos);
    game.end = "%CHUDAN";
    EXPECT_NE(to_kif(game).find("   3 中断\nまで2手で中断\n"), std::string::npos);
    game.end = "";
    EXPECT_EQ(to_kif(game).find("まで"), std::string::npos);
}

TEST_F(KifTest, ShiftJisIsWrittenWhereEveryCharacterHasACode) {
    const std::string text = "先手：羽生善治\n*▲７六歩【疑問手】\n";
    const auto        sjis = utf8_to_shift_jis(text);
    ASSERT_TRUE(sjis.has_value());
    EXPECT_NE(*sjis, text);
    EXPECT_EQ(kif_text_to_utf8(*sjis), text);
    EXPECT_FALSE(utf8_to_shift_jis("先手：🙂\n").has_value());
}

}  // namespace
}  // namespace supersoma::record
