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

}  // namespace
}  // namespace supersoma::cli
