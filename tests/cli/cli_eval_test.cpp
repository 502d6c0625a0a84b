// `supersoma eval` end to end: the built binary run through the shell.
#include <gtest/gtest.h>

#include "soma/supersoma.hpp"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "eval/nnue.hpp"
#include "search/values.hpp"
#include "support/cli_run.hpp"
#include "support/engine_helpers.hpp"

namespace supersoma {
namespace {

using nlohmann::json;

using test::CliRun;
using test::run;
using test::write_file;

std::vector<json> json_lines(const std::string& text) {
    std::vector<json>  objects;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) objects.push_back(json::parse(line));
    return objects;
}

constexpr const char* ArticleSfen = "5g3/2k6/5b1g1/3r1S3/5p3/3L2N2/1P1P5/9/8K w - 1";

TEST(EvalCli, ArticlePositionWithoutThreatsPredictsTheArticlesLineAndNet) {
    const CliRun r
        = run(std::string("eval --json --no-threats --profile article '") + ArticleSfen + "'");
    ASSERT_EQ(r.code, 0) << r.err;
    const json j = json::parse(r.out);
    EXPECT_EQ(j["net"], -408);
    std::vector<std::string> moves;
    for (const json& step : j["line"]) moves.push_back(step["move"]);
    EXPECT_EQ(moves, (std::vector<std::string> {"6d4d", "3f4d", "4c8g+", "pass", "pass"}));
}

TEST(EvalCli, TheLearnedChoiceIsTheDefaultAndExplainsItself) {
    // The article's position: the learned model shows each candidate's score and terms.
    const CliRun learned = run(std::string("eval --explain --no-board '") + ArticleSfen + "'");
    ASSERT_EQ(learned.code, 0) << learned.err;
    EXPECT_NE(learned.out.find("learned choice (model learned)"), std::string::npos);
    EXPECT_NE(
        learned.out.find("learned score") + learned.out.find("the pass's"), 2 * std::string::npos);
    const CliRun article
        = run(std::string("eval --explain --no-board --profile article '") + ArticleSfen + "'");
    ASSERT_EQ(article.code, 0) << article.err;
    EXPECT_EQ(article.out.find("learned"), std::string::npos);
    const CliRun unknown = run(std::string("eval --profile nonesuch '") + ArticleSfen + "'");
    EXPECT_NE(unknown.code, 0);
    EXPECT_NE(unknown.err.find("learned, article, full-hand"), std::string::npos) << unknown.err;
}

TEST(EvalCli, TextReportOfStartposEndsWithTheNetValue) {
    const CliRun r = run("eval startpos");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("iteration 1: sente to move"), std::string::npos);
    EXPECT_NE(r.out.find("net: "), std::string::npos);
}

TEST(EvalCli, BadSfenExitsNonZeroAndNamesTheField) {
    const CliRun r = run("eval 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1'");
    EXPECT_NE(r.code, 0);
    EXPECT_NE(r.err.find("side"), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty());
}

TEST(EvalCli, FileWithABadLineReportsItsNumberAndEvaluatesTheRest) {
    const std::string path = write_file("mixed.txt",
        std::string("# three positions\n")
            + "startpos\n"
              "9/9/9/9/9/9/9/9/9/9 b - 1\n"
              "\n"
            + ArticleSfen + "\n");
    const CliRun      r    = run("eval --json --file '" + path + "'");
    EXPECT_NE(r.code, 0);
    EXPECT_NE(r.err.find("line 3:"), std::string::npos) << r.err;
    const auto objects = json_lines(r.out);
    ASSERT_EQ(objects.size(), 3u);
    EXPECT_TRUE(objects[0].contains("net"));
    EXPECT_EQ(objects[0]["input_line"], 2);
    EXPECT_EQ(objects[1]["input_line"], 3);
    EXPECT_TRUE(objects[1]["error"].is_string());
    EXPECT_TRUE(objects[2].contains("net"));
    EXPECT_EQ(objects[2]["input_line"], 5);
}

TEST(EvalCli, FileFromStdinIsRead) {
    const std::string path = write_file("stdin.txt", "startpos\nstartpos\n");
    const CliRun      r    = run("eval --json --file - <'" + path + "'");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(json_lines(r.out).size(), 2u);
}

