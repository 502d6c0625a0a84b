// Opening books in YaneuraOu's text format: read, written, chosen from.
#include "book/book.hpp"

#include <gtest/gtest.h>

#include <set>
#include <sstream>
#include <variant>

#include "engine/notation.hpp"
#include "engine/sfen.hpp"

namespace supersoma {
namespace {

constexpr const char* Text = R"(#YANEURAOU-DB2016 1.00
sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1
2g2f 8c8d 20 12 3
7g7f 3c3d 35 12 1
5i5h none -200 8 7
// a comment
sfen lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3
2g2f 8c8d 10 10 1
)";

Position after(const char* moves) {
    Position           pos = Position::startpos();
    std::istringstream in(moves);
    for (std::string m; in >> m;) pos.do_move(std::get<Move>(parse_usi_move(pos, m)));
    return pos;
}

TEST(Book, ReadsYaneuraOusFormatBestFirst) {
    std::istringstream in(Text);
    const Book         book = Book::read(in);
    EXPECT_EQ(book.positions(), 2u);
    const auto* moves = book.find(Position::startpos());
    ASSERT_NE(moves, nullptr);
    ASSERT_EQ(moves->size(), 3u);
    EXPECT_EQ(to_usi((*moves)[0].move), "7g7f");
    EXPECT_EQ(to_usi((*moves)[0].ponder), "3c3d");
    EXPECT_EQ((*moves)[0].value, 35);
    EXPECT_EQ((*moves)[0].depth, 12);
    EXPECT_TRUE((*moves)[2].ponder.is_none());
    EXPECT_EQ((*moves)[2].count, 7);
    // A position is matched without its ply, as YaneuraOu matches it.
    EXPECT_NE(book.find(after("7g7f 3c3d")), nullptr);
    EXPECT_EQ(book.find(after("2g2f")), nullptr);
}

TEST(Book, WritesWhatItReads) {
    std::istringstream in(Text);
    const Book         book = Book::read(in);
    std::ostringstream out;
    book.write(out);
    EXPECT_EQ(out.str().rfind("#YANEURAOU-DB2016 1.00\n", 0), 0u);
    std::istringstream again(out.str());
    const Book         copy = Book::read(again);
    std::ostringstream out2;
    copy.write(out2);
    EXPECT_EQ(out.str(), out2.str());
}

TEST(Book, BadLinesAreNamed) {
    auto error = [](const std::string& text) {
        std::istringstream in(text);
        try {
            Book::read(in);
        } catch (const std::exception& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    EXPECT_EQ(error("#YANEURAOU-DB2016 1.00\n7g7f none 0 0 1\n"),
        "book line 2: a move before the first 'sfen' line");
    EXPECT_NE(error("sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1\n")
                  .find("book line 1: SFEN board"),
        std::string::npos);
    EXPECT_NE(error("sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n"
                    "7g7e none 0 0 1\n")
                  .find("book line 2: move '7g7e'"),
        std::string::npos);
    EXPECT_EQ(error("sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n"
                    "7g7f 3c3d lots 0 1\n"),
        "book line 2: value 'lots' is not a number");
}

TEST(Book, ChoosesWithinTheEvalDiffUpToItsPly) {
    std::istringstream in(Text);
    const Book         book = Book::read(in);
    std::mt19937_64    random(7);
    BookChoice         choice;
    choice.eval_diff = 0;
    for (int i = 0; i < 20; ++i)
        EXPECT_EQ(to_usi(book.choose(Position::startpos(), choice, random)->move), "7g7f");
    choice.eval_diff = 15;  // 2g2f too, 5i5h never
    std::set<std::string> seen;
    for (int i = 0; i < 200; ++i)
        seen.insert(to_usi(book.choose(Position::startpos(), choice, random)->move));
    EXPECT_EQ(seen, (std::set<std::string> {"2g2f", "7g7f"}));
    choice.max_ply = 2;  // the second position is at ply 3
    EXPECT_FALSE(book.choose(after("7g7f 3c3d"), choice, random));
    EXPECT_TRUE(book.choose(Position::startpos(), choice, random));
}

}  // namespace
}  // namespace supersoma
