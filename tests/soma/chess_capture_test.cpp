// Capture text on a chess board: accepted captures and each reason for refusing one.
#include "soma/chess/chess_capture.hpp"

#include <gtest/gtest.h>

#include "support/chess_positions.hpp"

namespace supersoma::soma::chess {
namespace {

CaptureError refused(std::string_view fen, std::string_view move) {
    auto result = parse_capture(board_of(fen), move);
    EXPECT_TRUE(std::holds_alternative<CaptureError>(result)) << move;
    return std::holds_alternative<CaptureError>(result) ? std::get<CaptureError>(result)
                                                        : CaptureError {};
}

bool contains(const std::string& text, std::string_view part) {
    return text.find(part) != std::string::npos;
}

TEST(ChessCapture, AcceptsRookTakesPawn) {
    auto result = parse_capture(board_of(Seed001Position1), "e1e5");
    ASSERT_TRUE(std::holds_alternative<ChessCapture>(result));
    EXPECT_EQ(std::get<ChessCapture>(result).from, *parse_square("e1"));
    EXPECT_EQ(std::get<ChessCapture>(result).to, *parse_square("e5"));
}

TEST(ChessCapture, RefusesAQuietMove) {
    const CaptureError e = refused(Seed001Position1, "e1e4");
    EXPECT_EQ(e.column, 2u);
    EXPECT_TRUE(contains(e.what, "not a capture")) << e.what;
}

TEST(ChessCapture, RefusesTakingOwnPiece) {
    EXPECT_TRUE(contains(refused(Seed001Position1, "e1c1").what, "not a capture"));
}

TEST(ChessCapture, RefusesThePieceOfTheSideNotToMove) {
    const CaptureError e = refused(Seed001Position1, "d8d1");
    EXPECT_EQ(e.column, 0u);
    EXPECT_TRUE(contains(e.what, "no white piece on d8")) << e.what;
}

TEST(ChessCapture, RefusesAPieceThatDoesNotAttack) {
    EXPECT_TRUE(contains(refused(Seed001Position1, "a3b7").what, "does not attack"));
}

TEST(ChessCapture, RefusesBadText) {
    EXPECT_EQ(refused(Seed001Position1, "e1").column, 0u);
    EXPECT_EQ(refused(Seed001Position1, "e1x5").column, 2u);
    EXPECT_EQ(refused(Seed001Position1, "z1e5").column, 0u);
    EXPECT_EQ(refused(Seed001Position1, "e1e5q").column, 4u);  // no promotion here
}

TEST(ChessCapture, PinnedPieceMayCaptureAlongThePinOnly) {
    // The white bishop d2 is pinned by the bishop b4 against the king e1.
    EXPECT_TRUE(std::holds_alternative<ChessCapture>(
        parse_capture(board_of("4k3/8/8/8/1b6/2n5/3B4/4K3 w - -"), "d2c3")));
    EXPECT_TRUE(contains(refused("4k3/8/8/8/1b6/4n3/3B4/4K3 w - -", "d2e3").what, "pinned"));
}

TEST(ChessCapture, KingMayNotStepOntoAGuardedSquare) {
    EXPECT_TRUE(contains(refused("4k3/8/8/8/8/2p5/3p4/4K3 w - -", "e1d2").what, "guarded"));
    // Guarded through the king's own square: the rook e8 sees e4 once the king leaves e5.
    EXPECT_TRUE(contains(refused("4r2k/8/8/4K3/4p3/8/8/8 w - -", "e5e4").what, "guarded"));
    EXPECT_TRUE(std::holds_alternative<ChessCapture>(
        parse_capture(board_of("4k3/8/8/8/8/8/3p4/4K3 w - -"), "e1d2")));
}

TEST(ChessCapture, RefusesTakingTheKingAndEnPassant) {
    EXPECT_TRUE(contains(refused("4k3/3P4/8/8/8/8/8/4K3 w - -", "d7e8").what, "king"));
    EXPECT_TRUE(contains(refused("4k3/8/8/3pP3/8/8/8/4K3 w - d6", "e5d6").what, "en passant"));
}

TEST(ChessCapture, PromotionSuffixIsQueenOnly) {
    const std::string_view fen = "k6r/5nP1/8/8/8/8/8/4K3 w - -";
    EXPECT_TRUE(std::holds_alternative<ChessCapture>(parse_capture(board_of(fen), "g7h8q")));
    EXPECT_TRUE(std::holds_alternative<ChessCapture>(parse_capture(board_of(fen), "g7h8")));
    EXPECT_EQ(refused(fen, "g7h8n").column, 4u);
    EXPECT_EQ(capture_text(*parse_square("g7"), *parse_square("h8"), true), "g7h8q");
}

}  // namespace
}  // namespace supersoma::soma::chess
