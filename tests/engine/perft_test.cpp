// perft against tests/data/perft-suite.txt, perft divide, and make/unmake restoring positions.
//
// The default suite runs every listed count up to depth 4 (only the start position lists
// depth 4; it takes well under a second). Depths 5 and 6 of the start position take seconds to
// minutes and live in the SlowPerft tests, which CMake labels "slow".
#include "engine/perft.hpp"

#include <gtest/gtest.h>

#include <numeric>

#include "engine/sfen.hpp"
#include "tests/support/engine_helpers.hpp"

namespace supersoma {
namespace {

using test::from_sfen;
using test::PerftCase;

constexpr int DefaultMaxDepth = 4;

struct PerftParam {
    std::string   sfen;
    int           line, depth;
    std::uint64_t count;
};

// Called while gtest registers tests: a broken file must not crash the binary, so it yields
// no cases and PerftSuite.FileHasEveryPosition reports it.
std::vector<PerftParam> default_params() {
    std::vector<PerftParam> out;
    try {
        for (const PerftCase& c : test::read_perft_suite())
            for (int d = 1; d <= std::min<int>(DefaultMaxDepth, int(c.counts.size())); ++d)
                out.push_back({c.sfen, c.line, d, c.counts[d - 1]});
    } catch (const std::exception&) { }
    return out;
}

class PerftSuite : public ::testing::TestWithParam<PerftParam> { };

TEST_P(PerftSuite, LeafCountMatches) {
    const PerftParam& p   = GetParam();
    Position          pos = from_sfen(p.sfen);
    EXPECT_EQ(perft(pos, p.depth), p.count) << p.sfen << " depth " << p.depth;
    EXPECT_EQ(to_sfen(pos), to_sfen(from_sfen(p.sfen)));  // perft leaves the position as it was
}

INSTANTIATE_TEST_SUITE_P(Data, PerftSuite, ::testing::ValuesIn(default_params()),
    [](const ::testing::TestParamInfo<PerftParam>& param_info) {
        return "line" + std::to_string(param_info.param.line) + "_depth"
            + std::to_string(param_info.param.depth);
    });

// Guards against a silently unreadable file: the parameterised tests would then be zero.
TEST(PerftSuiteFile, IsReadCompletely) {
    const auto  cases    = test::read_perft_suite();
    std::size_t expected = 0;
    EXPECT_GE(cases.size(), 152u);
    for (const PerftCase& c : cases) {
        EXPECT_GE(c.counts.size(), 1u) << "line " << c.line;
        expected += std::min<std::size_t>(DefaultMaxDepth, c.counts.size());
    }
    EXPECT_EQ(default_params().size(), expected);
    EXPECT_GE(expected, 446u);
}

TEST(Perft, DepthZeroIsOneNode) {
    Position pos = Position::startpos();
    EXPECT_EQ(perft(pos, 0), 1u);
}

// Bulk counting at the last ply must agree with making every move.
TEST(Perft, BulkCountEqualsTheLegalListOnTheSuite) {
    for (const std::string& sfen : test::suite_sfens()) {
        Position pos = from_sfen(sfen);
        EXPECT_EQ(perft(pos, 1), generate(GenKind::Legal, pos).size()) << sfen;
    }
}

TEST(PerftDivide, SumEqualsPerft) {
    const auto cases = test::read_perft_suite();
    for (std::size_t i = 0; i < cases.size(); i += 10) {
        Position   pos    = from_sfen(cases[i].sfen);
        const int  depth  = std::min<int>(3, int(cases[i].counts.size()));
        const auto divide = perft_divide(pos, depth);
        const auto sum    = std::accumulate(divide.begin(), divide.end(), std::uint64_t(0),
               [](std::uint64_t s, const auto& e) { return s + e.second; });
        EXPECT_EQ(sum, cases[i].counts[depth - 1]) << cases[i].sfen;
        EXPECT_EQ(divide.size(), cases[i].counts[0]) << cases[i].sfen;
    }
}

TEST(PerftDivide, StartPositionSplitsEvenlyAtDepthOneAndTwo) {
    Position pos = Position::startpos();
    for (const auto& [m, n] : perft_divide(pos, 1)) EXPECT_EQ(n, 1u) << to_usi(m);
    for (const auto& [m, n] : perft_divide(pos, 2)) EXPECT_EQ(n, 30u) << to_usi(m);
}

// Every node of shallow trees: do_move then undo_move gives back the same position (is_ok,
// key, SFEN), and the position after do_move is itself consistent.
TEST(MakeUnmake, RestoresThePositionExactlyOnEveryNode) {
    const auto sfens = test::suite_sfens();
    long       nodes = 0;
    for (std::size_t i = 0; i < sfens.size(); i += 15) {
        Position  pos   = from_sfen(sfens[i]);
        const int depth = i % 2 ? 2 : 3;
        test::walk_tree(pos, depth - 1, [&](Position& p) {
            const std::string sfen = to_sfen(p);
            const Key         key  = p.key();
            ASSERT_TRUE(p.is_ok()) << sfen;
            for (Move m : generate(GenKind::Legal, p)) {
                p.do_move(m);
                ++nodes;
                ASSERT_TRUE(p.is_ok()) << sfen << " after " << to_usi(m);
                ASSERT_EQ(p.key(), from_sfen(to_sfen(p)).key()) << sfen << " after " << to_usi(m);
                p.undo_move();
                ASSERT_EQ(p.key(), key) << sfen << " undo " << to_usi(m);
                ASSERT_EQ(to_sfen(p), sfen) << "undo " << to_usi(m);
            }
            ASSERT_TRUE(p.is_ok()) << sfen;
        });
    }
    EXPECT_GT(nodes, 100000);
}

// --- Slow: labelled "slow" by CMake (test names start with Slow) -----------------------------

std::uint64_t start_count(int depth) {
    const auto cases = test::read_perft_suite();
    EXPECT_EQ(cases.front().sfen, std::string(StartSfen));
    EXPECT_GE(int(cases.front().counts.size()), depth);
    return cases.front().counts.at(depth - 1);
}

TEST(SlowPerft, StartPositionDepth5) {
    Position pos = Position::startpos();
    EXPECT_EQ(perft(pos, 5), start_count(5));
    EXPECT_EQ(start_count(5), 19861490u);
}

TEST(SlowPerft, StartPositionDepth6) {
    Position pos = Position::startpos();
    EXPECT_EQ(perft(pos, 6), start_count(6));
    EXPECT_EQ(start_count(6), 547581517u);
}

}  // namespace
}  // namespace supersoma
