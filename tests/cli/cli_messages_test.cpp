// Faults on the command line are named: an unknown command or option (with the nearest
// name), a value missing.
#include <gtest/gtest.h>

#include <string>

#include "support/cli_run.hpp"

namespace supersoma {
namespace {

using test::run;

TEST(CliMessages, AnUnknownCommandIsNamedWithTheCommandsThereAre) {
    const auto r = run("foo");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("unknown command 'foo'; the commands are "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("makebook"), std::string::npos) << r.err;
    const auto typo = run("evl startpos");
    EXPECT_EQ(typo.code, 2);
    EXPECT_NE(typo.err.find("unknown command 'evl' (did you mean 'eval'?)"), std::string::npos)
        << typo.err;
}

TEST(CliMessages, AnUnknownOptionIsNamedWithTheNearestOne) {
    const auto r = run("analyse --record x.kif --dept 8");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(
        r.err.find("analyse: unknown option '--dept' (did you mean '--depth'?)"), std::string::npos)
        << r.err;
    const auto far = run("eval startpos --colour");
    EXPECT_EQ(far.code, 2);
    EXPECT_NE(far.err.find("eval: unknown option '--colour'"), std::string::npos) << far.err;
}

TEST(CliMessages, AMissingValueIsNamed) {
    const auto r = run("mate '9/9/9/9/9/9/9/9/9 b - 1' --time");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("mate: option --time needs a value"), std::string::npos) << r.err;
    // Flags and --name=value forms are not faults.
    EXPECT_EQ(run("perft --depth=1").code, 0);
    EXPECT_EQ(run("--version").code, 0);
}

}  // namespace
}  // namespace supersoma
