// The scores and lines the match tool reads from engines' `info` lines and writes into records.
#include "match/search_report.hpp"

#include <gtest/gtest.h>

#include "engine/sfen.hpp"
#include "match/csa_record.hpp"

namespace supersoma::match {
namespace {

TEST(SearchReport, ReadsCentipawnsMatesAndTheLine) {
    const auto cp
        = parse_info_line("info depth 9 seldepth 12 score cp -35 nodes 1000 pv 7g7f 3c3d");
    ASSERT_TRUE(cp);
    EXPECT_FALSE(cp->mate);
    EXPECT_EQ(cp->value, -35);
    EXPECT_EQ(cp->pv, (std::vector<std::string> {"7g7f", "3c3d"}));

    const auto mate = parse_info_line("info depth 3 score mate 5 pv G*5b");
    ASSERT_TRUE(mate);
    EXPECT_TRUE(mate->mate);
    EXPECT_EQ(mate->value, 5);
    const auto mated = parse_info_line("info score mate -4");
    ASSERT_TRUE(mated);
    EXPECT_EQ(mated->value, -4);
    EXPECT_TRUE(mated->pv.empty());

    const auto bound = parse_info_line("info depth 7 score cp +120 lowerbound pv 2g2f");
    ASSERT_TRUE(bound);
    EXPECT_EQ(bound->value, 120);
    EXPECT_EQ(parse_info_line("info score mate +")->value, UNKNOWN_MATE_PLIES);
    EXPECT_EQ(parse_info_line("info score mate -")->value, -UNKNOWN_MATE_PLIES);
}

TEST(SearchReport, LinesWithoutAScoreOrWithTextAreNotScores) {
    EXPECT_FALSE(parse_info_line("info depth 5 nodes 100 pv 7g7f"));
    EXPECT_FALSE(parse_info_line("info string the score cp 100 is a guess"));
    EXPECT_FALSE(parse_info_line("bestmove 7g7f"));
    EXPECT_FALSE(parse_info_line("info score cp ten"));
    EXPECT_FALSE(parse_info_line("info score wdl 500 0 500"));
    EXPECT_FALSE(parse_info_line("info score cp"));
    EXPECT_FALSE(parse_info_line("info multipv 2 score cp 10 pv 2g2f"));
    EXPECT_EQ(parse_info_line("info multipv 1 score cp 10 pv 7g7f")->value, 10);
    // A line's own words after `string` do not join the pv.
    EXPECT_EQ(parse_info_line("info score cp 1 pv 7g7f string why")->pv.size(), 1u);
}

TEST(SearchReport, SenteScoreTurnsGotesScoresAndCountsMatesDown) {
    SearchReport r;
    r.value = 80;
    EXPECT_EQ(sente_score(r, SENTE), 80);
    EXPECT_EQ(sente_score(r, GOTE), -80);
    r.mate  = true;
    r.value = 3;
    EXPECT_EQ(sente_score(r, SENTE), CSA_MATE_VALUE - 3);
    EXPECT_EQ(sente_score(r, GOTE), 3 - CSA_MATE_VALUE);
    r.value = -2;
    EXPECT_EQ(sente_score(r, GOTE), CSA_MATE_VALUE - 2) << "gote is mated: good for sente";
}

GameRecord record_with_reports() {
    GameRecord r;
    r.names[SENTE] = "a", r.names[GOTE] = "b";
    r.start_sfen = std::string(StartSfen);
    r.moves      = {"7g7f", "3c3d", "2g2f"};
    r.times_ms   = {0, 0, 0};
    r.reports.resize(3);
    r.reports[0] = SearchReport {false, 40, {"7g7f", "3c3d", "8h2b+"}};
    // Gote's own score: -25 for gote is +25 for sente. The last pv move is not legal.
    r.reports[1] = SearchReport {false, -25, {"3c3d", "2g2f", "9i9a"}};
    // A pv that does not start with the move played is not written.
    r.reports[2] = SearchReport {true, 7, {"5g5f", "8c8d"}};
    r.result     = GameResult::loss_of(GOTE, EndReason::Resign, "resigned");
    return r;
}

TEST(SearchReport, RecordsCarryFloodgateComments) {
    const std::string text = to_csa(record_with_reports());
    EXPECT_NE(text.find("+7776FU\nT0\n'** 40 -3334FU +8822UM\n"), std::string::npos) << text;
    EXPECT_NE(text.find("-3334FU\nT0\n'** 25 +2726FU\n"), std::string::npos) << text;
    EXPECT_NE(text.find("+2726FU\nT0\n'** 29993\n"), std::string::npos) << text;
    const auto read = read_csa_result(text);
    ASSERT_TRUE(read);
    EXPECT_EQ(read->moves, record_with_reports().moves) << "comments are not moves";
}

TEST(SearchReport, MovesWithoutAReportHaveNoComment) {
    GameRecord r = record_with_reports();
    r.reports.resize(1);  // the opening's moves and engines that say nothing
    r.reports[0].reset();
    EXPECT_EQ(to_csa(r).find("'**"), std::string::npos);
}

}  // namespace
}  // namespace supersoma::match
