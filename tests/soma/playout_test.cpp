// B5's playout (soma/playout/playout.hpp): two passes in a row end the line, a mate in one ends it,
// so does a side without a legal move, a repeated position or max_iterations stops it as a
// cycle, and the net is the line's signed sum from the side to move of the root. Article
// profile: P 52 (hand 0), N 120, G 220, B 360, R 480; +N 230, +R 550; taking a piece gains
// board + hand value.
#include "soma/supersoma.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "engine/notation.hpp"
#include "support/engine_helpers.hpp"
#include "support/positions.hpp"

namespace supersoma::soma {
namespace {

using test::position_of;

TEST(Playout, QuietPositionIsPassPassAndNetZero) {
    const EvalResult r = evaluate(position_of("4k4/9/9/9/9/9/9/9/4K4 b - 1"), {});
    ASSERT_EQ(r.line.size(), 2u);
    EXPECT_TRUE(r.line[0].move.is_pass());
    EXPECT_EQ(r.line[0].side, SENTE);
    EXPECT_TRUE(r.line[1].move.is_pass());
    EXPECT_EQ(r.line[1].side, GOTE);
    EXPECT_EQ(r.net, 0);
    EXPECT_EQ(r.iterations.size(), 2u);
    EXPECT_EQ(r.end, LineEnd::TwoPasses);
    EXPECT_FALSE(r.cycle_stopped());
}

// Sente S 5g x G 5f (220 + 220); gote, with only its king, passes; sente, with a gold in
// hand and no gote piece but the far king to hit, passes too: the two passes end the line.
constexpr const char* CaptureSfen = "8k/9/9/9/9/4g4/4S4/9/K8 b - 1";

TEST(Playout, CaptureThenTwoPassesEndTheLine) {
    const EvalResult r = evaluate(position_of(CaptureSfen), {});
    ASSERT_EQ(r.line.size(), 3u);
    EXPECT_EQ(to_usi(r.line[0].move), "5g5f");
    EXPECT_EQ(r.line[0].value, 440);
    EXPECT_TRUE(r.line[1].move.is_pass());
    EXPECT_TRUE(r.line[2].move.is_pass());
    EXPECT_EQ(r.net, 440);
    EXPECT_EQ(r.end, LineEnd::TwoPasses);
    EXPECT_FALSE(r.cycle_stopped());
}

// Gote K 5a, sente P 5c, G in hand: G*5b mates and nothing is played after it.
TEST(Playout, MateInOneIsPlayedAndEndsTheLine) {
    const EvalResult r = evaluate(position_of("4k4/9/4P4/9/9/9/9/9/K8 b G 1"), {});
    ASSERT_EQ(r.line.size(), 1u);
    EXPECT_EQ(to_usi(r.line[0].move), "G*5b");
    const Iteration& it = r.iterations.at(0);
    ASSERT_GE(it.chosen_entry, 0);
    EXPECT_TRUE(it.entries[it.chosen_entry].is(KIND_MATE));
    EXPECT_EQ(r.net, 3999);  // the drop takes nothing; the mate is worth the king
    EXPECT_EQ(r.end, LineEnd::Mate);
    EXPECT_FALSE(r.cycle_stopped());
}

// Gote K 5a is mated already (G 5b, guarded by P 5c): its only step is a pass, the line
// ends there rather than with sente's pass, and the net is the loss of the king.
TEST(Playout, SideWithoutALegalMoveEndsTheLine) {
    const EvalResult r = evaluate(position_of("4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1"), {});
    ASSERT_EQ(r.line.size(), 1u);
    EXPECT_TRUE(r.line[0].move.is_pass());
    EXPECT_EQ(r.line[0].side, GOTE);
    EXPECT_EQ(r.end, LineEnd::NoLegalMove);
    EXPECT_FALSE(r.cycle_stopped());
    // Already lost reads as lost: the king's value, as a mate inside a line counts it.
    EXPECT_EQ(r.net, -EvalOptions {}.profile->board[KING]);
    EXPECT_LT(r.net, -3000);
}

TEST(Playout, MaxIterationsStopsTheLineAsACycle) {
    EvalOptions options;
    options.max_iterations = 1;
    const EvalResult r     = evaluate(position_of(CaptureSfen), options);
    ASSERT_EQ(r.line.size(), 1u);
    EXPECT_EQ(to_usi(r.line[0].move), "5g5f");
    EXPECT_EQ(r.end, LineEnd::IterationLimit);
    EXPECT_TRUE(r.cycle_stopped());
    EXPECT_EQ(r.net, 440);
}

// Found among the scattered positions: after the captures, gote's horse shuttles 3g-2g-1g-2g
// and sente's king 3i-3h-3i, so a position of the line comes back and the guard stops it.
TEST(Playout, RepeatedPositionStopsTheLine) {
    const Position   root = position_of("b2s1plns/l1s2g3/1pngr1kpl/1+PpP2p1p/p3p2Pn/5g3/"
                                          "P1P3+b2/3R5/LN1G2K1+s b 5p 118");
    const EvalResult r    = evaluate(root, {});
    EXPECT_EQ(r.end, LineEnd::Repetition);
    EXPECT_TRUE(r.cycle_stopped());
    EXPECT_LT(int(r.line.size()), EvalOptions {}.max_iterations);
    // The last move really brings back a position the line went through.
    Position      pos(root);
    std::set<Key> seen {pos.key()};
    bool          repeated = false;
    for (const LineStep& step : r.line) {
        pos.do_move(step.move);
        repeated = !seen.insert(pos.key()).second;
    }
    EXPECT_TRUE(repeated);
}

// The article's tie example (spec 3), gote to move. After 6e5g+ (N x P promoting: 52 + 110)
// sente's G 4g x +N 5g takes 230 + 120 = 350 and also removes +N x G 4g (440, B2):
// weight 790, more than any parry of that 440 can weigh. The gold has left the bishop
// alone, so gote's R 3e x B 3g promoting takes 360 + 360 + 70 = 790 for nothing.
constexpr const char* TieSfen = "4k4/9/9/9/3n2r2/9/4PGB2/9/4K4 w - 1";

TEST(Playout, TieExampleGoesOnGoldTakesTheTokinThenRookTakesTheBishop) {
    EvalOptions options;
    options.max_iterations = 3;
    const EvalResult r     = evaluate(position_of(TieSfen), options);
    ASSERT_EQ(r.line.size(), 3u);
    EXPECT_EQ(to_usi(r.line[0].move), "6e5g+");
    EXPECT_EQ(r.line[0].value, 162);
    EXPECT_EQ(to_usi(r.line[1].move), "4g5g");
    EXPECT_EQ(r.line[1].side, SENTE);
    EXPECT_EQ(r.line[1].value, 350);
    EXPECT_EQ(r.iterations[1].chosen_weight, 790);
    EXPECT_EQ(to_usi(r.line[2].move), "3e3g+");
    EXPECT_EQ(r.line[2].side, GOTE);
    EXPECT_EQ(r.line[2].value, 790);
    EXPECT_EQ(r.end, LineEnd::IterationLimit);
    EXPECT_TRUE(r.cycle_stopped());
}

// The net is the signed sum of the line from gote's (the root mover's) view.
TEST(Playout, NetIsTheSignedSumOfTheLine) {
    EvalOptions options;
    options.max_iterations = 3;
    const EvalResult r     = evaluate(position_of(TieSfen), options);
    EXPECT_EQ(r.side_to_move, GOTE);
    EXPECT_EQ(r.net, 162 - 350 + 790);
}

// Tables past `complete_tables` list only what decides the moves: the same line, net and
// choices; no A4 threats of the side not to move; of the side to move's threats only those
// that could outweigh its best entry, each with the weight the complete table gives it.
TEST(Playout, DecisionTablesGiveTheSameLineAndChoices) {
    int dropped = 0, threats_skipped = 0;
    for (const std::string& sfen : test::random_play_sfens(60)) {
        SCOPED_TRACE(sfen);
        const Position root = test::from_sfen(sfen);
        EvalOptions    complete, decisions;
        decisions.complete_tables = 1;
        const EvalResult a        = evaluate(root, complete);
        const EvalResult b        = evaluate(root, decisions);
        EXPECT_EQ(a.net, b.net);
        ASSERT_EQ(a.iterations.size(), b.iterations.size());
        for (std::size_t i = 0; i < a.iterations.size(); ++i) {
            SCOPED_TRACE("iteration " + std::to_string(i));
            const Iteration& full = a.iterations[i];
            const Iteration& lean = b.iterations[i];
            EXPECT_EQ(full.chosen, lean.chosen);
            EXPECT_EQ(full.chosen_weight, lean.chosen_weight);
            EXPECT_TRUE(full.relations.has_value());
            EXPECT_EQ(lean.relations.has_value(), i == 0);  // A2's findings only when shown
            if (i == 0) {
                EXPECT_EQ(full.entries.size(), lean.entries.size());
                continue;
            }
            // By move and kind (a move can be both a promotion and a fork); the check and
            // discovered flags are report-only notes a decision table leaves out.
            const auto key = [](const XrefEntry& e) {
                return std::pair {e.move.raw(), e.kinds & ~(KIND_CHECK | KIND_DISCOVERED)};
            };
            std::map<std::pair<std::uint32_t, int>, Value> full_weights;
            for (const XrefEntry& e : full.entries)
                if (e.side == full.side_to_move) full_weights[key(e)] = e.weight;
            std::size_t mine = 0;
            for (const XrefEntry& e : lean.entries) {
                EXPECT_TRUE(e.side == lean.side_to_move || e.gains_at_once());
                if (e.side != lean.side_to_move) continue;
                ++mine;
                ASSERT_TRUE(full_weights.count(key(e))) << to_usi(e.move);
                EXPECT_EQ(full_weights[key(e)], e.weight) << to_usi(e.move);
            }
            threats_skipped += int(full_weights.size() - mine);
            dropped += int(full.entries.size() - lean.entries.size());
        }
    }
    EXPECT_GT(dropped, 0);          // the sample had threats to leave out
    EXPECT_GT(threats_skipped, 0);  // and threats of the side to move that could not win
}

}  // namespace
}  // namespace supersoma::soma

