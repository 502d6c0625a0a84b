// cli/report_json: the JSON of `supersoma eval` on a real evaluate() result.
#include "cli/report_json.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <string>
#include <variant>

#include "article_report.hpp"
#include "engine/notation.hpp"

namespace supersoma::cli {
namespace {

using nlohmann::json;
using test::article_report;
using test::position_of;

json article_json() {
    return json::parse(render_json(article_report()));
}

TEST(EvalJson, ParsesAndHasTheDocumentedTopLevelFields) {
    const json j = article_json();
    ASSERT_TRUE(j.is_object());
    EXPECT_TRUE(j["sfen"].is_string());
    EXPECT_TRUE(j["side_to_move"].is_string());
    EXPECT_TRUE(j["net"].is_number_integer());
    EXPECT_TRUE(j["line"].is_array());
    EXPECT_TRUE(j["cycle_stopped"].is_boolean());
    EXPECT_EQ(j["end"], "two-passes");
    EXPECT_TRUE(j["iterations"].is_array());
    EXPECT_FALSE(j.contains("input_line"));
}

// `end` is one of the names docs/eval-json.md lists, one per reason.
TEST(EvalJson, EndNamesAreTheDocumentedOnes) {
    EXPECT_STREQ(soma::line_end_name(soma::LineEnd::TwoPasses), "two-passes");
    EXPECT_STREQ(soma::line_end_name(soma::LineEnd::Mate), "mate");
    EXPECT_STREQ(soma::line_end_name(soma::LineEnd::NoLegalMove), "no-legal-move");
    EXPECT_STREQ(soma::line_end_name(soma::LineEnd::Repetition), "repetition");
    EXPECT_STREQ(soma::line_end_name(soma::LineEnd::IterationLimit), "iteration-limit");
}

TEST(EvalJson, SfenIsCanonical) {
    EXPECT_EQ(article_json()["sfen"], to_sfen(position_of(test::ArticleXrefSfen)));
}

TEST(EvalJson, NetIsTheSumOfLineValuesSignedByMover) {
    const json  j   = article_json();
    const Color us  = j["side_to_move"] == "sente" ? SENTE : GOTE;
    int         sum = 0;
    for (const json& step : j["line"])
        sum += (step["side"] == (us == SENTE ? "sente" : "gote")) ? int(step["value"])
                                                                  : -int(step["value"]);
    EXPECT_EQ(j["net"], sum);
    EXPECT_EQ(j["net"], article_report().result.net);
}

TEST(EvalJson, LineMovesAreLegalInTurnWhenReplayed) {
    const json j   = article_json();
    Position   pos = position_of(j["sfen"]);
    ASSERT_FALSE(j["line"].empty());
    for (const json& step : j["line"]) {
        EXPECT_EQ(step["side"], side_name(pos.side_to_move()));
        const std::string text = step["move"];
        if (text == "pass") {
            pos.do_move(Move::pass());
            continue;
        }
        auto parsed = parse_usi_move(pos, text);
        ASSERT_TRUE(std::holds_alternative<Move>(parsed)) << text << " is not legal in turn";
        pos.do_move(std::get<Move>(parsed));
    }
}

TEST(EvalJson, EveryEntrysKindsMatchItsFlags) {
    const json  j      = article_json();
    const auto& result = article_report().result;
    const char* names[]
        = {"capture", "promotion", "fork", "immobile", "discovered", "check", "drop", "mate"};
    ASSERT_EQ(j["iterations"].size(), result.iterations.size());
    for (std::size_t i = 0; i < result.iterations.size(); ++i) {
        const auto& entries = result.iterations[i].entries;
        ASSERT_EQ(j["iterations"][i]["entries"].size(), entries.size());
        for (std::size_t k = 0; k < entries.size(); ++k) {
            const json& kinds = j["iterations"][i]["entries"][k]["kinds"];
            for (unsigned bit = 0; bit < 8; ++bit) {
                const bool listed
                    = std::find(kinds.begin(), kinds.end(), names[bit]) != kinds.end();
                EXPECT_EQ(listed, entries[k].is(soma::EntryKind(1u << bit)))
                    << "iteration " << i << " entry " << k << " kind " << names[bit];
            }
            EXPECT_EQ(kinds.size(), std::size_t(std::popcount(unsigned(entries[k].kinds))));
        }
    }
}

TEST(EvalJson, SidesAreSenteOrGote) {
    const json j       = article_json();
    auto       is_side = [](const json& s) { return s == "sente" || s == "gote"; };
    EXPECT_TRUE(is_side(j["side_to_move"]));
    for (const json& step : j["line"]) EXPECT_TRUE(is_side(step["side"]));
    for (const json& it : j["iterations"]) {
        EXPECT_TRUE(is_side(it["side_to_move"]));
        for (const json& e : it["entries"]) EXPECT_TRUE(is_side(e["side"]));
    }
}

TEST(EvalJson, EntriesCarryTheirDetailsContributionsAndNeutralisers) {
    const json  j      = article_json();
    const auto& result = article_report().result;
    for (std::size_t i = 0; i < result.iterations.size(); ++i) {
        const auto& it  = result.iterations[i];
        const json& jit = j["iterations"][i];
        EXPECT_EQ(jit["chosen"], to_usi(it.chosen));
        ASSERT_EQ(jit["neutralisers"].size(), it.neutralisers.size());
        for (std::size_t k = 0; k < it.entries.size(); ++k) {
            const auto& e  = it.entries[k];
            const json& je = jit["entries"][k];
            EXPECT_EQ(je["move"], to_usi(e.move));
            EXPECT_EQ(je["value"], e.value);
            EXPECT_EQ(je["first"], e.first);
            EXPECT_EQ(je["recapture"], e.recapture);
            EXPECT_EQ(je["weight"], e.weight);
            EXPECT_EQ(je["neutralise"]["run"], e.neutralise.run);
            EXPECT_EQ(je["neutralise"]["block"], e.neutralise.block);
            EXPECT_EQ(je["neutralise"]["defend"], e.neutralise.defend);
            ASSERT_EQ(je["contributions"].size(), e.contributions.size());
            for (std::size_t c = 0; c < e.contributions.size(); ++c)
                EXPECT_EQ(je["contributions"][c]["entry"], e.contributions[c].entry);
        }
    }
}

TEST(EvalJson, OneLineFormHasNoNewlineAndCarriesTheInputLine) {
    const std::string text = render_json(article_report(), JsonDetail::Full, -1, 12);
    EXPECT_EQ(text.find('\n'), std::string::npos);
    EXPECT_EQ(json::parse(text)["input_line"], 12);
}

TEST(EvalJson, ErrorObjectNamesTheLineAndTheError) {
    const json j = json::parse(render_error_json(7, "SFEN side, column 3: bad"));
    EXPECT_EQ(j["input_line"], 7);
    EXPECT_EQ(j["error"], "SFEN side, column 3: bad");
    // A single position's error has no line number.
    EXPECT_FALSE(json::parse(render_error_json(std::nullopt, "x")).contains("input_line"));
}

TEST(EvalJson, SummaryKeepsTheVerdictAndDropsTheTables) {
    const json full    = json::parse(render_json(article_report()));
    const json summary = json::parse(render_json(article_report(), JsonDetail::Summary));
    EXPECT_FALSE(summary.contains("iterations"));
    ASSERT_TRUE(full.contains("iterations"));
    for (const char* key : {"sfen", "side_to_move", "net", "line", "end", "cycle_stopped"})
        EXPECT_EQ(summary[key], full[key]) << key;
    EXPECT_LT(summary.dump().size() * 10, full.dump().size());
}

TEST(EvalJson, KindNamesFollowBitOrder) {
    EXPECT_EQ(kind_names(soma::KIND_PROMOTION | soma::KIND_CAPTURE),
        (std::vector<std::string> {"capture", "promotion"}));
    EXPECT_TRUE(kind_names(0).empty());
}

TEST(EvalJson, RelationsCarryA2sFindings) {
    const Position pos = position_of("4k4/9/9/9/3n2r2/9/4PGB2/9/4K4 w - 1");
    const json     j   = json::parse(render_json(EvalReport {to_sfen(pos), soma::evaluate(pos)}));
    for (const json& it : j["iterations"]) {
        ASSERT_TRUE(it["relations"].is_object());
        for (const char* key : {"pins", "ties", "discoveries"})
            EXPECT_TRUE(it["relations"][key].is_array());
        for (const char* key : {"promotion_squares", "promotion_guards", "mate_squares"})
            EXPECT_TRUE(it["relations"][key]["sente"].is_array());
    }
    const json& ties = j["iterations"][0]["relations"]["ties"];
    ASSERT_EQ(ties.size(), 1u);
    EXPECT_EQ(ties[0]["side"], "sente");
    EXPECT_EQ(ties[0]["defender"], "4g");
    EXPECT_EQ(ties[0]["holds"], json::array({"3g", "5g"}));
}

}  // namespace
}  // namespace supersoma::cli
