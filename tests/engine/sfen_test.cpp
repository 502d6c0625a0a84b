// SFEN: round trips to the canonical form, and every kind of error with its field and column.
#include "engine/sfen.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <variant>
#include <vector>

#include "tests/support/engine_helpers.hpp"

namespace supersoma {
namespace {

using test::from_sfen;
using test::sq;

// The error of a text that must be refused; an accepted text fails the test.
SfenError error_of(std::string_view text) {
    auto parsed = parse_sfen(text);
    if (!std::holds_alternative<SfenError>(parsed)) {
        ADD_FAILURE() << "accepted: " << text;
        return {};
    }
    return std::get<SfenError>(parsed);
}

// 1-based column of the first occurrence of `marker` in `text` at or after `from`.
std::size_t column_of(std::string_view text, std::string_view marker, std::size_t from = 0) {
    const auto i = text.find(marker, from);
    EXPECT_NE(i, std::string_view::npos) << marker << " not in " << text;
    return i + 1;
}

#define EXPECT_SFEN_ERROR(text, want_field, want_column, what_part)                                \
    do {                                                                                           \
        const SfenError e_ = error_of(text);                                                       \
        EXPECT_EQ(e_.field, want_field) << text << ": " << e_.message();                           \
        EXPECT_EQ(e_.column, std::size_t(want_column)) << text << ": " << e_.message();            \
        EXPECT_NE(e_.what.find(what_part), std::string::npos)                                      \
            << text << ": '" << e_.what << "' lacks '" << what_part << "'";                        \
    } while (0)

constexpr std::string_view Kings = "4k4/9/9/9/9/9/9/9/4K4";

// --- Accepted texts ------------------------------------------------------------------------

TEST(Sfen, StartPositionRoundTrips) {
    EXPECT_EQ(to_sfen(from_sfen(StartSfen)), StartSfen);
    EXPECT_EQ(to_sfen(Position::startpos()), StartSfen);
    EXPECT_EQ(from_sfen(StartSfen).key(), Position::startpos().key());
}

TEST(Sfen, StartposKeywordAndLeadingSfenAreAccepted) {
    EXPECT_EQ(to_sfen(from_sfen("startpos")), StartSfen);
    EXPECT_EQ(to_sfen(from_sfen("sfen " + std::string(StartSfen))), StartSfen);
    EXPECT_EQ(to_sfen(from_sfen("sfen startpos")), StartSfen);
}

// The suite's hands are not all canonical: the board, side and ply come back unchanged, the
// canonical text is a fixed point, and it names the same position.
TEST(Sfen, EverySuitePositionRoundTripsToItsCanonicalForm) {
    for (const std::string& sfen : test::suite_sfens()) {
        const Position    pos       = from_sfen(sfen);
        const std::string canonical = to_sfen(pos);
        const Position    again     = from_sfen(canonical);
        EXPECT_EQ(to_sfen(again), canonical);
        EXPECT_EQ(again.key(), pos.key()) << sfen;
        EXPECT_EQ(canonical.substr(0, canonical.find(' ', canonical.find(' ') + 1)),
            sfen.substr(0, sfen.find(' ', sfen.find(' ') + 1)));
        EXPECT_EQ(canonical.substr(canonical.rfind(' ')), sfen.substr(sfen.rfind(' ')));
        for (Color c : {SENTE, GOTE}) EXPECT_EQ(again.hand(c), pos.hand(c)) << sfen;
    }
}

// Hands come out in the order R B G S N L P, sente's before gote's.
TEST(Sfen, HandsAreWrittenInCanonicalOrder) {
    const Position pos = from_sfen(std::string(Kings) + " b p2PbS 1");
    EXPECT_EQ(pos.hand(SENTE).count(PAWN), 2);
    EXPECT_EQ(pos.hand(SENTE).count(SILVER), 1);
    EXPECT_EQ(pos.hand(GOTE).count(PAWN), 1);
    EXPECT_EQ(pos.hand(GOTE).count(BISHOP), 1);
    EXPECT_EQ(to_sfen(pos), std::string(Kings) + " b S2Pbp 1");
    EXPECT_EQ(to_sfen(from_sfen(std::string(Kings) + " w 2lPrGnNbBsS 3")),
        std::string(Kings) + " w BGSNPrbsn2l 3");
}

TEST(Sfen, MultiDigitHandCountsAreRead) {
    const Position all = from_sfen(std::string(Kings) + " b 18P 1");
    EXPECT_EQ(all.hand(SENTE).count(PAWN), 18);
    EXPECT_EQ(to_sfen(all), std::string(Kings) + " b 18P 1");
    const Position ten = from_sfen(std::string(Kings) + " w 10p 1");
    EXPECT_EQ(ten.hand(GOTE).count(PAWN), 10);
    EXPECT_EQ(to_sfen(ten), std::string(Kings) + " w 10p 1");
}

TEST(Sfen, MissingPlyMeansOne) {
    const Position pos = from_sfen(std::string(Kings) + " w -");
    EXPECT_EQ(pos.ply(), 1);
    EXPECT_EQ(pos.side_to_move(), GOTE);
    EXPECT_EQ(to_sfen(pos), std::string(Kings) + " w - 1");
    EXPECT_EQ(from_sfen(std::string(Kings) + " b - 250").ply(), 250);
}

TEST(Sfen, PromotedPiecesRoundTrip) {
    const std::string sfen = "+l+n+s+b+r+pk2/9/9/9/9/9/9/9/2K+P+R+B+S+N+L b - 1";
    const Position    pos  = from_sfen(sfen);
    EXPECT_EQ(pos.piece_on(sq("9a")), make_piece(GOTE, PRO_LANCE));
    EXPECT_EQ(pos.piece_on(sq("4a")), make_piece(GOTE, PRO_PAWN));
    EXPECT_EQ(pos.piece_on(sq("1i")), make_piece(SENTE, PRO_LANCE));
    EXPECT_EQ(to_sfen(pos), sfen);
}

TEST(Sfen, PositionsWithOneKingOrNoKingAreAccepted) {
    const Position tsume = from_sfen("4k4/9/9/9/9/9/9/9/9 b 2R 1");
    EXPECT_EQ(tsume.king_square(SENTE), SQ_NONE);
    EXPECT_EQ(tsume.king_square(GOTE), sq("5a"));
    EXPECT_GT(test::legal_usi(tsume).size(), 0u);
    const Position none = from_sfen("9/9/9/4G4/9/9/9/9/9 b - 1");
    EXPECT_EQ(none.king_square(SENTE), SQ_NONE);
    EXPECT_EQ(none.king_square(GOTE), SQ_NONE);
    EXPECT_EQ(test::legal_usi(none).size(), 6u);
}

// Promoted pieces may stand where their unpromoted kind could not.
TEST(Sfen, PromotedPiecesOnTheLastRanksAreAccepted) {
    EXPECT_EQ(from_sfen("+P+L+N1k4/9/9/9/9/9/9/9/+p+l+n1K4 b - 1").piece_on(sq("7a")),
        make_piece(SENTE, PRO_KNIGHT));
}

// A second pawn on a file is fine when one of them is promoted or of the other colour.
TEST(Sfen, PromotedPawnAndEnemyPawnDoNotCountAsNifu) {
    EXPECT_NO_THROW(from_sfen("4k4/9/4p4/9/4+P4/9/4P4/9/4K4 b - 1"));
}

// --- Refused texts: field, column, message --------------------------------------------------

// A refused text yields the error alternative: no Position is built.
TEST(SfenError, RefusedTextYieldsNoPosition) {
    const auto parsed
        = parse_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1");
    EXPECT_TRUE(std::holds_alternative<SfenError>(parsed));
    EXPECT_FALSE(std::holds_alternative<Position>(parsed));
}

TEST(SfenError, BadPieceLetter) {
    const std::string t = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1";
    EXPECT_SFEN_ERROR(t, "board", 57, "'X'");
    EXPECT_SFEN_ERROR("sfen " + t, "board", 62, "'X'");  // columns count in the text given
    const std::string star = "4k4/9/9/4*4/9/9/9/9/4K4 b - 1";
    EXPECT_SFEN_ERROR(star, "board", column_of(star, "*"), "'*'");
}

TEST(SfenError, RankWithTooFewSquares) {
    const std::string t = "lnsgkgsnl/1r5b1/pppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    EXPECT_SFEN_ERROR(t, "board", column_of(t, "pppppppp/") + 8, "rank 3 has 8 squares");
}

TEST(SfenError, RankWithTooManySquares) {
    const std::string digit = "lnsgkgsnl/1r5b1/ppppppppp1/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    EXPECT_SFEN_ERROR(digit, "board", column_of(digit, "p1/") + 1, "rank 3");
    const std::string piece = "4k4/9/9/9P/9/9/9/9/4K4 b - 1";
    EXPECT_SFEN_ERROR(piece, "board", column_of(piece, "P"), "rank 4");
    const std::string sum = "4k4/9/9/55/9/9/9/9/4K4 b - 1";
    EXPECT_SFEN_ERROR(sum, "board", column_of(sum, "55") + 1, "rank 4");
}

TEST(SfenError, TooManyRanks) {
    const std::string t = "4k4/9/9/9/9/9/9/9/4K4/9 b - 1";
    EXPECT_SFEN_ERROR(t, "board", column_of(t, "K4/") + 2, "too many ranks");
}

// A missing rank has no character of its own: the column is the one just after the board.
TEST(SfenError, TooFewRanks) {
    const std::string t = "4k4/9/9/9/9/9/9/4K4 b - 1";
    EXPECT_SFEN_ERROR(t, "board", column_of(t, " "), "only 8 ranks");
}

TEST(SfenError, PlusBeforeGoldOrKing) {
    const std::string gold = "4k4/9/9/9/+G8/9/9/9/4K4 b - 1";
    EXPECT_SFEN_ERROR(gold, "board", column_of(gold, "G"), "gold cannot be promoted");
    const std::string king = "4+k4/9/9/9/9/9/9/9/4K4 b - 1";
    EXPECT_SFEN_ERROR(king, "board", column_of(king, "k"), "king cannot be promoted");
}

// A '+' followed by anything but a piece letter: the column is the '+' (the second of two).
TEST(SfenError, DanglingPlus) {
    const std::string at_end = "4k4/9/9/9/9/9/9/9/4K3+ b - 1";
    EXPECT_SFEN_ERROR(at_end, "board", column_of(at_end, "+"), "'+'");
    const std::string before_slash = "4k3+/9/9/9/9/9/9/9/4K4 b - 1";
    EXPECT_SFEN_ERROR(before_slash, "board", column_of(before_slash, "+"), "'+'");
    const std::string before_digit = "4k4/9/9/+9/9/9/9/9/4K4 b - 1";
    EXPECT_SFEN_ERROR(before_digit, "board", column_of(before_digit, "+"), "'+'");
    const std::string twice = "4k4/9/9/++P8/9/9/9/9/4K4 b - 1";
    EXPECT_SFEN_ERROR(twice, "board", column_of(twice, "+") + 1, "'+'");
}

// The column is the letter of the first piece beyond the game's set, board first, then hands.
TEST(SfenError, MorePiecesOfAKindThanTheGameHas) {
    const std::string board = "RR2k4/9/9/9/9/9/9/9/4K3R b - 1";
    EXPECT_SFEN_ERROR(board, "board", column_of(board, "K3R") + 2, "3 rooks");
    const std::string promoted = "R3k4/9/9/9/9/9/9/9/+R3K3+r b - 1";
    EXPECT_SFEN_ERROR(promoted, "board", column_of(promoted, "+r") + 1, "3 rooks");
    const std::string with_hand = "R3k4/9/9/9/9/9/9/9/4K3R w Pr 1";
    EXPECT_SFEN_ERROR(with_hand, "hands", column_of(with_hand, "Pr") + 1, "3 rooks");
    const std::string pawns = "4k4/9/ppppppppp/9/9/9/9/9/4K4 b 9Pp 1";
    EXPECT_SFEN_ERROR(pawns, "hands", column_of(pawns, "Pp") + 1, "19 pawns");
    const std::string gold = "4k4/9/9/9/9/9/9/9/4K4 b 3G2g 1";
    EXPECT_SFEN_ERROR(gold, "hands", column_of(gold, "2g") + 1, "5 golds");
}

TEST(SfenError, PieceThatCouldNeverMove) {
    const std::string sente_pawn = "P3k4/9/9/9/9/9/9/9/4K4 b - 1";
    EXPECT_SFEN_ERROR(sente_pawn, "board", 1, "'P'");
    const std::string sente_lance = "4k3L/9/9/9/9/9/9/9/4K4 b - 1";
    EXPECT_SFEN_ERROR(sente_lance, "board", column_of(sente_lance, "L"), "'L'");
    const std::string sente_knight = "4k4/1N7/9/9/9/9/9/9/4K4 b - 1";
    EXPECT_SFEN_ERROR(sente_knight, "board", column_of(sente_knight, "N"), "'N'");
    const std::string gote_pawn = "4k4/9/9/9/9/9/9/9/4K3p b - 1";
    EXPECT_SFEN_ERROR(gote_pawn, "board", column_of(gote_pawn, "p"), "'p'");
    const std::string gote_lance = "4k4/9/9/9/9/9/9/9/l3K4 b - 1";
    EXPECT_SFEN_ERROR(gote_lance, "board", column_of(gote_lance, "l"), "'l'");
    const std::string gote_knight = "4k4/9/9/9/9/9/9/7n1/4K4 b - 1";
    EXPECT_SFEN_ERROR(gote_knight, "board", column_of(gote_knight, "n"), "'n'");
    // The same squares are fine for the other colour and for promoted pieces.
    EXPECT_NO_THROW(from_sfen("p3k4/1n7/9/9/9/9/9/7N1/4K3P b - 1"));
    EXPECT_NO_THROW(from_sfen("+P3k4/1+N7/9/9/9/9/9/7+n1/4K3+p b - 1"));
}

TEST(SfenError, TwoUnpromotedPawnsOnAFile) {
    const std::string sente = "4k4/9/9/9/4P4/9/4P4/9/4K4 b - 1";
    EXPECT_SFEN_ERROR(sente, "board", column_of(sente, "P", column_of(sente, "P")), "nifu");
    const std::string gote = "4k4/9/2p6/9/9/2p6/9/9/4K4 b - 1";
    EXPECT_SFEN_ERROR(gote, "board", column_of(gote, "p", column_of(gote, "p")), "file 7");
}

TEST(SfenError, TwoKingsOfOneColour) {
    const std::string t = "4k4/9/9/9/9/9/9/9/3KK4 b - 1";
    EXPECT_SFEN_ERROR(t, "board", column_of(t, "KK") + 1, "two kings");
    const std::string gote = "k3k4/9/9/9/9/9/9/9/4K4 b - 1";
    EXPECT_SFEN_ERROR(gote, "board", column_of(gote, "k", 1), "gote");
}

TEST(SfenError, BadSide) {
    const std::string t = std::string(Kings) + " x - 1";
    EXPECT_SFEN_ERROR(t, "side", column_of(t, "x"), "'x'");
    const std::string upper = std::string(Kings) + " B - 1";
    EXPECT_SFEN_ERROR(upper, "side", column_of(upper, "B"), "'B'");
}

TEST(SfenError, BadHandLetter) {
    const std::string king = std::string(Kings) + " b PK 1";
    EXPECT_SFEN_ERROR(king, "hands", column_of(king, "K 1"), "'K'");
    const std::string plus = std::string(Kings) + " b +P 1";
    EXPECT_SFEN_ERROR(plus, "hands", column_of(plus, "+"), "'+'");
    const std::string other = std::string(Kings) + " b 2Px 1";
    EXPECT_SFEN_ERROR(other, "hands", column_of(other, "x"), "'x'");
}

TEST(SfenError, BadHandCount) {
    const std::string zero = std::string(Kings) + " b 0P 1";
    EXPECT_SFEN_ERROR(zero, "hands", column_of(zero, "0"), "'0'");
    const std::string leading_zero = std::string(Kings) + " b 05P 1";
    EXPECT_SFEN_ERROR(leading_zero, "hands", column_of(leading_zero, "05"), "'0'");
    const std::string large = std::string(Kings) + " b 19P 1";
    EXPECT_SFEN_ERROR(large, "hands", column_of(large, "19"), "19");
    const std::string huge = std::string(Kings) + " b 1000000000000P 1";
    EXPECT_SFEN_ERROR(huge, "hands", column_of(huge, "100"), "count 1000000000000 is");
    const std::string five_nines = std::string(Kings) + " b 99999P 1";
    EXPECT_SFEN_ERROR(five_nines, "hands", column_of(five_nines, "99999"), "count 99999 is");
}

// A character outside ASCII is echoed whole, not as the first byte of its encoding; a byte
// that starts no character is named in hex.
TEST(SfenError, MultiByteCharactersAreQuotedWhole) {
    const std::string kanji = std::string(Kings) + " b \u65e5 1";  // 日
    EXPECT_SFEN_ERROR(kanji, "hands", column_of(kanji, "\u65e5"), "'\u65e5'");
    const std::string board = "4k4/9/9/4\u6b69P3/9/9/9/9/4K4 b - 1";  // 歩
    EXPECT_SFEN_ERROR(board, "board", column_of(board, "\u6b69"), "'\u6b69'");
    const std::string stray = std::string(Kings) + " b \xff 1";
    EXPECT_SFEN_ERROR(stray, "hands", column_of(stray, "\xff"), "byte 0xff");
}

// Repeated entries add up; 15 x 18 = 270 pawns must not wrap around an 8-bit counter to 14.
TEST(SfenError, RepeatedHandEntriesAddUp) {
    std::string hands;
    for (int i = 0; i < 15; ++i) hands += "18P";
    const std::string t = std::string(Kings) + " b " + hands + " 1";
    EXPECT_SFEN_ERROR(t, "hands", column_of(t, "P18P") + 3, "36 pawns");
}

TEST(SfenError, CountWithoutLetter) {
    const std::string t = std::string(Kings) + " b P12 1";
    EXPECT_SFEN_ERROR(t, "hands", column_of(t, "12"), "count without");
}

TEST(SfenError, BadPly) {
    const std::string letter = std::string(Kings) + " b - 1x";
    EXPECT_SFEN_ERROR(letter, "ply", column_of(letter, "x"), "'x'");
    const std::string zero = std::string(Kings) + " b - 0";
    EXPECT_SFEN_ERROR(zero, "ply", column_of(zero, "0"), "at least 1");
    const std::string negative = std::string(Kings) + " b - -3";
    EXPECT_SFEN_ERROR(negative, "ply", column_of(negative, "-3"), "'-'");
}

TEST(SfenError, ExtraField) {
    const std::string t = std::string(Kings) + " b - 1 extra";
    EXPECT_SFEN_ERROR(t, "ply", column_of(t, "extra"), "unexpected");
}

// A missing field is reported just after the last field present.
TEST(SfenError, MissingFields) {
    const std::string no_hands = std::string(Kings) + " b";
    EXPECT_SFEN_ERROR(no_hands, "hands", no_hands.size() + 1, "missing");
    const std::string no_side = std::string(Kings);
    EXPECT_SFEN_ERROR(no_side, "side", no_side.size() + 1, "missing");
    const SfenError empty = error_of("");
    EXPECT_EQ(empty.field, "board");
    EXPECT_EQ(empty.column, 1u);
    EXPECT_EQ(error_of("sfen").field, "board");
}

// Gote's king stands in the sente rook's line with sente to move: sente could take it.
TEST(SfenError, SideNotToMoveInCheck) {
    const std::string t = "4k4/9/9/9/4R4/9/9/9/4K4 b - 1";
    EXPECT_SFEN_ERROR(t, "side", column_of(t, " b") + 1, "not to move is in check");
    EXPECT_NO_THROW(from_sfen("4k4/9/9/9/4R4/9/9/9/4K4 w - 1"));
}

// Bad input never crashes the parser: random edits of valid SFENs are either rejected with a
// field and a column inside the text, or accepted and then survive a round trip.
TEST(SfenFuzz, RandomEditsAreRejectedCleanlyOrRoundTrip) {
    std::mt19937                   rng(42);
    const std::vector<std::string> seeds    = test::suite_sfens();
    const std::string              alphabet = "0123456789plnsgbrkPLNSGBRK+/- bw*x";
    int                            rejected = 0, accepted = 0;
    for (int i = 0; i < 20000; ++i) {
        std::string text = seeds[rng() % seeds.size()];
        for (int edits = 1 + int(rng() % 3); edits > 0; --edits) {
            const std::size_t at = rng() % (text.size() + 1);
            switch (rng() % 3) {
            case 0: text.insert(at, 1, alphabet[rng() % alphabet.size()]); break;
            case 1:
                if (at < text.size()) text.erase(at, 1);
                break;
            default:
                if (at < text.size()) text[at] = alphabet[rng() % alphabet.size()];
            }
        }
        auto parsed = parse_sfen(text);
        if (auto* e = std::get_if<SfenError>(&parsed)) {
            ++rejected;
            EXPECT_GE(e->column, 1u) << text;
            EXPECT_LE(e->column, text.size() + 1) << text;
            EXPECT_FALSE(e->what.empty()) << text;
            continue;
        }
        ++accepted;
        const Position&   pos       = std::get<Position>(parsed);
        const std::string canonical = to_sfen(pos);
        auto              again     = parse_sfen(canonical);
        ASSERT_TRUE(std::holds_alternative<Position>(again)) << text << " -> " << canonical;
        EXPECT_EQ(to_sfen(std::get<Position>(again)), canonical);
        EXPECT_EQ(std::get<Position>(again).key(), pos.key());
    }
    EXPECT_GT(rejected, 1000);  // both outcomes really happened
    EXPECT_GT(accepted, 200);
}

}  // namespace
}  // namespace supersoma
