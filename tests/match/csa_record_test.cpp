#include "match/csa_record.hpp"

#include <gtest/gtest.h>

#include "engine/sfen.hpp"
#include "match/openings.hpp"
#include "record/csa.hpp"

namespace supersoma::match {
namespace {

GameRecord sample_record() {
    GameRecord r;
    r.names[SENTE] = "Alpha";
    r.names[GOTE]  = "Beta";
    r.start_sfen   = std::string(StartSfen);
    // A capture, a promotion with capture, a drop and a non-promotion.
    r.moves         = {"7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "8c8d"};
    r.times_ms      = {0, 0, 1500, 200, 3999, 0};
    r.opening_plies = 2;
    r.result        = GameResult::loss_of(GOTE, EndReason::Resign, "resigned");
    r.last_to_move  = SENTE;
    return r;
}

TEST(CsaRecord, WritesMovesWithThePieceAfterTheMove) {
    const std::string text = to_csa(sample_record());
    for (const char* expected : {"N+Alpha\n", "N-Beta\n", "+7776FU\n", "-3334FU\n", "+8822UM\n",
             "-3122GI\n", "+0045KA\n", "+8822UM\nT1\n", "+0045KA\nT3\n", "%TORYO\n",
             "P1-KY-KE-GI-KI-OU-KI-GI-KE-KY\n", "'end of opening\n+8822UM"})
        EXPECT_NE(text.find(expected), std::string::npos) << expected << "\n" << text;
}

TEST(CsaRecord, ReadsBackWhatItWrites) {
    const GameRecord           r    = sample_record();
    const record::RecordedGame game = record::parse_csa(to_csa(r));
    EXPECT_EQ(game.names[SENTE], "Alpha");
    EXPECT_EQ(game.names[GOTE], "Beta");
    EXPECT_EQ(game.start_sfen, r.start_sfen);
    EXPECT_EQ(game.moves, r.moves);
    EXPECT_EQ(game.end, "%TORYO");
}

TEST(CsaRecord, StartPositionWithHandsAndGoteToMoveRoundTrips) {
    GameRecord r;
    r.names[SENTE] = "a", r.names[GOTE] = "b";
    r.start_sfen           = "lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w Bb 1";
    r.moves                = {"B*5e", "B*5f"};
    r.result               = GameResult {Winner::Draw, EndReason::MoveLimit, "2 plies"};
    const std::string text = to_csa(r);
    EXPECT_NE(text.find("P+00KA\n"), std::string::npos) << text;
    EXPECT_NE(text.find("P-00KA\n-\n"), std::string::npos) << text;
    EXPECT_NE(text.find("%MAX_MOVES"), std::string::npos);
    const record::RecordedGame game = record::parse_csa(text);
    EXPECT_EQ(game.start_sfen, r.start_sfen);
    EXPECT_EQ(game.moves, r.moves);
}

TEST(CsaRecord, EndingsNameTheRule) {
    GameRecord                               r       = sample_record();
    const std::pair<GameResult, const char*> cases[] = {
        {GameResult::loss_of(SENTE, EndReason::Mate, ""), "%TSUMI"},
        {GameResult {Winner::Draw, EndReason::Repetition, ""}, "%SENNICHITE"},
        {GameResult::loss_of(SENTE, EndReason::PerpetualCheck, ""), "%OUTE_SENNICHITE"},
        {GameResult::loss_of(GOTE, EndReason::Declaration, ""), "%KACHI"},
        {GameResult::loss_of(SENTE, EndReason::TimeLoss, ""), "%TIME_UP"},
        {GameResult::loss_of(SENTE, EndReason::IllegalMove, ""), "%+ILLEGAL_ACTION"},
        {GameResult::loss_of(SENTE, EndReason::Crash, ""), "%CHUDAN"},
    };
    for (const auto& [result, token] : cases) {
        r.result = result;
        EXPECT_NE(to_csa(r).find(std::string(token) + "\n"), std::string::npos) << token;
    }
}

TEST(CsaRecord, ResultReadsBackForEveryEnding) {
    GameRecord r   = sample_record();
    r.names[SENTE] = "engine (v1) wins by";  // a name that looks like the result's words
    r.time_control = "byoyomi 1000 ms";
    for (int reason = 0; reason <= int(EndReason::Crash); ++reason)
        for (Winner winner : {Winner::Sente, Winner::Gote, Winner::Draw}) {
            r.result        = GameResult {winner, EndReason(reason), "detail: with a colon"};
            const auto read = read_csa_result(to_csa(r));
            ASSERT_TRUE(read) << reason;
            EXPECT_EQ(read->result.winner, winner) << reason;
            EXPECT_EQ(read->result.reason, EndReason(reason));
            EXPECT_EQ(read->result.detail, "detail: with a colon");
            EXPECT_EQ(read->names[SENTE], r.names[SENTE]);
            EXPECT_EQ(read->time_control, r.time_control);
            EXPECT_EQ(read->moves, r.moves);
            EXPECT_EQ(read->last_to_move, SENTE);  // six plies from sente's move
        }
}

TEST(CsaRecord, RecordWithoutResultIsNotAResult) {
    std::string text = to_csa(sample_record());
    text.erase(text.find("%TORYO"));  // the writer stopped there
    EXPECT_FALSE(read_csa_result(text));
    EXPECT_THROW(
        read_csa_result("'result draw by repetition: x\nnot csa at all\n"), std::runtime_error);
}

TEST(CsaRecord, FaultLinesAreKeptAsComments) {
    GameRecord r  = sample_record();
    r.fault_lines = {"info depth 3", "(process ended: killed by signal 6)"};
    EXPECT_NE(to_csa(r).find("'> (process ended: killed by signal 6)\n"), std::string::npos);
}

TEST(CsaRecord, ReadsAHandWrittenRecord) {
    const std::string text = "V2.2\nN+x\nN-y\nPI\n+\n+7776FU,T12\n-3334FU\nT3\n+2726FU\n%CHUDAN\n";
    const record::RecordedGame game = record::parse_csa(text);
    EXPECT_EQ(game.moves, (std::vector<std::string> {"7g7f", "3c3d", "2g2f"}));
    EXPECT_EQ(game.seconds, (std::vector<int> {12, 3, -1}));
    EXPECT_EQ(game.end, "%CHUDAN");
}

TEST(CsaRecord, CommentsFollowTheMoveBeforeThem) {
    const std::string text
        = "V2.2\n'before any move\nPI\n+\n+7776FU,T12,-3334FU\n'** 30 +2726FU,x\n"
          "'second\n+2726FU\n%TORYO\n";
    const record::RecordedGame game = record::parse_csa(text);
    ASSERT_EQ(game.comments.size(), game.moves.size());
    EXPECT_TRUE(game.comments[0].empty());
    EXPECT_EQ(game.comments[1], (std::vector<std::string> {"* 30 +2726FU,x", "second"}));
    EXPECT_TRUE(game.comments[2].empty());
    EXPECT_EQ(game.start_comments, (std::vector<std::string> {"before any move"}));
}

TEST(CsaRecord, BadRecordsNameTheLine) {
    const std::pair<const char*, const char*> cases[] = {
        {"PI\n+\n+7775FU\n", "line 3"},  // not a legal move
        {"PI\n+\n-3334FU\n", "wrong side"},
        {"PI\n+\n+7776XX\n", "bad piece"},
        {"PI\n+\n+0076FU\n", "line 3"},  // no pawn in hand
        {"P1 * \n+\n", "9 cells"},
        {"+7776FU\n", "before the position"},
        {"PI\n+\nhello\n", "unknown statement"},
    };
    for (const auto& [text, expected] : cases) {
        try {
            record::parse_csa(text);
            ADD_FAILURE() << "accepted: " << text;
        } catch (const std::runtime_error& e) {
            EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
        }
    }
}

TEST(Openings, ParsesEachForm) {
    const auto openings = parse_openings(
        "# comment\n\nstartpos\nposition startpos moves 7g7f 3c3d\r\n"
        "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 2g2f\n"
        "4k4/9/4P4/9/9/9/9/9/4K4 b G 1\n");
    ASSERT_EQ(openings.size(), 4u);
    EXPECT_TRUE(openings[0].moves.empty());
    EXPECT_EQ(openings[1].moves, (std::vector<std::string> {"7g7f", "3c3d"}));
    EXPECT_EQ(openings[2].moves, (std::vector<std::string> {"2g2f"}));
    EXPECT_EQ(openings[3].start_sfen, "4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
}

TEST(Openings, ErrorsNameTheLine) {
    for (auto [text, expected] :
        {std::pair {"startpos\nstartpos moves 7g7e\n", "line 2: move 1 '7g7e'"},
            std::pair {"# x\nlnsgk/9 b - 1\n", "line 2: SFEN"}}) {
        try {
            parse_openings(text);
            ADD_FAILURE() << text;
        } catch (const std::runtime_error& e) {
            EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
        }
    }
    EXPECT_THROW(read_openings("/nonexistent/openings.txt"), std::runtime_error);
    EXPECT_THROW(read_openings("/tmp"), std::runtime_error);
}

TEST(Openings, TheRepositorysFileIsValid) {
    const auto openings = read_openings(SUPERSOMA_SOURCE_DIR "/bench/data/openings.txt");
    EXPECT_GE(openings.size(), 60u);
    for (const Opening& o : openings) {
        EXPECT_GE(o.moves.size(), 8u);
        EXPECT_LE(o.moves.size(), 20u);
    }
}

}  // namespace
}  // namespace supersoma::match
