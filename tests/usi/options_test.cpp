// The option table: declarations as GUIs parse them, setoption's checks and aliases.
#include "usi/options.hpp"

#include <gtest/gtest.h>

namespace supersoma::usi {
namespace {

OptionTable sample(int& applied) {
    OptionTable table;
    table.add({"Depth", UsiOption::Type::Spin, "3", 0, 10, {}, {},
        [&applied](const std::string& v) { applied = int(*parse_int(v)); }});
    table.add({"Mode", UsiOption::Type::Combo, "A", 0, 0, {"A", "B"}, {}, {}});
    table.add({"Book", UsiOption::Type::String, "", 0, 0, {}, {}, {}});
    table.add({"Fast", UsiOption::Type::Check, "false", 0, 0, {}, {}, {}});
    table.alias("Deep", "Depth");
    return table;
}

TEST(OptionTable, DeclarationsFollowTheGuisFormat) {
    int         applied = 0;
    OptionTable table   = sample(applied);
    EXPECT_EQ(table.all()[0].declaration(), "option name Depth type spin default 3 min 0 max 10");
    EXPECT_EQ(table.all()[1].declaration(), "option name Mode type combo default A var A var B");
    EXPECT_EQ(table.all()[2].declaration(), "option name Book type string default <empty>");
    EXPECT_EQ(table.all()[3].declaration(), "option name Fast type check default false");
    EXPECT_EQ(applied, 3);  // the default was applied once at declaration
}

TEST(OptionTable, SetChecksTypeAndRangeAndAppliesGoodValues) {
    int         applied = 0;
    OptionTable table   = sample(applied);
    EXPECT_FALSE(table.set("depth", "7"));
    EXPECT_EQ(applied, 7);
    EXPECT_TRUE(table.set("Depth", "11"));
    EXPECT_TRUE(table.set("Depth", "7x"));
    EXPECT_TRUE(table.set("Depth", ""));
    EXPECT_EQ(applied, 7);
    EXPECT_FALSE(table.set("Deep", "+2"));
    EXPECT_EQ(applied, 2);
    EXPECT_FALSE(table.set("mode", "b"));
    EXPECT_EQ(table.get("Mode"), "B");
    EXPECT_TRUE(table.set("Mode", "C"));
    EXPECT_FALSE(table.set("Book", "my book.db"));
    EXPECT_EQ(table.get("Book"), "my book.db");
    EXPECT_FALSE(table.set("Fast", "TRUE"));
    EXPECT_EQ(table.get("Fast"), "true");
    EXPECT_TRUE(table.set("Nope", "1"));
}

TEST(ParseInt, WholeTextSigned64BitsOnly) {
    EXPECT_EQ(parse_int("-42"), -42);
    EXPECT_EQ(parse_int("9223372036854775807"), 9223372036854775807LL);
    EXPECT_FALSE(parse_int("9223372036854775808"));
    EXPECT_FALSE(parse_int("12abc"));
    EXPECT_FALSE(parse_int(""));
    EXPECT_FALSE(parse_int("+"));
}

}  // namespace
}  // namespace supersoma::usi
