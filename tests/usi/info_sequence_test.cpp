#include "usi/info_sequence.hpp"

#include <gtest/gtest.h>

#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "search/values.hpp"
#include "usi/usi_loop.hpp"

namespace supersoma::usi {
namespace {

search::InfoReport line(int multipv, int depth, Value score, std::vector<const char*> moves,
    search::Bound bound = search::BOUND_EXACT) {
    search::InfoReport info;
    info.multipv = multipv;
    info.depth = info.sel_depth = depth;
    info.score                  = score;
    info.bound                  = bound;
    Position pos                = Position::startpos();
    for (const char* text : moves) {
        const Move m = std::get<Move>(parse_usi_move(pos, text));
        info.pv.push_back(m);
        pos.do_move(m);
    }
    return info;
}

TEST(InfoSequence, ASlotsDepthNeverGoesBack) {
    InfoSequence seq;
    seq.start(false);
    EXPECT_TRUE(seq.admit(line(1, 5, 10, {"7g7f"})));
    EXPECT_TRUE(seq.admit(line(2, 5, 0, {"2g2f"})));
    EXPECT_FALSE(seq.admit(line(1, 4, 30, {"2g2f"})));
    EXPECT_TRUE(seq.admit(line(2, 6, 5, {"2g2f"})));
    EXPECT_TRUE(seq.admit(line(1, 5, 12, {"7g7f"})));  // the same depth, a new score
}

TEST(InfoSequence, TheSameResultIsNotPrintedAgainEvenWithALongerLine) {
    InfoSequence seq;
    seq.start(false);
    EXPECT_TRUE(seq.admit(line(1, 5, 10, {"7g7f", "3c3d"})));
    EXPECT_FALSE(seq.admit(line(1, 5, 10, {"7g7f", "3c3d"})));
    EXPECT_FALSE(seq.admit(line(1, 5, 10, {"7g7f", "3c3d", "2g2f"})));
    EXPECT_TRUE(seq.admit(line(1, 5, 10, {"7g7f", "8c8d"})));  // another line
    EXPECT_TRUE(seq.admit(line(1, 5, 10, {"7g7f", "8c8d"}, search::BOUND_LOWER)));
    seq.start(false);  // a new search forgets
    EXPECT_TRUE(seq.admit(line(1, 5, 10, {"7g7f", "8c8d"})));
}

TEST(InfoSequence, ConsiderationModeDropsBounds) {
    InfoSequence seq;
    seq.start(true);
    EXPECT_FALSE(seq.admit(line(1, 5, 10, {"7g7f"}, search::BOUND_LOWER)));
    EXPECT_FALSE(seq.admit(line(1, 5, 10, {"7g7f"}, search::BOUND_UPPER)));
    EXPECT_TRUE(seq.admit(line(1, 5, 10, {"7g7f"})));
}

// A mate score is always "mate <plies>" with one sign, never "mate --1" or "mate -0".
TEST(UsiScore, MatesAreSignedPlies) {
    EXPECT_EQ(search::usi_score(search::mate_in(1)), "mate 1");
    EXPECT_EQ(search::usi_score(search::mated_in(2)), "mate -2");
    EXPECT_EQ(search::usi_score(search::mated_in(0)), "mate -1");
    EXPECT_EQ(search::usi_score(search::from_centipawns(-250)), "cp -250");
    const auto text = format_info(line(1, 3, search::mated_in(4), {"7g7f"}));
    EXPECT_NE(text.find(" score mate -4 "), std::string::npos) << text;
}

}  // namespace
}  // namespace supersoma::usi
