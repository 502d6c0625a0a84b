// The option table: declarations as GUIs parse them, setoption's checks and aliases, and the
// engine's defaults as the USI loop advertises them.
#include "usi/options.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <sstream>
#include <utility>
#include <vector>

#include "eval/kp.hpp"
#include "eval/nnue.hpp"
#include "usi/usi_loop.hpp"

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

// Each default is stated once, where the engine keeps it: the option table applies its
// advertised defaults at declaration, so after it the engine's settings are the defaults of
// SearchOptions and Engine. An option that advertised another default would change them.
TEST(UsiLoopOptions, AdvertisedDefaultsAreTheEnginesDefaults) {
    std::FILE*    out = std::tmpfile();
    const UsiLoop loop(out);
    EXPECT_EQ(loop.engine().options(), search::SearchOptions {});
    EXPECT_EQ(loop.engine().hash_megabytes(), search::Engine::DEFAULT_HASH_MB);
    EXPECT_EQ(loop.engine().threads(), search::Engine::DEFAULT_THREADS);
    std::fclose(out);
}

// The reply to `usi` a GUI gets lists the player's options and none of the measurement
// switches; `setoption` still sets those, and --all-options lists them.
TEST(UsiLoopOptions, MeasurementSwitchesAreHiddenFromTheGuiButSettable) {
    auto declared = [](bool all) {
        std::FILE* out = std::tmpfile();
        UsiLoop    loop(out, all);
        loop.execute("usi");
        std::rewind(out);
        std::string text;
        for (int c; (c = std::fgetc(out)) != EOF;) text += char(c);
        std::fclose(out);
        return text;
    };
    const std::string gui = declared(false), all = declared(true);
    EXPECT_NE(gui.find("option name UseSuperSoma type check default true"), std::string::npos);
    EXPECT_NE(gui.find("option name USI_Hash "), std::string::npos);
    EXPECT_EQ(gui.find("option name NullMove "), std::string::npos) << gui;
    EXPECT_EQ(gui.find("option name LeafMaxMoves "), std::string::npos) << gui;
    EXPECT_NE(all.find("option name NullMove "), std::string::npos);
    EXPECT_NE(all.find("option name LeafMaxMoves "), std::string::npos);

    std::FILE* out = std::tmpfile();
    UsiLoop    loop(out);
    loop.execute("setoption name NullMove value false");
    EXPECT_FALSE(loop.engine().options().null_move);
    std::fclose(out);
}

// The round trip of a margin given in centipawns and kept in search units: setting the
// advertised default again changes nothing, and another value does change the setting.
TEST(UsiLoopOptions, SettingTheAdvertisedDefaultChangesNothing) {
    std::FILE* out = std::tmpfile();
    UsiLoop    loop(out, true);  // the measurement switches listed too
    loop.execute("usi");
    std::rewind(out);
    std::vector<std::pair<std::string, std::string>> defaults;  // name, default
    char                                             buffer[512];
    while (std::fgets(buffer, sizeof buffer, out)) {
        std::istringstream words(buffer);
        std::string        w, name, type, value;
        words >> w;
        if (w != "option") continue;
        words >> w >> name >> w >> type >> w >> value;
        if (type != "button") defaults.emplace_back(name, value);
    }
    ASSERT_GT(defaults.size(), 30u);
    for (const auto& [name, value] : defaults)
        loop.execute("setoption name " + name + " value " + value);
    EXPECT_EQ(loop.engine().options(), search::SearchOptions {});
    loop.execute("setoption name ReverseFutilityMargin value 300");
    EXPECT_NE(loop.engine().options(), search::SearchOptions {});
    std::fclose(out);
}

// A value the engine cannot use (here: a weight file that does not load) is refused with the
// reason, and the engine keeps what it had; a good file is taken.
TEST(UsiLoopOptions, EvalFileThatDoesNotLoadIsRefusedAndAGoodOneTaken) {
    std::FILE* out = std::tmpfile();
    UsiLoop    loop(out);
    loop.execute("setoption name EvalFile value /nonexistent/kp.bin");
    EXPECT_EQ(loop.engine().options().eval.weights, nullptr);

    eval::KpWeights weights;
    weights[eval::kp::TEMPO] = 16 * 7;  // the side to move is 7 units better
    weights.rehash();
    const std::string path  = testing::TempDir() + "supersoma-kp-test.bin";
    const auto        bytes = weights.to_bytes();
    std::FILE*        file  = std::fopen(path.c_str(), "wb");
    ASSERT_NE(file, nullptr);
    std::fwrite(bytes.data(), 1, bytes.size(), file);
    std::fclose(file);
    loop.execute("setoption name EvalFile value " + path);
    ASSERT_NE(loop.engine().options().eval.weights, nullptr);
    EXPECT_EQ(loop.engine().options().eval.weights->hash(), weights.hash());
    loop.execute("setoption name EvalFile value <internal>");
    EXPECT_EQ(loop.engine().options().eval.weights, nullptr);

    std::rewind(out);
    std::string text;
    char        buffer[512];
    while (std::fgets(buffer, sizeof buffer, out)) text += buffer;
    EXPECT_NE(text.find("info string option EvalFile: cannot read '/nonexistent/kp.bin'"),
        std::string::npos)
        << text;
    std::fclose(out);
    std::remove(path.c_str());
}

// EvalFile takes a network as well, told by its header; a damaged one is refused with the
// reason and the network in use is kept.
TEST(UsiLoopOptions, EvalFileTakesANetworkAndRefusesADamagedOne) {
    std::FILE*    out = std::tmpfile();
    UsiLoop       loop(out);
    eval::Network net(64, eval::KpWeights {});
    net.out_bias = 5;
    net.rehash();
    auto              bytes = net.to_bytes();
    const std::string path  = testing::TempDir() + "supersoma-net-test.bin";
    const auto        write = [&](const std::vector<unsigned char>& b) {
        std::FILE* file = std::fopen(path.c_str(), "wb");
        ASSERT_NE(file, nullptr);
        std::fwrite(b.data(), 1, b.size(), file);
        std::fclose(file);
    };
    write(bytes);
    loop.execute("setoption name EvalFile value " + path);
    ASSERT_NE(loop.engine().options().eval.network, nullptr);
    EXPECT_EQ(loop.engine().options().eval.network->hash(), net.hash());
    EXPECT_EQ(loop.engine().options().eval.weights, nullptr);

    bytes[bytes.size() - 3] ^= 1;
    write(bytes);
    loop.execute("setoption name EvalFile value " + path);
    ASSERT_NE(loop.engine().options().eval.network, nullptr);
    EXPECT_EQ(loop.engine().options().eval.network->hash(), net.hash());  // kept

    std::rewind(out);
    std::string text;
    char        buffer[512];
    while (std::fgets(buffer, sizeof buffer, out)) text += buffer;
    EXPECT_NE(text.find("info string option EvalFile: the layers do not match the file's hash"),
        std::string::npos)
        << text;
    std::fclose(out);
    std::remove(path.c_str());
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
