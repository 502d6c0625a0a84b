// `supersoma bench` end to end: the signature's parts and SUPER-SOMA's verdicts where asked.
#include <gtest/gtest.h>

#include <string>

#include "eval/nnue.hpp"
#include "support/cli_run.hpp"

namespace supersoma {
namespace {

using test::run;

// The number printed after `label` in the bench's summary, or -1 if the line is missing.
long long summary_number(const std::string& out, const std::string& label) {
    const auto at = out.find(label);
    return at == std::string::npos ? -1 : std::stoll(out.substr(at + label.size()));
}

// The default (quiescence leaves, SUPER-SOMA in play by the threat inputs) makes no verdict,
// and neither do quiescence leaves asked for by name: the same tree. Hybrid leaves make
// verdicts; --without-supersoma searches with the network without threat inputs.
TEST(BenchCli, VerdictsOnlyWhereTheLeafModeAsksForThem) {
    const auto plain = run("bench --depth 3");
    EXPECT_EQ(plain.code, 0) << plain.err;
    EXPECT_NE(plain.out.find("leaf      : qsearch\n"), std::string::npos) << plain.out;
    EXPECT_GT(summary_number(plain.out, "nodes     : "), 0) << plain.out;
    EXPECT_EQ(summary_number(plain.out, "soma runs : "), -1) << plain.out;

    const auto qsearch = run("bench --depth 3 --leaf qsearch");
    EXPECT_EQ(summary_number(qsearch.out, "soma runs : "), -1) << qsearch.out;
    EXPECT_EQ(
        summary_number(qsearch.out, "nodes     : "), summary_number(plain.out, "nodes     : "));

    const auto hybrid = run("bench --depth 3 --leaf hybrid");
    EXPECT_EQ(hybrid.code, 0) << hybrid.err;
    EXPECT_NE(hybrid.out.find("leaf      : hybrid\n"), std::string::npos) << hybrid.out;
    EXPECT_GT(summary_number(hybrid.out, "soma runs : "), 0) << hybrid.out;

    const auto without = run("bench --depth 3 --leaf hybrid --without-supersoma");
    EXPECT_NE(without.out.find("leaf      : qsearch, without SUPER-SOMA\n"), std::string::npos)
        << without.out;
    EXPECT_EQ(summary_number(without.out, "soma runs : "), -1) << without.out;
    if (!eval::Network::builtin(true)) return;  // one network: the same tree
    EXPECT_NE(plain.out.find(" with threat inputs\n"), std::string::npos) << plain.out;
    EXPECT_EQ(without.out.find(" with threat inputs\n"), std::string::npos) << without.out;
    EXPECT_NE(
        summary_number(without.out, "nodes     : "), summary_number(plain.out, "nodes     : "));
}

TEST(BenchCli, ADepthOutOfRangeIsRefusedAndNamed) {
    const auto r = run("bench --depth 0");
    EXPECT_NE(r.code, 0);
    EXPECT_NE(r.err.find("--depth"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace supersoma
