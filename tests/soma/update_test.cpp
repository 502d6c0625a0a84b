// B4's update against the rebuild: the squares it keeps really keep their capture values,
// a table kept across a pass is the one a rebuild gives, and a playout updated move by move
// equals the rebuilt one.
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

// Every capture of either side in `pos`.
MoveList captures_of_both(const Position& pos) {
    MoveList all = generate(GenKind::Captures, pos);
    Position flipped(pos);
    flipped.do_move(Move::pass());
    for (Move m : generate(GenKind::Captures, flipped)) all.push_back(m);
    return all;
}

// Soundness: a capture onto a square the update keeps has the same tie-aware (or plain) SOMA
// before and after the move, for every move of the positions (or the pass). Returns how many were
// kept.
int check_kept_values(const std::vector<Position>& positions, bool ties, bool pass_only = false) {
    int kept = 0;
    for (const Position& before : positions) {
        const std::string sfen = to_sfen(before);
        const TieContext  ties_before(before);
        MoveList          moves = generate(GenKind::Legal, before);
        if (pass_only) moves = MoveList {Move::pass()};  // the same board, other side to move
        for (Move m : moves) {
            Position after(before);
            after.do_move(m);
            const Bitboard   keep = unchanged_exchange_squares(before, after, m, ties);
            const TieContext ties_after(after);
            const MoveList   now = captures_of_both(after);
            for (Move c : captures_of_both(before)) {
                if (!keep.test(c.to())) continue;
                if (std::find(now.begin(), now.end(), c) == now.end()) continue;
                const Exchange a
                    = capture_exchange(before, c, article_profile(), ties ? &ties_before : nullptr);
                const Exchange b
                    = capture_exchange(after, c, article_profile(), ties ? &ties_after : nullptr);
                EXPECT_EQ(a.value, b.value) << sfen << " then " << to_usi(m) << ": " << to_usi(c);
                EXPECT_EQ(a.first, b.first);
                EXPECT_EQ(a.recapture, b.recapture);
                ++kept;
            }
        }
    }
    return kept;
}

// With ties a leave cost reads the promotions and mates a defender prevents, which a move
// anywhere can change: only a pass keeps anything.
TEST(UnchangedExchangeSquares, WithTiesOnlyAPassKeepsCaptureSquares) {
    int kept_after_pass = 0;
    for (const std::string& sfen : test::random_play_sfens(100)) {
        const Position before   = test::from_sfen(sfen);
        const MoveList captures = captures_of_both(before);
        for (Move m : generate(GenKind::Legal, before)) {
            Position after(before);
            after.do_move(m);
            const Bitboard keep = unchanged_exchange_squares(before, after, m, true);
            for (Move c : captures) EXPECT_FALSE(keep.test(c.to())) << sfen << " " << to_usi(m);
        }
        if (before.in_check()) continue;
        Position passed(before);
        passed.do_move(Move::pass());
        if (passed.in_check()) continue;
        ASSERT_EQ(unchanged_exchange_squares(before, passed, Move::pass(), true), Bitboard::all());
        kept_after_pass += check_kept_values({before}, true, /*pass_only=*/true);
    }
    EXPECT_GT(kept_after_pass, 100);
}

TEST(UnchangedExchangeSquares, KeptValuesAreUnchangedWithoutTies) {
    std::vector<Position> positions;
    for (const std::string& sfen : test::random_play_sfens(150))
        positions.push_back(test::from_sfen(sfen));
    EXPECT_GT(check_kept_values(positions, false), 1000);
}

TEST(UnchangedExchangeSquares, APassKeepsEverySquare) {
    const Position before = test::from_sfen("5g3/2k6/5b1g1/3r1S3/5p3/3L2N2/1P1P5/9/8K w - 1");
    Position       after(before);
    after.do_move(Move::pass());
    EXPECT_EQ(unchanged_exchange_squares(before, after, Move::pass(), true), Bitboard::all());
}

TEST(UnchangedExchangeSquares, AKingMoveKeepsNothing) {
    const Position before = test::from_sfen("5g3/2k6/5b1g1/3r1S3/5p3/3L2N2/1P1P5/9/8K w - 1");
    Position       after(before);
    const Move     king = test::usi_move(before, "7b8b");
    after.do_move(king);
    EXPECT_EQ(unchanged_exchange_squares(before, after, king, false), Bitboard());
}

TEST(UnchangedExchangeSquares, TiesReachFurtherThanPlainSoma) {
    const Position before = test::from_sfen("5g3/2k6/5b1g1/3r1S3/5p3/3L2N2/1P1P5/9/8K w - 1");
    Position       after(before);
    const Move     m = test::usi_move(before, "4a5a");
    after.do_move(m);
    const Bitboard plain = unchanged_exchange_squares(before, after, m, false);
    const Bitboard tied  = unchanged_exchange_squares(before, after, m, true);
    EXPECT_FALSE(plain.test(m.to()));
    EXPECT_EQ(tied & plain, tied);  // what ties keep, plain SOMA keeps too
    EXPECT_GT(plain.count(), tied.count());
}

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

// The whole playout, updated and rebuilt: same line, net and tables.
void expect_same_playout(const std::string& sfen, EvalOptions options) {
    SCOPED_TRACE(sfen);
    const Position   root    = test::from_sfen(sfen);
    const EvalResult rebuilt = evaluate(root, options);
    options.incremental      = true;
    const EvalResult updated = evaluate(root, options);
    EXPECT_EQ(updated.net, rebuilt.net);
    ASSERT_EQ(updated.iterations.size(), rebuilt.iterations.size());
    for (std::size_t i = 0; i < rebuilt.iterations.size(); ++i) {
        const Iteration& a = updated.iterations[i];
        const Iteration& b = rebuilt.iterations[i];
        EXPECT_EQ(a.chosen, b.chosen) << "iteration " << i;
        ASSERT_EQ(a.entries.size(), b.entries.size()) << "iteration " << i;
        for (std::size_t k = 0; k < a.entries.size(); ++k) {
            EXPECT_EQ(a.entries[k].move, b.entries[k].move);
            EXPECT_EQ(a.entries[k].value, b.entries[k].value) << to_usi(a.entries[k].move);
            EXPECT_EQ(a.entries[k].weight, b.entries[k].weight) << to_usi(a.entries[k].move);
        }
    }
}

TEST(IncrementalPlayout, EqualsTheRebuiltOneOnTheSuite) {
    for (const std::string& sfen : test::suite_sfens())
        for (bool ties : {true, false}) {
            EvalOptions options;
            options.threats = false;
            options.ties    = ties;
            expect_same_playout(sfen, options);
        }
}

TEST(IncrementalPlayout, EqualsTheRebuiltOneWithThreats) {
    const std::vector<std::string> sfens = test::random_play_sfens(40);
    for (const std::string& sfen : sfens) expect_same_playout(sfen, EvalOptions {});
}

}  // namespace
}  // namespace supersoma::soma