namespace supersoma::soma {
namespace {

// The study variants: a discounted net weighs step i by percent^i; with neutralisers only
// when nothing gains, a side with a gaining entry weighs none.
TEST(PlayoutVariants, DiscountedNetAndParriesOnlyWithoutGain) {
    const Position pos = test::position_of("5g3/2k6/5b1g1/3r1S3/5p3/3L2N2/1P1P5/9/8K w - 1");
    EvalOptions    options;
    options.threats              = false;
    options.net_discount_percent = 80;
    const EvalResult r           = evaluate(pos, options);
    double           expected = 0, weight = 1;
    for (const LineStep& s : r.line) {
        expected += weight * (s.side == r.side_to_move ? s.value : -s.value);
        weight *= 0.8;
    }
    EXPECT_EQ(r.net, Value(std::lround(expected)));
    EXPECT_NE(r.net, -408);  // the undiscounted net of the article's example

    options.net_discount_percent    = 100;
    options.parry_only_without_gain = true;
    options.all_neutralisers        = true;
    for (const Iteration& it : evaluate(pos, options).iterations) {
        const bool gains = std::any_of(it.entries.begin(), it.entries.end(),
            [&](const XrefEntry& e) { return e.side == it.side_to_move && e.value > 0; });
        if (gains) {
            EXPECT_TRUE(it.neutralisers.empty());
        }
    }
}

// The ablation switches take out exactly their step: no mate entries without the A2 mate
// search, B1's weights unchanged without the B2 cross-reference, no neutraliser without B3's
// parries (a side in check still evades), each on a position where the step does something.
TEST(PlayoutVariants, AblationSwitchesTakeOutTheirStep) {
    const Position mate_in_one = test::position_of("4k4/9/4P4/9/9/9/9/9/K8 b G 1");
    EvalOptions    options;
    const auto     has_mate = [](const EvalResult& r) {
        const auto& entries = r.iterations.front().entries;
        return std::any_of(
                entries.begin(), entries.end(), [](const XrefEntry& e) { return e.is(KIND_MATE); });
    };
    EXPECT_TRUE(has_mate(evaluate(mate_in_one, options)));
    options.mate_search = false;
    EXPECT_FALSE(has_mate(evaluate(mate_in_one, options)));

    const Position article = test::position_of("5g3/2k6/5b1g1/3r1S3/5p3/3L2N2/1P1P5/9/8K w - 1");
    options                = EvalOptions {};
    options.threats        = false;
    const auto credited    = [](const EvalResult& r) {
        int n = 0;
        for (const Iteration& it : r.iterations)
            for (const XrefEntry& e : it.entries) n += !e.contributions.empty();
        return n;
    };
    EXPECT_GT(credited(evaluate(article, options)), 0);
    options.cross_reference = false;
    EXPECT_EQ(credited(evaluate(article, options)), 0);

    options                  = EvalOptions {};
    options.threats          = false;
    options.all_neutralisers = true;
    const auto parries       = [](const EvalResult& r) {
        std::size_t n = 0;
        for (const Iteration& it : r.iterations) n += it.neutralisers.size();
        return n;
    };
    EXPECT_GT(parries(evaluate(article, options)), 0u);
    options.neutralisers = false;
    EXPECT_EQ(parries(evaluate(article, options)), 0u);
    // In check, the evasion is still played: gote's king must leave the lance's file.
    const EvalResult in_check
        = evaluate(test::position_of("4k4/9/9/9/9/9/9/9/4L3K w - 1"), options);
    ASSERT_FALSE(in_check.line.empty());
    EXPECT_FALSE(in_check.line.front().move.is_pass());
}

}  // namespace
}  // namespace supersoma::soma
