// Move ordering: every legal move once at every stage combination; the hash move before any
// generation, SUPER-SOMA's move, winning captures, killers and the counter-move first, losing
// captures last; hints that are not legal here never come out.
#include "search/movepick.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <set>

#include "tests/support/engine_helpers.hpp"

namespace supersoma::search {
namespace {

// The histories are large: one zeroed block per test, and a continuation set reading it.
struct Ordering {
    std::unique_ptr<Histories> histories = std::make_unique<Histories>();
    ContinuationSet continuation {&histories->continuation.none(), &histories->continuation.none(),
        &histories->continuation.none()};
};

std::vector<Move> drain(MovePicker& picker, bool skip_quiets = false) {
    std::vector<Move> out;
    for (Move m = picker.next(skip_quiets); !m.is_none(); m = picker.next(skip_quiets))
        out.push_back(m);
    return out;
}

std::set<std::uint32_t> raw_set(const auto& moves) {
    std::set<std::uint32_t> s;
    for (Move m : moves) s.insert(m.raw());
    return s;
}

// Sente's bishop on 9i can take the loose rook on 5e; its rook on 1h can take the pawn on
// 1c, which the gold on 1b guards.
constexpr std::string_view Tactics = "4k4/8g/8p/9/4r4/9/9/8R/B2K5 b - 1";

TEST(MovePicker, HandsOutEveryLegalMoveOnceWhateverTheHints) {
    Ordering o;
    for (const std::string& sfen : test::suite_sfens()) {
        const Position pos   = test::from_sfen(sfen);
        const MoveList legal = generate(GenKind::Legal, pos);
        OrderingHints  hints;
        // Hints from the list and from nowhere: a drop of a piece not in hand, a capture.
        hints.tt_move    = legal.empty() ? Move::none() : legal[legal.size() / 2];
        hints.soma_move  = legal.empty() ? Move::none() : legal.back();
        hints.killers[0] = legal.empty() ? Move::none() : legal.front();
        hints.killers[1] = Move::drop(GOLD, test::sq("5e"));
        hints.counter    = Move::board(test::sq("1a"), test::sq("1b"), LANCE, PAWN, false);
        MovePicker picker(pos, hints, *o.histories, o.continuation);
        const auto moves = drain(picker);
        ASSERT_EQ(moves.size(), legal.size()) << sfen;
        ASSERT_EQ(raw_set(moves).size(), moves.size()) << sfen;
        for (Move m : moves) ASSERT_TRUE(is_legal(pos, m)) << sfen << " " << to_usi(m);
    }
}

TEST(MovePicker, WinningCaptureFirstLosingCaptureLast) {
    Ordering       o;
    const Position pos = test::from_sfen(Tactics);
    MovePicker     picker(pos, OrderingHints {}, *o.histories, o.continuation);
    const auto     moves = drain(picker);
    EXPECT_EQ(to_usi(moves.front()), "9i5e");
    // Rook takes the guarded pawn: the losing captures come after every quiet move.
    EXPECT_EQ(moves.back().to(), test::sq("1c"));
}

TEST(MovePicker, HashMoveThenSomaMoveThenKillersLead) {
    Ordering       o;
    const Position pos = test::from_sfen(Tactics);
    OrderingHints  hints;
    hints.tt_move    = test::usi_move(pos, "6i7h");
    hints.soma_move  = test::usi_move(pos, "1h2h");
    hints.killers[0] = test::usi_move(pos, "6i6h");
    hints.counter    = test::usi_move(pos, "6i7i");
    MovePicker picker(pos, hints, *o.histories, o.continuation);
    EXPECT_EQ(picker.next(), hints.tt_move);
    EXPECT_EQ(picker.next(), hints.soma_move);
    EXPECT_EQ(to_usi(picker.next()), "9i5e");  // the winning capture
    EXPECT_EQ(picker.next(), hints.killers[0]);
    EXPECT_EQ(picker.next(), hints.counter);
}

TEST(MovePicker, AHashMoveOfAnotherPositionIsNeverReturned) {
    Ordering       o;
    const Position pos = Position::startpos();
    OrderingHints  hints;
    hints.tt_move = Move::drop(ROOK, test::sq("5e"));  // nothing in hand
    MovePicker picker(pos, hints, *o.histories, o.continuation);
    const auto moves = drain(picker);
    EXPECT_EQ(moves.size(), 30u);
    EXPECT_EQ(raw_set(moves).count(hints.tt_move.raw()), 0u);
}

TEST(MovePicker, SkippingQuietsLeavesOnlyTacticalMoves) {
    Ordering       o;
    const Position pos = test::from_sfen(Tactics);
    OrderingHints  hints;
    hints.killers[0] = test::usi_move(pos, "6i6h");
    MovePicker picker(pos, hints, *o.histories, o.continuation);
    const auto moves = drain(picker, true);
    // The captures (the rook's on 1c with and without promotion), the winning one first; no
    // quiet move here gives check.
    ASSERT_TRUE(
        std::ranges::none_of(generate(GenKind::Checks, pos), [](Move m) { return is_quiet(m); }));
    ASSERT_EQ(moves.size(), generate(GenKind::Captures, pos).size());
    EXPECT_EQ(to_usi(moves.front()), "9i5e");
    for (Move m : moves) EXPECT_TRUE(m.is_capture()) << to_usi(m);
}

// Late-move pruning skips the quiet moves but not the quiet checks: a drop that mates is often
// ordered late. Skipped from the start or after some quiet moves, every check still comes out
// once, and after the skip no quiet move but a check.
TEST(MovePicker, SkippingQuietsKeepsTheQuietChecks) {
    Ordering o;
    int      quiet_checks = 0;
    for (const std::string& sfen : test::suite_sfens()) {
        const Position pos = test::from_sfen(sfen);
        if (pos.in_check()) continue;
        const auto     checks = raw_set(generate(GenKind::Checks, pos));
        const MoveList legal  = generate(GenKind::Legal, pos);
        for (int quiets_before_skip : {0, 1, 5}) {
            OrderingHints hints;
            hints.killers[0] = legal.empty() ? Move::none() : legal.front();
            MovePicker        picker(pos, hints, *o.histories, o.continuation);
            std::vector<Move> moves;
            int               quiets = 0;
            bool              skip   = quiets_before_skip == 0;
            for (Move m = picker.next(skip); !m.is_none(); m = picker.next(skip)) {
                if (skip && is_quiet(m)) {
                    EXPECT_TRUE(pos.gives_check(m)) << sfen << " " << to_usi(m);
                    ++quiet_checks;
                }
                moves.push_back(m);
                if (is_quiet(m) && ++quiets == quiets_before_skip) skip = true;
            }
            const auto out = raw_set(moves);
            ASSERT_EQ(out.size(), moves.size()) << sfen;
            for (std::uint32_t c : checks) EXPECT_EQ(out.count(c), 1u) << sfen;
        }
    }
    EXPECT_GT(quiet_checks, 0);  // the suite has positions with quiet checks
}

TEST(MovePicker, QuiescenceHasCapturesAndOnlyTheSafePromotionsThatMatter) {
    Ordering o;
    // Sente's pawn on 3d may promote on 3c (safe), its silver on 7d on 7c.
    const Position pos = test::from_sfen("4k4/9/9/2S3P2/9/9/9/9/4K4 b - 1");
    MovePicker     picker(pos, Move::none(), *o.histories, o.continuation);
    const auto     moves = drain(picker);
    ASSERT_EQ(moves.size(), 1u);
    EXPECT_EQ(to_usi(moves[0]), "3d3c+");
    const Position tactics = test::from_sfen(Tactics);
    MovePicker     captures(tactics, Move::none(), *o.histories, o.continuation);
    for (Move m : drain(captures)) EXPECT_TRUE(m.is_capture()) << to_usi(m);
}

TEST(MovePicker, InCheckEveryEvasionComesOut) {
    Ordering       o;
    const Position pos = test::from_sfen("4k4/9/9/9/4r4/9/9/9/4K4 b G 1");
    ASSERT_TRUE(pos.in_check());
    MovePicker main(pos, OrderingHints {}, *o.histories, o.continuation);
    EXPECT_EQ(drain(main).size(), generate(GenKind::Legal, pos).size());
    MovePicker quiescence(pos, Move::none(), *o.histories, o.continuation);
    EXPECT_EQ(drain(quiescence).size(), generate(GenKind::Legal, pos).size());
}

TEST(MovePicker, ProbCutOnlyCapturesThatGainTheThreshold) {
    Ordering       o;
    const Position pos = test::from_sfen(Tactics);
    MovePicker     picker(pos, Move::none(), 1, *o.histories);
    const auto     moves = drain(picker);
    ASSERT_EQ(moves.size(), 1u);
    EXPECT_EQ(to_usi(moves[0]), "9i5e");
    MovePicker none(pos, Move::none(), 10000, *o.histories);
    EXPECT_TRUE(drain(none).empty());
}

TEST(MovePicker, ButterflyAndContinuationHistoriesOrderQuietMoves) {
    Ordering       o;
    const Position pos       = Position::startpos();
    const Move     favourite = test::usi_move(pos, "1g1f");
    o.histories->butterfly.update(SENTE, favourite, 500);
    MovePicker picker(pos, OrderingHints {}, *o.histories, o.continuation);
    EXPECT_EQ(picker.next(), favourite);
    // A continuation entry outweighs that butterfly bonus.
    const Move followed = test::usi_move(pos, "9g9f");
    apply_bonus<ContinuationHistory::LIMIT>(
        o.histories->continuation.none()[placed_piece(SENTE, followed)][followed.to()], 5000);
    MovePicker again(pos, OrderingHints {}, *o.histories, o.continuation);
    EXPECT_EQ(again.next(), followed);
}

TEST(History, GravityKeepsEntriesWithinTheLimit) {
    std::int16_t entry = 0;
    for (int i = 0; i < 1000; ++i) apply_bonus<ButterflyHistory::LIMIT>(entry, 1600);
    EXPECT_LE(entry, ButterflyHistory::LIMIT);
    EXPECT_GT(entry, ButterflyHistory::LIMIT * 9 / 10);
    apply_bonus<ButterflyHistory::LIMIT>(entry, -1600);
    EXPECT_LT(entry, ButterflyHistory::LIMIT * 9 / 10);  // new evidence still moves it
}

TEST(ExchangeValue, CaptureValueIsTheSwapOff) {
    const Position pos = test::from_sfen(Tactics);
    EXPECT_GT(exchange_value(pos, test::usi_move(pos, "9i5e")), 0);
    EXPECT_LT(exchange_value(pos, test::usi_move(pos, "1h1c")), 0);
}

}  // namespace
}  // namespace supersoma::search
