// cli/report_text: the text report of `supersoma eval` on a real evaluate() result.
#include "cli/report_text.hpp"

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

// The line says why it ended: two passes for the article position; a mated side has no
// legal move, which its "chosen" line says too (instead of "nothing with a positive weight").
TEST(EvalText, TheLineSaysWhyItEnded) {
    EXPECT_NE(render_text(article_report(), {}).find("ends: both sides pass\n"), std::string::npos);
    const Position    mated = test::position_of("4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1");
    const std::string text  = render_text(EvalReport {to_sfen(mated), soma::evaluate(mated)}, {});
    EXPECT_NE(text.find("chosen: pass (no legal move)"), std::string::npos);
    EXPECT_NE(text.find("ends: gote has no legal move and has lost"), std::string::npos);
    const Position mates = test::position_of("4k4/9/4P4/9/9/9/9/9/K8 b G 1");
    EXPECT_NE(render_text(EvalReport {to_sfen(mates), soma::evaluate(mates)}, {})
                  .find("ends: the last move mates"),
        std::string::npos);
}

// A2's findings under the table: the tie example's gold holds both the pawn and the bishop;
// a gold in front of its king on the rook's file is pinned.
TEST(EvalText, RelationsListTiesAndPins) {
    const auto report = [](const char* sfen) {
        const Position pos = test::position_of(sfen);
        return render_text(EvalReport {to_sfen(pos), soma::evaluate(pos)}, {});
    };
    EXPECT_NE(report("4k4/9/9/9/3n2r2/9/4PGB2/9/4K4 w - 1").find("tie: sente 4g alone holds 3g 5g"),
        std::string::npos);
    EXPECT_NE(
        report("4k4/4g4/9/9/9/9/9/9/K3R4 b - 1").find("pin: gote 5b, by 5i, shields 5a (king)"),
        std::string::npos);
    EXPECT_NE(report("4k4/9/9/9/9/9/9/9/K8 b - 1").find("relations (A2): none"), std::string::npos);
}

}  // namespace
}  // namespace supersoma::cli
