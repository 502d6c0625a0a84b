// B3's neutralisers (soma/playout/neutralise.hpp): safe runs, interpositions and defending drops,
// each weighted by the opposing value it removes; unsafe parries and parries of nothing are
// not offered; without all_neutralisers, parries that cannot beat `to_beat` are skipped.
#include "soma/playout/neutralise.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "engine/notation.hpp"
#include "support/engine_helpers.hpp"
#include "support/positions.hpp"

namespace supersoma::soma {
namespace {

using test::position_of;

struct Parries {
    Position                 pos;
    ArenaVector<XrefEntry>   entries;
    ArenaVector<Neutraliser> found;
    Parries(const char* sfen, Value to_beat, bool all = false)
        : pos(position_of(sfen)) {
        EvalOptions options;
        options.threats          = false;
        options.all_neutralisers = all;
        entries                  = build_xref(pos, options).entries;
        found                    = find_neutralisers(pos, entries, options, to_beat);
    }
    const Neutraliser* find(const char* usi) const {
        auto it = std::find_if(found.begin(), found.end(),
            [&](const Neutraliser& n) { return to_usi(n.move) == usi; });
        return it == found.end() ? nullptr : &*it;
    }
    int index_of(const char* usi) const {
        for (int i = 0; i < int(entries.size()); ++i)
            if (to_usi(entries[i].move) == usi) return i;
        return -1;
    }
};

// Sente R 5e is hit by the gote pawn on 5d (P x R: 480 + 480, nothing retakes). The gote
// silver on 3d covers 2e, 3e and 4e; 6e and 5f are safe.
constexpr const char* RunSfen = "8k/9/9/4p1s2/4R4/9/9/9/K8 b - 1";

TEST(Neutralise, SafeRunIsOfferedWithTheValueItSaves) {
    const Parries p(RunSfen, 0);
    const int     threat = p.index_of("5d5e");
    ASSERT_GE(threat, 0);
    EXPECT_EQ(p.entries[threat].value, 960);
    for (const char* usi : {"5e6e", "5e5f"}) {
        const Neutraliser* n = p.find(usi);
        ASSERT_NE(n, nullptr) << usi;
        EXPECT_EQ(n->weight, 960) << usi;
        EXPECT_EQ(n->saves, ArenaVector<int> {threat}) << usi;
    }
}

TEST(Neutralise, RunOntoAnAttackedSquareIsNotOffered) {
    const Parries p(RunSfen, 0);
    EXPECT_EQ(p.find("5e4e"), nullptr);
    EXPECT_EQ(p.find("5e3e"), nullptr);
    EXPECT_EQ(p.find("5e2e"), nullptr);
}

// Sente R 5h is hit down the file by the gote lance on 5a (L x R promoting: 960 + 110).
// N 4g-5e stands in the way; there L x N (240) is answered by R x L (240): safe, and the
// lance's capture of the rook is gone.
TEST(Neutralise, InterpositionIsOffered) {
    const Parries p("4l3k/9/9/9/9/9/5N3/4R4/K8 b - 1", 0);
    const int     threat = p.index_of("5a5h+");
    ASSERT_GE(threat, 0);
    EXPECT_EQ(p.entries[threat].value, 1070);
    const Neutraliser* n = p.find("4g5e");
    ASSERT_NE(n, nullptr);
    EXPECT_EQ(n->weight, 1070);
    EXPECT_EQ(n->saves, ArenaVector<int> {threat});
}

// Sente S 5e is hit by the gote rook on 5a (400). G*5f guards it: R x S would lose the rook
// (400 - 960), so the capture no longer pays.
constexpr const char* DefendSfen = "4r3k/9/9/9/4S4/9/9/9/K8 b G 1";

TEST(Neutralise, DefendingDropIsOffered) {
    const Parries      p(DefendSfen, 0);
    const Neutraliser* n = p.find("G*5f");
    ASSERT_NE(n, nullptr);
    EXPECT_EQ(n->weight, 400);
    EXPECT_EQ(n->saves, ArenaVector<int> {p.index_of("5a5e")});
}

// Gote P 5e x P 5f wins 52 and loses 52 to the gold on 5g: worth 0, nothing to parry.
TEST(Neutralise, NoneWhenTheOpponentHasNoPositiveEntry) {
    const Parries p("k8/9/9/9/4p4/4P4/4G4/9/K8 b - 1", -1000, true);
    ASSERT_GE(p.index_of("5e5f"), 0);
    EXPECT_TRUE(p.found.empty());
}

// Every parry in DefendSfen saves exactly the 400: none can beat an entry of 400.
TEST(Neutralise, ParriesThatCannotBeatToBeatAreSkipped) {
    EXPECT_TRUE(Parries(DefendSfen, 400).found.empty());
    EXPECT_FALSE(Parries(DefendSfen, 399).found.empty());
}

TEST(Neutralise, AllNeutralisersKeepsThoseThatCannotBeatToBeat) {
    const Parries p(DefendSfen, 10000, true);
    EXPECT_NE(p.find("G*5f"), nullptr);
}

TEST(Neutralise, ParriesComeHeaviestFirst) {
    const Parries p(RunSfen, 0);
    ASSERT_FALSE(p.found.empty());
    EXPECT_TRUE(std::is_sorted(p.found.begin(), p.found.end(),
        [](const Neutraliser& a, const Neutraliser& b) { return a.weight > b.weight; }));
}

// --explain shows each weight's account: it must add up, on every suite position, so that no
// neutraliser weighs something its saves, weakens, exposes and gain do not show.
TEST(Neutralise, EveryWeightIsAccountedFor) {
    int checked = 0, partial = 0;
    for (const std::string& sfen : test::suite_sfens()) {
        const Position pos = position_of(sfen.c_str());
        EvalOptions    options;
        options.all_neutralisers = true;
        const auto entries       = build_xref(pos, options).entries;
        for (const Neutraliser& n : find_neutralisers(pos, entries, options, 0)) {
            Value account = n.gain - n.exposes;
            for (int i : n.saves) account += entries[std::size_t(i)].value;
            for (const Remaining& r : n.weakens) {
                EXPECT_NE(r.value, entries[std::size_t(r.entry)].value);
                account += entries[std::size_t(r.entry)].value - r.value;
            }
            EXPECT_EQ(account, n.weight) << sfen << " " << to_usi(n.move);
            ++checked;
            partial += n.saves.empty();
        }
    }
    EXPECT_GT(checked, 100);
    EXPECT_GT(partial, 0);  // parries that only weaken a threat are among them
}

}  // namespace
}  // namespace supersoma::soma
