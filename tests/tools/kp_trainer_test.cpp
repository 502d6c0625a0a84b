// Training data and the trainer of the learned evaluation.
#include "tools/kp_trainer.hpp"

#include <gtest/gtest.h>

#include <set>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "engine/movegen.hpp"
#include "engine/sfen.hpp"
#include "eval/evaluate.hpp"
#include "tests/support/engine_helpers.hpp"

namespace supersoma::tune {
namespace {

bool has_both_kings(const Position& pos) {
    return pos.king_square(SENTE) != SQ_NONE && pos.king_square(GOTE) != SQ_NONE;
}

TEST(TrainingData, PackedPositionsUnpackToTheSamePosition) {
    std::vector<std::string> sfens = test::random_play_sfens(200);
    for (const std::string& s : test::scattered_sfens(200)) sfens.push_back(s);
    int packed = 0;
    for (const std::string& sfen : sfens) {
        const Position pos = test::from_sfen(sfen);
        if (!has_both_kings(pos)) continue;
        const auto setup = unpack(pack(pos));
        ASSERT_TRUE(setup) << sfen;
        BoardSetup expected = pos.setup();
        expected.ply        = setup->ply;  // the ply is stored beside the position
        EXPECT_EQ(to_sfen(Position(*setup)), to_sfen(Position(expected))) << sfen;
        ++packed;
    }
    EXPECT_GT(packed, 300);
}

TEST(TrainingData, BytesThatDescribeNoPositionAreRefused) {
    PackedPosition none {};  // every piece of the game on square 0
    EXPECT_FALSE(unpack(none));
    PackedPosition kingless = pack(test::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b - 1"));
    kingless[0] |= 0x7F;  // the first king on "square" 127, which is none
    EXPECT_FALSE(unpack(kingless));
}

TEST(TrainingData, RecordsRoundTripThroughTheFileFormat) {
    std::stringstream file;
    TrainingRecord    a, b;
    a.position = pack(Position::startpos());
    a.score    = -1234;
    a.move     = test::usi_move(Position::startpos(), "7g7f").raw();
    a.result   = -1;
    a.ply      = 321;
    b          = a;
    b.score    = 32000;
    b.result   = 1;
    write_record(file, a);
    write_record(file, b);
    EXPECT_EQ(file.str().size(), 2 * RECORD_BYTES);
    const auto ra = read_record(file), rb = read_record(file);
    ASSERT_TRUE(ra && rb);
    EXPECT_EQ(ra->position, a.position);
    EXPECT_EQ(ra->score, -1234);
    EXPECT_EQ(ra->move, a.move);
    EXPECT_EQ(ra->result, -1);
    EXPECT_EQ(ra->ply, 321);
    EXPECT_EQ(rb->score, 32000);
    EXPECT_EQ(rb->result, 1);
    EXPECT_FALSE(read_record(file));
}

TEST(KpTrainer, MaterialWeightsGiveMaterial) {
    const eval::KpWeights kp       = kp_from_material();
    int                   compared = 0;
    for (const std::string& sfen : test::random_play_sfens(300)) {
        const Position pos = test::from_sfen(sfen);
        if (!has_both_kings(pos)) continue;
        EXPECT_EQ(eval::kp_evaluate_from_scratch(pos, kp), eval::material_balance(pos)) << sfen;
        ++compared;
    }
    EXPECT_GT(compared, 250);
}

// Positions labelled by material alone: training from zero weights must learn piece values.
TEST(KpTrainer, TrainingLowersTheLossAndLearnsMaterial) {
    std::vector<TrainingRecord> records;
    for (const std::string& sfen : test::random_play_sfens(3000)) {
        const Position pos = test::from_sfen(sfen);
        if (!has_both_kings(pos)) continue;
        TrainingRecord r;
        r.position = pack(pos);
        const Value material
            = eval::material(pos, pos.side_to_move()) - eval::material(pos, ~pos.side_to_move());
        r.score  = std::int16_t(material);
        r.result = std::int8_t(material > 0 ? 1 : material < 0 ? -1 : 0);
        records.push_back(r);
    }
    KpSet               set;
    const KpSet::Report report = set.add(records, 2000);
    ASSERT_GT(report.kept, 1000u);
    KpTrainOptions options;
    options.epochs           = 20;
    options.batch            = 256;
    options.learning_rate    = 40;
    options.lambda           = 0;
    options.validation_block = 16;
    const KpTrainResult r    = train_kp(set, eval::KpWeights(), options, nullptr);
    EXPECT_LT(r.train_after, r.train_before * 0.7);
    EXPECT_LT(r.validation_after, r.validation_before * 0.7);
    const Position up_a_rook = test::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b R 1");
    EXPECT_GT(eval::kp_evaluate_from_scratch(up_a_rook, r.weights), 100);
}

}  // namespace
}  // namespace supersoma::tune

namespace supersoma::tune {
namespace {

// selfplay writes exactly the positions asked for, each a legal position with its searched
// move legal in it, and within one game the result alternates with the side to move.
TEST(Selfplay, WritesLegalPositionsWithMovesAndConsistentResults) {
    const std::string path = testing::TempDir() + "supersoma-selfplay-test.bin";
    std::remove(path.c_str());
    const std::string command = std::string("'") + SELFPLAY_BINARY + "' --positions 120 --nodes 300"
        + " --jobs 1 --seed 5 --openings '" + SUPERSOMA_TEST_DATA
        + "/../../bench/data/openings.txt' --judging '" + SUPERSOMA_TEST_DATA
        + "/../../bench/data/judging-openings.txt' --out '" + path + "' 2>/dev/null";
    ASSERT_EQ(std::system(command.c_str()), 0);
    const std::vector<TrainingRecord> records = read_records(path);
    ASSERT_EQ(records.size(), 120u);
    int decided = 0;
    for (std::size_t i = 0; i < records.size(); ++i) {
        const auto setup = unpack(records[i].position);
        ASSERT_TRUE(setup) << i;
        const Position pos(*setup);
        const MoveList legal = generate(GenKind::Legal, pos);
        EXPECT_NE(
            std::find(legal.begin(), legal.end(), Move::from_raw(records[i].move)), legal.end())
            << i << " " << to_sfen(pos);
        EXPECT_GE(records[i].result, -1);
        EXPECT_LE(records[i].result, 1);
        decided += records[i].result != 0;
        // The next position of the same game has the other side to move and the other result.
        if (i + 1 < records.size() && records[i + 1].ply == records[i].ply + 1) {
            const auto next = unpack(records[i + 1].position);
            ASSERT_TRUE(next);
            EXPECT_NE(next->side_to_move, setup->side_to_move);
            EXPECT_EQ(records[i + 1].result, -records[i].result);
        }
    }
    EXPECT_GT(decided, 0);
    std::remove(path.c_str());
}

// Without an openings file each game starts from its own random walk of the start position.
TEST(Selfplay, RandomWalkStartsVary) {
    const std::string path = testing::TempDir() + "supersoma-selfplay-walks.bin";
    std::remove(path.c_str());
    const std::string command = std::string("'") + SELFPLAY_BINARY
        + "' --positions 300 --nodes 64 --jobs 1 --seed 9 --walk-plies 8 --walk-plies-max 12"
        + " --judging '" + SUPERSOMA_TEST_DATA + "/../../bench/data/judging-openings.txt'"
        + " --out '" + path + "' 2>/dev/null";
    ASSERT_EQ(std::system(command.c_str()), 0);
    const std::vector<TrainingRecord> records = read_records(path);
    ASSERT_EQ(records.size(), 300u);
    std::set<Key> starts;
    int           games = 0;
    for (std::size_t i = 0; i < records.size(); ++i)
        if (i == 0 || records[i].ply != records[i - 1].ply + 1) {
            ++games;
            starts.insert(Position(*unpack(records[i].position)).key());
        }
    EXPECT_GE(games, 2);
    EXPECT_EQ(int(starts.size()), games);
    std::remove(path.c_str());
}

}  // namespace
}  // namespace supersoma::tune
