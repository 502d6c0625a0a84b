// The UTC time text of records and match folders.
#include "util/utc_time.hpp"

#include <gtest/gtest.h>

#include <regex>

namespace supersoma {
namespace {

TEST(UtcTime, WritesTheFormatWithTodaysDate) {
    const std::string date = utc_now("%Y/%m/%d %H:%M:%S");
    EXPECT_TRUE(std::regex_match(date, std::regex(R"(\d{4}/\d{2}/\d{2} \d{2}:\d{2}:\d{2})")))
        << date;
    EXPECT_GE(std::stoi(date.substr(0, 4)), 2024);
    EXPECT_EQ(utc_now("match-%Y").substr(0, 6), "match-");
}

TEST(UtcTime, TextTooLongForTheBufferIsEmpty) {
    EXPECT_EQ(utc_now("%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y"), "");  // 68 characters
}

}  // namespace
}  // namespace supersoma
