// The SUPER-SOMA article's examples (seed 003) with the numbers of
// shared/spec/article-examples.md, sections 3 and 4, in the article profile.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "engine/sfen.hpp"
#include "soma/shogi/soma.hpp"
#include "soma/supersoma.hpp"
#include "support/positions.hpp"
#include "tied_position.hpp"

namespace supersoma::soma {
namespace {

using test::move_of;
using test::position_of;

constexpr const char* TieSfen  = "4k4/9/9/9/3n2r2/9/4PGB2/9/4K4 w - 1";
constexpr const char* XrefSfen = "5g3/2k6/5b1g1/3r1S3/5p3/3L2N2/1P1P5/9/8K w - 1";

TEST(TieExample, PlainSomaOfKnightTakesPawnIsMinus188) {
    const test::TiedPosition t(TieSfen);
    EXPECT_EQ(t.exchange("6e5g", false).value, -188);  // 52, then G takes N: 240
}

TEST(TieExample, PlainSomaOfKnightTakesPawnPromotingIsMinus188) {
    const test::TiedPosition t(TieSfen);
    EXPECT_EQ(t.exchange("6e5g+", false).value, -188);  // 162, then G takes +N: 350
}

TEST(TieExample, TiedGoldDoesNotRecaptureSoKnightTakesPawnIsPlus52) {
    const test::TiedPosition t(TieSfen);
    EXPECT_EQ(t.exchange("6e5g", true).value, 52);  // the article's "Nxp +52"
}

TEST(TieExample, TiedGoldDoesNotRecaptureSoPromotingCaptureIsPlus162) {
    const test::TiedPosition t(TieSfen);
    EXPECT_EQ(t.exchange("6e5g+", true).value, 162);
}

TEST(TieExample, RookTakesBishopIsMinus240WithOrWithoutTies) {
    const test::TiedPosition t(TieSfen);
    EXPECT_EQ(t.exchange("3e3g+", false).value, -240);
    EXPECT_EQ(
        t.exchange("3e3g+", true).value, -240);  // G recaptures even though the pawn then hangs
}

TEST(TieExample, SuperSomaFirstChoiceIsKnightTakesPawnPromoting) {
    const EvalResult r = evaluate(position_of(TieSfen));
    ASSERT_FALSE(r.line.empty());
    EXPECT_EQ(to_usi(r.line.front().move), "6e5g+");
    EXPECT_EQ(r.line.front().side, GOTE);
}

// The entry of `side` playing `usi` in `entries`, or nullptr.
const XrefEntry* find(const ArenaVector<XrefEntry>& entries, const std::string& usi) {
    auto it = std::find_if(
        entries.begin(), entries.end(), [&](const XrefEntry& e) { return to_usi(e.move) == usi; });
    return it == entries.end() ? nullptr : &*it;
}

struct Expected {
    const char* usi;
    Color       side;
    Value       value, weight;
};

// Spec 4.1: the six entries, their values and B2 weights. The article prints 944 for
// s 4dxB4c and 982 for B 4cxp8g; the spec's rule gives 892 for both, and 982 cannot be
// right (the article ranks the 960 rook move above it). Those misprints are not asserted.
constexpr Expected Iteration1[] = {
    {"6f6d", SENTE, 960, 960},
    {"4d4c+", SENTE, 740, 892},
    {"6d4d", GOTE, -560, 1160},
    {"6d6f", GOTE, -720, 240},
    {"4c8g+", GOTE, 152, 892},
    {"4d5c+", SENTE, 20, 20},
};

void expect_iteration1_entries(const Iteration& it) {
    for (const Expected& x : Iteration1) {
        const XrefEntry* e = find(it.entries, x.usi);
        ASSERT_NE(e, nullptr) << x.usi;
        EXPECT_EQ(e->side, x.side) << x.usi;
        EXPECT_EQ(e->value, x.value) << x.usi;
        EXPECT_EQ(e->weight, x.weight) << x.usi;
    }
}

TEST(XrefExample, FirstIterationHoldsExactlyTheSixArticleEntries) {
    EvalOptions opt;
    opt.threats        = false;
    const EvalResult r = evaluate(position_of(XrefSfen), opt);
    ASSERT_GE(r.iterations.size(), 1u);
    const Iteration& it = r.iterations[0];
    EXPECT_EQ(it.side_to_move, GOTE);
    EXPECT_EQ(it.entries.size(), 6u);
    expect_iteration1_entries(it);
    // Rook x silver: 400 first, -960 when the knight takes the rook back.
    const XrefEntry* rxs = find(it.entries, "6d4d");
    ASSERT_NE(rxs, nullptr);
    EXPECT_EQ(rxs->first, 400);
    EXPECT_EQ(rxs->recapture, -960);
    EXPECT_EQ(find(it.entries, "6d6f")->first, 240);
    EXPECT_EQ(find(it.entries, "6d6f")->recapture, -960);
}

TEST(XrefExample, GoteRanksRookTakesSilverThenRookRunsThenBishopTakesPawn) {
    EvalOptions opt;
    opt.threats          = false;
    opt.all_neutralisers = true;  // weigh the ones that lose to 6d4d too
    const EvalResult r   = evaluate(position_of(XrefSfen), opt);
    const Iteration& it  = r.iterations.at(0);
    EXPECT_EQ(to_usi(it.chosen), "6d4d");
    EXPECT_EQ(it.chosen_weight, 1160);
    // The best neutraliser moves the rook away from the lance (spec 4.1 order: below 1160,
    // above 4c8g+'s 892). Running to 7d saves exactly l 6fxR6d's 960; running to 5d also
    // covers 5c and so stops s 4d-5c+ too: 980.
    ASSERT_FALSE(it.neutralisers.empty());
    const Neutraliser& best = it.neutralisers.front();
    EXPECT_EQ(to_usi(best.move), "6d5d");
    EXPECT_EQ(best.weight, 980);
    EXPECT_LT(best.weight, 1160);
    EXPECT_GT(best.weight, find(it.entries, "4c8g+")->weight);
    auto to_7d = std::find_if(it.neutralisers.begin(), it.neutralisers.end(),
        [](const Neutraliser& n) { return to_usi(n.move) == "6d7d"; });
    ASSERT_NE(to_7d, it.neutralisers.end());
    EXPECT_EQ(to_7d->weight, 960);
    // The bishop's interposition 4c6e is no neutraliser: the lance would take it with profit.
    EXPECT_TRUE(std::none_of(it.neutralisers.begin(), it.neutralisers.end(),
        [](const Neutraliser& n) { return to_usi(n.move) == "4c6e"; }));
}

TEST(XrefExample, ThreatsOffLineIsTheArticlesWithNetMinus408) {
    EvalOptions opt;
    opt.threats        = false;
    const EvalResult r = evaluate(position_of(XrefSfen), opt);
    ASSERT_EQ(r.iterations.size(), 5u);
    // Iteration 2: exactly n 3fxR4d (960) and B 4cxp8g (152); iteration 3: only B 4cxp8g.
    const auto& it2 = r.iterations[1].entries;
    ASSERT_EQ(it2.size(), 2u);
    ASSERT_NE(find(it2, "3f4d"), nullptr);
    EXPECT_EQ(find(it2, "3f4d")->value, 960);
    ASSERT_NE(find(it2, "4c8g+"), nullptr);
    EXPECT_EQ(find(it2, "4c8g+")->value, 152);
    const auto& it3 = r.iterations[2].entries;
    ASSERT_EQ(it3.size(), 1u);
    EXPECT_EQ(to_usi(it3[0].move), "4c8g+");
    // The line: the article prints 500 for the first step; its table says 400 (spec 4.2).
    const char* moves[]  = {"6d4d", "3f4d", "4c8g+", "pass", "pass"};
    const Color sides[]  = {GOTE, SENTE, GOTE, SENTE, GOTE};
    const Value values[] = {400, 960, 152, 0, 0};
    ASSERT_EQ(r.line.size(), 5u);
    for (int i = 0; i < 5; ++i) {
        EXPECT_EQ(to_usi(r.line[i].move), moves[i]) << i;
        EXPECT_EQ(r.line[i].side, sides[i]) << i;
        EXPECT_EQ(r.line[i].value, values[i]) << i;
    }
    EXPECT_EQ(r.net, -408);
    EXPECT_FALSE(r.cycle_stopped());
}

TEST(XrefExample, ThreatsOnKeepsIterationOneCapturesAndFirstChoice) {
    const EvalResult r = evaluate(position_of(XrefSfen));
    ASSERT_GE(r.iterations.size(), 1u);
    expect_iteration1_entries(r.iterations[0]);
    EXPECT_EQ(to_usi(r.iterations[0].chosen), "6d4d");
}

// With threats on, the line goes on where the article stops (spec 4.2). Checked by hand:
//  4. r*7e   sente drops the rook it won: check along file 7 (7d, 7c empty) and an attack
//            on the pawn 4e along rank e; a fork worth the pawn (52) once the check is met.
//  5. P*7c   gote blocks with a pawn (hand value 0, so the cheapest parry); the pawn on 7c
//            guards nothing on rank e, so 4e still hangs.
//  6. 7e4e   the rook takes the pawn: +52, no promotion (rank e is outside the zone).
//  7. S*5f   gote drops its silver: it attacks 6g (forward diagonal) and the rook on 4e
//            (backward diagonal), and nothing of sente guards 5f.
//  8. 4e4f   the rook runs to a safe square (4g and 6e are the silver's squares).
//  9. 5f6g+  the silver takes the pawn and promotes: 52 + 20 = +72; 6g was defended by
//            nothing once the lance had gone up the file.
//     pass, pass: no capture, safe promotion or threat is left.
// Net for gote: 400 - 960 + 152 - 52 + 72 = -388.
TEST(XrefExample, ThreatsOnLineContinuesWithTheRookDropForkAndNetsMinus388) {
    const EvalResult r       = evaluate(position_of(XrefSfen));
    const char*      moves[] = {
             "6d4d", "3f4d", "4c8g+", "R*7e", "P*7c", "7e4e", "S*5f", "4e4f", "5f6g+", "pass", "pass"};
    const Value values[] = {400, 960, 152, 0, 0, 52, 0, 0, 72, 0, 0};
    ASSERT_EQ(r.line.size(), std::size(moves));
    for (std::size_t i = 0; i < std::size(moves); ++i) {
        EXPECT_EQ(to_usi(r.line[i].move), moves[i]) << i;
        EXPECT_EQ(r.line[i].side, i % 2 == 0 ? GOTE : SENTE) << i;
        EXPECT_EQ(r.line[i].value, values[i]) << i;
    }
    // Step 4 is chosen as a fork entry that also checks.
    const Iteration& it4 = r.iterations[3];
    ASSERT_GE(it4.chosen_entry, 0);
    const XrefEntry& fork = it4.entries[it4.chosen_entry];
    EXPECT_TRUE(fork.is(KIND_FORK));
    EXPECT_TRUE(fork.is(KIND_CHECK));
    EXPECT_TRUE(fork.is(KIND_DROP));
    EXPECT_EQ(fork.value, 52);
    EXPECT_EQ(r.net, -388);
}

}  // namespace
}  // namespace supersoma::soma
