// The search's hot path allocates nothing per node: with quiescence leaves (SUPER-SOMA's own
// allocations aside, docs/search.md), ten times the nodes costs no more heap allocations.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>

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

TEST(Allocation, QuiescenceSearchAllocatesNothingPerNode) {
    const Position pos = test::from_sfen(
        "lns3snl/1r2gkgb1/ppppppppp/9/9/2P4P1/PP1PPPP1P/1B1S2SRL/LN1GKG1N1 b - 11");
    auto measure = [&](int depth) {
        search::Limits limits;
        limits.depth      = depth;
        const long before = allocations.load();
        const auto run = test::run_search(pos, limits, test::with_leaf(search::LeafMode::QSearch));
        return std::pair {run.nodes, allocations.load() - before};
    };
    const auto [small_nodes, small_allocs] = measure(2);
    const auto [large_nodes, large_allocs] = measure(6);
    ASSERT_GT(large_nodes, 10 * small_nodes);
    // Per search: the engine, its table, threads and callbacks; never per node.
    EXPECT_LT(large_allocs - small_allocs, 64) << small_allocs << " -> " << large_allocs;
}

}  // namespace
}  // namespace supersoma