TEST(EvalCli, TwoJobsGiveByteIdenticalOutputToOne) {
    std::ifstream suite(std::string(SUPERSOMA_TEST_DATA) + "/perft-suite.txt");
    std::string   text, line;
    for (int n = 0; n < 40 && std::getline(suite, line); ++n) text += line + '\n';
    const std::string path = write_file("suite.txt", text);
    for (const char* mode : {"--json", "--iterations --explain"}) {
        const CliRun one = run(std::string("eval ") + mode + " --jobs 1 --file '" + path + "'");
        const CliRun two = run(std::string("eval ") + mode + " --jobs 2 --file '" + path + "'");
        ASSERT_EQ(one.code, 0) << one.err;
        ASSERT_EQ(two.code, 0) << two.err;
        EXPECT_FALSE(one.out.empty());
        EXPECT_EQ(one.out, two.out) << mode;
    }
}

TEST(EvalCli, UnknownProfileFailsListingTheKnownOnes) {
    const CliRun r = run("eval --profile nosuch startpos");
    EXPECT_NE(r.code, 0);
    EXPECT_NE(r.err.find("nosuch"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("article"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("full-hand"), std::string::npos) << r.err;
}

TEST(EvalCli, FullHandProfileIsAccepted) {
    const CliRun r = run("eval --json --profile full-hand startpos");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(json::parse(r.out).contains("net"));
}

std::string record_path(const std::string& name) {
    return std::string(SUPERSOMA_TEST_DATA) + "/records/" + name;
}

constexpr const char* AfterThreeMoves
    = "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4";

TEST(EvalCli, PositionsFromGamesAreEvaluatedWhereTheGameIs) {
    const CliRun moves = run("eval --json=summary startpos moves 7g7f 3c3d 8h2b+");
    ASSERT_EQ(moves.code, 0) << moves.err;
    EXPECT_EQ(json::parse(moves.out)["sfen"], AfterThreeMoves);
    for (const char* record : {"opening.kif", "opening-sjis.kif"}) {
        const CliRun r = run("eval --json=summary --record '" + record_path(record) + "' --ply 3");
        ASSERT_EQ(r.code, 0) << r.err;
        EXPECT_EQ(json::parse(r.out)["sfen"], AfterThreeMoves) << record;
    }
    const CliRun end = run("eval --json=summary --record '" + record_path("opening.kif") + "'");
    ASSERT_EQ(end.code, 0) << end.err;
    EXPECT_EQ(json::parse(end.out)["sfen"],
        "lnsgkg1nl/1r5s1/p1pp1p1pp/1p2p1p2/5B3/2P1P4/PP1P1PPPP/7R1/LNSGKGSNL b b 9");
}

TEST(EvalCli, BadMovesAndPliesAreNamedWithAJsonErrorObject) {
    const CliRun illegal = run("eval --json startpos moves 7g7f 7g7f");
    EXPECT_EQ(illegal.code, 2);
    EXPECT_NE(illegal.err.find("move 2 '7g7f' refused"), std::string::npos) << illegal.err;
    const json error = json::parse(illegal.out);
    EXPECT_NE(error["error"].get<std::string>().find("move 2"), std::string::npos);
    const CliRun past = run("eval --record '" + record_path("opening.kif") + "' --ply 9");
    EXPECT_EQ(past.code, 2);
    EXPECT_NE(past.err.find("--ply 9 is past the end: the record has 8 moves"), std::string::npos)
        << past.err;
    EXPECT_NE(run("eval --ply 3 startpos").code, 0);  // --ply needs --record
    const CliRun two = run("eval startpos --record '" + record_path("opening.kif") + "'");
    EXPECT_EQ(two.code, 2);
    EXPECT_NE(two.err.find("give one position"), std::string::npos) << two.err;
}

TEST(EvalCli, UnreadableFilesSayWhy) {
    const CliRun dir = run("eval --file '" + ::testing::TempDir() + "'");
    EXPECT_EQ(dir.code, 2);
    EXPECT_NE(dir.err.find("is a directory"), std::string::npos) << dir.err;
    const CliRun missing = run("eval --file /nonexistent/positions.txt");
    EXPECT_EQ(missing.code, 2);
    EXPECT_NE(missing.err.find("cannot read '/nonexistent/positions.txt': No such file"),
        std::string::npos)
        << missing.err;
}

TEST(EvalCli, JobsBeyondTheMachineAreCappedNotFatal) {
    std::string text;
    for (int i = 0; i < 30; ++i) text += "startpos\n";
    const CliRun r
        = run("eval --net-only --jobs 100000 --file '" + write_file("many.txt", text) + "'");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 30);
}

// Each answer leaves as soon as it is ready: the first line's net is out while the input is
// still open (the writer sleeps, and the evaluator is stopped before the second line comes).
TEST(EvalCli, FileAnswersStreamWhileTheInputIsStillOpen) {
    const std::string out = test::temp_path("stream");
    const std::string cmd = "{ echo startpos; sleep 4; echo startpos; } | timeout 2 '"
        + std::string(SUPERSOMA_BINARY) + "' eval --net-only --file - >'" + out + "'";
    EXPECT_NE(std::system(cmd.c_str()), 0);  // stopped by the timeout, before the end of input
    EXPECT_EQ(test::slurp(out), "0\n");
}

TEST(EvalCli, NetOnlyAndSummaryAgreeWithTheFullReport) {
    const std::string path    = write_file("three.txt",
           std::string("startpos\n") + ArticleSfen + "\nstartpos moves 7g7f 3c3d 8h2b+\nbad\n");
    const CliRun      full    = run("eval --json --file '" + path + "'");
    const CliRun      summary = run("eval --json=summary --file '" + path + "'");
    const CliRun      nets    = run("eval --net-only --file '" + path + "'");
    EXPECT_EQ(full.code, 1);
    EXPECT_EQ(summary.code, 1);
    EXPECT_EQ(nets.code, 1);
    const auto full_objects = json_lines(full.out), summary_objects = json_lines(summary.out);
    ASSERT_EQ(full_objects.size(), 4u);
    ASSERT_EQ(summary_objects.size(), 4u);
    std::istringstream net_lines(nets.out);
    for (std::size_t i = 0; i < 3; ++i) {
        EXPECT_EQ(summary_objects[i]["net"], full_objects[i]["net"]);
        EXPECT_EQ(summary_objects[i]["line"], full_objects[i]["line"]);
        EXPECT_FALSE(summary_objects[i].contains("iterations"));
        std::string net;
        std::getline(net_lines, net);
        EXPECT_EQ(net, std::to_string(full_objects[i]["net"].get<int>()));
    }
    EXPECT_EQ(summary_objects[3]["input_line"], 4);
    std::string last;
    std::getline(net_lines, last);
    EXPECT_EQ(last.rfind("error: ", 0), 0u) << last;
}

TEST(EvalCli, AMatedSideToMoveReadsAsLost) {
    // The article's profile counts the king (3999), the learned one its fitted mate value.
    const CliRun r = run("eval --json=summary --profile article '4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1'");
    ASSERT_EQ(r.code, 0) << r.err;
    const json j = json::parse(r.out);
    EXPECT_LT(j["net"].get<int>(), -3000);
    EXPECT_EQ(j["end"], "no-legal-move");
    const CliRun learned = run("eval --json=summary '4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1'");
    ASSERT_EQ(learned.code, 0) << learned.err;
    EXPECT_EQ(json::parse(learned.out)["net"].get<int>(), -soma::learned_model().mate_value);
}

TEST(EvalCli, TextReportDrawsTheBoardBeforeAndAfterTheLine) {
    const CliRun r = run("eval startpos moves 7g7f 3c3d 8h2b+");
    ASSERT_EQ(r.code, 0) << r.err;
    const auto first = r.out.find(" |  .  r  .  .  .  .  . +B  . | b\n");
    EXPECT_NE(first, std::string::npos) << r.out;
    const auto end = r.out.find("at the end of the line:\ngote hand: ");
    EXPECT_NE(end, std::string::npos) << r.out;
    EXPECT_LT(first, end);
    EXPECT_EQ(run("eval --no-board startpos").out.find(" | a\n"), std::string::npos);
    const CliRun japanese = run("eval --japanese startpos");
    EXPECT_NE(japanese.out.find("|v香v桂v銀v金v玉v金v銀v桂v香|一\n"), std::string::npos)
        << japanese.out;
}

TEST(EvalCli, SvgGoesToItsFileOrAloneToStdout) {
    const std::string path = test::temp_path("picture.svg");
    const CliRun      file = run("eval --svg '" + path + "' startpos");
    ASSERT_EQ(file.code, 0) << file.err;
    EXPECT_NE(file.out.find("net: "), std::string::npos);  // the report still comes
    EXPECT_EQ(test::slurp(path).rfind("<?xml", 0), 0u);
    const CliRun out = run("eval --svg - startpos");
    ASSERT_EQ(out.code, 0) << out.err;
    EXPECT_EQ(out.out.rfind("<?xml", 0), 0u);
    EXPECT_EQ(out.out.find("net: "), std::string::npos);
    const CliRun batch = run("eval --svg - --file -");
    EXPECT_EQ(batch.code, 2);
    EXPECT_NE(batch.err.find("cannot be used with --file"), std::string::npos) << batch.err;
    const CliRun unwritable = run("eval --svg /nonexistent/dir/x.svg startpos");
    EXPECT_EQ(unwritable.code, 2);
    EXPECT_NE(unwritable.err.find("cannot write '/nonexistent/dir/x.svg'"), std::string::npos);
}

// Progress goes to stderr only when it is a terminal (here a pseudo-terminal from script(1)),
// and is wiped at the end; a redirected stderr gets none.
TEST(EvalCli, ProgressShowsOnATerminalOnly) {
    const std::string feed = "{ echo startpos; sleep 1.2; echo startpos; } | '"
        + std::string(SUPERSOMA_BINARY) + "' eval --net-only --file - >/dev/null";
    const std::string tty = test::temp_path("tty"), plain = test::temp_path("plain");
    ASSERT_EQ(std::system(("script -qec \"" + feed + "\" /dev/null >'" + tty + "'").c_str()), 0);
    const std::string shown = test::slurp(tty);
    EXPECT_NE(shown.find("2 positions, "), std::string::npos) << shown;
    EXPECT_EQ(shown.substr(shown.size() - 4), "\r\033[K");  // wiped at the end
    ASSERT_EQ(std::system((feed + " 2>'" + plain + "'").c_str()), 0);
    EXPECT_EQ(test::slurp(plain), "");
}

}  // namespace
}  // namespace supersoma

