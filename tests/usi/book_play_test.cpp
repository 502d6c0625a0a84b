// A book made by `supersoma makebook` is read back through BookFile and played from;
// USI_OwnBook false, analysis and pondering search instead.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "tests/support/cli_run.hpp"
#include "tests/support/usi_session.hpp"

namespace supersoma::test {
namespace {

// A book of the start position and the positions after one and two moves, MultiPV 3.
std::string make_book() {
    const std::string openings = write_file("openings.txt", "startpos\nstartpos moves 2g2f\n");
    const std::string book     = temp_path("book.db");
    const auto        r        = run("makebook --openings '" + openings + "' --out '" + book
                      + "' --plies 3 --depth 4 --multipv 3 --jobs 2");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("written to"), std::string::npos) << r.out;
    return book;
}

TEST(BookPlay, MakebookWritesYaneuraOusFormat) {
    const std::string text = slurp(make_book());
    EXPECT_EQ(text.rfind("#YANEURAOU-DB2016 1.00\nsfen ", 0), 0u) << text;
    // The start position with its three searched moves, best first.
    const auto start
        = text.find("sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n");
    ASSERT_NE(start, std::string::npos) << text;
    std::istringstream lines(text.substr(start));
    std::string        line;
    std::getline(lines, line);
    int previous = 1 << 30;
    for (int i = 0; i < 3; ++i) {
        ASSERT_TRUE(std::getline(lines, line));
        const auto words = split(line);
        ASSERT_EQ(words.size(), 5u) << line;
        EXPECT_LE(std::stoi(words[2]), previous) << line;
        previous = std::stoi(words[2]);
        EXPECT_EQ(words[3], "4") << line;
    }
}

TEST(BookPlay, TheBookIsPlayedAndUsiOwnBookFalseTurnsItOff) {
    const std::string book = make_book();
    Engine            engine;
    engine.send("setoption name BookFile value " + book);
    EXPECT_TRUE(engine.wait_for("info string book ", 2000));
    engine.send("setoption name BookEvalDiff value 0");
    engine.send("position startpos");
    engine.send("go btime 0 wtime 0 byoyomi 5000");
    const auto start = UsiProcess::Clock::now();
    auto       got   = engine.until_bestmove(2000);
    ASSERT_FALSE(got.empty());
    EXPECT_LT(elapsed_ms(start), 1000);  // no search
    EXPECT_NE(std::find_if(got.begin(), got.end(),
                  [](const std::string& l) { return l.rfind("info string book move", 0) == 0; }),
        got.end());
    // The move is the book's best: the first move of the start position's lines.
    const std::string text = slurp(book);
    const auto        at   = text.find("LNSGKGSNL b - 1\n") + 16;
    EXPECT_EQ(split(got.back()).at(1), split(text.substr(at, text.find('\n', at) - at)).at(0));

    engine.send("setoption name USI_OwnBook value false");
    engine.send("go btime 0 wtime 0 byoyomi 300");
    got = engine.until_bestmove(3000 * SLOW);
    ASSERT_FALSE(got.empty());
    for (const std::string& l : got) EXPECT_EQ(l.find("book move"), std::string::npos) << l;
    EXPECT_EQ(got.front().rfind("info depth ", 0), 0u) << got.front();
}

TEST(BookPlay, AnalysisSearchesAndABadFileKeepsTheBook) {
    const std::string book = make_book();
    Engine            engine;
    engine.send("setoption name BookFile value " + book);
    EXPECT_TRUE(engine.wait_for("info string book ", 2000));
    engine.send("setoption name BookFile value /no/such/book.db");
    const auto refused = engine.wait_for("info string option BookFile", 2000);
    ASSERT_TRUE(refused);
    EXPECT_NE(refused->find("cannot open book"), std::string::npos) << *refused;
    engine.send("position startpos");
    engine.send("go infinite");
    EXPECT_FALSE(engine.wait_for("bestmove", 300));  // go infinite waits for stop, book or not
    engine.send("stop");
    EXPECT_TRUE(engine.wait_for("bestmove", 1000 * SLOW));
    // Past BookMoves the engine searches.
    engine.send("setoption name BookMoves value 0");
    engine.send("go btime 0 wtime 0 byoyomi 300");
    const auto got = engine.until_bestmove(3000 * SLOW);
    ASSERT_FALSE(got.empty());
    for (const std::string& l : got) EXPECT_EQ(l.find("book move"), std::string::npos) << l;
}

}  // namespace
}  // namespace supersoma::test
