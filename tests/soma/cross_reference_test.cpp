// B1 and B2 (soma/playout/weight.hpp, soma/playout/cross_reference.hpp) on synthetic XREF tables:
// an entry gains each positive opposing entry it removes, by taking its mover or by moving its
// target away, once each; nothing else counts. The moves need no board: only squares and kinds.
#include "soma/playout/cross_reference.hpp"

#include <gtest/gtest.h>

#include <random>

#include "soma/playout/weight.hpp"
#include "synthetic_entries.hpp"

namespace supersoma::soma {
namespace {

using test::sq;

XrefEntry capture(Color side, const char* from, const char* to, Value value) {
    return test::capture_entry(side, from, to, value);
}

XrefEntry quiet(Color side, const char* from, const char* to, Value value, std::uint16_t kinds) {
    XrefEntry e;
    e.side  = side;
    e.move  = Move::board(sq(from), sq(to), SILVER, NO_PIECE_TYPE, true);
    e.kinds = kinds;
    e.value = value;
    return e;
}

XrefTable weighed(ArenaVector<XrefEntry> entries) {
    XrefTable table;
    table.entries = std::move(entries);
    initial_weights(table);
    cross_reference(table);
    return table;
}

// Sente's piece on 5g is attacked by two gote pieces (300 and 200) and takes a gote piece on
// 5d that could capture twice (400, 150).
ArenaVector<XrefEntry> crowded() {
    return {capture(SENTE, "5g", "5d", 100), capture(GOTE, "5d", "6d", 150),
        capture(GOTE, "5d", "4d", 400), capture(GOTE, "6c", "5g", 300),
        capture(GOTE, "4c", "5g", 200)};
}

// Sente 5g x 5d takes the gote piece on 5d, which is about to capture on 6d (300).
TEST(CrossReference, CaptureOfTheOpposingMoverGainsItsValue) {
    const XrefTable  t = weighed({capture(SENTE, "5g", "5d", 100), capture(GOTE, "5d", "6d", 300)});
    const XrefEntry& e = t.entries[0];
    EXPECT_EQ(e.weight, 100 + 300);
    ASSERT_EQ(e.contributions.size(), 1u);
    EXPECT_EQ(e.contributions[0].entry, 1);
    EXPECT_EQ(e.contributions[0].value, 300);
    EXPECT_EQ(e.contributions[0].reason, Contribution::Reason::CapturesMover);
    // And the gote capture moves sente's target (5d) away: it gains sente's 100.
    const XrefEntry& f = t.entries[1];
    EXPECT_EQ(f.weight, 300 + 100);
    ASSERT_EQ(f.contributions.size(), 1u);
    EXPECT_EQ(f.contributions[0].entry, 0);
    EXPECT_EQ(f.contributions[0].reason, Contribution::Reason::MovesTarget);
}

// Sente's silver on 4d promotes on 4c (20) and so leaves gote's capture 3c x 4d (250)
// without a target. A non-capture cannot take a mover, but it can move a target.
TEST(CrossReference, MovingTheOpposingTargetAwayGainsItsValue) {
    const XrefTable t
        = weighed({quiet(SENTE, "4d", "4c", 20, KIND_PROMOTION), capture(GOTE, "3c", "4d", 250)});
    EXPECT_EQ(t.entries[0].weight, 20 + 250);
    ASSERT_EQ(t.entries[0].contributions.size(), 1u);
    EXPECT_EQ(t.entries[0].contributions[0].reason, Contribution::Reason::MovesTarget);
}

// A non-capture landing on the opposing mover's square takes nothing there.
TEST(CrossReference, NonCaptureOntoTheMoversSquareGainsNothing) {
    const XrefTable t
        = weighed({quiet(SENTE, "2g", "5d", 20, KIND_PROMOTION), capture(GOTE, "5d", "6d", 300)});
    EXPECT_EQ(t.entries[0].weight, 20);
    EXPECT_TRUE(t.entries[0].contributions.empty());
}

// Sente 5f x 5e and gote 5e x 5f: each takes the other's mover and moves the other's
// target; each counts the other once.
TEST(CrossReference, EntryRemovedForBothReasonsCountsOnce) {
    const XrefTable t = weighed({capture(SENTE, "5f", "5e", 400), capture(GOTE, "5e", "5f", 300)});
    EXPECT_EQ(t.entries[0].weight, 400 + 300);
    ASSERT_EQ(t.entries[0].contributions.size(), 1u);
    EXPECT_EQ(t.entries[0].contributions[0].reason, Contribution::Reason::CapturesMover);
    EXPECT_EQ(t.entries[1].weight, 300 + 400);
    EXPECT_EQ(t.entries[1].contributions.size(), 1u);
}

// One sente capture removes two gote entries for two different reasons.
TEST(CrossReference, EveryRemovedEntryIsRecordedWithItsIndex) {
    const XrefTable  t = weighed({capture(GOTE, "1a", "1b", 50), capture(SENTE, "5g", "5d", 100),
         capture(GOTE, "5d", "6d", 300), capture(GOTE, "6c", "5g", 200)});
    const XrefEntry& e = t.entries[1];
    EXPECT_EQ(e.weight, 100 + 300 + 200);
    ASSERT_EQ(e.contributions.size(), 2u);
    EXPECT_EQ(e.contributions[0].entry, 2);
    EXPECT_EQ(e.contributions[0].value, 300);
    EXPECT_EQ(e.contributions[0].reason, Contribution::Reason::CapturesMover);
    EXPECT_EQ(e.contributions[1].entry, 3);
    EXPECT_EQ(e.contributions[1].value, 200);
    EXPECT_EQ(e.contributions[1].reason, Contribution::Reason::MovesTarget);
    EXPECT_EQ(t.entries[0].weight, 50);  // unrelated: nothing given, nothing taken
}

TEST(CrossReference, NonPositiveOpposingEntriesGiveNothing) {
    const XrefTable t = weighed({capture(SENTE, "5g", "5d", 100), capture(GOTE, "5d", "6d", 0),
        capture(GOTE, "6c", "5g", -50)});
    EXPECT_EQ(t.entries[0].weight, 100);
    EXPECT_TRUE(t.entries[0].contributions.empty());
}

TEST(CrossReference, SameSideEntriesGiveNothing) {
    const XrefTable t = weighed({capture(SENTE, "5g", "5d", 100), capture(SENTE, "5d", "6d", 300),
        capture(SENTE, "6c", "5g", 200)});
    EXPECT_EQ(t.entries[0].weight, 100);
    EXPECT_TRUE(t.entries[0].contributions.empty());
}

// Forks and attacks on immobile pieces are plans, not gains: removing them counts nothing.
TEST(CrossReference, ForkAndImmobileEntriesGiveNothing) {
    XrefEntry fork = quiet(GOTE, "5d", "6e", 500, KIND_FORK);
    fork.target    = sq("7g");
    XrefEntry immobile;
    immobile.side   = GOTE;
    immobile.move   = Move::drop(LANCE, sq("5c"));
    immobile.kinds  = KIND_IMMOBILE | KIND_DROP;
    immobile.value  = 350;
    immobile.target = sq("5g");
    ASSERT_FALSE(fork.gains_at_once());
    const XrefTable t = weighed({capture(SENTE, "5g", "5d", 100), fork, immobile});
    EXPECT_EQ(t.entries[0].weight, 100);
    EXPECT_TRUE(t.entries[0].contributions.empty());
}

// A drop has no mover on the board, but its target can still run: a mate by drop aimed at
// the king on 5i is removed by the king's moving.
TEST(CrossReference, DropEntryIsRemovedByMovingItsTarget) {
    XrefEntry mate;
    mate.side         = GOTE;
    mate.move         = Move::drop(GOLD, sq("5h"));
    mate.kinds        = KIND_MATE | KIND_CHECK | KIND_DROP;
    mate.value        = 3999;
    mate.target       = sq("5i");
    const XrefTable t = weighed({quiet(SENTE, "5i", "4h", 0, 0), mate});
    EXPECT_EQ(t.entries[0].weight, 3999);
    EXPECT_EQ(t.entries[1].weight, 3999);  // the king's move is not positive: nothing back
}

// The square index credits exactly what removes() says, in table order, on random tables
// crowded onto a few squares (both reasons at once, drops, forks, losing entries).
TEST(CrossReference, IndexAgreesWithTheRuleOnRandomTables) {
    std::mt19937_64 rng(20261122);
    const char*     squares[] = {"5d", "5e", "5f", "4e", "6e"};
    auto            any       = [&] { return squares[rng() % 5]; };
    int             credited  = 0;
    for (int n = 0; n < 2000; ++n) {
        ArenaVector<XrefEntry> entries;
        for (int k = int(rng() % 12); k > 0; --k) {
            const Color side  = rng() % 2 ? SENTE : GOTE;
            const Value value = Value(rng() % 7) * 100 - 200;
            switch (rng() % 4) {
            case 0: entries.push_back(quiet(side, any(), any(), value, KIND_PROMOTION)); break;
            case 1: entries.push_back(quiet(side, any(), any(), value, KIND_FORK)); break;
            case 2: {
                XrefEntry drop;
                drop.side   = side;
                drop.move   = Move::drop(GOLD, sq(any()));
                drop.kinds  = KIND_MATE | KIND_DROP;
                drop.value  = value;
                drop.target = sq(any());
                entries.push_back(drop);
                break;
            }
            default: entries.push_back(capture(side, any(), any(), value));
            }
            if (rng() % 2) entries.back().target = sq(any());
        }
        const Creditable index(entries);
        for (const XrefEntry& e : entries) {
            XrefEntry want = e, got = e;
            for (std::size_t j = 0; j < entries.size(); ++j) {
                const XrefEntry& f = entries[j];
                if (f.value <= 0 || !f.gains_at_once()) continue;
                if (auto reason = removes(e, f)) {
                    want.weight += f.value;
                    want.contributions.push_back({int(j), f.value, *reason});
                }
            }
            index.credit(got);
            ASSERT_EQ(got.weight, want.weight);
            ASSERT_EQ(got.contributions.size(), want.contributions.size());
            for (std::size_t i = 0; i < want.contributions.size(); ++i) {
                EXPECT_EQ(got.contributions[i].entry, want.contributions[i].entry);
                EXPECT_EQ(got.contributions[i].value, want.contributions[i].value);
                EXPECT_EQ(got.contributions[i].reason, want.contributions[i].reason);
            }
            credited += int(want.contributions.size());
        }
    }
    EXPECT_GT(credited, 1500);
}

TEST(CrossReference, SumRuleCreditsEveryRemovedEntry) {
    EXPECT_EQ(weighed(crowded()).entries[0].weight, 100 + 150 + 400 + 300 + 200);
}

// An entry on both of a square's lists (it moves from where sente takes, onto sente's piece)
// is still credited once.
TEST(CrossReference, EntryOnBothListsCountsOnce) {
    const XrefTable t = weighed({capture(SENTE, "5f", "5e", 400), capture(GOTE, "5e", "5f", 300)});
    EXPECT_EQ(t.entries[0].weight, 400 + 300);
    EXPECT_EQ(t.entries[0].contributions.size(), 1u);
}

// positive_total, which B3 weighs parries with, adds the same way; losing entries never count.
TEST(CrossReference, PositiveTotalAddsUpThePositiveEntries) {
    ArenaVector<XrefEntry> entries = crowded();
    entries.push_back(capture(GOTE, "1a", "1b", -50));
    EXPECT_EQ(positive_total(entries, GOTE), 150 + 400 + 300 + 200);
    EXPECT_EQ(positive_total(entries, SENTE), 100);
}

TEST(CrossReference, InitialWeightsResetWeightsAndContributions) {
    XrefTable table;
    table.entries           = {capture(SENTE, "5g", "5d", 100), capture(GOTE, "5d", "6d", -30)};
    table.entries[0].weight = 999;
    table.entries[0].contributions.push_back({1, 300, Contribution::Reason::CapturesMover});
    table.entries[1].weight = 7;
    initial_weights(table);
    EXPECT_EQ(table.entries[0].weight, 100);
    EXPECT_TRUE(table.entries[0].contributions.empty());
    EXPECT_EQ(table.entries[1].weight, -30);
}

}  // namespace
}  // namespace supersoma::soma
