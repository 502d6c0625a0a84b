// util/arena.hpp: inside a scope vectors draw from the arena, outside from the heap; a full
// arena falls back to the heap; scopes empty the arena and restore the previous one.
#include "util/arena.hpp"

#include <gtest/gtest.h>

#include <cstdint>

namespace supersoma {
namespace {

TEST(Arena, HandsOutAlignedMemoryFrontToBackUntilFull) {
    Arena      arena(64);
    void*      a = arena.allocate(3, 1);
    void*      b = arena.allocate(8, 8);
    const auto offset
        = static_cast<std::byte*>(b) - static_cast<std::byte*>(a);  // 3 rounded up to 8
    EXPECT_EQ(offset, 8);
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(b) % 8, 0u);
    EXPECT_TRUE(arena.owns(a));
    EXPECT_EQ(arena.allocate(64, 1), nullptr);  // 16 used: no room for 64 more
    EXPECT_EQ(arena.peak(), 16u);
    arena.reset();
    EXPECT_EQ(arena.allocate(64, 1), a);
}

TEST(ArenaVector, DrawsFromTheArenaOnlyInsideAScope) {
    Arena            arena(1 << 16);
    ArenaVector<int> outside(100, 1);
    EXPECT_FALSE(arena.owns(outside.data()));
    {
        const ArenaScope scope(arena);
        ArenaVector<int> inside(100, 2);
        EXPECT_TRUE(arena.owns(inside.data()));
        inside.resize(1000, 3);  // growing: the old block is left, the new one in the arena
        EXPECT_TRUE(arena.owns(inside.data()));
        EXPECT_EQ(inside[99], 2);
    }
    ArenaVector<int> after(100, 4);
    EXPECT_FALSE(arena.owns(after.data()));
    EXPECT_EQ(outside[99], 1);
}

TEST(ArenaVector, AFullArenaFallsBackToTheHeap) {
    Arena            arena(256);
    const ArenaScope scope(arena);
    ArenaVector<int> small(10, 1);
    ArenaVector<int> large(1000, 2);  // 4,000 bytes: more than the arena holds
    EXPECT_TRUE(arena.owns(small.data()));
    EXPECT_FALSE(arena.owns(large.data()));
    EXPECT_EQ(large[999], 2);
}

TEST(ArenaScope, EmptiesTheArenaAndRestoresThePreviousOne) {
    Arena outer_arena(1 << 12), inner_arena(1 << 12);
    void* first = nullptr;
    {
        const ArenaScope outer(outer_arena);
        ArenaVector<int> a(10, 1);
        first = a.data();
        {
            const ArenaScope inner(inner_arena);
            ArenaVector<int> b(10, 2);
            EXPECT_TRUE(inner_arena.owns(b.data()));
        }
        ArenaVector<int> c(10, 3);  // the outer arena again, after `a`
        EXPECT_TRUE(outer_arena.owns(c.data()));
        EXPECT_NE(c.data(), first);
    }
    const ArenaScope again(outer_arena);  // emptied: the first allocation comes back
    ArenaVector<int> d(10, 4);
    EXPECT_EQ(static_cast<void*>(d.data()), first);
}

}  // namespace
}  // namespace supersoma
