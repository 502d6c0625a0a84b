// `supersoma mate` end to end: the line in USI and Japanese, positions from games, bad input.
#include <gtest/gtest.h>

#include <string>

#include "support/cli_run.hpp"

namespace supersoma {
namespace {

using test::run;

constexpr const char* Tsume3 = "6G1s/8k/6Rls/8L/9/9/9/9/9 b Sr2b3gs4n2l18p 1";

TEST(MateCli, PrintsTheLineInUsiAndJapanese) {
    const auto r = run(std::string("mate '") + Tsume3 + "'");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("mate in 3 plies: S*2a 1b2b 3a3b\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("▲２一銀打 △２二玉 ▲３二金\n"), std::string::npos) << r.out;
}

TEST(MateCli, PositionsWithMovesContinueTheGame) {
    const auto r = run(std::string("mate '") + Tsume3 + " moves S*2a 1b2b'");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("mate in 1 plies: 3a3b\n"), std::string::npos) << r.out;
    const auto bad = run(std::string("mate '") + Tsume3 + " moves S*2a 2a2b'");
    EXPECT_EQ(bad.code, 2);
    EXPECT_NE(bad.err.find("move 2 '2a2b' refused"), std::string::npos) << bad.err;
    const auto none = run("mate");
    EXPECT_EQ(none.code, 2);
    EXPECT_NE(none.err.find("give one position"), std::string::npos) << none.err;
}

TEST(MateCli, TimeThatIsNoNumberIsRefused) {
    const auto r = run(std::string("mate --time soon '") + Tsume3 + "'");
    EXPECT_NE(r.code, 0);
    EXPECT_NE(r.err.find("'soon' is not a whole number"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace supersoma
