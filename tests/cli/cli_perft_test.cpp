// `supersoma perft` end to end: counts, divide, and errors that name the SFEN field; and what
// every command shares: --version and the exit code of a bad option.
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

// --version names the commit built; an option's fault exits 2 as bad input, like any other.
TEST(Cli, VersionNamesTheCommitAndOptionFaultsAreBadInput) {
    const auto version = run("--version");
    EXPECT_EQ(version.code, 0) << version.err;
    ASSERT_EQ(version.out.rfind("supersoma ", 0), 0u) << version.out;
    const std::string commit = version.out.substr(10, version.out.find_first_of(" \n", 10) - 10);
    EXPECT_TRUE(commit == "unknown"
        || (commit.size() == 40
            && commit.find_first_not_of("0123456789abcdef") == std::string::npos))
        << version.out;
    EXPECT_EQ(run("perft --depth abc").code, 2);
    EXPECT_EQ(run("perft --no-such-option").code, 2);
    EXPECT_EQ(run("no-such-command").code, 2);
    const auto bench = run("bench --help");  // a default is shown where there is one
    EXPECT_NE(bench.out.find("--depth INT in [1 - 64]=5"), std::string::npos) << bench.out;
}

// --help shows a number's range once and plainly; a bad number is named for what it is.
TEST(PerftCli, HelpShowsRangesPlainlyAndBadNumbersAreNamed) {
    const auto help = run("perft --help");
    EXPECT_EQ(help.code, 0);
    EXPECT_NE(help.out.find("--depth INT in [0 - 12]"), std::string::npos) << help.out;
    EXPECT_EQ(help.out.find("INT:INT"), std::string::npos) << help.out;
    const auto letters = run("perft --depth abc");
    EXPECT_NE(letters.code, 0);
    EXPECT_NE(letters.err.find("'abc' is not a whole number"), std::string::npos) << letters.err;
    const auto deep = run("perft --depth 13");
    EXPECT_NE(deep.code, 0);
    EXPECT_NE(deep.err.find("13 is not in [0 - 12]"), std::string::npos) << deep.err;
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

// A position from a game: "startpos moves …" as in USI, or a record and a ply.
TEST(PerftCli, PositionsFromAGameAreCountedFromThere) {
    const auto moves = run("perft --depth 1 --sfen 'startpos moves 7g7f'");
    EXPECT_EQ(moves.code, 0) << moves.err;
    EXPECT_NE(moves.out.find("nodes 30\n"), std::string::npos) << moves.out;
    const std::string record = std::string(SUPERSOMA_TEST_DATA) + "/records/opening.kif";
    const auto        from   = run("perft --depth 1 --record '" + record + "' --ply 1");
    EXPECT_EQ(from.code, 0) << from.err;
    EXPECT_EQ(from.out.substr(0, 9), moves.out.substr(0, 9));
    const auto illegal = run("perft --depth 1 --sfen 'startpos moves 7g7f 7g7f'");
    EXPECT_EQ(illegal.code, 2);
    EXPECT_NE(illegal.err.find("move 2 '7g7f' refused"), std::string::npos) << illegal.err;
}

}  // namespace
}  // namespace supersoma
