// Value tables: the two named chess tables, custom lists, errors, attacker order.
#include "soma/core/values.hpp"

#include <gtest/gtest.h>

namespace supersoma::soma {
namespace {

ChessValues parsed(std::string_view text) {
    auto result = parse_chess_values(text);
    EXPECT_TRUE(std::holds_alternative<ChessValues>(result)) << text;
    return std::holds_alternative<ChessValues>(result) ? std::get<ChessValues>(result)
                                                       : ChessValues {};
}

ValuesError refused(std::string_view text) {
    auto result = parse_chess_values(text);
    EXPECT_TRUE(std::holds_alternative<ValuesError>(result)) << text;
    return std::holds_alternative<ValuesError>(result) ? std::get<ValuesError>(result)
                                                       : ValuesError {};
}

TEST(ChessValues, CpwTableIsSeed001s) {
    EXPECT_EQ(CpwValues.of, (std::array<Value, 6> {100, 325, 325, 500, 1000, ChessKingValue}));
    EXPECT_EQ(parsed("cpw").of, CpwValues.of);
}

TEST(ChessValues, MediocreTableIsSeed002s) {
    EXPECT_EQ(MediocreValues.of, (std::array<Value, 6> {100, 300, 300, 500, 900, ChessKingValue}));
    EXPECT_EQ(parsed("mediocre").of, MediocreValues.of);
}

TEST(ChessValues, CustomListInPNBRQOrder) {
    EXPECT_EQ(parsed("90,310,330,480,950").of,
        (std::array<Value, 6> {90, 310, 330, 480, 950, ChessKingValue}));
}

TEST(ChessValues, AttackersAreTriedLeastValuableFirstEqualValuesByKind) {
    EXPECT_EQ(CpwValues.order, (std::array<std::uint8_t, 5> {0, 1, 2, 3, 4}));
    EXPECT_EQ(parsed("100,350,300,500,900").order, (std::array<std::uint8_t, 5> {0, 2, 1, 3, 4}));
    EXPECT_EQ(parsed("100,300,300,250,900").order, (std::array<std::uint8_t, 5> {0, 3, 1, 2, 4}));
}

TEST(ChessValues, TooFewValuesNamesTheEnd) {
    const ValuesError e = refused("100,300,300,500");
    EXPECT_EQ(e.column, 15u);
    EXPECT_NE(e.what.find("got 4"), std::string::npos) << e.what;
}

TEST(ChessValues, TooManyValuesNamesTheExtraComma) {
    EXPECT_EQ(refused("1,2,3,4,5,6").column, 9u);
}

TEST(ChessValues, BadCharacterNamesItsColumn) {
    const ValuesError e = refused("100,3x0,300,500,900");
    EXPECT_EQ(e.column, 5u);
    EXPECT_NE(e.what.find("'x'"), std::string::npos) << e.what;
    EXPECT_NE(e.what.find("knight"), std::string::npos) << e.what;
}

TEST(ChessValues, EmptyAndNonPositiveValuesAreRefused) {
    EXPECT_EQ(refused("100,,300,500,900").column, 4u);
    EXPECT_NE(refused("100,300,0,500,900").what.find("bishop"), std::string::npos);
    EXPECT_EQ(refused("").column, 0u);
    EXPECT_EQ(refused("cpwx").column, 0u);
}

}  // namespace
}  // namespace supersoma::soma
