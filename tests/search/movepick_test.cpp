// Move ordering: every legal move once; hash move, SUPER-SOMA's move and winning captures
// first, losing captures last.
#include "search/movepick.hpp"

#include <gtest/gtest.h>

#include <set>

#include "tests/support/engine_helpers.hpp"

namespace supersoma::search {
namespace {

std::vector<Move> drain(MovePicker& picker) {
    std::vector<Move> out;
    for (Move m = picker.next(); !m.is_none(); m = picker.next()) out.push_back(m);
    return out;
}

// Sente's bishop on 9i can take the loose rook on 5e; its rook on 1h can take the pawn on
// 1c, which the gold on 1b guards.
constexpr std::string_view Tactics = "4k4/8g/8p/9/4r4/9/9/8R/B2K5 b - 1";

TEST(MovePicker, HandsOutEveryLegalMoveOnce) {
    const Position pos = test::from_sfen(Tactics);
    History        history;
    MovePicker     picker(pos, {}, history, MovePicker::Scope::All);
    const auto     moves = drain(picker);
    EXPECT_EQ(moves.size(), generate(GenKind::Legal, pos).size());
    EXPECT_EQ(std::set<std::uint32_t>([&] {
        std::set<std::uint32_t> s;
        for (Move m : moves) s.insert(m.raw());
        return s;
    }())
                  .size(),
        moves.size());
}

TEST(MovePicker, WinningCaptureFirstLosingCaptureLast) {
    const Position pos = test::from_sfen(Tactics);
    History        history;
    MovePicker     picker(pos, {}, history, MovePicker::Scope::All);
    const auto     moves = drain(picker);
    EXPECT_EQ(to_usi(moves.front()), "9i5e");
    // Rook takes the guarded pawn: the losing captures come after every quiet move.
    EXPECT_EQ(moves.back().to(), test::sq("1c"));
}

TEST(MovePicker, HashMoveThenSomaMoveLead) {
    const Position pos = test::from_sfen(Tactics);
    History        history;
    OrderingHints  hints;
    hints.tt_move   = test::usi_move(pos, "6i7h");
    hints.soma_move = test::usi_move(pos, "1h2h");
    MovePicker picker(pos, hints, history, MovePicker::Scope::All);
    EXPECT_EQ(picker.next(), hints.tt_move);
    EXPECT_EQ(picker.next(), hints.soma_move);
}

TEST(MovePicker, TacticalScopeHasOnlyCapturesAndPromotions) {
    const Position pos = test::from_sfen(Tactics);
    History        history;
    MovePicker     picker(pos, {}, history, MovePicker::Scope::Tactical);
    const auto     moves = drain(picker);
    ASSERT_FALSE(moves.empty());
    for (Move m : moves) EXPECT_TRUE(m.is_capture() || m.is_promotion()) << to_usi(m);
}

TEST(MovePicker, HistoryOrdersQuietMoves) {
    const Position pos = Position::startpos();
    History        history;
    const Move     favourite = test::usi_move(pos, "1g1f");
    history.update(SENTE, favourite, 500);
    MovePicker picker(pos, {}, history, MovePicker::Scope::All);
    EXPECT_EQ(picker.next(), favourite);
}

TEST(ExchangeValue, CaptureValueIsTheSwapOff) {
    const Position pos = test::from_sfen(Tactics);
    EXPECT_GT(exchange_value(pos, test::usi_move(pos, "9i5e")), 0);
    EXPECT_LT(exchange_value(pos, test::usi_move(pos, "1h1c")), 0);
}

}  // namespace
}  // namespace supersoma::search
