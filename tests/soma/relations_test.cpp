// A2's relations (soma/xref/relations.hpp) on hand-built positions: absolute and relative pins,
// discovered attacks, ties, mate squares and promotion guards.
#include "soma/xref/relations.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "support/engine_helpers.hpp"
#include "support/positions.hpp"

namespace supersoma::soma {
namespace {

using test::position_of;
using test::sq;

// The relations of `sfen`, with the position kept alive for as_mover.
struct Found {
    Position  pos;
    Position  flipped;
    AttackMap map;
    Relations r;
    explicit Found(const char* sfen)
        : pos(position_of(sfen))
        , flipped(pos)
        , map(build_attack_map(pos)) {
        flipped.do_move(Move::pass());
        std::array<const Position*, COLOR_NB> as_mover {};
        as_mover[pos.side_to_move()]  = &pos;
        as_mover[~pos.side_to_move()] = &flipped;
        std::array<TacticalMoves, COLOR_NB> moves;
        for (Color c : {SENTE, GOTE}) generate_tactical(*as_mover[c], moves[c]);
        r = find_relations(as_mover, moves, map, article_profile(), TieContext(pos, as_mover));
    }
};

bool has_pin(const ArenaVector<Pin>& pins, const Pin& p) {
    return std::any_of(pins.begin(), pins.end(), [&](const Pin& q) {
        return q.pinned == p.pinned && q.pinner == p.pinner && q.behind == p.behind
            && q.absolute == p.absolute;
    });
}

// Sente K 5i, G 5h; gote R 5b on the open file.
TEST(Relations, GoldInFrontOfItsKingIsPinnedAbsolutely) {
    const Found f("k8/4r4/9/9/9/9/9/4G4/4K4 b - 1");
    ASSERT_EQ(f.r.pins[SENTE].size(), 1u);
    EXPECT_TRUE(has_pin(f.r.pins[SENTE], {sq("5h"), sq("5b"), sq("5i"), true}));
    EXPECT_TRUE(f.r.pins[GOTE].empty());
}

// Gote B 2b, sente S 4d and R 6f on its diagonal (3c, 5e empty): moving the silver (200)
// exposes the rook (480).
TEST(Relations, SilverInFrontOfARookOnABishopsDiagonalIsPinnedRelatively) {
    const Found f("k8/7b1/9/5S3/9/3R5/9/9/K8 b - 1");
    ASSERT_EQ(f.r.pins[SENTE].size(), 1u);
    EXPECT_TRUE(has_pin(f.r.pins[SENTE], {sq("4d"), sq("2b"), sq("6f"), false}));
}

// The reverse, a rook in front of a silver, is no pin: the piece behind is worth less.
TEST(Relations, RookInFrontOfACheaperPieceIsNotPinned) {
    const Found f("k8/7b1/9/5R3/9/3S5/9/9/K8 b - 1");
    EXPECT_TRUE(f.r.pins[SENTE].empty());
}

// Sente R 5h, S 5f, gote G 5c (5d, 5e, 5g empty): the silver moving off the file uncovers
// the gold.
TEST(Relations, OwnPieceBetweenOwnRookAndAnEnemyPieceIsADiscoveredAttack) {
    const Found f("8k/9/4g4/9/5p3/4S4/9/4R4/K8 b - 1");
    ASSERT_EQ(f.r.discoveries[SENTE].size(), 1u);
    const Discovery& d = f.r.discoveries[SENTE][0];
    EXPECT_EQ(d.blocker, sq("5f"));
    EXPECT_EQ(d.slider, sq("5h"));
    EXPECT_EQ(d.target, sq("5c"));
    EXPECT_TRUE(f.r.discoveries[GOTE].empty());
    EXPECT_TRUE(f.r.pins[GOTE].empty());  // an own blocker is not a pin of the enemy
}

// Sente G 5h alone guards S 4g (hit by gote L 4a) and P 6g (hit by gote N 7e).
TEST(Relations, DefenderHoldingTwoAttackedPiecesAloneIsTied) {
    const Found f("4kl3/9/9/9/2n6/9/3P1S3/4G4/K8 w - 1");
    ASSERT_EQ(f.r.ties[SENTE].size(), 1u);
    EXPECT_EQ(f.r.ties[SENTE][0].defender, sq("5h"));
    EXPECT_EQ(f.r.ties[SENTE][0].guarded, Bitboard(sq("4g")) | sq("6g"));
    EXPECT_TRUE(f.r.ties[GOTE].empty());
}

// Sente G 6h alone guards P 7g (hit by gote N 8e) and 5h, where G*5h would mate once it left
// (spec: ties to mate squares); 5h is no mate square now, as the gold takes the drop.
TEST(Relations, DefenderHoldingAPieceAndASquareWhereMateWouldFollowIsTied) {
    const Found f("8k/9/9/9/1n7/9/2P1p4/3G5/3LKL3 w g 1");
    ASSERT_EQ(f.r.ties[SENTE].size(), 1u);
    EXPECT_EQ(f.r.ties[SENTE][0].defender, sq("6h"));
    EXPECT_EQ(f.r.ties[SENTE][0].guarded, Bitboard(sq("7g")) | sq("5h"));
    EXPECT_FALSE(f.r.mate_squares[GOTE]);
}

// Gote S 2h alone guards G 3i (hit by sente S 4h) and the square of sente L 1i, which G 1c2c
// would uncover to mate once the silver left: the tie names the lance's square, not 2c.
TEST(Relations, DefenderHoldingTheSquareOfASliderADiscoveredMateNeedsIsTied) {
    const Found f("8k/9/6N1G/9/9/9/9/5S1s1/K5g1L b - 1");
    ASSERT_EQ(f.r.ties[GOTE].size(), 1u);
    EXPECT_EQ(f.r.ties[GOTE][0].defender, sq("2h"));
    EXPECT_EQ(f.r.ties[GOTE][0].guarded, Bitboard(sq("3i")) | sq("1i"));
}

// A second gold on 7h also guards the pawn: the gold on 5h alone holds only the silver.
TEST(Relations, DefenderSharingOneOfItsChargesIsNotTied) {
    const Found f("4kl3/9/9/9/2n6/9/3P1S3/2G1G4/K8 w - 1");
    EXPECT_TRUE(f.r.ties[SENTE].empty());
}

// Gote K 5a; sente P 5c and a gold in hand: G*5b, guarded by the pawn, covers every escape.
TEST(Relations, GoldDropMateGivesItsMateSquare) {
    const Found f("4k4/9/4P4/9/9/9/9/9/K8 b G 1");
    ASSERT_EQ(f.r.mating_moves[SENTE].size(), 1u);
    EXPECT_EQ(to_usi(f.r.mating_moves[SENTE][0]), "G*5b");
    EXPECT_EQ(f.r.mate_squares[SENTE], Bitboard(sq("5b")));
    EXPECT_FALSE(f.r.mate_squares[GOTE]);
}

// Sente S 4d could promote on 3c, 4c and 5c; gote G 4b guards all three.
TEST(Relations, GoldGuardingTheSilversPromotionSquaresIsAPromotionGuard) {
    const Found f("k8/5g3/9/5S3/9/9/9/9/K8 b - 1");
    EXPECT_EQ(f.r.promotion_squares[SENTE], Bitboard(sq("3c")) | sq("4c") | sq("5c"));
    EXPECT_EQ(f.r.promotion_guards[GOTE], Bitboard(sq("4b")));
    EXPECT_FALSE(f.r.promotion_guards[SENTE]);
}

TEST(Relations, UnguardedPromotionSquaresNeedNoGuard) {
    const Found f("k8/9/9/5S3/9/9/9/9/K8 b - 1");
    EXPECT_FALSE(f.r.promotion_squares[SENTE]);
    EXPECT_FALSE(f.r.promotion_guards[GOTE]);
}

}  // namespace
}  // namespace supersoma::soma
