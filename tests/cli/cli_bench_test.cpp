// `supersoma bench` end to end: the signature's parts and SUPER-SOMA's verdicts where asked.
#include <gtest/gtest.h>

#include <string>

#include "support/cli_run.hpp"

namespace supersoma {
namespace {

using test::run;

// The number printed after `label` in the bench's summary, or -1 if the line is missing.
long long summary_number(const std::string& out, const std::string& label) {
    const auto at = out.find(label);
    return at == std::string::npos ? -1 : std::stoll(out.substr(at + label.size()));
}

// Quiescence leaves make no verdict unless SomaInnerDepth asks for them at inner nodes.
TEST(BenchCli, QuiescenceLeavesMakeVerdictsOnlyAtTheInnerDepthAsked) {
    const auto plain = run("bench --depth 3 --leaf qsearch");
    EXPECT_EQ(plain.code, 0) << plain.err;
    EXPECT_GT(summary_number(plain.out, "nodes     : "), 0) << plain.out;
    EXPECT_EQ(summary_number(plain.out, "soma runs : "), -1) << plain.out;

    const auto inner = run("bench --depth 3 --leaf qsearch --soma-inner-depth 2");
    EXPECT_EQ(inner.code, 0) << inner.err;
    EXPECT_NE(inner.out.find("verdicts  : at inner nodes of depth 2 and more\n"), std::string::npos)
        << inner.out;
    EXPECT_GT(summary_number(inner.out, "soma runs : "), 0) << inner.out;

    const auto without = run("bench --depth 3 --leaf qsearch --soma-inner-depth 2 --without-soma");
    EXPECT_EQ(summary_number(without.out, "soma runs : "), -1) << without.out;
    EXPECT_EQ(
        summary_number(without.out, "nodes     : "), summary_number(plain.out, "nodes     : "));
}

TEST(BenchCli, ANegativeInnerDepthIsRefusedAndNamed) {
    const auto r = run("bench --soma-inner-depth -1");
    EXPECT_NE(r.code, 0);
    EXPECT_NE(r.err.find("--soma-inner-depth"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace supersoma
