// Position: Zobrist keys, make/unmake, checkers, pins and gives_check.
#include "engine/position.hpp"

#include <gtest/gtest.h>

#include "engine/movegen.hpp"
#include "engine/sfen.hpp"
#include "tests/support/engine_helpers.hpp"

namespace supersoma {
namespace {

using test::from_sfen;
using test::sq;
using test::squares;
using test::usi_move;

TEST(PositionKey, DiffersWhenOnlyTheHandsDiffer) {
    const Key              none     = from_sfen("4k4/9/9/9/9/9/9/9/4K4 b - 1").key();
    const Key              sente_p  = from_sfen("4k4/9/9/9/9/9/9/9/4K4 b P 1").key();
    const Key              gote_p   = from_sfen("4k4/9/9/9/9/9/9/9/4K4 b p 1").key();
    const Key              sente_2p = from_sfen("4k4/9/9/9/9/9/9/9/4K4 b 2P 1").key();
    const Key              sente_g  = from_sfen("4k4/9/9/9/9/9/9/9/4K4 b G 1").key();
    const std::vector<Key> keys {none, sente_p, gote_p, sente_2p, sente_g};
    for (std::size_t i = 0; i < keys.size(); ++i)
        for (std::size_t j = i + 1; j < keys.size(); ++j)
            EXPECT_NE(keys[i], keys[j]) << "positions " << i << " and " << j;
}

TEST(PositionKey, DiffersWithTheSideToMove) {
    EXPECT_NE(from_sfen("4k4/9/9/9/9/9/9/9/4K4 b - 1").key(),
        from_sfen("4k4/9/9/9/9/9/9/9/4K4 w - 1").key());
}

TEST(PositionKey, DoesNotDependOnThePly) {
    EXPECT_EQ(from_sfen("4k4/9/9/9/9/9/9/9/4K4 b P 1").key(),
        from_sfen("4k4/9/9/9/9/9/9/9/4K4 b P 57").key());
}

TEST(PositionKey, IsRestoredByUndo) {
    Position  pos    = Position::startpos();
    const Key before = pos.key();
    pos.do_move(usi_move(pos, "7g7f"));
    EXPECT_NE(pos.key(), before);
    pos.undo_move();
    EXPECT_EQ(pos.key(), before);
}

// Incremental keys must equal the key computed from scratch, also after captures (hands change)
// and drops: repetition detection compares positions reached along different paths.
TEST(PositionKey, IncrementalKeyEqualsFreshKeyAfterCapturesAndDrops) {
    Position pos = Position::startpos();
    for (const char* usi : {"7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "B*6e"}) {
        pos.do_move(usi_move(pos, usi));
        EXPECT_EQ(pos.key(), from_sfen(to_sfen(pos)).key()) << "after " << usi;
        EXPECT_TRUE(pos.is_ok()) << "after " << usi;
    }
}

TEST(PositionKey, TranspositionsHaveEqualKeys) {
    Position a = Position::startpos(), b = Position::startpos();
    for (const char* usi : {"7g7f", "3c3d", "8h2b+", "3a2b", "2g2f", "4a3b"})
        a.do_move(usi_move(a, usi));
    for (const char* usi : {"2g2f", "3c3d", "7g7f", "4a3b", "8h2b+", "3a2b"})
        b.do_move(usi_move(b, usi));
    ASSERT_EQ(to_sfen(a), to_sfen(b));
    EXPECT_EQ(a.key(), b.key());
}

TEST(PositionState, DoubleCheckHasTwoCheckers) {
    const Position pos = from_sfen("R3r3k/9/9/9/8b/9/9/9/4K4 b G 1");
    EXPECT_EQ(pos.checkers(), squares({"5a", "1e"}));
    EXPECT_TRUE(pos.in_check());
}

TEST(PositionState, KnightCheckerIsFound) {
    const Position pos = from_sfen("4k4/9/9/9/9/9/3n5/9/4K4 b - 1");
    EXPECT_EQ(pos.checkers(), squares({"6g"}));
}

TEST(PositionState, NoCheckersWhenNotInCheck) {
    const Position pos = Position::startpos();
    EXPECT_FALSE(pos.in_check());
    EXPECT_EQ(pos.checkers(), Bitboard());
}

// Sente silver 5h is pinned by the rook on file 5, sente gold 4h by the bishop on the diagonal.
TEST(PositionState, PinnedPiecesAndTheirPinners) {
    const Position pos = from_sfen("4r3k/9/9/9/8b/9/9/4SG3/4K4 b - 1");
    EXPECT_EQ(pos.pinned(SENTE), squares({"5h", "4h"}));
    EXPECT_EQ(pos.pinners(SENTE), squares({"5a", "1e"}));
    EXPECT_EQ(pos.pinned(GOTE), Bitboard());
    EXPECT_FALSE(pos.in_check());
}

// Two pieces on the line: neither is pinned.
TEST(PositionState, TwoBlockersMeanNoPin) {
    const Position pos = from_sfen("4r3k/9/9/9/9/4G4/9/4S4/4K4 b - 1");
    EXPECT_EQ(pos.pinned(SENTE), Bitboard());
    EXPECT_EQ(pos.pinners(SENTE), Bitboard());
}

// A gote lance pins only forward (toward rank 9); a lance behind the king pins nothing.
TEST(PositionState, LancePinsOnlyAlongItsDirection) {
    const Position front = from_sfen("k3l4/9/9/9/9/9/4S4/4K4/9 b - 1");
    EXPECT_EQ(front.pinned(SENTE), squares({"5g"}));
    const Position behind = from_sfen("k8/9/9/9/9/9/9/4K4/4SL3 b - 1");
    EXPECT_EQ(behind.pinned(SENTE), Bitboard());
}

// A sente piece between a sente slider and the gote king is a blocker for gote's king (a
// discovered-check candidate) but not pinned for gote.
TEST(PositionState, OwnPieceShieldingTheEnemyKingIsABlockerNotAPin) {
    const Position pos = from_sfen("4k4/9/9/9/4S4/9/9/9/K3L4 b - 1");
    EXPECT_EQ(pos.blockers_for_king(GOTE), squares({"5e"}));
    EXPECT_EQ(pos.pinned(GOTE), Bitboard());
}

// do_move keeps a king's blockers and pinners when the move stays off its lines: after every
// move of a random game they must equal those of the same position set up afresh.
TEST(PositionState, BlockersAndPinnersAfterEachMoveEqualAFreshSetUp) {
    int moves = 0;
    for (const std::string& sfen : test::random_play_sfens(40)) {
        Position pos = from_sfen(sfen);
        for (Move m : generate(GenKind::Legal, pos)) {
            pos.do_move(m);
            const Position fresh = from_sfen(to_sfen(pos));
            for (Color c : {SENTE, GOTE}) {
                EXPECT_EQ(pos.blockers_for_king(c), fresh.blockers_for_king(c))
                    << sfen << " " << to_usi(m);
                EXPECT_EQ(pos.pinners(c), fresh.pinners(c)) << sfen << " " << to_usi(m);
            }
            EXPECT_EQ(pos.checkers(), fresh.checkers()) << sfen << " " << to_usi(m);
            pos.undo_move();
            ++moves;
        }
    }
    EXPECT_GT(moves, 1000);
}

// The silver in front of the lance discovers check by leaving the file, not by staying on it.
TEST(GivesCheck, DiscoveredCheckIsDetected) {
    Position pos = from_sfen("4k4/9/9/9/4S4/9/9/9/K3L4 b - 1");
    EXPECT_TRUE(pos.gives_check(usi_move(pos, "5e4d")));
    EXPECT_TRUE(pos.gives_check(usi_move(pos, "5e6d")));
    EXPECT_TRUE(pos.gives_check(usi_move(pos, "5e4f")));
    EXPECT_TRUE(pos.gives_check(usi_move(pos, "5e6f")));
    EXPECT_FALSE(pos.gives_check(usi_move(pos, "5e5d")));
}

TEST(GivesCheck, PromotionThatChecksIsDetected) {
    // A silver on 4a does not attack 5a beside it; promoted it moves like a gold and does.
    Position pos = from_sfen("4k4/6S2/9/9/9/9/9/9/K8 b - 1");
    EXPECT_FALSE(pos.gives_check(usi_move(pos, "3b4a")));
    EXPECT_TRUE(pos.gives_check(usi_move(pos, "3b4a+")));
}

TEST(GivesCheck, AgreesWithInCheckAfterEveryMoveOfTheSuite) {
    for (const std::string& sfen : test::suite_sfens()) {
        Position pos = from_sfen(sfen);
        for (Move m : generate(GenKind::Legal, pos)) {
            const bool predicted = pos.gives_check(m);
            pos.do_move(m);
            EXPECT_EQ(predicted, pos.in_check()) << sfen << " move " << to_usi(m);
            pos.undo_move();
        }
    }
}

TEST(DoMove, CaptureGoesToHandUnpromotedAndUndoReturnsIt) {
    Position pos = from_sfen("4k4/9/9/9/4+r4/4G4/9/9/4K4 b - 1");
    pos.do_move(usi_move(pos, "5f5e"));
    EXPECT_EQ(pos.hand(SENTE).count(ROOK), 1);
    EXPECT_EQ(pos.piece_on(sq("5e")), make_piece(SENTE, GOLD));
    EXPECT_TRUE(pos.is_ok());
    pos.undo_move();
    EXPECT_EQ(pos.hand(SENTE).count(ROOK), 0);
    EXPECT_EQ(pos.piece_on(sq("5e")), make_piece(GOTE, DRAGON));
    EXPECT_EQ(to_sfen(pos), "4k4/9/9/9/4+r4/4G4/9/9/4K4 b - 1");
}

// Where the side not to move is in check (SUPER-SOMA passes into such positions to list the
// idle side's moves), its king can be taken: it leaves the board and no hand.
TEST(DoMove, TakingAKingLeavesTheHandsAloneAndUndoPutsItBack) {
    Position pos = from_sfen("4k4/9/9/4R4/9/9/9/9/K8 w - 1");
    pos.do_move(Move::pass());  // sente to move, gote's king in check from the rook
    const Key before = pos.key();
    pos.do_move(usi_move(pos, "5d5a"));
    EXPECT_EQ(pos.king_square(GOTE), SQ_NONE);
    EXPECT_TRUE(pos.hand(SENTE).empty());
    EXPECT_EQ(pos.piece_on(sq("5a")), make_piece(SENTE, ROOK));
    pos.undo_move();
    EXPECT_EQ(pos.king_square(GOTE), sq("5a"));
    EXPECT_EQ(pos.key(), before);
    EXPECT_EQ(to_sfen(pos), "4k4/9/9/4R4/9/9/9/9/K8 b - 2");
}

// After any line of moves, forgetting the history leaves the position a fresh setup of it
// would be: same board, key, checkers and pins, and nothing to undo.
// Both ways of dropping the history (in place, and the copy SUPER-SOMA's playout starts
// from) give the position as set up afresh; the copy leaves the original's history alone.
TEST(DoMove, ForgettingTheHistoryEqualsSettingUpAfresh) {
    for (const std::string& sfen : test::suite_sfens()) {
        Position pos = from_sfen(sfen);
        for (int n = 0; n < 12; ++n) {
            const MoveList moves = generate(GenKind::Legal, pos);
            if (moves.empty()) break;
            pos.do_move(moves[moves.size() / 2]);
        }
        const Position fresh(pos.setup());
        const int      made = pos.moves_made();
        Position       copy = pos.without_history();
        EXPECT_EQ(pos.moves_made(), made);
        pos.forget_history();
        for (const Position* p : {&pos, &copy}) {
            EXPECT_TRUE(p->is_ok()) << sfen;
            EXPECT_EQ(p->moves_made(), 0);
            EXPECT_EQ(to_sfen(*p), to_sfen(fresh));
            EXPECT_EQ(p->key(), fresh.key());
            EXPECT_EQ(p->checkers(), fresh.checkers());
            EXPECT_EQ(p->state().last_move, fresh.state().last_move);
            EXPECT_EQ(p->state().captured, fresh.state().captured);
            for (Color c : {SENTE, GOTE}) {
                EXPECT_EQ(p->pinned(c), fresh.pinned(c)) << sfen;
                EXPECT_EQ(p->pinners(c), fresh.pinners(c)) << sfen;
                EXPECT_EQ(p->blockers_for_king(c), fresh.blockers_for_king(c)) << sfen;
            }
        }
        // The copy plays on like any position.
        const MoveList moves = generate(GenKind::Legal, copy);
        if (moves.empty()) continue;
        copy.do_move(moves.front());
        copy.undo_move();
        EXPECT_EQ(copy.key(), fresh.key());
    }
}

TEST(DoMove, DropTakesFromHandAndUndoPutsItBack) {
    Position pos = from_sfen("4k4/9/9/9/9/9/9/9/4K4 b 2N 1");
    pos.do_move(usi_move(pos, "N*5e"));
    EXPECT_EQ(pos.hand(SENTE).count(KNIGHT), 1);
    EXPECT_EQ(pos.piece_on(sq("5e")), make_piece(SENTE, KNIGHT));
    EXPECT_EQ(pos.side_to_move(), GOTE);
    EXPECT_EQ(pos.ply(), 2);
    pos.undo_move();
    EXPECT_EQ(to_sfen(pos), "4k4/9/9/9/9/9/9/9/4K4 b 2N 1");
}

TEST(DoMove, PassOnlyChangesTheSide) {
    Position  pos    = Position::startpos();
    const Key before = pos.key();
    pos.do_move(Move::pass());
    EXPECT_EQ(pos.side_to_move(), GOTE);
    EXPECT_NE(pos.key(), before);
    EXPECT_TRUE(pos.is_ok());
    pos.undo_move();
    EXPECT_EQ(pos.key(), before);
    EXPECT_EQ(to_sfen(pos), std::string(StartSfen));
}

// pieces_after equals the board once the move is made: a quiet move, a capture and a drop.
TEST(PositionOccupancy, PiecesAfterIsTheBoardOnceTheMoveIsMade) {
    Position pos = from_sfen("4k4/9/4p4/9/9/9/4R4/9/4K4 b P 1");
    for (const char* usi : {"5g6g", "5g5c+", "P*3e"}) {
        const Move     m         = usi_move(pos, usi);
        const Bitboard predicted = pos.pieces_after(m);
        pos.do_move(m);
        EXPECT_EQ(predicted, pos.pieces()) << usi;
        pos.undo_move();
    }
}

// attacks_landing answers, without making the move, what the position after it says: does
// either side attack the square the moved or dropped piece stands on?
TEST(AttacksLanding, EqualsTheAttackersOfTheSquareAfterEveryMoveOfTheSuite) {
    int attacked = 0;
    for (const std::string& sfen : test::suite_sfens()) {
        const Position pos = from_sfen(sfen);
        for (Move m : generate(GenKind::Legal, pos)) {
            Position after(pos);
            after.do_move(m);
            for (Color c : {SENTE, GOTE}) {
                const bool expected = bool(after.attackers_to(c, m.to()));
                ASSERT_EQ(attacks_landing(pos, m, c), expected) << sfen << " " << int(c);
                attacked += expected;
            }
        }
    }
    EXPECT_GT(attacked, 1000);
}

}  // namespace
}  // namespace supersoma
