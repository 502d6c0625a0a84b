// The mates the bare engine must see (tests/data/engine-mates.txt): positions from the ends of
// played games where the side to move mates by checks in 5-9 plies. `go nodes 500000` with
// every default (the table's size included) must announce a mate no longer than df-pn's.
#include <gtest/gtest.h>

#include <fstream>
#include <future>
#include <string>
#include <vector>

#include "engine/sfen.hpp"
#include "search/engine.hpp"

namespace supersoma {
namespace {

constexpr std::uint64_t NODE_BUDGET = 500000;

struct EngineMate {
    std::string sfen;
    int         plies = 0;  // df-pn's shortest line by checks
    std::string source;
};

std::vector<EngineMate> engine_mates() {
    std::vector<EngineMate> mates;
    std::ifstream           file(SUPERSOMA_TEST_DATA "/engine-mates.txt");
    for (std::string line; std::getline(file, line);) {
        if (line.empty() || line[0] == '#') continue;
        const auto a = line.find(';'), b = line.find(';', a + 1), c = line.find(';', b + 1);
        mates.push_back(
            {line.substr(0, a), std::stoi(line.substr(a + 1, b - a - 1)), line.substr(c + 1)});
    }
    return mates;
}

class EngineMates : public testing::TestWithParam<EngineMate> { };

TEST(EngineMatesSet, HasAtLeastThirtyMatesOfFiveToNinePlies) {
    const auto mates = engine_mates();
    EXPECT_GE(mates.size(), 30u);
    for (const EngineMate& m : mates) {
        EXPECT_GE(m.plies, 5) << m.source;
        EXPECT_LE(m.plies, 9) << m.source;
    }
}

TEST_P(EngineMates, TheBareEngineAnnouncesTheMate) {
    const EngineMate& m = GetParam();
    search::Engine    engine;  // every default, as a GUI gets it
    engine.set_position(std::get<Position>(parse_sfen(m.sfen)));
    search::Limits limits;
    limits.nodes = NODE_BUDGET;
    std::promise<search::SearchResult> done;
    engine.go(limits, nullptr, [&done](const search::SearchResult& r) { done.set_value(r); });
    const search::SearchResult result = done.get_future().get();
    engine.wait();
    EXPECT_GE(result.score, search::mate_in(m.plies)) << m.source << ": " << m.sfen;
}

INSTANTIATE_TEST_SUITE_P(FromGameEndings, EngineMates, testing::ValuesIn(engine_mates()),
    [](const testing::TestParamInfo<EngineMate>& param) {
        return "mate" + std::to_string(param.param.plies) + "_" + std::to_string(param.index);
    });

}  // namespace
}  // namespace supersoma
