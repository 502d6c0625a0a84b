// A3's capture entries (soma/xref/exchanges.hpp): one per from-to pair with the better promotion
// choice, losing captures listed too, the kind flags, the target and the neutralise flags.
#include "soma/xref/exchanges.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "engine/notation.hpp"
#include "support/engine_helpers.hpp"
#include "support/positions.hpp"

namespace supersoma::soma {
namespace {

using test::position_of;
using test::sq;

// Sente's capture entries of `sfen` (sente to move), with A2's relations when asked.
ArenaVector<XrefEntry> captures_of(const char* sfen, bool with_relations = false) {
    const Position pos     = position_of(sfen);
    Position       flipped = pos;
    flipped.do_move(Move::pass());
    const AttackMap                       map = build_attack_map(pos);
    std::array<const Position*, COLOR_NB> as_mover {&pos, &flipped};
    std::array<TacticalMoves, COLOR_NB>   moves;
    for (Color c : {SENTE, GOTE}) generate_tactical(*as_mover[c], moves[c]);
    const Relations r
        = find_relations(as_mover, moves, map, article_profile(), TieContext(pos, as_mover));
    XrefTable table;
    list_exchanges(pos, moves[SENTE].captures, with_relations ? &r : nullptr, article_profile(),
        nullptr, table);
    return table.entries;
}

const XrefEntry* entry(const ArenaVector<XrefEntry>& entries, const char* usi) {
    auto it = std::find_if(
        entries.begin(), entries.end(), [&](const XrefEntry& e) { return to_usi(e.move) == usi; });
    return it == entries.end() ? nullptr : &*it;
}

// Sente S 4d x G 4c, undefended: 4d4c and 4d4c+ are both legal; one entry, the promotion,
// worth 440 + 20.
TEST(Exchanges, OneEntryPerCapturePairKeepingThePromotionWhenItIsBetter) {
    const auto entries = captures_of("k8/9/5g3/5S3/9/9/9/9/K8 b - 1");
    ASSERT_EQ(entries.size(), 1u);
    const XrefEntry& e = entries[0];
    EXPECT_EQ(to_usi(e.move), "4d4c+");
    EXPECT_EQ(e.side, SENTE);
    EXPECT_EQ(e.value, 460);
    EXPECT_EQ(e.first, 460);
    EXPECT_EQ(e.kinds, KIND_CAPTURE | KIND_PROMOTION);
    EXPECT_EQ(e.target, sq("4c"));
}

// Sente R 5h x P 5e, retaken by the gote gold on 5d: 52 - 960, listed all the same.
TEST(Exchanges, LosingCaptureIsListedWithItsNegativeValue) {
    const auto entries = captures_of("8k/9/9/4g4/4p4/9/9/4R4/K8 b - 1");
    ASSERT_EQ(entries.size(), 1u);
    EXPECT_EQ(to_usi(entries[0].move), "5h5e");
    EXPECT_EQ(entries[0].value, -908);
    EXPECT_EQ(entries[0].recapture, -960);
    EXPECT_EQ(entries[0].kinds, KIND_CAPTURE);
}

// Sente G 5c x S 5b next to the gote king on 5a: a check; the king retakes (400 - 440).
TEST(Exchanges, CaptureThatChecksIsFlaggedCheck) {
    const auto       entries = captures_of("4k4/4s4/4G4/9/9/9/9/9/K8 b - 1");
    const XrefEntry* e       = entry(entries, "5c5b");
    ASSERT_NE(e, nullptr);
    EXPECT_TRUE(e->is(KIND_CHECK));
    EXPECT_FALSE(e->is(KIND_PROMOTION));
    EXPECT_EQ(e->value, -40);
    EXPECT_EQ(e->target, sq("5b"));
}

// Sente R 5h behind S 5f; gote pawns on 5e and 4e. S x P 4e leaves the file and uncovers the
// rook onto the pawn on 5e; S x P 5e stays on the line and uncovers nothing.
constexpr const char* DiscoverySfen = "8k/9/4g4/9/4pp3/4S4/9/4R4/K8 b - 1";

TEST(Exchanges, CaptureOffTheRooksFileIsFlaggedDiscovered) {
    const auto       entries = captures_of(DiscoverySfen, true);
    const XrefEntry* off     = entry(entries, "5f4e");
    ASSERT_NE(off, nullptr);
    EXPECT_TRUE(off->is(KIND_DISCOVERED));
    const XrefEntry* along = entry(entries, "5f5e");
    ASSERT_NE(along, nullptr);
    EXPECT_FALSE(along->is(KIND_DISCOVERED));
}

TEST(Exchanges, DiscoveredNeedsTheRelations) {
    const auto       entries = captures_of(DiscoverySfen, false);
    const XrefEntry* off     = entry(entries, "5f4e");
    ASSERT_NE(off, nullptr);
    EXPECT_FALSE(off->is(KIND_DISCOVERED));
}

// Gote P 5e can only step onto 5f, where the sente gold on 5g guards the silver: no safe
// square, no line to block, no hand to drop from and no defender (S x P wins 52).
TEST(Exchanges, PawnWithNoSafeSquareCannotRun) {
    const auto entries = captures_of("8k/9/9/9/4p4/4S4/4G4/9/K8 b - 1");
    ASSERT_EQ(entries.size(), 1u);
    const Neutralisers n = entries[0].neutralise;
    EXPECT_FALSE(n.run);
    EXPECT_FALSE(n.block);
    EXPECT_FALSE(n.defend);
    EXPECT_FALSE(n.any());
}

// The gote pawn on 5e can be defended only from 5d: a pawn drop there is illegal (a gote
// pawn already stands on file 5), a gold drop is not.
TEST(Exchanges, ADefenceMustBeALegalDrop) {
    const auto pawn = captures_of("8k/9/9/9/4p4/4S4/4G4/9/K8 b p 1");
    ASSERT_EQ(pawn.size(), 1u);
    EXPECT_FALSE(pawn[0].neutralise.defend);
    const auto gold = captures_of("8k/9/9/9/4p4/4S4/4G4/9/K8 b g 1");
    ASSERT_EQ(gold.size(), 1u);
    EXPECT_TRUE(gold[0].neutralise.defend);
    EXPECT_FALSE(gold[0].neutralise.run);
}

// Sente R 5h x R 5c down an open file: the gote rook has safe squares (4c, ...). Alone, gote
// has nothing to put on 5d-5g nor to guard 5c with; a pawn in hand does both (P*5d..5g
// interposes, P*5b guards).
TEST(Exchanges, RookAttackedDownAFileCanRunOrBeBlocked) {
    const auto alone = captures_of("8k/9/4r4/9/9/9/9/4R4/K8 b - 1");
    ASSERT_EQ(alone.size(), 1u);
    EXPECT_EQ(to_usi(alone[0].move), "5h5c+");  // 960 + 70 for the dragon
    EXPECT_EQ(alone[0].value, 1030);
    EXPECT_TRUE(alone[0].neutralise.run);
    EXPECT_FALSE(alone[0].neutralise.block);
    EXPECT_FALSE(alone[0].neutralise.defend);
    const auto pawn = captures_of("8k/9/4r4/9/9/9/9/4R4/K8 b p 1");
    ASSERT_EQ(pawn.size(), 1u);
    EXPECT_TRUE(pawn[0].neutralise.block);
    EXPECT_TRUE(pawn[0].neutralise.defend);
}

// Board moves count too: gote G 6f steps onto 5f or 5g, between, and G 6a to 5b, guarding.
TEST(Exchanges, BoardMovesBlockAndDefend) {
    const auto       entries = captures_of("3g4k/9/4r4/9/9/3g5/9/4R4/K8 b - 1");
    const XrefEntry* e       = entry(entries, "5h5c+");
    ASSERT_NE(e, nullptr);
    EXPECT_TRUE(e->neutralise.block);   // G 6f-5g
    EXPECT_TRUE(e->neutralise.defend);  // G 6a-5b
}

// Gote S 5c is pinned to its king on 5a by sente R 5h: its squares off the file (4b, 6b, 4d,
// 6d) are unattacked, but only 5d, on the rook's line, is legal. It cannot run from either
// capture (R 5h and N 4e).
TEST(Exchanges, APinnedPieceCannotRun) {
    const char*    sfen = "4k4/9/4s4/9/5N3/9/9/4R4/K8 b - 1";
    const Position pos  = position_of(sfen);
    EXPECT_TRUE(can_run(pos, sq("5c")));  // the board alone says it could
    const auto entries = captures_of(sfen);
    ASSERT_EQ(entries.size(), 2u);
    for (const XrefEntry& e : entries) EXPECT_FALSE(e.neutralise.run) << to_usi(e.move);
}

TEST(Exchanges, CanRunIsFalseForAPieceBoxedInByGuardedSquares) {
    const Position pos = position_of("8k/9/9/9/4p4/4S4/4G4/9/K8 b - 1");
    EXPECT_FALSE(can_run(pos, sq("5e")));
    EXPECT_TRUE(can_run(pos, sq("5f")));  // the silver may go to 4e, 6e, ...
}

}  // namespace
}  // namespace supersoma::soma
