// `supersoma see` end to end: the built binary run through the shell, text and JSON output,
// and the exit code and message on bad input.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "support/cli_run.hpp"

namespace supersoma {
namespace {

using nlohmann::json;
using SeeRun = test::CliRun;

/// Runs `supersoma see <args>` (already shell-quoted).
SeeRun see(const std::string& args) {
    return test::run("see " + args);
}

const std::string Seed001Position1 = "'1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - -'";
const std::string Seed001Position2 = "'1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - -'";

TEST(SeeCli, RookTakesPawnPrintsValue100) {
    const SeeRun run = see("--fen " + Seed001Position1 + " --move e1e5");
    EXPECT_EQ(run.code, 0) << run.err;
    EXPECT_EQ(run.out, "value 100\n");
}

TEST(SeeCli, JsonCarriesValueSwapListAndCapturesInOrder) {
    const SeeRun run = see("--fen " + Seed001Position2 + " --move d3e5 --json");
    ASSERT_EQ(run.code, 0) << run.err;
    const json out = json::parse(run.out);
    EXPECT_EQ(out["value"], -225);
    EXPECT_EQ(out["swap_list"], json::parse("[100, 225, 100, 400, -75, 1075, -75]"));
    EXPECT_EQ(out["captures"], json::parse(R"(["d3e5","d7e5","e2e5","f6e5","e1e5","h8e5"])"));
}

TEST(SeeCli, TraceShowsCapturesAndSwapList) {
    const SeeRun run = see("--fen " + Seed001Position2 + " --move d3e5 --trace");
    ASSERT_EQ(run.code, 0) << run.err;
    EXPECT_NE(run.out.find("captures: d3e5 d7e5 e2e5 f6e5 e1e5 h8e5"), std::string::npos)
        << run.out;
    EXPECT_NE(run.out.find("swap list: 100 225 100 400 -75 1075 -75"), std::string::npos)
        << run.out;
    EXPECT_NE(run.out.find("value -225"), std::string::npos) << run.out;
}

TEST(SeeCli, StandPatFormOnASquare) {
    EXPECT_EQ(see("--fen " + Seed001Position2 + " --square e5 --side white").out, "value 0\n");
    EXPECT_EQ(see("--fen " + Seed001Position1 + " --square e5").out, "value 100\n");
}

TEST(SeeCli, MediocreValues) {
    const SeeRun run = see("--fen '4k3/p7/1p6/8/8/8/8/1Q2K3 w - -' --move b1b6 --values mediocre");
    EXPECT_EQ(run.out, "value -800\n");
    EXPECT_EQ(
        see("--fen '4k3/p7/1p6/8/8/8/8/1Q2K3 w - -' --move b1b6 --values 100,300,300,500,950").out,
        "value -850\n");
}

TEST(SeeCli, BadFenNamesFieldAndColumnAndFails) {
    const SeeRun run = see("--fen '1k1r4/1pp4p/p7/4x3/8/P5P1/1PP4P/2K1R3 w - -' --move e1e5");
    EXPECT_EQ(run.code, 2);
    EXPECT_TRUE(run.out.empty());
    EXPECT_NE(run.err.find("placement"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("column 17"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("'x'"), std::string::npos) << run.err;
}

TEST(SeeCli, MoveThatIsNotACaptureFails) {
    const SeeRun run = see("--fen " + Seed001Position1 + " --move e1e4");
    EXPECT_EQ(run.code, 2);
    EXPECT_NE(run.err.find("not a capture"), std::string::npos) << run.err;
}

TEST(SeeCli, BadValuesFail) {
    const SeeRun run = see("--fen " + Seed001Position1 + " --move e1e5 --values 1,2,3");
    EXPECT_EQ(run.code, 2);
    EXPECT_NE(run.err.find("values"), std::string::npos) << run.err;
}

}  // namespace
}  // namespace supersoma
