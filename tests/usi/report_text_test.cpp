// usi/report_text: the text report of `supersoma eval` on a real evaluate() result.
#include "usi/report_text.hpp"

#include <gtest/gtest.h>

#include <string>

#include "article_report.hpp"
#include "engine/notation.hpp"

namespace supersoma::cli {
namespace {

using test::article_report;

std::size_t count(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

TEST(EvalText, KindFlagsAreFixedWidthLetters) {
    EXPECT_EQ(kind_flags(soma::KIND_CAPTURE | soma::KIND_PROMOTION), "x+------");
    EXPECT_EQ(kind_flags(soma::KIND_DROP | soma::KIND_FORK | soma::KIND_MATE), "--f---*m");
    EXPECT_EQ(kind_flags(0), "--------");
}

TEST(EvalText, NeutraliseFlagsAreRunBlockDefend) {
    EXPECT_EQ(neutralise_flags({true, false, true}), "r-d");
    EXPECT_EQ(neutralise_flags({}), "---");
}

TEST(EvalText, DefaultShowsTheFirstTableTheLineAndTheNet) {
    const auto&       r    = article_report();
    const std::string text = render_text(r, {});
    EXPECT_EQ(count(text, "iteration "), 1u);
    EXPECT_NE(text.find(r.sfen), std::string::npos);
    for (const auto& e : r.result.iterations.front().entries)
        EXPECT_NE(text.find(to_article(e.move, e.side)), std::string::npos);
    EXPECT_NE(text.find("predicted line:"), std::string::npos);
    EXPECT_NE(
        text.find("net: " + std::to_string(r.result.net) + " (gote's view)"), std::string::npos);
}

TEST(EvalText, IterationsShowsEveryTableAndItsNeutralisers) {
    const auto&       r    = article_report();
    const std::string text = render_text(r, {.all_iterations = true});
    EXPECT_EQ(count(text, "iteration "), r.result.iterations.size());
    EXPECT_EQ(count(text, "neutralisers ("), r.result.iterations.size());
    EXPECT_EQ(count(text, "chosen: "), r.result.iterations.size());
}

TEST(EvalText, ExplainListsEveryContribution) {
    const auto&       r             = article_report();
    const std::string text          = render_text(r, {.explain = true});
    std::size_t       contributions = 0;
    for (const auto& e : r.result.iterations.front().entries)
        contributions += e.contributions.size();
    EXPECT_EQ(count(text, "      + "), contributions);
    EXPECT_EQ(count(text, "= weight "), r.result.iterations.front().entries.size());
}

}  // namespace
}  // namespace supersoma::cli
