// `supersoma perft` end to end: counts, divide, and errors that name the SFEN field.
#include <gtest/gtest.h>

#include <string>

#include "support/cli_run.hpp"

namespace supersoma {
namespace {

using test::run;

TEST(PerftCli, StartPositionDepth3Has25470Leaves) {
    const auto r = run("perft --depth 3");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("nodes 25470\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("leaves/s "), std::string::npos);
}

TEST(PerftCli, DivideListsEachRootMoveAndTheTotal) {
    const auto r = run("perft --depth 2 --divide");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("7g7f: 30\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("nodes 900\n"), std::string::npos) << r.out;
}

TEST(PerftCli, BadSfenExitsNonZeroAndNamesFieldAndColumn) {
    const auto r = run(
        "perft --depth 1 --sfen 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1'");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("SFEN board, column 57: bad piece letter 'X'"), std::string::npos)
        << r.err;
    EXPECT_EQ(r.out, "");
}

}  // namespace
}  // namespace supersoma
