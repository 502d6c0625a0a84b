// Move text: USI round trips, malformed and illegal texts, and the article's notation.
#include "engine/notation.hpp"

#include <gtest/gtest.h>

#include "engine/movegen.hpp"
#include "tests/support/engine_helpers.hpp"

namespace supersoma {
namespace {

using test::from_sfen;
using test::sq;
using test::usi_move;
using Kind = MoveTextError::Kind;

// The error kind of a text that must be refused; an accepted text fails the test.
std::optional<Kind> refusal(const Position& pos, std::string_view text) {
    auto parsed = parse_usi_move(pos, text);
    if (const auto* e = std::get_if<MoveTextError>(&parsed)) {
        EXPECT_NE(e->what.find(std::string(text)), std::string::npos) << e->what;
        return e->kind;
    }
    return std::nullopt;
}

TEST(UsiMove, EveryLegalMoveRoundTrips) {
    std::vector<std::string> sfens = test::suite_sfens();
    sfens.resize(std::min<std::size_t>(sfens.size(), 30));
    sfens.push_back("9/2S6/B6S1/4S4/9/9/9/8R/k3K4 b - 1");
    sfens.push_back("8K/9/9/9/3n4k/l4n3/6n2/2p6/9 w rbgsnlp 1");
    int moves = 0;
    for (const std::string& sfen : sfens) {
        const Position pos = from_sfen(sfen);
        for (Move m : generate(GenKind::Legal, pos)) {
            const std::string text   = to_usi(m);
            const auto        parsed = parse_usi_move(pos, text);
            ASSERT_TRUE(std::holds_alternative<Move>(parsed)) << sfen << " " << text;
            EXPECT_EQ(std::get<Move>(parsed), m) << sfen << " " << text;
            ++moves;
        }
    }
    EXPECT_GT(moves, 1000);
}

TEST(UsiMove, TextOfMoves) {
    const Position pos = Position::startpos();
    EXPECT_EQ(to_usi(usi_move(pos, "7g7f")), "7g7f");
    EXPECT_EQ(to_usi(Move::board(sq("8h"), sq("2b"), BISHOP, BISHOP, true)), "8h2b+");
    EXPECT_EQ(to_usi(Move::drop(PAWN, sq("5e"))), "P*5e");
    EXPECT_EQ(to_usi(Move::drop(GOLD, sq("1a"))), "G*1a");
    EXPECT_EQ(to_usi(Move::pass()), "pass");
    EXPECT_EQ(to_usi(Move::none()), "none");
    EXPECT_EQ(square_name(sq("9i")), "9i");
    EXPECT_EQ(square_name(Square(0)), "1a");
}

TEST(UsiMove, MalformedTextIsMalformed) {
    const Position pos = from_sfen("4k4/9/9/9/9/9/9/9/4K4 b RBGSNLP 1");
    for (const char* text :
        {"", "7g", "7g7", "7g7f++", "7g7f=", "7g7f+x", "0g7f", "7j7f", "7g7F", "a7g7", "X*5e",
            "K*5e", "p*5e", "+*5e", "P*5j", "P*0e", "P*5", "P*5e+", "P+5e", "5i5h "}) {
        EXPECT_EQ(refusal(pos, text), Kind::Malformed) << "'" << text << "'";
    }
}

TEST(UsiMove, WellFormedIllegalMoveIsIllegal) {
    const Position start = Position::startpos();
    EXPECT_EQ(refusal(start, "3c3d"), Kind::Illegal);   // gote's pawn, sente to move
    EXPECT_EQ(refusal(start, "5e5d"), Kind::Illegal);   // empty origin
    EXPECT_EQ(refusal(start, "7g7f+"), Kind::Illegal);  // promotion outside the zone
    EXPECT_EQ(refusal(start, "7g7e"), Kind::Illegal);   // a pawn does not move two squares
    EXPECT_EQ(refusal(start, "5i5h+"), Kind::Illegal);  // a king never promotes
    EXPECT_EQ(refusal(start, "6i6h+"), Kind::Illegal);  // a gold never promotes
    EXPECT_EQ(refusal(start, "P*5e"), Kind::Illegal);   // no pawn in hand
    EXPECT_EQ(refusal(start, "8h2b"), Kind::Illegal);   // bishop blocked by its own pawn

    const Position forced = from_sfen("9/6P2/2N6/3N4L/k4N3/9/9/9/K8 b - 1");
    EXPECT_EQ(refusal(forced, "3b3a"), Kind::Illegal);  // pawn must promote on the last rank
    EXPECT_EQ(refusal(forced, "1d1a"), Kind::Illegal);  // lance too
    EXPECT_EQ(refusal(forced, "6d5b"), Kind::Illegal);  // knight on the last two ranks
    EXPECT_TRUE(std::holds_alternative<Move>(parse_usi_move(forced, "3b3a+")));

    const Position nifu = from_sfen("4k4/9/9/9/9/9/4P4/9/4K4 b P 1");
    EXPECT_EQ(refusal(nifu, "P*5e"), Kind::Illegal);
    EXPECT_EQ(refusal(nifu, "P*5a"), Kind::Illegal);  // last rank
    EXPECT_TRUE(std::holds_alternative<Move>(parse_usi_move(nifu, "P*4e")));

    const Position pinned = from_sfen("4r3k/9/9/9/8b/9/9/4SG3/4K4 b - 1");
    EXPECT_EQ(refusal(pinned, "5h4g"), Kind::Illegal);  // leaves the king to the rook
    EXPECT_EQ(refusal(pinned, "4h4g"), Kind::Illegal);  // leaves the king to the bishop
    EXPECT_EQ(refusal(pinned, "5i5h"), Kind::Illegal);  // onto its own piece

    const Position check = from_sfen("4r3k/9/9/9/9/9/9/9/4K4 b G 1");
    EXPECT_EQ(refusal(check, "G*4e"), Kind::Illegal);  // does not answer the check
    EXPECT_EQ(refusal(check, "5i5h"), Kind::Illegal);  // stays on the rook's file
}

// The example position of the article: gote to move.
constexpr std::string_view ArticleSfen = "5g3/2k6/5b1g1/3r1S3/5p3/3L2N2/1P1P5/9/8K w - 1";

TEST(ArticleNotation, GoteRookTakesSenteSilver) {
    const Position pos = from_sfen(ArticleSfen);
    EXPECT_EQ(to_article(usi_move(pos, "6d4d"), GOTE), "R 6dxs4d");
}

TEST(ArticleNotation, GoteBishopTakesPawnAndPromotes) {
    const Position pos = from_sfen(ArticleSfen);
    EXPECT_EQ(to_article(usi_move(pos, "4c8g+"), GOTE), "B 4cxp8g+");
    EXPECT_EQ(to_article(usi_move(pos, "4c8g"), GOTE), "B 4cxp8g");
}

TEST(ArticleNotation, SenteSilverMovesAndPromotes) {
    std::string sfen(ArticleSfen);
    sfen[sfen.find(" w ") + 1] = 'b';
    const Position pos         = from_sfen(sfen);
    EXPECT_EQ(to_article(usi_move(pos, "4d5c+"), SENTE), "s 4d-5c+");
    EXPECT_EQ(to_article(usi_move(pos, "4d4c"), SENTE), "s 4dxB4c");
}

TEST(ArticleNotation, DropsAndPromotedPieces) {
    EXPECT_EQ(to_article(Move::drop(PAWN, sq("5e")), SENTE), "p*5e");
    EXPECT_EQ(to_article(Move::drop(ROOK, sq("2b")), GOTE), "R*2b");
    EXPECT_EQ(
        to_article(Move::board(sq("2b"), sq("3c"), HORSE, PRO_PAWN, false), SENTE), "+b 2bx+P3c");
}

TEST(JapaneseNotation, DropsPromotionsAndRecaptures) {
    Position pos = from_sfen(StartSfen);
    EXPECT_EQ(to_japanese(pos, usi_move(pos, "7g7f")), "▲７六歩");
    pos.do_move(usi_move(pos, "7g7f"));
    EXPECT_EQ(to_japanese(pos, usi_move(pos, "3c3d")), "△３四歩");
    pos.do_move(usi_move(pos, "3c3d"));
    const Move takes = usi_move(pos, "8h2b+");
    EXPECT_EQ(to_japanese(pos, takes), "▲２二角成");
    EXPECT_EQ(to_japanese(pos, usi_move(pos, "8h2b")), "▲２二角不成");
    pos.do_move(takes);
    EXPECT_EQ(to_japanese(pos, usi_move(pos, "3a2b"), takes), "△同　銀");
    pos.do_move(usi_move(pos, "3a2b"));
    EXPECT_EQ(to_japanese(pos, usi_move(pos, "B*4e")), "▲４五角打");
    // A pawn reaching the last rank must promote: no 不成 is written for a forced promotion.
    Position last = from_sfen("4k4/P8/9/9/9/9/9/9/4K4 b - 1");
    EXPECT_EQ(to_japanese(last, usi_move(last, "9b9a+")), "▲９一歩成");
}

// Like pieces that could reach one square are told apart as the Japan Shogi Association
// writes it: the motion (上 forward, 引 back, 寄 sideways) when it tells, else the side (右/左,
// from the mover's view), 直 for a straight step forward.
TEST(JapaneseNotation, LikePiecesAreToldApart) {
    const Position start = from_sfen(StartSfen);
    EXPECT_EQ(to_japanese(start, usi_move(start, "4i5h")), "▲５八金右");
    EXPECT_EQ(to_japanese(start, usi_move(start, "6i5h")), "▲５八金左");
    EXPECT_EQ(to_japanese(start, usi_move(start, "3i3h")), "▲３八銀");  // one silver reaches 3h

    // Golds on 6i, 5i and 4i, all three able to reach 5h.
    const Position three = from_sfen("4k4/9/9/9/9/9/9/9/3GGG2K b - 1");
    EXPECT_EQ(to_japanese(three, usi_move(three, "5i5h")), "▲５八金直");
    EXPECT_EQ(to_japanese(three, usi_move(three, "6i5h")), "▲５八金左");
    EXPECT_EQ(to_japanese(three, usi_move(three, "4i5h")), "▲５八金右");

    // Golds on 5i and 4h: one steps up, one sideways.
    const Position moves = from_sfen("4k4/9/9/9/9/9/9/5G3/4G3K b - 1");
    EXPECT_EQ(to_japanese(moves, usi_move(moves, "5i5h")), "▲５八金上");
    EXPECT_EQ(to_japanese(moves, usi_move(moves, "4h5h")), "▲５八金寄");

    // Silvers on 6g and 4i reaching 5h: back and up.
    const Position silvers = from_sfen("4k4/9/9/9/9/9/3S5/9/5S2K b - 1");
    EXPECT_EQ(to_japanese(silvers, usi_move(silvers, "6g5h")), "▲５八銀引");
    EXPECT_EQ(to_japanese(silvers, usi_move(silvers, "4i5h")), "▲５八銀上");

    // Gote's right is file 9: its golds on 6a and 4a reaching 5b.
    const Position gote = from_sfen("3g1g2k/9/9/9/9/9/9/9/K8 w - 1");
    EXPECT_EQ(to_japanese(gote, usi_move(gote, "6a5b")), "△５二金右");
    EXPECT_EQ(to_japanese(gote, usi_move(gote, "4a5b")), "△５二金左");

    // Two dragons on one rank, both able to reach the square between them: 右/左, never 直.
    const Position dragons = from_sfen("4k4/9/9/9/1+R5+R1/9/9/9/K8 b - 1");
    EXPECT_EQ(to_japanese(dragons, usi_move(dragons, "2e5e")), "▲５五龍右");
    EXPECT_EQ(to_japanese(dragons, usi_move(dragons, "8e5e")), "▲５五龍左");
}

}  // namespace
}  // namespace supersoma
