// `supersoma match` end to end: the real binary drives two fake engines.
#include <gtest/gtest.h>

#include <filesystem>

#include "support/cli_run.hpp"

namespace supersoma::test {
namespace {

const std::string FAKE = std::string("'") + FAKE_ENGINE + "'";

TEST(CliMatch, PlaysAndReportsTheScoreAndTheFaults) {
    const std::string records = temp_path("records");
    std::filesystem::remove_all(records);
    const std::string openings = write_file("openings.txt", "startpos moves 7g7f 3c3d\n");
    const CliRun      r        = run("match --engine " + FAKE + " --engine \"" + FAKE
                    + " --illegal-at 1\" --name 2:Bad --games 2 --tc movetime=100"
                                  " --engine-tc 1:movetime=300 --openings '"
                    + openings + "' --records '" + records + "'");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("game 2/2"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("W-D-L       2-0-0"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("faults      fake 0, Bad 2"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("illegal move 2"), std::string::npos) << r.out;
    const std::string game = slurp(records + "/game-0002.csa");
    EXPECT_NE(game.find("N+Bad\nN-fake\n"), std::string::npos) << game;
    EXPECT_NE(game.find("'> bestmove 9i9a"), std::string::npos) << game;
    EXPECT_NE(game.find("'time control sente movetime=100 / gote movetime=300"), std::string::npos)
        << game;
}

TEST(CliMatch, BadArgumentsAreNamed) {
    const std::pair<std::string, std::string> cases[] = {
        {"match --engine " + FAKE, "exactly twice"},
        {"match --engine " + FAKE + " --engine " + FAKE + " --tc byoyomi=abc",
            "--tc 'byoyomi=abc'"},
        {"match --engine " + FAKE + " --engine " + FAKE + " --option 3:X=1", "--option '3:X=1'"},
        {"match --engine " + FAKE + " --engine " + FAKE + " --engine-tc 3:byoyomi=100",
            "--engine-tc '3:byoyomi=100'"},
        {"match --engine " + FAKE + " --engine " + FAKE + " --engine-tc 1:byoyomi=x",
            "--engine-tc '1:byoyomi=x'"},
        {"match --engine " + FAKE + " --engine " + FAKE + " --sprt elo0=5,elo1=1", "--sprt"},
        {"match --engine " + FAKE + " --engine " + FAKE + " --openings /nonexistent",
            "/nonexistent"},
        {"match --engine /nonexistent/engine --engine " + FAKE, "did not answer usi"},
        {"match --engine " + FAKE + " --engine " + FAKE + " --resume", "--resume needs --records"},
    };
    for (const auto& [args, expected] : cases) {
        const CliRun r = run(args);
        EXPECT_NE(r.code, 0) << args;
        EXPECT_NE(r.err.find(expected), std::string::npos) << args << "\n" << r.err;
    }
}

}  // namespace
}  // namespace supersoma::test
