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

// Compares `a`'s entries with `b`'s, field by field, in order; returns how many.
int expect_same_entries(const XrefTable& a, const XrefTable& b) {
    EXPECT_EQ(a.entries.size(), b.entries.size());
    const std::size_t n = std::min(a.entries.size(), b.entries.size());
    for (std::size_t k = 0; k < n; ++k) {
        const XrefEntry &x = a.entries[k], &y = b.entries[k];
        SCOPED_TRACE(to_usi(y.move));
        EXPECT_EQ(x.move, y.move);
        EXPECT_EQ(x.side, y.side);
        EXPECT_EQ(x.kinds, y.kinds);
        EXPECT_EQ(x.value, y.value);
        EXPECT_EQ(x.first, y.first);
        EXPECT_EQ(x.recapture, y.recapture);
        EXPECT_EQ(x.target, y.target);
        EXPECT_EQ(x.neutralise.run, y.neutralise.run);
        EXPECT_EQ(x.neutralise.block, y.neutralise.block);
        EXPECT_EQ(x.neutralise.defend, y.neutralise.defend);
    }
    return int(n);
}

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
            compared += expect_same_entries(kept, built);
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
            expect_same_entries(taken, fresh);
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
    // The rook's move onto the 5th file pins the gold to its king.
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
