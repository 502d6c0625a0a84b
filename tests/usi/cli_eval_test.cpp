// `supersoma eval` end to end: the built binary run through the shell.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "support/cli_run.hpp"

namespace supersoma {
namespace {

using nlohmann::json;

using test::CliRun;
using test::run;
using test::write_file;

std::vector<json> json_lines(const std::string& text) {
    std::vector<json>  objects;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) objects.push_back(json::parse(line));
    return objects;
}

constexpr const char* ArticleSfen = "5g3/2k6/5b1g1/3r1S3/5p3/3L2N2/1P1P5/9/8K w - 1";

TEST(EvalCli, ArticlePositionWithoutThreatsPredictsTheArticlesLineAndNet) {
    const CliRun r = run(std::string("eval --json --no-threats '") + ArticleSfen + "'");
    ASSERT_EQ(r.code, 0) << r.err;
    const json j = json::parse(r.out);
    EXPECT_EQ(j["net"], -408);
    std::vector<std::string> moves;
    for (const json& step : j["line"]) moves.push_back(step["move"]);
    EXPECT_EQ(moves, (std::vector<std::string> {"6d4d", "3f4d", "4c8g+", "pass", "pass"}));
}

TEST(EvalCli, TextReportOfStartposEndsWithTheNetValue) {
    const CliRun r = run("eval startpos");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("iteration 1: sente to move"), std::string::npos);
    EXPECT_NE(r.out.find("net: "), std::string::npos);
}

TEST(EvalCli, BadSfenExitsNonZeroAndNamesTheField) {
    const CliRun r = run("eval 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1'");
    EXPECT_NE(r.code, 0);
    EXPECT_NE(r.err.find("side"), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty());
}

TEST(EvalCli, FileWithABadLineReportsItsNumberAndEvaluatesTheRest) {
    const std::string path = write_file("mixed.txt",
        std::string("# three positions\n")
            + "startpos\n"
              "9/9/9/9/9/9/9/9/9/9 b - 1\n"
              "\n"
            + ArticleSfen + "\n");
    const CliRun      r    = run("eval --json --file '" + path + "'");
    EXPECT_NE(r.code, 0);
    EXPECT_NE(r.err.find("line 3:"), std::string::npos) << r.err;
    const auto objects = json_lines(r.out);
    ASSERT_EQ(objects.size(), 3u);
    EXPECT_TRUE(objects[0].contains("net"));
    EXPECT_EQ(objects[0]["input_line"], 2);
    EXPECT_EQ(objects[1]["input_line"], 3);
    EXPECT_TRUE(objects[1]["error"].is_string());
    EXPECT_TRUE(objects[2].contains("net"));
    EXPECT_EQ(objects[2]["input_line"], 5);
}

TEST(EvalCli, FileFromStdinIsRead) {
    const std::string path = write_file("stdin.txt", "startpos\nstartpos\n");
    const CliRun      r    = run("eval --json --file - <'" + path + "'");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(json_lines(r.out).size(), 2u);
}

TEST(EvalCli, TwoJobsGiveByteIdenticalOutputToOne) {
    std::ifstream suite(std::string(SUPERSOMA_TEST_DATA) + "/perft-suite.txt");
    std::string   text, line;
    for (int n = 0; n < 40 && std::getline(suite, line); ++n) text += line + '\n';
    const std::string path = write_file("suite.txt", text);
    for (const char* mode : {"--json", "--iterations --explain"}) {
        const CliRun one = run(std::string("eval ") + mode + " --jobs 1 --file '" + path + "'");
        const CliRun two = run(std::string("eval ") + mode + " --jobs 2 --file '" + path + "'");
        ASSERT_EQ(one.code, 0) << one.err;
        ASSERT_EQ(two.code, 0) << two.err;
        EXPECT_FALSE(one.out.empty());
        EXPECT_EQ(one.out, two.out) << mode;
    }
}

TEST(EvalCli, UnknownProfileFailsListingTheKnownOnes) {
    const CliRun r = run("eval --profile nosuch startpos");
    EXPECT_NE(r.code, 0);
    EXPECT_NE(r.err.find("nosuch"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("article"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("full-hand"), std::string::npos) << r.err;
}

TEST(EvalCli, FullHandProfileIsAccepted) {
    const CliRun r = run("eval --json --profile full-hand startpos");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(json::parse(r.out).contains("net"));
}

}  // namespace
}  // namespace supersoma
