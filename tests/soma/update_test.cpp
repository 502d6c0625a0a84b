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
TEST(KeepAfterPass, EqualsTheTableBuiltAfterThePass) {
    int compared = 0;
    for (const std::string& sfen : test::suite_sfens())
        for (XrefScope scope : {XrefScope::Full, XrefScope::Decisions}) {
            SCOPED_TRACE(sfen);
            const EvalOptions options;
            const Position    pos   = test::from_sfen(sfen);
            const XrefTable   table = build_xref(pos, options, scope);
            Position          after(pos);
            const XrefTable   kept
                = keep_after_pass(after, table.entries, table.relations, options, scope);
            ASSERT_EQ(after.side_to_move(), ~pos.side_to_move());
            Position passed(pos);
            passed.do_move(Move::pass());
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

}  // namespace
}  // namespace supersoma::soma
