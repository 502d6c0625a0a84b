// The network evaluation: accumulators kept move by move equal those from scratch, the AVX2
// path equals the portable one, colours are symmetric, network files are checked.
#include "eval/nnue.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <random>
#include <set>
#include <tuple>

#include "engine/movegen.hpp"
#include "tests/support/engine_helpers.hpp"

namespace supersoma::eval {
namespace {

// A network of random weights in the ranges training gives, so that a row added wrongly or a
// layer computed differently changes the value.
Network random_network(int width, std::uint64_t seed, bool threats = false) {
    std::mt19937_64 rng(seed);
    const auto      uniform
        = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    KpWeights kp;
    for (int i = 0; i < kp::WEIGHT_NB; ++i) kp[i] = std::int16_t(uniform(-2000, 2000));
    kp.rehash();
    Network net(width, std::move(kp), threats);
    for (auto& w : net.ft_weights) w = std::int16_t(uniform(-12, 14));
    for (auto& w : net.threat_weights) w = std::int8_t(uniform(-12, 14));
    for (auto& b : net.ft_bias) b = std::int16_t(uniform(0, 127));
    for (auto& w : net.l1_weights) w = std::int8_t(uniform(-127, 127));
    for (auto& b : net.l1_bias) b = uniform(-80000, 80000);
    for (auto& w : net.l2_weights) w = std::int8_t(uniform(-127, 127));
    for (auto& b : net.l2_bias) b = uniform(-80000, 80000);
    for (auto& w : net.out_weights) w = std::int8_t(uniform(-127, 127));
    net.out_bias = 1234;
    net.rehash();
    return net;
}

class NetworkKinds : public ::testing::TestWithParam<bool> { };  // with threat inputs or not

TEST_P(NetworkKinds, IncrementalAccumulatorsEqualThoseFromScratchOverRandomGames) {
    const Network          net     = random_network(64, 1, GetParam());
    int                    nonzero = 0;
    const test::WalkCounts walked  = test::random_walk(30, 5, [&](const Position& pos) {
        const Value v = nnue_evaluate(pos, net);
        ASSERT_EQ(v, nnue_evaluate_from_scratch(pos, net)) << to_sfen(pos);
        nonzero += v != kp_evaluate_from_scratch(pos, net.kp());
    });
    EXPECT_GT(walked.checked, 500);
    EXPECT_GT(nonzero, walked.checked / 2);  // the network adds something: its path is exercised
    EXPECT_GT(walked.kings, 80);
    EXPECT_GT(walked.drops, 80);
    EXPECT_GT(walked.captures, 80);
    EXPECT_GT(walked.passes, 80);
}

// As the search does: the move into each position is noted before a move is made from it
// (nnue_note_move), positions are evaluated 1 to 8 plies apart, and siblings are tried from
// the same parent, so that the threat sums chain through positions never evaluated and are
// reused by the siblings; a note is sometimes left out, which makes the positions below it
// collect their threats whole. Every value equals the one from scratch.
TEST(Network, ThreatSumsChainedThroughNotedMovesEqualThoseFromScratch) {
    const Network   net = random_network(64, 7, true);
    std::mt19937_64 rng(86);
    int             checked = 0, siblings = 0;
    for (int game = 0; game < 20; ++game) {
        Position pos  = Position::startpos();
        int      next = 1;
        for (int ply = 0; ply < 120; ++ply) {
            const MoveList moves = generate(GenKind::Legal, pos);
            if (moves.empty()) break;
            if (rng() % 16 != 0) nnue_note_move(pos);
            if (--next == 0) {
                ASSERT_EQ(nnue_evaluate(pos, net), nnue_evaluate_from_scratch(pos, net))
                    << to_sfen(pos);
                ++checked;
                next = 1 + int(rng() % 8);
                for (int k = 0; k < 2 && moves.size() > 1; ++k) {  // siblings of the next move
                    pos.do_move(moves[rng() % moves.size()]);
                    ASSERT_EQ(nnue_evaluate(pos, net), nnue_evaluate_from_scratch(pos, net))
                        << to_sfen(pos);
                    pos.undo_move();
                    ++siblings;
                }
            }
            const bool pass = !pos.in_check() && rng() % 16 == 0;
            pos.do_move(pass ? Move::pass() : moves[rng() % moves.size()]);
        }
    }
    EXPECT_GT(checked, 300);
    EXPECT_GT(siblings, 300);
}

TEST(Network, SimdAndPortablePathsGiveTheSameValues) {
    for (int width : {32, 64, 256}) {
        const Network net = random_network(width, std::uint64_t(width));
        for (const std::string& sfen : test::random_play_sfens(300)) {
            const Position    pos = test::from_sfen(sfen);
            nnue::Accumulator acc;
            for (Color c : {SENTE, GOTE}) nnue::refresh(net, pos, c, acc);
            ASSERT_EQ(nnue::propagate(net, acc, pos.side_to_move(), true),
                nnue::propagate(net, acc, pos.side_to_move(), false))
                << width << " " << sfen;
        }
    }
}

TEST_P(NetworkKinds, FlippedPositionScoresTheSameForTheOtherSide) {
    const Network net = random_network(64, 9, GetParam());
    for (const std::string& sfen : test::random_play_sfens(200)) {
        const Position pos = test::from_sfen(sfen);
        EXPECT_EQ(nnue_evaluate_from_scratch(pos, net),
            nnue_evaluate_from_scratch(test::flipped(pos), net))
            << sfen;
    }
}

TEST(Network, KingBucketsCoverTheFoldedBoard) {
    std::array<int, nnue::KING_BUCKETS> seen {};
    for (Square s = SQ_11; s < SQUARE_NB; ++s) {
        const int b = nnue::bucket(SENTE, s);
        ASSERT_GE(b, 0);
        ASSERT_LT(b, nnue::KING_BUCKETS);
        ++seen[std::size_t(b)];
        EXPECT_EQ(b, nnue::bucket(GOTE, Square(SQUARE_NB - 1 - s)));  // the same seen from gote
    }
    for (int n : seen) EXPECT_GT(n, 0);
}

TEST_P(NetworkKinds, FilesRoundTripAndDamageIsRefusedWithTheReason) {
    const Network                    net   = random_network(96, 3, GetParam());
    const std::vector<unsigned char> bytes = net.to_bytes();
    EXPECT_TRUE(Network::is_network_file(bytes));
    const Network back = Network::from_bytes(bytes);
    EXPECT_EQ(back.hash(), net.hash());
    EXPECT_EQ(back.width(), 96);
    EXPECT_EQ(back.has_threats(), GetParam());
    const Position pos = test::from_sfen(test::random_play_sfens(5)[4]);
    EXPECT_EQ(nnue_evaluate_from_scratch(pos, back), nnue_evaluate_from_scratch(pos, net));

    const auto refusal = [](std::vector<unsigned char> b) -> std::string {
        try {
            Network::from_bytes(b);
        } catch (const std::exception& e) {
            return e.what();
        }
        return "accepted";
    };
    std::vector<unsigned char> damaged = bytes;
    damaged[damaged.size() / 2] ^= 0x10;
    EXPECT_NE(refusal(damaged).find("hash"), std::string::npos) << refusal(damaged);
    EXPECT_NE(refusal({bytes.begin(), bytes.begin() + 20}).find("cut short"), std::string::npos);
    std::vector<unsigned char> kp_file = KpWeights().to_bytes();
    EXPECT_FALSE(Network::is_network_file(kp_file));
    EXPECT_NE(refusal(kp_file).find("not a supersoma network"), std::string::npos);
    std::vector<unsigned char> wide = bytes;
    wide[12]                        = 0x40;  // the width field (bytes 12-15) now says 320
    wide[13]                        = 0x01;
    EXPECT_NE(refusal(wide).find("width"), std::string::npos) << refusal(wide);
    if (!GetParam()) return;
    // The file keeps two bytes a threat weight, the engine one: a weight past a byte (here the
    // first, 200, with the hash made again) is refused with its place and value.
    std::size_t at = 32;  // the header: magic, inputs, width, L1, L2, hash
    at += 4
        + (std::size_t(bytes[at]) | std::size_t(bytes[at + 1]) << 8
            | std::size_t(bytes[at + 2]) << 16 | std::size_t(bytes[at + 3]) << 24);
    at += 2 * 96 + 2 * std::size_t(nnue::INPUTS) * 96;  // the biases and the piece rows
    std::vector<unsigned char> heavy = bytes;
    heavy[at]                        = 200;
    heavy[at + 1]                    = 0;
    std::uint64_t hash               = 0xcbf29ce484222325ull;  // FNV-1a of the layers
    for (std::size_t i = 32; i < heavy.size(); ++i) hash = (hash ^ heavy[i]) * 0x100000001b3ull;
    hash |= 1;
    for (int i = 0; i < 8; ++i) heavy[std::size_t(24 + i)] = (unsigned char)(hash >> (8 * i));
    EXPECT_NE(refusal(heavy).find("threat weight 0 is 200"), std::string::npos) << refusal(heavy);
}

INSTANTIATE_TEST_SUITE_P(Network, NetworkKinds, ::testing::Bool(),
    [](const auto& p) { return p.param ? "WithThreatInputs" : "PiecesOnly"; });

// The threat inputs move the value: the same network without its threat rows differs.
TEST(Network, ThreatInputsChangeTheValue) {
    const Network with = random_network(64, 21, true);
    Network       without(64, with.kp());
    without.ft_weights  = with.ft_weights;
    without.ft_bias     = with.ft_bias;
    without.l1_weights  = with.l1_weights;
    without.l1_bias     = with.l1_bias;
    without.l2_weights  = with.l2_weights;
    without.l2_bias     = with.l2_bias;
    without.out_weights = with.out_weights;
    without.out_bias    = with.out_bias;
    without.rehash();
    int differ = 0, compared = 0;
    for (const std::string& sfen : test::random_play_sfens(100)) {
        const Position pos = test::from_sfen(sfen);
        if (pos.king_square(SENTE) == SQ_NONE || pos.king_square(GOTE) == SQ_NONE) continue;
        differ += nnue_evaluate_from_scratch(pos, with) != nnue_evaluate_from_scratch(pos, without);
        ++compared;
    }
    EXPECT_GT(differ, compared * 9 / 10);
}

// Another network never reads accumulators the first one left on the thread's stack.
TEST(Network, OtherNetworksDoNotReuseTheAccumulators) {
    const Network a = random_network(64, 11), b = random_network(64, 12);
    Position      pos = Position::startpos();
    for (const char* m : {"7g7f", "3c3d", "8h2b+", "3a2b"}) {
        pos.do_move(test::usi_move(pos, m));
        EXPECT_EQ(nnue_evaluate(pos, a), nnue_evaluate_from_scratch(pos, a));
        EXPECT_EQ(nnue_evaluate(pos, b), nnue_evaluate_from_scratch(pos, b));
    }
}

// A threat as a move's changes name it: its squares and its feature from the mover's view.
using NamedThreat = std::tuple<Square, Square, int>;

std::multiset<NamedThreat> named(const threats::ThreatList& list, Color mover) {
    std::multiset<NamedThreat> out;
    for (int i = 0; i < list.count; ++i)
        out.insert({list.from[std::size_t(i)], list.to[std::size_t(i)],
            list.features[mover][std::size_t(i)]});
    return out;
}

// What a move changed is exactly the threats one position has and the other has not, each with
// the share the position that has it gives it, the mover's loss first.
TEST(Network, ThreatChangesAreWhatTheMoveMadeOrEndedWithTheirShares) {
    const Network net = random_network(64, 31, true);
    std::mt19937  rng(7);
    int           changes = 0;
    for (const std::string& sfen : test::random_play_sfens(60)) {
        const Position before = test::from_sfen(sfen);
        if (before.king_square(SENTE) == SQ_NONE || before.king_square(GOTE) == SQ_NONE) continue;
        const MoveList moves = generate(GenKind::Legal, before);
        if (moves.empty()) continue;
        Position after = before;
        after.do_move(moves[rng() % moves.size()]);
        const Color         mover = before.side_to_move();
        threats::ThreatList was, is;
        threats::collect(before, was);
        threats::collect(after, is);
        const auto                 was_named = named(was, mover), is_named = named(is, mover);
        std::multiset<NamedThreat> made, ended;
        std::set_difference(is_named.begin(), is_named.end(), was_named.begin(), was_named.end(),
            std::inserter(made, made.end()));
        std::set_difference(was_named.begin(), was_named.end(), is_named.begin(), is_named.end(),
            std::inserter(ended, ended.end()));
        const auto                 was_worth = nnue::threat_contributions(net, before, was);
        const auto                 is_worth  = nnue::threat_contributions(net, after, is);
        const auto                 found     = nnue::threat_changes(net, before, after);
        std::multiset<NamedThreat> found_made, found_ended;
        for (std::size_t k = 0; k < found.size(); ++k) {
            const nnue::ThreatChange& c = found[k];
            if (k) {
                EXPECT_LE(found[k - 1].value, c.value) << "the mover's loss first";
            }
            (c.appeared ? found_made : found_ended).insert({c.from, c.to, c.feature});
            const threats::ThreatList& list  = c.appeared ? is : was;
            const auto&                worth = c.appeared ? is_worth : was_worth;
            const Position&            pos   = c.appeared ? after : before;
            EXPECT_EQ(c.piece, pos.piece_on(c.from));
            EXPECT_EQ(c.target, pos.piece_on(c.to));
            for (int i = 0; i < list.count; ++i)
                if (list.from[std::size_t(i)] == c.from && list.to[std::size_t(i)] == c.to
                    && list.features[mover][std::size_t(i)] == c.feature) {
                    EXPECT_EQ(c.value, -worth[std::size_t(i)]) << sfen;
                }
        }
        EXPECT_EQ(found_made, made) << sfen;
        EXPECT_EQ(found_ended, ended) << sfen;
        changes += int(found.size());
    }
    EXPECT_GT(changes, 100);
}

// The built-in threat network counts a bishop promoted where gote's bishop and knight take it
// (7g7f 3c3d 8h3c+) against sente, before anything else that move changed.
TEST(Network, TheBuiltInThreatNetworkCountsAPieceLeftHangingAgainstItsMover) {
    const auto& net = Network::builtin(true);
    if (!net) GTEST_SKIP() << "built without eval/data/nnue_threats.bin";
    Position before = Position::startpos();
    for (const char* m : {"7g7f", "3c3d"}) before.do_move(test::usi_move(before, m));
    Position after = before;
    after.do_move(test::usi_move(before, "8h3c+"));
    const auto changes = nnue::threat_changes(*net, before, after);
    ASSERT_FALSE(changes.empty());
    const nnue::ThreatChange& worst = changes.front();
    EXPECT_EQ(worst.to, test::sq("3c"));
    EXPECT_EQ(worst.target, make_piece(SENTE, HORSE));
    EXPECT_TRUE(worst.appeared);
    EXPECT_LT(worst.value, 0);
    EXPECT_NE(
        threats::describe(worst.feature).find("attacks own +B (undefended)"), std::string::npos)
        << threats::describe(worst.feature);
}

}  // namespace
}  // namespace supersoma::eval
