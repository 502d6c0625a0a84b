// Tuning labels from the score comments of match records.
#include "tools/record_labels.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "engine/sfen.hpp"
#include "tools/tuner.hpp"

namespace supersoma::tune {
namespace {

// Sente is supersoma, gote Fairy-Stockfish; scores from sente's side, as the match writes them.
const char* const RECORD = "V2.2\nN+supersoma QSearch\nN-Fairy-Stockfish\nPI\n+\n"
                           "+7776FU\nT0\n'** 50 -3334FU\n"
                           "-3334FU\nT0\n'** 30 +2726FU\n"
                           "+2726FU\nT0\n"
                           "-8384FU,T1\n'** -29995\n"
                           "%TORYO\n";

TEST(RecordLabels, EachCommentedMoveOfThePlayerIsALabelFromTheSideToMove) {
    const auto fairy = labels_from_csa(RECORD, "Fairy");
    ASSERT_EQ(fairy.size(), 2u);
    EXPECT_EQ(fairy[0].sfen, "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2");
    EXPECT_EQ(fairy[0].move, "3c3d");
    EXPECT_EQ(fairy[0].score, "-30") << "sente's +30 is gote's -30";
    EXPECT_EQ(fairy[1].move, "8c8d");
    EXPECT_EQ(fairy[1].score, "mate 5") << "gote mates in 5";

    const auto ours = labels_from_csa(RECORD, "supersoma");
    ASSERT_EQ(ours.size(), 1u) << "2g2f has no comment";
    EXPECT_EQ(to_line(ours[0]), std::string(StartSfen) + ";7g7f;50");
    EXPECT_TRUE(labels_from_csa(RECORD, "gpsshogi").empty());
}

TEST(RecordLabels, MovesSharingALineKeepTheirOwnComments) {
    const char* const text   = "V2.2\nN+Fairy-Stockfish\nN-x\nPI\n+\n+7776FU,T0,-3334FU,T0\n"
                               "'** 40\n+2726FU\n'** 70\n%TORYO\n";
    const auto        labels = labels_from_csa(text, "");
    ASSERT_EQ(labels.size(), 2u);
    EXPECT_EQ(labels[0].move, "3c3d");
    EXPECT_EQ(labels[0].score, "-40");
    EXPECT_EQ(labels[1].move, "2g2f");
    EXPECT_EQ(labels[1].score, "70");
}

TEST(RecordLabels, LabelsReadAsATuningSet) {
    std::string lines;
    for (const auto& label : labels_from_csa(RECORD, "")) lines += to_line(label) + "\n";
    std::istringstream in(lines);
    TrainingSet        set;
    const ReadReport   report = set.read(in, 2000);
    EXPECT_EQ(report.read, 3);
    EXPECT_EQ(report.unreadable, 0) << report.first_error;
    EXPECT_EQ(report.decided, 1);  // the mate
    EXPECT_EQ(report.kept, 2);
}

TEST(RecordLabels, NotCsaIsAnError) {
    EXPECT_THROW(labels_from_csa("PI\n+\n+7775FU\n'** 3\n", ""), std::runtime_error);
}

}  // namespace
}  // namespace supersoma::tune
