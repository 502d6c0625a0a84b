// B4 across a pass: the table kept is the one a rebuild gives.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "engine/sfen.hpp"
#include "soma/playout/update.hpp"
#include "soma/shogi/soma.hpp"
#include "soma/supersoma.hpp"
#include "support/engine_helpers.hpp"

namespace supersoma::soma {
namespace {

// A pass moves nothing: the table kept across it is the one built after it, entry for entry,
// with the new side's threats left for B3.
TEST(TableAfterPass, EqualsTheTableBuiltAfterThePass) {
    int compared = 0;
    for (const std::string& sfen : test::suite_sfens())
        for (XrefScope scope : {XrefScope::Full, XrefScope::Decisions}) {
            SCOPED_TRACE(sfen);
            const EvalOptions options;
            const Position    pos   = test::from_sfen(sfen);
            const XrefTable   table = build_xref(pos, options, scope);
            Position          passed(pos);
            play(passed, Move::pass());
            ASSERT_EQ(passed.side_to_move(), ~pos.side_to_move());
            const XrefTable kept
                = table_after_pass(passed, table.entries, table.relations, options, scope);
            const XrefTable built = build_xref(passed, options, scope);
            ASSERT_EQ(kept.entries.size(), built.entries.size());
            for (std::size_t k = 0; k < built.entries.size(); ++k) {
                const XrefEntry &a = kept.entries[k], &b = built.entries[k];
                EXPECT_EQ(a.move, b.move);
                EXPECT_EQ(a.side, b.side) << to_usi(b.move);
                EXPECT_EQ(a.kinds, b.kinds) << to_usi(b.move);
                EXPECT_EQ(a.value, b.value) << to_usi(b.move);
                EXPECT_EQ(a.first, b.first) << to_usi(b.move);
                EXPECT_EQ(a.recapture, b.recapture) << to_usi(b.move);
                EXPECT_EQ(a.target, b.target) << to_usi(b.move);
                EXPECT_EQ(a.neutralise.run, b.neutralise.run) << to_usi(b.move);
                EXPECT_EQ(a.neutralise.block, b.neutralise.block) << to_usi(b.move);
                EXPECT_EQ(a.neutralise.defend, b.neutralise.defend) << to_usi(b.move);
                ++compared;
            }
            EXPECT_EQ(kept.relations.has_value(), built.relations.has_value());
            ASSERT_EQ(kept.unvalued_threats.size(), built.unvalued_threats.size());
            for (std::size_t k = 0; k < built.unvalued_threats.size(); ++k)
                EXPECT_EQ(kept.unvalued_threats[k].move, built.unvalued_threats[k].move);
        }
    EXPECT_GT(compared, 1000);
}

// A3 across a move: the exchanges a table lends the next one (ExchangeReuse) give the
// entries and records a fresh build gives, and many squares' exchanges are lent.
TEST(ExchangeReuse, GivesTheTableOfAFreshBuild) {
    XrefOptions options;
    options.threats = false;
    options.ties    = false;  // tie-aware exchanges read the whole board: never lent
    int lent = 0, compared = 0;
    for (const std::string& sfen : test::suite_sfens()) {
        SCOPED_TRACE(sfen);
        const Position  pos   = test::from_sfen(sfen);
        const XrefTable table = build_xref(pos, options, XrefScope::Decisions);
        const MoveList  moves = generate(GenKind::Legal, pos);
        for (std::size_t k = 0; k < moves.size(); k += 7) {
            const Move m = moves[k];
            SCOPED_TRACE(to_usi(m));
            Position after(pos);
            after.do_move(m);
            const ExchangeReuse reuse {&table.exchanges, stale_squares(pos, after, m)};
            const XrefTable     fresh = build_xref(after, options, XrefScope::Decisions);
            const XrefTable     taken = build_xref(after, options, XrefScope::Decisions, &reuse);
            ASSERT_EQ(taken.entries.size(), fresh.entries.size());
            for (std::size_t j = 0; j < fresh.entries.size(); ++j) {
                const XrefEntry &a = taken.entries[j], &b = fresh.entries[j];
                EXPECT_EQ(a.move, b.move);
                EXPECT_EQ(a.kinds, b.kinds) << to_usi(b.move);
                EXPECT_EQ(a.value, b.value) << to_usi(b.move);
                EXPECT_EQ(a.first, b.first) << to_usi(b.move);
                EXPECT_EQ(a.recapture, b.recapture) << to_usi(b.move);
            }
            ASSERT_EQ(taken.exchanges.size(), fresh.exchanges.size());
            for (std::size_t j = 0; j < fresh.exchanges.size(); ++j) {
                EXPECT_EQ(taken.exchanges[j].move, fresh.exchanges[j].move);
                EXPECT_EQ(taken.exchanges[j].exchange, fresh.exchanges[j].exchange);
                lent += !reuse.stale.test(fresh.exchanges[j].move.to());
                ++compared;
            }
        }
    }
    EXPECT_GT(compared, 2000);
    EXPECT_GT(lent, compared / 5);
}

// A move that changes a pin, or moves a king, makes every square stale.
TEST(ExchangeReuse, AKingMoveOrANewPinMakesEverySquareStale) {
    // The rook's move onto the e-file pins the gold to its king.
    const Position pos = test::from_sfen("4k4/9/4g4/9/9/9/9/R8/4K4 b - 1");
    Position       after(pos);
    const Move     rook = test::usi_move(pos, "9h5h");
    after.do_move(rook);
    ASSERT_TRUE(bool(after.pinned(GOTE) & test::squares({"5c"})));
    EXPECT_EQ(stale_squares(pos, after, rook), Bitboard::all());
    Position   stepped(pos);
    const Move king = test::usi_move(pos, "5i4h");
    stepped.do_move(king);
    EXPECT_EQ(stale_squares(pos, stepped, king), Bitboard::all());
    // A quiet rook move elsewhere leaves the far corner alone.
    Position   quiet(pos);
    const Move along = test::usi_move(pos, "9h8h");
    quiet.do_move(along);
    const Bitboard stale = stale_squares(pos, quiet, along);
    EXPECT_NE(stale, Bitboard::all());
    EXPECT_TRUE(bool(stale & test::squares({"9a"})));   // on the 9th file
    EXPECT_FALSE(bool(stale & test::squares({"1b"})));  // on no line of 9h or 8h, no knight's jump
}

}  // namespace
}  // namespace supersoma::soma
