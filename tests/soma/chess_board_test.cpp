// The minimal chess board: FEN in and out, and every FEN error naming field and column.
#include "soma/chess/chess_board.hpp"

#include <gtest/gtest.h>

#include "support/chess_positions.hpp"

namespace supersoma::soma::chess {
namespace {

FenError refused(std::string_view fen) {
    auto result = parse_fen(fen);
    EXPECT_TRUE(std::holds_alternative<FenError>(result)) << fen;
    return std::holds_alternative<FenError>(result) ? std::get<FenError>(result) : FenError {};
}

TEST(ChessBoard, ParsesSeed001PositionPieceByPiece) {
    auto result = parse_fen(Seed001Position2);
    ASSERT_TRUE(std::holds_alternative<ChessBoard>(result)) << std::get<FenError>(result).message();
    const ChessBoard& board = std::get<ChessBoard>(result);
    EXPECT_EQ(board.side_to_move(), WHITE);
    EXPECT_EQ(board.piece_at(*parse_square("d3")), (Piece {WHITE, KNIGHT}));
    EXPECT_EQ(board.piece_at(*parse_square("h8")), (Piece {BLACK, QUEEN}));
    EXPECT_EQ(board.piece_at(*parse_square("e5")), (Piece {BLACK, PAWN}));
    EXPECT_FALSE(board.piece_at(*parse_square("e4")));
    EXPECT_EQ(board.king_square(WHITE), *parse_square("c1"));
    EXPECT_EQ(board.king_square(BLACK), *parse_square("b8"));
    EXPECT_EQ(std::popcount(board.occupied()), 20);
    EXPECT_EQ(to_fen(board), std::string(Seed001Position2) + " 0 1");
}

TEST(ChessBoard, RoundTripsAllFields) {
    const std::string fen    = "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 3 42";
    auto              result = parse_fen(fen);
    ASSERT_TRUE(std::holds_alternative<ChessBoard>(result));
    EXPECT_EQ(to_fen(std::get<ChessBoard>(result)), fen);
    EXPECT_EQ(std::get<ChessBoard>(result).en_passant(), parse_square("d6"));
}

TEST(ChessBoard, SquareNames) {
    EXPECT_EQ(square_name(0), "a1");
    EXPECT_EQ(square_name(63), "h8");
    EXPECT_EQ(parse_square("e4"), 28);
    EXPECT_FALSE(parse_square("i1"));
    EXPECT_FALSE(parse_square("a9"));
    EXPECT_FALSE(parse_square("a"));
}

TEST(FenError, BadPieceLetterNamesTheLetter) {
    const std::string fen = "1k1r4/1pp4p/p7/4x3/8/P5P1/1PP4P/2K1R3 w - -";
    const FenError    e   = refused(fen);
    EXPECT_EQ(e.field, "placement");
    EXPECT_EQ(e.column, fen.find('x'));
    EXPECT_NE(e.what.find("'x'"), std::string::npos) << e.what;
}

TEST(FenError, RankWithTooManySquares) {
    const FenError e = refused("1k1r5/8/8/8/8/8/8/4K3 w - -");
    EXPECT_EQ(e.field, "placement");
    EXPECT_EQ(e.column, 4u);  // the '5' that overflows rank 8
}

TEST(FenError, RankWithTooFewSquares) {
    const FenError e = refused("1k1r3/8/8/8/8/8/8/4K3 w - -");
    EXPECT_EQ(e.field, "placement");
    EXPECT_EQ(e.column, 5u);  // the '/' closing a 7-square rank
    EXPECT_NE(e.what.find("7 squares"), std::string::npos) << e.what;
}

TEST(FenError, TooManyRanks) {
    const std::string fen = "4k3/8/8/8/8/8/8/4K3/8 w - -";
    const FenError    e   = refused(fen);
    EXPECT_EQ(e.field, "placement");
    EXPECT_EQ(e.column, fen.rfind('/'));
    // A ninth rank is named as such even when pawns stand on what would be rank 1.
    const std::string pawns = "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
    const FenError    p     = refused(pawns);
    EXPECT_EQ(p.what, "more than 8 ranks");
    EXPECT_EQ(p.column, pawns.find("/RNBQKBNR"));
}

TEST(FenError, TooFewRanks) {
    const FenError e = refused("4k3/8/4K3 w - -");
    EXPECT_EQ(e.field, "placement");
    EXPECT_EQ(e.column, 9u);
}

TEST(FenError, KingsMustBeOneEach) {
    EXPECT_NE(refused("8/8/8/8/8/8/8/4K3 w - -").what.find("black has 0 kings"), std::string::npos);
    EXPECT_NE(refused("4k3/8/8/8/8/8/8/3KK3 w - -").what.find("white has 2"), std::string::npos);
}

TEST(FenError, PawnOnLastRank) {
    const FenError e = refused("4k2P/8/8/8/8/8/8/4K3 w - -");
    EXPECT_EQ(e.column, 3u);
}

TEST(FenError, BadSide) {
    const std::string fen = "4k3/8/8/8/8/8/8/4K3 x - -";
    const FenError    e   = refused(fen);
    EXPECT_EQ(e.field, "side");
    EXPECT_EQ(e.column, fen.find(" x") + 1);
}

TEST(FenError, BadCastlingLetter) {
    const std::string fen = "4k3/8/8/8/8/8/8/4K3 w KX -";
    const FenError    e   = refused(fen);
    EXPECT_EQ(e.field, "castling");
    EXPECT_EQ(e.column, fen.find('X'));
    EXPECT_EQ(refused("4k3/8/8/8/8/8/8/4K3 w KK -").column, 23u);
}

TEST(FenError, BadEnPassant) {
    const std::string fen = "4k3/8/8/8/8/8/8/4K3 w - e4";
    const FenError    e   = refused(fen);
    EXPECT_EQ(e.field, "en passant");
    EXPECT_EQ(e.column, fen.find("e4"));
}

TEST(FenError, MissingFieldsNameTheFirstMissing) {
    const std::string fen = "4k3/8/8/8/8/8/8/4K3 w";
    const FenError    e   = refused(fen);
    EXPECT_EQ(e.field, "castling");
    EXPECT_EQ(e.column, fen.size());
    EXPECT_EQ(refused("").field, "placement");
    EXPECT_EQ(refused("4k3/8/8/8/8/8/8/4K3").field, "side");
}

TEST(FenError, BadCountersAndTrailingFields) {
    EXPECT_EQ(refused("4k3/8/8/8/8/8/8/4K3 w - - x 1").field, "halfmove");
    EXPECT_EQ(refused("4k3/8/8/8/8/8/8/4K3 w - - 0 0").field, "fullmove");
    EXPECT_EQ(refused("4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra").field, "trailing");
}

TEST(FenError, MessageNamesFieldAndOneBasedColumn) {
    const FenError e = refused("4k3/8/8/8/8/8/8/4K3 x - -");
    EXPECT_EQ(e.message(), "FEN side field, column 21: expected 'w' or 'b', got 'x'");
}

}  // namespace
}  // namespace supersoma::soma::chess
