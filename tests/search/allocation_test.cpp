// The search's hot path allocates nothing per node: ten times the nodes costs no more heap
// allocations, with quiescence leaves and with SUPER-SOMA leaves (whose tables live in the
// leaf's arena).
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>
#include <vector>

#include "eval/leaf.hpp"
#include "tests/search/search_support.hpp"

namespace {
std::atomic<long> allocations {0};
}  // namespace

// These functions are the allocator: free() is the right release for what malloc() gave.
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"

// Counting replacements of the global allocation functions, for this test binary only. Every
// unaligned form is replaced, so new and delete always pair (sanitizers check that).
void* operator new(std::size_t n) {
    allocations.fetch_add(1, std::memory_order_relaxed);
    if (void* p = std::malloc(n ? n : 1)) return p;
    throw std::bad_alloc();
}
void* operator new[](std::size_t n) {
    return operator new(n);
}
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
    allocations.fetch_add(1, std::memory_order_relaxed);
    return std::malloc(n ? n : 1);
}
void* operator new[](std::size_t n, const std::nothrow_t& tag) noexcept {
    return operator new(n, tag);
}
void operator delete(void* p) noexcept {
    std::free(p);
}
void operator delete[](void* p) noexcept {
    std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
    std::free(p);
}
void operator delete[](void* p, std::size_t) noexcept {
    std::free(p);
}
void operator delete(void* p, const std::nothrow_t&) noexcept {
    std::free(p);
}
void operator delete[](void* p, const std::nothrow_t&) noexcept {
    std::free(p);
}

namespace supersoma {
namespace {

// Searches to `small_depth` and to `large_depth` (more than ten times the nodes) with `mode`
// leaves: the larger search may allocate only what any search does (the engine, its table,
// threads and callbacks), never per node.
void expect_no_allocation_per_node(search::LeafMode mode, int small_depth, int large_depth) {
    const Position pos = test::from_sfen(
        "lns3snl/1r2gkgb1/ppppppppp/9/9/2P4P1/PP1PPPP1P/1B1S2SRL/LN1GKG1N1 b - 11");
    auto measure = [&](int depth) {
        search::Limits limits;
        limits.depth      = depth;
        const long before = allocations.load();
        const auto run    = test::run_search(pos, limits, test::with_leaf(mode));
        return std::pair {run.nodes, allocations.load() - before};
    };
    const auto [small_nodes, small_allocs] = measure(small_depth);
    const auto [large_nodes, large_allocs] = measure(large_depth);
    ASSERT_GT(large_nodes, 10 * small_nodes);
    EXPECT_LT(large_allocs - small_allocs, 64) << small_allocs << " -> " << large_allocs;
}

TEST(Allocation, QuiescenceSearchAllocatesNothingPerNode) {
    expect_no_allocation_per_node(search::LeafMode::QSearch, 2, 12);
}

// A SUPER-SOMA leaf draws every table from its arena: after construction, evaluating busy
// positions allocates nothing: the arena served every table.
TEST(Allocation, SomaLeafAllocatesNothingPerEvaluation) {
    eval::SomaLeaf leaf(4);  // a small cache: most positions are evaluated anew
    const char*    sfens[]
        = {"lns3snl/1r2gkgb1/ppppppppp/9/9/2P4P1/PP1PPPP1P/1B1S2SRL/LN1GKG1N1 b - 11",
            "5g3/2k6/5b1g1/3r1S3/5p3/3L2N2/1P1P5/9/8K w - 1",
            "l2gkg1nl/2sr3s1/ppn2p2p/2p1p1pp1/1P7/PbPpP4/N2P1PPPP/2GSGS1R1/L3K2NL w B 26",
            "1ns6/l1gkg3+R/p1pppp2p/6p2/3B5/3PP4/P2g1PP1P/2+rN1K3/L4GSNL w BSL2Psn3p 50",
            "ln1g3+Pl/2skgs3/2ppp2+P1/p5p1p/5p3/4n1P2/PPPP+b3P/3R4R/LBsSKG2L w 2N3Pg 76"};
    std::vector<Position> positions;
    for (const char* sfen : sfens) positions.push_back(test::from_sfen(sfen));
    const long before = allocations.load();
    for (int round = 0; round < 20; ++round)
        for (const Position& pos : positions) {
            leaf.clear();
            leaf.evaluate(pos);
        }
    EXPECT_EQ(allocations.load() - before, 0);
    EXPECT_EQ(leaf.evaluations(), 100u);
    EXPECT_GT(leaf.arena_peak(), 0u);
}

// The same through a search with SUPER-SOMA leaves.
TEST(Allocation, SomaLeafSearchAllocatesNothingPerNode) {
    expect_no_allocation_per_node(search::LeafMode::SuperSoma, 1, 6);
}

// And with hybrid leaves, the default, where a leaf goes to SUPER-SOMA or quiescence.
TEST(Allocation, HybridLeafSearchAllocatesNothingPerNode) {
    expect_no_allocation_per_node(search::LeafMode::Hybrid, 1, 7);
}

}  // namespace
}  // namespace supersoma
