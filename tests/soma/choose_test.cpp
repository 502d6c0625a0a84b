// B3 (soma/playout/choose.hpp): the side to move plays its heaviest entry or neutraliser; the other
// side's entries are never chosen; entries win ties; nothing heavier than 0 is a pass.
#include "soma/playout/choose.hpp"

#include <gtest/gtest.h>

#include "synthetic_entries.hpp"

namespace supersoma::soma {
namespace {

using test::sq;

XrefEntry weighted(Color side, const char* from, const char* to, Value weight) {
    XrefEntry e = test::capture_entry(side, from, to, weight);
    e.weight    = weight;
    return e;
}

Neutraliser parry(const char* from, const char* to, Value weight) {
    return {Move::board(sq(from), sq(to), ROOK, NO_PIECE_TYPE, false), weight, {}, {}, 0, 0};
}

Iteration sente_to_move(ArenaVector<XrefEntry> entries, ArenaVector<Neutraliser> parries = {}) {
    Iteration it;
    it.side_to_move = SENTE;
    it.entries      = std::move(entries);
    it.neutralisers = std::move(parries);
    return it;
}

TEST(Choose, HeaviestEntryOfTheSideToMoveWins) {
    Iteration it = sente_to_move({weighted(SENTE, "5g", "5f", 300),
        weighted(SENTE, "4g", "4f", 700), weighted(SENTE, "3g", "3f", 500)});
    choose(it);
    EXPECT_EQ(it.chosen, it.entries[1].move);
    EXPECT_EQ(it.chosen_weight, 700);
    EXPECT_EQ(it.chosen_entry, 1);
}

// Equal weights: the first in table order, whatever its value or piece.
TEST(Choose, EqualWeightsAreSettledByTableOrder) {
    XrefEntry rook = weighted(SENTE, "2h", "2d", 400), pawn = weighted(SENTE, "2e", "2d", 400);
    rook.move      = Move::board(sq("2h"), sq("2d"), ROOK, GOLD, false);
    pawn.move      = Move::board(sq("2e"), sq("2d"), PAWN, GOLD, false);
    XrefEntry rich = weighted(SENTE, "5g", "5f", 400);
    rich.value     = 500;
    Iteration it   = sente_to_move({rook, pawn});
    choose(it);
    EXPECT_EQ(it.chosen_entry, 0);
    it = sente_to_move({pawn, rook, rich});
    choose(it);
    EXPECT_EQ(it.chosen_entry, 0);
    EXPECT_EQ(it.chosen.moved(), PAWN);
}

TEST(Choose, OtherSidesEntriesAreNeverChosen) {
    Iteration it
        = sente_to_move({weighted(GOTE, "5c", "5d", 2000), weighted(SENTE, "4g", "4f", 100)});
    choose(it);
    EXPECT_EQ(it.chosen_entry, 1);
    EXPECT_EQ(it.chosen_weight, 100);
}

TEST(Choose, OnlyTheOtherSideHavingEntriesIsAPass) {
    Iteration it = sente_to_move({weighted(GOTE, "5c", "5d", 2000)});
    choose(it);
    EXPECT_TRUE(it.chosen.is_pass());
    EXPECT_EQ(it.chosen_entry, -1);
}

TEST(Choose, NeutraliserHeavierThanEveryEntryWins) {
    Iteration it = sente_to_move(
        {weighted(SENTE, "4g", "4f", 700)}, {parry("2h", "2d", 600), parry("2h", "6h", 960)});
    choose(it);
    EXPECT_EQ(it.chosen, it.neutralisers[1].move);
    EXPECT_EQ(it.chosen_weight, 960);
    EXPECT_EQ(it.chosen_entry, -1);
}

TEST(Choose, EntryWinsATieWithANeutraliser) {
    Iteration it = sente_to_move({weighted(SENTE, "4g", "4f", 960)}, {parry("2h", "6h", 960)});
    choose(it);
    EXPECT_EQ(it.chosen, it.entries[0].move);
    EXPECT_EQ(it.chosen_entry, 0);
}

TEST(Choose, NothingPositiveMeansPass) {
    Iteration it
        = sente_to_move({weighted(SENTE, "4g", "4f", 0), weighted(SENTE, "5g", "5f", -200)},
            {parry("2h", "6h", 0)});
    it.chosen = it.entries[0].move;  // stale choice from an earlier call must not survive
    choose(it);
    EXPECT_TRUE(it.chosen.is_pass());
    EXPECT_EQ(it.chosen_weight, 0);
    EXPECT_EQ(it.chosen_entry, -1);
}

TEST(Choose, GoteToMoveChoosesAmongGotesEntries) {
    Iteration it
        = sente_to_move({weighted(SENTE, "4g", "4f", 900), weighted(GOTE, "5c", "5d", 40)});
    it.side_to_move = GOTE;
    choose(it);
    EXPECT_EQ(it.chosen_entry, 1);
    EXPECT_EQ(it.chosen_weight, 40);
}

}  // namespace
}  // namespace supersoma::soma