namespace supersoma::test {
namespace {

// --static: the pieces' rows add up to the total, which is the learned evaluation's, and the
// side that won a bishop is ahead by about a bishop in both evaluations.
TEST(EvalCli, StaticTermsAddUpToTheTotal) {
    const CliRun r = run("eval --static 'startpos moves 7g7f 3c3d 8h2b+'");
    ASSERT_EQ(r.code, 0) << r.err;
    std::istringstream lines(r.out);
    double             pieces_sum = 0, pieces = 0, tempo = 0;
    int                rows = 0, total = 0, material = -1;
    for (std::string line; std::getline(lines, line);) {
        std::istringstream words(line);
        std::string        piece, square, a, b, net;
        if (std::sscanf(line.c_str(), "  pieces %lf, side to move's bonus %lf", &pieces, &tempo)
            == 2)
            continue;
        if (std::sscanf(line.c_str(), "  total %d cp for sente", &total) == 1) continue;
        if (std::sscanf(line.c_str(), "material alone %d cp for sente", &material) == 1) continue;
        if (words >> piece >> square >> a >> b >> net && (net[0] == '+' || net[0] == '-')) {
            pieces_sum += std::stod(net);
            ++rows;
        }
    }
    EXPECT_EQ(rows, 40);  // 39 pieces on the board and the bishop in hand
    EXPECT_NEAR(pieces_sum, pieces, 0.5);
    EXPECT_NEAR(pieces + tempo, total, 1.5);
    EXPECT_GT(total, 700);
    EXPECT_GT(material, 700);
}

// --static with a network file: its part is shown beside KP's total, and they add up. The
// network here outputs a constant 100 search units for the side to move.
TEST(EvalCli, StaticShowsTheNetworksPartBesideKp) {
    eval::Network net(64, *eval::KpWeights::builtin());
    net.out_bias = eval::nnue::FT_SCALE * eval::nnue::WEIGHT_SCALE;  // an output of 1
    net.rehash();
    const std::string path  = testing::TempDir() + "supersoma-static-net.bin";
    const auto        bytes = net.to_bytes();
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    // Gote to move: the network's +100 units for the side to move are -100 for sente.
    const CliRun r = run("eval --static 'startpos moves 7g7f' --eval-file " + path);
    ASSERT_EQ(r.code, 0) << r.err;
    int         total = 0, part = 0, whole = 0, width = 0;
    std::string rest;
    for (std::istringstream lines(r.out); std::getline(lines, rest);) {
        std::sscanf(rest.c_str(), "  total %d cp for sente", &total);
        std::sscanf(rest.c_str(), "network (width %d, %*s %d cp for sente", &width, &part);
        std::sscanf(rest.c_str(), "network evaluation (KP + network) %d cp for sente", &whole);
    }
    EXPECT_EQ(width, 64) << r.out;
    EXPECT_EQ(part, search::to_centipawns(-100)) << r.out;
    EXPECT_NEAR(whole, total + part, 1) << r.out;
    std::remove(path.c_str());
}

// --static with a network that has threat inputs lists the threats that fired with their
// squares, their meaning and what each adds. Here only the rook's attack on the hanging gold
// moves the output (100 search units for sente, the side to move); every other threat adds 0.
TEST(EvalCli, StaticListsTheThreatInputsAndWhatEachAdds) {
    const std::string         sfen = "4k4/9/9/9/4g4/9/9/4R4/4K4 b - 1";
    const Position            pos  = from_sfen(sfen);
    eval::threats::ThreatList list;
    eval::threats::collect(pos, list);
    int rook_on_gold = -1;
    for (int i = 0; i < list.count; ++i)
        if (eval::threats::describe(list.features[SENTE][std::size_t(i)])
            == "own R attacks enemy G (undefended)")
            rook_on_gold = list.features[SENTE][std::size_t(i)];
    ASSERT_GE(rook_on_gold, 0);
    eval::Network net(64, eval::KpWeights {}, true);
    net.threat_weights[std::size_t(rook_on_gold) * 64]
        = std::int8_t(eval::nnue::FT_SCALE);  // activation 1
    net.l1_weights[0] = net.l2_weights[0] = net.out_weights[0] = eval::nnue::WEIGHT_SCALE;
    net.rehash();
    const std::string path  = testing::TempDir() + "supersoma-threat-net.bin";
    const auto        bytes = net.to_bytes();
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    const CliRun r = run("eval --static '" + sfen + "' --eval-file " + path);
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("threat inputs (XREF A1 attacks, A2 king shields): 4"), std::string::npos)
        << r.out;
    std::map<std::string, int> adds;  // by the threat's squares
    std::istringstream         lines(r.out);
    for (std::string line; std::getline(lines, line);) {
        const bool threat
            = line.find(" x ") != std::string::npos || line.find(" | ") != std::string::npos;
        if (line.rfind("  ", 0) == 0 && threat)
            adds[line.substr(2, 14)] = std::stoi(line.substr(line.find_last_of(' ') + 1));
    }
    EXPECT_EQ(adds["R 5h x g 5e   "], search::to_centipawns(100)) << r.out;
    EXPECT_EQ(adds["g 5e | k 5a   "], 0) << r.out;
    EXPECT_EQ(adds.size(), 4u) << r.out;
    std::remove(path.c_str());
}

TEST(EvalCli, StaticTermsNeedBothKingsAndAReadableWeightFile) {
    EXPECT_EQ(run("eval --static '4k4/9/9/9/9/9/9/9/9 b R 1'").code, 2);
    const CliRun r = run("eval --static startpos --eval-file /nonexistent/kp.bin");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("cannot read '/nonexistent/kp.bin'"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace supersoma::test
