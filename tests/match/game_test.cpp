// Games between fake engines (tests/match/fake_engine.cpp) that misbehave on request: every
// way a game can end is recorded as what it is.
#include "match/game.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/sfen.hpp"
#include "match/match.hpp"
#include "record/csa.hpp"
#include "support/positions.hpp"

namespace supersoma::match {
namespace {

using namespace std::chrono_literals;

EngineSpec fake(const std::string& args = "") {
    EngineSpec spec;
    spec.command = std::string(FAKE_ENGINE) + " " + args;
    return spec;
}

Opening opening_from(const std::string& text) {
    return parse_openings(text).front();
}

GameSettings quick_settings(const char* tc = "byoyomi=1000") {
    std::string  error;
    GameSettings s;
    s.time_control = *parse_time_control(tc, error);
    s.hang_grace   = 2000ms;
    return s;
}

GameRecord play(const std::string& sente_args, const std::string& gote_args,
    const std::string& opening = "startpos", GameSettings s = quick_settings()) {
    UsiEngine sente(fake(sente_args), 5000ms);
    UsiEngine gote(fake(gote_args), 5000ms);
    return play_game(sente, gote, opening_from(opening), s);
}

bool has_line(const std::vector<std::string>& lines, const std::string& text) {
    for (const std::string& l : lines)
        if (l.find(text) != std::string::npos) return true;
    return false;
}

TEST(Game, CrashIsRecordedWithTheEnginesLastLines) {
    const GameRecord r = play("--crash-at 2", "");
    EXPECT_EQ(r.result.reason, EndReason::Crash);
    EXPECT_EQ(r.result.winner, Winner::Gote);
    EXPECT_EQ(r.moves.size(), 2u);
    EXPECT_TRUE(has_line(r.fault_lines, "process ended: killed by signal")) << to_csa(r);
    EXPECT_TRUE(has_line(r.fault_lines, "bestmove")) << "the lines before the crash are kept";
}

TEST(Game, IllegalMoveLosesAndIsNotPlayed) {
    const GameRecord r = play("", "--illegal-at 2");
    EXPECT_EQ(r.result.reason, EndReason::IllegalMove);
    EXPECT_EQ(r.result.winner, Winner::Sente);
    EXPECT_NE(r.result.detail.find("9i9a"), std::string::npos);
    EXPECT_EQ(r.moves.size(), 3u);
    EXPECT_NE(to_csa(r).find("%-ILLEGAL_ACTION"), std::string::npos);
}

TEST(Game, SilentEngineIsStoppedAsHung) {
    GameSettings s         = quick_settings("byoyomi=200");
    s.hang_grace           = 300ms;
    const auto       start = SteadyClock::now();
    const GameRecord r     = play("--hang-at 1", "", "startpos", s);
    EXPECT_EQ(r.result.reason, EndReason::Hang);
    EXPECT_EQ(r.result.winner, Winner::Gote);
    EXPECT_TRUE(r.moves.empty());
    // 200 ms + 300 ms of grace + 1 s after `stop`, not longer.
    EXPECT_LT(SteadyClock::now() - start, 4s);
}

TEST(Game, LateMoveLosesOnTime) {
    GameSettings     s = quick_settings("byoyomi=200");
    const GameRecord r = play("", "--slow-at 2 --slow-ms 450", "startpos", s);
    EXPECT_EQ(r.result.reason, EndReason::TimeLoss);
    EXPECT_EQ(r.result.winner, Winner::Sente);
    EXPECT_NE(r.result.detail.find("200 ms allowed"), std::string::npos) << r.result.detail;
}

TEST(Game, TimeOddsGiveEachEngineItsOwnClock) {
    // Both engines take 450 ms over their second move: sente may take 800, gote only 200.
    EngineSpec sente_spec   = fake("--slow-at 2 --slow-ms 450");
    sente_spec.time_control = quick_settings("byoyomi=800").time_control;
    UsiEngine        sente(sente_spec, 5000ms);
    UsiEngine        gote(fake("--slow-at 2 --slow-ms 450"), 5000ms);
    const GameRecord r
        = play_game(sente, gote, opening_from("startpos"), quick_settings("byoyomi=200"));
    EXPECT_EQ(r.result.reason, EndReason::TimeLoss);
    EXPECT_EQ(r.result.winner, Winner::Sente);
    EXPECT_EQ(r.moves.size(), 3u);
    EXPECT_NE(r.result.detail.find("200 ms allowed"), std::string::npos) << r.result.detail;
    EXPECT_EQ(r.time_control, "sente byoyomi=800 / gote byoyomi=200");
}

TEST(Game, ResignationEndsTheGame) {
    const GameRecord r = play("--resign-at 3", "");
    EXPECT_EQ(r.result.reason, EndReason::Resign);
    EXPECT_EQ(r.result.winner, Winner::Gote);
    EXPECT_EQ(r.moves.size(), 4u);
}

TEST(Game, DeclarationIsCheckedAgainstTheRule) {
    const GameRecord valid = play("--win-at 1", "", test::declaring_sfen(9));
    EXPECT_EQ(valid.result.reason, EndReason::Declaration);
    EXPECT_EQ(valid.result.winner, Winner::Sente);
    const GameRecord short_of_points = play("--win-at 1", "", test::declaring_sfen(8));
    EXPECT_EQ(short_of_points.result.reason, EndReason::FalseDeclaration);
    EXPECT_EQ(short_of_points.result.winner, Winner::Gote);
}

TEST(Game, MateIsAdjudicated) {
    const GameRecord r = play("--script G*5b", "", "4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    EXPECT_EQ(r.result.reason, EndReason::Mate);
    EXPECT_EQ(r.result.winner, Winner::Sente);
    EXPECT_NE(to_csa(r).find("+0052KI\nT0\n'** 1\n%TSUMI"), std::string::npos) << to_csa(r);
}

TEST(Game, RepetitionAndPerpetualCheckAreAdjudicated) {
    const GameRecord draw = play("--script '4i4h 4h4i 4i4h 4h4i 4i4h 4h4i 4i4h 4h4i'",
        "--script '6a6b 6b6a 6a6b 6b6a 6a6b 6b6a 6a6b 6b6a'", "3gk4/9/9/9/9/9/9/9/4KG3 b - 1");
    EXPECT_EQ(draw.result.reason, EndReason::Repetition);
    EXPECT_EQ(draw.result.winner, Winner::Draw);
    EXPECT_EQ(draw.moves.size(), 12u);
    const GameRecord perpetual = play("--script '1e2e 2e1e 1e2e 2e1e 1e2e 2e1e'",
        "--script '2a1a 1a2a 2a1a 1a2a 2a1a 1a2a'", "7k1/9/9/9/8R/9/9/9/4K4 b - 1");
    EXPECT_EQ(perpetual.result.reason, EndReason::PerpetualCheck);
    EXPECT_EQ(perpetual.result.winner, Winner::Gote);
}

TEST(Game, EachEnginesLastScoreIsKeptWithItsMove) {
    // The fake engine's score is its count of `go`s, from its own side.
    GameSettings s     = quick_settings();
    s.max_plies        = 8;
    const GameRecord r = play("", "", "startpos moves 7g7f 3c3d", s);
    ASSERT_EQ(r.moves.size(), 8u);
    ASSERT_EQ(r.reports.size(), r.moves.size());
    EXPECT_FALSE(r.reports[0] || r.reports[1]) << "the opening's moves have no engine";
    ASSERT_TRUE(r.reports[2] && r.reports[3] && r.reports[4]);
    EXPECT_EQ(r.reports[4]->value, 2);
    EXPECT_EQ(r.reports[4]->pv, std::vector<std::string> {r.moves[4]});
    const std::string text = to_csa(r);
    EXPECT_EQ(text.find("'**"), text.find("'** 1\n")) << text;
    EXPECT_NE(text.find("'** -1\n"), std::string::npos) << "gote's +1 is sente's -1";
    EXPECT_NE(text.find("'** 2\n"), std::string::npos);
}

TEST(Game, MoveLimitCountsTheOpening) {
    GameSettings s     = quick_settings();
    s.max_plies        = 6;
    const GameRecord r = play("", "", "startpos moves 7g7f 3c3d", s);
    EXPECT_EQ(r.result.reason, EndReason::MoveLimit);
    EXPECT_EQ(r.moves.size(), 6u);
    EXPECT_EQ(r.opening_plies, 2);
}

TEST(Game, EngineWithoutUsiokDoesNotStart) {
    EXPECT_THROW(UsiEngine(fake("--no-usiok"), 300ms), std::runtime_error);
    EngineSpec missing;
    missing.command = "/nonexistent/engine";
    EXPECT_THROW(UsiEngine(missing, 2000ms), std::runtime_error);
}

TEST(Match, PairsAlternateColoursAndRecordsAreWritten) {
    MatchSettings s;
    s.engines[0]      = fake();
    s.engines[1]      = fake("--resign-at 1");
    s.engines[1].name = "resigner";
    s.game            = quick_settings();
    s.games           = 4;
    s.concurrency     = 2;
    s.openings        = parse_openings("startpos moves 7g7f\nstartpos moves 2g2f\n");
    s.records_dir     = testing::TempDir() + "match-records";
    std::filesystem::remove_all(s.records_dir);
    Match              m(s);
    std::ostringstream progress;
    const MatchSummary summary = m.run(progress);
    EXPECT_EQ(summary.games_played, 4);
    EXPECT_EQ(summary.wdl.wins, 4);
    EXPECT_EQ(summary.pairs[4], 2);
    EXPECT_EQ(summary.names[1], "resigner");
    EXPECT_EQ(summary.endings.at("resignation"), 4);
    for (int game = 1; game <= 4; ++game) {
        std::ifstream      file(s.records_dir + "/game-000" + std::to_string(game) + ".csa");
        std::ostringstream text;
        text << file.rdbuf();
        const record::RecordedGame record = record::parse_csa(text.str());
        // Odd games give engine 1 (the resigner) gote; the resigner moves only once.
        EXPECT_EQ(record.names[game % 2 ? GOTE : SENTE], "resigner") << game;
        EXPECT_EQ(record.end, "%TORYO");
        EXPECT_EQ(record.moves.front(), game <= 2 ? "7g7f" : "2g2f");
    }
    EXPECT_NE(progress.str().find("game 4/4"), std::string::npos);
    EXPECT_NE(summary.report().find("W-D-L       4-0-0"), std::string::npos) << summary.report();
}

MatchSettings resumable_match(const std::string& dir) {
    MatchSettings s;
    s.engines[0]      = fake();
    s.engines[1]      = fake("--resign-at 2");
    s.engines[1].name = "resigner";
    s.game            = quick_settings();
    s.games           = 6;
    s.openings        = parse_openings("startpos moves 7g7f\nstartpos moves 2g2f\n");
    s.records_dir     = testing::TempDir() + dir;
    s.resume          = true;
    return s;
}

TEST(Match, ResumeCountsRecordedGamesAndPlaysTheRest) {
    MatchSettings s = resumable_match("match-resume");
    std::filesystem::remove_all(s.records_dir);
    s.games = 3;  // a match cut short after three games
    std::ostringstream first_progress;
    Match(s).run(first_progress);
    // A record cut off while being written counts as not played.
    std::ofstream(s.records_dir + "/game-0002.csa") << "'CSA encoding=UTF-8\nV2.2\nN+fake\n";
    s.games = 6;
    std::ostringstream progress;
    const MatchSummary summary = Match(s).run(progress);
    EXPECT_EQ(summary.games_played, 6);
    EXPECT_EQ(summary.wdl.wins, 6);
    EXPECT_EQ(summary.pairs[4], 3);
    const std::string text = progress.str();
    EXPECT_NE(text.find("game 1/6 (from its record): fake won by resignation as sente"),
        std::string::npos)
        << text;
    EXPECT_NE(text.find("game 3/6 (from its record)"), std::string::npos) << text;
    EXPECT_EQ(text.find("game 2/6 (from its record)"), std::string::npos) << text;
    EXPECT_NE(text.find("game 2/6: fake won by resignation as gote"), std::string::npos) << text;
    EXPECT_EQ(text.find("game 4/6 (from its record)"), std::string::npos) << text;
    for (int game = 1; game <= 6; ++game) {
        std::ifstream      file(s.records_dir + "/game-000" + std::to_string(game) + ".csa");
        std::ostringstream record;
        record << file.rdbuf();
        const auto read = read_csa_result(record.str());
        ASSERT_TRUE(read) << game;
        EXPECT_EQ(read->result.reason, EndReason::Resign) << game;
        EXPECT_EQ(read->result.winner, game % 2 ? Winner::Sente : Winner::Gote) << game;
    }
    EXPECT_FALSE(std::filesystem::exists(s.records_dir + "/game-0002.csa.part"));
}

TEST(Match, ResumeRefusesRecordsOfAnotherMatch) {
    MatchSettings s = resumable_match("match-resume-other");
    std::filesystem::remove_all(s.records_dir);
    s.games = 2;
    std::ostringstream progress;
    Match(s).run(progress);
    MatchSettings other   = s;
    other.engines[1].name = "someone else";
    EXPECT_THROW(Match(other).run(progress), std::runtime_error);
    other      = s;
    other.game = quick_settings("byoyomi=500");
    EXPECT_THROW(Match(other).run(progress), std::runtime_error);
    other                         = s;
    other.engines[0].time_control = quick_settings("byoyomi=800").time_control;  // time odds
    EXPECT_THROW(Match(other).run(progress), std::runtime_error);
    other          = s;
    other.openings = parse_openings("startpos moves 2g2f\n");
    try {
        Match(other).run(progress);
        ADD_FAILURE() << "another opening was accepted";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(
            std::string(e.what()).find("game-0001.csa was not from opening 1"), std::string::npos)
            << e.what();
    }
}

TEST(Match, SprtStopsEarly) {
    MatchSettings s;
    s.engines[0] = fake();
    s.engines[1] = fake("--resign-at 1");
    s.game       = quick_settings();
    s.games      = 400;
    s.openings   = parse_openings("startpos\n");
    s.sprt       = SprtSettings {0, 10, 0.05, 0.05};
    Match              m(s);
    std::ostringstream progress;
    const MatchSummary summary = m.run(progress);
    ASSERT_TRUE(summary.sprt);
    EXPECT_EQ(summary.sprt->verdict, SprtVerdict::AcceptH1);
    EXPECT_LT(summary.games_played, 400);
}

// A match stopped by the SPRT finishes the games in play; when they move the LLR back between
// the bounds, the report still names the verdict it stopped on.
TEST(MatchSummary, ReportNamesTheSprtVerdictTheMatchStoppedOn) {
    MatchSummary summary;
    summary.names               = {"a", "b"};
    summary.wdl                 = {5, 0, 27};
    summary.games_played        = 32;
    summary.sprt                = SprtState {-2.11, -2.94, 2.94, SprtVerdict::Continue};
    summary.sprt_decision       = SprtState {-3.28, -2.94, 2.94, SprtVerdict::AcceptH0};
    summary.decided_after_games = 31;
    const std::string report    = summary.report();
    EXPECT_NE(report.find("SPRT stop   H0 accepted at LLR -3.28 after 31 games"), std::string::npos)
        << report;
    // The same verdict at the end needs no second line.
    summary.sprt = summary.sprt_decision;
    EXPECT_EQ(summary.report().find("SPRT stop"), std::string::npos) << summary.report();
}

}  // namespace
}  // namespace supersoma::match
