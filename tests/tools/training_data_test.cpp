// Training data files: shards that say who made them, games as blocks, files that
// concatenate, a run stopped mid-game that reads to its last whole game and resumes.
#include "tools/training_data.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "tests/support/engine_helpers.hpp"

namespace supersoma::tune {
namespace {

std::vector<TrainingRecord> game_of(int n, std::int16_t first_score) {
    std::vector<TrainingRecord> game(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        game[std::size_t(i)].position = pack(Position::startpos());
        game[std::size_t(i)].score    = std::int16_t(first_score + i);
        game[std::size_t(i)].ply      = std::uint16_t(i + 1);
    }
    return game;
}

std::string temp_path(const std::string& name) {
    const std::string path = testing::TempDir() + name;
    std::remove(path.c_str());
    return path;
}

TEST(TrainingData, ShardsConcatenateAndSayWhoMadeThem) {
    const std::string a = temp_path("shard-a.bin"), b = temp_path("shard-b.bin");
    {
        std::ofstream out(a, std::ios::binary);
        write_shard_header(out, {7, 2000, 1795860000, "0123456789abcdef0123456789abcdef01234567"});
        write_game(out, game_of(3, 100));
        write_game(out, game_of(2, 200));
        std::ofstream other(b, std::ios::binary);
        write_shard_header(other, {8, 4000, 1795860001, "unknown"});
        write_game(other, game_of(4, 300));
    }
    const std::string both = temp_path("shard-ab.bin");
    ASSERT_EQ(std::system(("cat '" + a + "' '" + b + "' > '" + both + "'").c_str()), 0);
    const DataFileSummary s = summarise_data_file(both);
    ASSERT_EQ(s.shards.size(), 2u);
    EXPECT_EQ(s.shards[0].header.seed, 7u);
    EXPECT_EQ(s.shards[0].header.nodes, 2000u);
    EXPECT_EQ(s.shards[0].header.commit, "0123456789abcdef0123456789abcdef01234567");
    EXPECT_EQ(s.shards[0].games, 2u);
    EXPECT_EQ(s.shards[0].records, 5u);
    EXPECT_EQ(s.shards[1].header.seed, 8u);
    EXPECT_EQ(s.shards[1].header.commit, "unknown");
    EXPECT_EQ(s.shards[1].records, 4u);
    EXPECT_EQ(s.whole_bytes, s.total_bytes);
    EXPECT_EQ(s.total_bytes, 2 * SHARD_HEADER_BYTES + 3 * GAME_HEADER_BYTES + 9 * RECORD_BYTES);
    const std::vector<TrainingRecord> records = read_records(both);
    ASSERT_EQ(records.size(), 9u);
    EXPECT_EQ(records[0].score, 100);
    EXPECT_EQ(records[3].score, 200);
    EXPECT_EQ(records[8].score, 303);
    for (const std::string& p : {a, b, both}) std::remove(p.c_str());
}

TEST(TrainingData, AGameCutShortIsLeftOutAndAForeignFileRefused) {
    const std::string path = temp_path("shard-cut.bin");
    {
        std::ofstream out(path, std::ios::binary);
        write_shard_header(out, {1, 100, 0, "unknown"});
        write_game(out, game_of(2, 0));
        write_game(out, game_of(5, 10));
    }
    const auto full = std::filesystem::file_size(path);
    std::filesystem::resize_file(path, full - RECORD_BYTES / 2);
    const DataFileSummary s = summarise_data_file(path);
    EXPECT_EQ(s.shards.at(0).records, 2u);
    EXPECT_EQ(s.whole_bytes, SHARD_HEADER_BYTES + GAME_HEADER_BYTES + 2 * RECORD_BYTES);
    EXPECT_EQ(read_records(path).size(), 2u);

    const std::string text = temp_path("not-data.bin");
    std::ofstream(text) << "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n";
    try {
        read_records(text);
        ADD_FAILURE() << "a text file was read as data";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("byte 0: neither a shard header"), std::string::npos)
            << e.what();
    }
    std::remove(path.c_str());
    std::remove(text.c_str());
}

// selfplay resumes a file whose last game was cut: the cut bytes go, a shard of a new seed
// follows; a seed the file already has is refused.
TEST(Selfplay, ResumesACutFileAndRefusesARepeatedSeed) {
    const std::string path = temp_path("selfplay-resume.bin");
    const std::string base = std::string("'") + SELFPLAY_BINARY
        + "' --nodes 64 --jobs 1 --judging ''" + " --out '" + path + "'";
    ASSERT_EQ(std::system((base + " --positions 40 --seed 3 2>/dev/null").c_str()), 0);
    const auto whole = std::filesystem::file_size(path);
    std::ofstream(path, std::ios::binary | std::ios::app) << "GAME\x05";  // a game cut short
    EXPECT_NE(std::system((base + " --positions 10 --seed 3 2>/dev/null").c_str()), 0);
    ASSERT_EQ(std::system((base + " --positions 30 2>/dev/null").c_str()), 0);
    const DataFileSummary s = summarise_data_file(path);
    ASSERT_EQ(s.shards.size(), 2u);
    EXPECT_EQ(s.shards[0].header.seed, 3u);
    EXPECT_NE(s.shards[1].header.seed, 3u);
    EXPECT_EQ(s.shards[0].records, 40u);
    EXPECT_EQ(s.shards[1].records, 30u);
    EXPECT_EQ(s.shards[1].header.nodes, 64u);
    EXPECT_EQ(s.whole_bytes, s.total_bytes);
    EXPECT_GT(s.total_bytes, whole);
    std::remove(path.c_str());
}

}  // namespace
}  // namespace supersoma::tune
