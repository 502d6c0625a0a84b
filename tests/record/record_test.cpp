#include "record/record.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "engine/attacks.hpp"
#include "engine/sfen.hpp"

namespace supersoma::record {
namespace {

class RecordTest : public ::testing::Test {
protected:
    static void SetUpTestSuite() { attacks::init(); }
};

std::string load_error(const std::string& path) {
    try {
        load_record(path);
    } catch (const std::runtime_error& e) {
        return e.what();
    }
    return "";
}

TEST_F(RecordTest, CsaAndKifAreToldApartByTheirContent) {
    const RecordedGame csa = parse_record("V2.2\nN+A\nN-B\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n");
    EXPECT_EQ(csa.moves, (std::vector<std::string> {"7g7f", "3c3d"}));
    EXPECT_EQ(csa.end, "%TORYO");
    const RecordedGame kif = parse_record("先手：A\n   1 ７六歩(77)\n   2 ３四歩(33)\n");
    EXPECT_EQ(kif.moves, csa.moves);
    EXPECT_EQ(kif.start_sfen, std::string(StartSfen));
}

TEST_F(RecordTest, FilesAreReadAndTheirFaultsNamed) {
    const RecordedGame game
        = load_record(std::string(SUPERSOMA_TEST_DATA) + "/records/opening.kif");
    EXPECT_EQ(game.moves.size(), 8u);
    EXPECT_NE(load_error("/nonexistent/game.kif").find("cannot read '/nonexistent/game.kif'"),
        std::string::npos);
    EXPECT_NE(load_error(::testing::TempDir()).find("is a directory"), std::string::npos);
    const std::string bad = ::testing::TempDir() + "supersoma_record_bad.csa";
    std::ofstream(bad) << "V2.2\nPI\n+\n+7775FU\n";
    const std::string e = load_error(bad);
    EXPECT_EQ(e.rfind(bad + ": CSA line 4", 0), 0u) << e;
    std::filesystem::remove(bad);
}

TEST_F(RecordTest, EmptyFilesAndTextThatIsNoRecordAreRefused) {
    EXPECT_THROW(parse_record(""), std::runtime_error);
    EXPECT_THROW(parse_record("\n  \n"), std::runtime_error);
    const std::string dir = ::testing::TempDir();
    std::ofstream(dir + "supersoma_empty.kif");
    EXPECT_NE(load_error(dir + "supersoma_empty.kif").find("empty"), std::string::npos);
    std::ofstream(dir + "supersoma_text.kif") << "hello world\n";
    EXPECT_NE(load_error(dir + "supersoma_text.kif").find("not a KIF record"), std::string::npos);
    // The name says the format, and the error names the format tried.
    std::ofstream(dir + "supersoma_text.csa") << "hello world\n";
    const std::string csa = load_error(dir + "supersoma_text.csa");
    EXPECT_NE(csa.find("CSA line 1"), std::string::npos) << csa;
    for (const char* name : {"supersoma_empty.kif", "supersoma_text.kif", "supersoma_text.csa"})
        std::filesystem::remove(dir + name);
}

TEST_F(RecordTest, ACsaFileIsReadAsCsaWhateverItsFirstLinesAre) {
    // Comments first and no "V2" line: content sniffing alone would call it KIF.
    const std::string path = ::testing::TempDir() + "supersoma_comments_first.csa";
    std::ofstream(path) << "'a comment\n'another\nP1-KY-KE-GI-KI-OU-KI-GI-KE-KY\n"
                           "P2 * -HI *  *  *  *  * -KA * \nP3-FU-FU-FU-FU-FU-FU-FU-FU-FU\n"
                           "P4 *  *  *  *  *  *  *  *  * \nP5 *  *  *  *  *  *  *  *  * \n"
                           "P6 *  *  *  *  *  *  *  *  * \nP7+FU+FU+FU+FU+FU+FU+FU+FU+FU\n"
                           "P8 * +KA *  *  *  *  * +HI * \nP9+KY+KE+GI+KI+OU+KI+GI+KE+KY\n"
                           "+\n+7776FU\n";
    const RecordedGame game = load_record(path);
    EXPECT_EQ(game.moves, (std::vector<std::string> {"7g7f"}));
    // Without a name, a move line is enough to tell CSA.
    EXPECT_EQ(parse_record("'comment\nPI\n+\n+7776FU\n").moves.size(), 1u);
    std::filesystem::remove(path);
}

}  // namespace
}  // namespace supersoma::record
