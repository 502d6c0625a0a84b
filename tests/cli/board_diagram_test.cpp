#include "cli/board_diagram.hpp"

#include <gtest/gtest.h>

#include "engine/attacks.hpp"
#include "engine/sfen.hpp"
#include "record/kif.hpp"
#include "support/positions.hpp"

namespace supersoma::cli {
namespace {

class BoardDiagramTest : public ::testing::Test {
protected:
    static void SetUpTestSuite() { attacks::init(); }
};

Position position(const std::string& sfen) {
    return std::get<Position>(parse_sfen(sfen));
}

constexpr const char* Sample = "l6nl/2+R2k3/p1p1pg1pp/3p5/9/2P2P3/PPSPP1+bPP/1K7/LN5NL w BG2Pgs 30";

TEST_F(BoardDiagramTest, LettersPutFileNineLeftRankOneTopAndGotesHandAbove) {
    const std::string d = board_diagram(position(Sample), DiagramStyle::Letters);
    EXPECT_EQ(d.rfind("gote hand: g s\n   9  8  7  6  5  4  3  2  1\n", 0), 0u) << d;
    EXPECT_NE(d.find(" |  l  .  .  .  .  .  .  n  l | a\n"), std::string::npos) << d;
    EXPECT_NE(d.find(" |  .  . +R  .  .  k  .  .  . | b\n"), std::string::npos) << d;
    EXPECT_NE(d.find(" |  P  P  S  P  P  . +b  P  P | g\n"), std::string::npos) << d;
    EXPECT_NE(d.find("sente hand: B G P2\n"), std::string::npos) << d;
}

// The Japanese diagram is KIF's own (BOD): a KIF reader takes it back to the same position.
TEST_F(BoardDiagramTest, JapaneseDiagramReadsBackAsTheSamePosition) {
    for (const char* sfen :
        {Sample, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            "4k4/9/9/9/9/9/9/9/4K4 b 2r2b4g4s4n4l18p 1"}) {
        const Position    pos   = position(sfen);
        const std::string d     = board_diagram(pos, DiagramStyle::Japanese);
        const auto        game  = record::parse_kif(d);
        Position          after = position(game.start_sfen);
        EXPECT_EQ(after.key(), pos.key()) << sfen << "\n" << d;
    }
    const std::string d = board_diagram(position(Sample), DiagramStyle::Japanese);
    EXPECT_NE(d.find("|v香 ・ ・ ・ ・ ・ ・v桂v香|一\n"), std::string::npos) << d;
    EXPECT_NE(d.find("先手の持駒：角　金　歩二\n"), std::string::npos) << d;
    EXPECT_NE(d.find("後手番\n"), std::string::npos) << d;
}

}  // namespace
}  // namespace supersoma::cli
