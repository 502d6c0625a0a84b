#include "cli/board_svg.hpp"

#include <gtest/gtest.h>

#include "engine/attacks.hpp"
#include "engine/sfen.hpp"
#include "support/positions.hpp"

namespace supersoma::cli {
namespace {

class BoardSvgTest : public ::testing::Test {
protected:
    static void SetUpTestSuite() { attacks::init(); }
};

std::size_t count(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

std::string section(const std::string& svg, const std::string& id) {
    const auto begin = svg.find("<g id=\"" + id + "\">");
    return begin == std::string::npos ? "" : svg.substr(begin, svg.find("</g>\n", begin) - begin);
}

EvalReport report_of(const char* sfen, bool threats = false) {
    const Position    pos = test::position_of(sfen);
    soma::EvalOptions options;
    options.threats = threats;
    return {to_sfen(pos), soma::evaluate(pos, options)};
}

constexpr const char* ArticleSfen = "5g3/2k6/5b1g1/3r1S3/5p3/3L2N2/1P1P5/9/8K w - 1";

TEST_F(BoardSvgTest, AnArrowPerEntryAndPerMoveOfTheLine) {
    const EvalReport  r     = report_of(ArticleSfen);
    const std::string svg   = render_svg(r);
    const auto&       it    = r.result.iterations.front();
    std::size_t       sente = 0;
    for (const auto& e : it.entries) sente += e.side == SENTE;
    const std::string xref = section(svg, "xref");
    EXPECT_EQ(count(xref, "head-sente"), sente);
    EXPECT_EQ(count(xref, "head-gote"), it.entries.size() - sente);
    std::size_t moves = 0;
    for (const auto& s : r.result.line) moves += !s.move.is_pass();
    EXPECT_EQ(count(section(svg, "line"), "head-line"), moves);
    EXPECT_EQ(moves, 3u);  // 6d4d, 3f4d, 4c8g+
    for (const auto& e : it.entries)
        EXPECT_NE(xref.find(">" + std::to_string(e.weight) + "</text>"), std::string::npos);
}

TEST_F(BoardSvgTest, IsOneDocumentWithThePositionAndTheNet) {
    const std::string svg = render_svg(report_of(ArticleSfen));
    EXPECT_EQ(svg.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=", 0), 0u);
    EXPECT_EQ(count(svg, "<svg "), 1u);
    EXPECT_EQ(svg.substr(svg.size() - 7), "</svg>\n");
    EXPECT_NE(svg.find(std::string("<title>") + ArticleSfen + "</title>"), std::string::npos);
    EXPECT_NE(svg.find("net -408 (gote's view)"), std::string::npos);
    EXPECT_NE(svg.find("1. 6d4d  2. 3f4d  3. 4c8g+  4. pass  5. pass"), std::string::npos);
}

// Pieces: 40 on the board of the start position; hands drawn with their counts.
TEST_F(BoardSvgTest, PiecesOnTheBoardAndInHand) {
    EXPECT_EQ(count(render_svg(report_of("startpos")), "<path d=\"M0,-20"), 40u);
    const std::string hands = render_svg(report_of("4k4/9/9/9/9/9/9/9/4K4 b 3P2g 1"));
    EXPECT_EQ(count(hands, "<path d=\"M0,-20"), 4u);  // two kings, a pawn and a gold stack
    EXPECT_NE(hands.find("font-size=\"13\">3</text>"), std::string::npos);
    EXPECT_NE(hands.find("font-size=\"13\">2</text>"), std::string::npos);
}

// The Japanese board: kanji pieces (gote's king 王), ranks 一..九, moves as ▲/△; the English
// one keeps the SFEN letters.
TEST_F(BoardSvgTest, JapaneseBoardsUseKanjiAndTheMovesTheirNotation) {
    BoardStyle japanese;
    japanese.japanese       = true;
    const std::string board = render_svg(report_of("startpos"), japanese);
    EXPECT_EQ(count(board, ">歩</text>"), 18u);
    EXPECT_EQ(count(board, ">玉</text>"), 1u);
    EXPECT_EQ(count(board, ">王</text>"), 1u);
    EXPECT_NE(board.find(">九</text>"), std::string::npos);
    EXPECT_EQ(board.find(">P</text>"), std::string::npos);
    const std::string line = render_svg(report_of(ArticleSfen), japanese);
    EXPECT_NE(line.find("1. △４四飛"), std::string::npos) << line;
    EXPECT_EQ(count(render_svg(report_of("startpos")), ">P</text>"), 18u);
}

// The hands stand beside the board, clear of the file numbers above it and the ranks right
// of it: no hand piece's box meets the coordinates' band.
TEST_F(BoardSvgTest, HandsAreClearOfTheCoordinates) {
    const std::string svg = render_svg(report_of("4k4/9/9/9/9/9/9/9/4K4 b RB2GSNLPrb2gsnlp 1"));
    std::size_t       pieces_in_hand = 0;
    for (auto at = svg.find("<g transform=\"translate("); at != std::string::npos;
         at      = svg.find("<g transform=\"translate(", at + 1)) {
        const double x = std::stod(svg.substr(at + 24)),
                     y = std::stod(svg.substr(svg.find(',', at) + 1));
        if (x > 80 && x < 80 + 450) continue;  // on the board
        ++pieces_in_hand;
        const bool left = x < 80;
        // A piece spans ±20 px: left of the board's edge, or right of the rank letters.
        EXPECT_TRUE(left ? x + 20 < 80 : x - 20 > 80 + 450 + 20) << x << "," << y;
        EXPECT_GE(y - 20, 90) << "above the board: the file numbers' band";
    }
    EXPECT_EQ(pieces_in_hand, 14u);
}

TEST_F(BoardSvgTest, TheSfenIsWrappedAndTheLineCut) {
    const char* long_sfen
        = "l6nl/1r3kgs1/p2pppgpp/2ps2p2/1p7/2P1P1P2/PPSP1P1PP/2G1G2R1/LN2K2NL b BSNb 45";
    const std::string svg = render_svg(report_of(long_sfen));
    for (auto at = svg.find("font-size=\"13\">"); at != std::string::npos;
         at      = svg.find("font-size=\"13\">", at + 1)) {
        const auto text = svg.substr(at + 16, svg.find('<', at) - at - 16);
        EXPECT_LE(text.size(), 64u) << text;
    }
    BoardStyle short_line;
    short_line.line_moves    = 1;
    const EvalReport article = report_of(ArticleSfen);
    EXPECT_EQ(count(section(render_svg(article, short_line), "line"), "head-line"), 1u);
    EXPECT_EQ(render_svg(article, short_line).find("2. 3f4d"), std::string::npos);
}

}  // namespace
}  // namespace supersoma::cli
