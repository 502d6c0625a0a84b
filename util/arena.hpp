#pragma once
// A bump arena for short-lived work on one thread, and the allocator that draws from it.
// Containers that use ArenaAllocator take their memory from the thread's current arena while
// an ArenaScope is open, and from the heap otherwise; so SUPER-SOMA allocates nothing at the
// search's leaves (one arena per search thread) and behaves as before everywhere else.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <vector>

namespace supersoma {

/// One buffer handed out front to back and released all at once.
class Arena {
public:
    /// An arena of `bytes` (allocated here, never again).
    explicit Arena(std::size_t bytes)
        : buffer_(static_cast<std::byte*>(::operator new(bytes)))
        , size_(bytes) { }

    /// `bytes` aligned to `align`, or nullptr when the buffer is full (the caller falls back).
    void* allocate(std::size_t bytes, std::size_t align) noexcept {
        const std::size_t start = (used_ + align - 1) & ~(align - 1);
        if (start + bytes > size_) return nullptr;
        used_ = start + bytes;
        if (used_ > peak_) peak_ = used_;
        return buffer_.get() + start;
    }
    /// True when `p` lies in this arena's buffer.
    bool owns(const void* p) const noexcept {
        const auto* b = static_cast<const std::byte*>(p);
        return b >= buffer_.get() && b < buffer_.get() + size_;
    }
    /// Forgets every allocation: what was handed out must no longer be used.
    void reset() noexcept { used_ = 0; }

    std::size_t capacity() const { return size_; }
    /// The most bytes ever in use at once (to size the arena).
    std::size_t peak() const { return peak_; }

private:
    // Plain operator new and delete, as the allocator's heap fallback uses (no new[]/delete
    // pairing for the compiler to doubt); aligned for any fundamental type.
    struct OperatorDelete {
        void operator()(std::byte* p) const noexcept { ::operator delete(p); }
    };
    std::unique_ptr<std::byte, OperatorDelete> buffer_;
    std::size_t                                size_;
    std::size_t                                used_ = 0, peak_ = 0;
};

namespace detail {
inline thread_local Arena* current_arena = nullptr;
}  // namespace detail

/// Makes `arena` the thread's current arena, emptied, until the scope closes; the previous
/// one (if any) is current again then. Whatever allocates in the scope must be gone by its
/// end: a container made there, and also an older one that grows there (its new block comes
/// from the arena too), may not outlive it.
class ArenaScope {
public:
    explicit ArenaScope(Arena& arena)
        : previous_(detail::current_arena) {
        arena.reset();
        detail::current_arena = &arena;
    }
    ~ArenaScope() { detail::current_arena = previous_; }
    ArenaScope(const ArenaScope&)            = delete;
    ArenaScope& operator=(const ArenaScope&) = delete;

private:
    Arena* previous_;
};

/// A stateless allocator: the thread's current arena when there is one with room, else the
/// heap. Release is free in the arena (its scope releases everything at once).
template<class T> struct ArenaAllocator {
    using value_type = T;

    ArenaAllocator() = default;
    template<class U> ArenaAllocator(const ArenaAllocator<U>&) noexcept { }

    T* allocate(std::size_t n) {
        if (Arena* arena = detail::current_arena)
            if (void* p = arena->allocate(n * sizeof(T), alignof(T))) return static_cast<T*>(p);
        return static_cast<T*>(::operator new(n * sizeof(T)));
    }
    // Unsized delete: clang offers the sized form only with -fsized-deallocation.
    void deallocate(T* p, std::size_t) noexcept {
        const Arena* arena = detail::current_arena;
        if (!arena || !arena->owns(p)) ::operator delete(p);
    }

    template<class U> bool operator==(const ArenaAllocator<U>&) const noexcept { return true; }
};

/// A vector whose memory comes from the thread's current arena (see ArenaAllocator).
template<class T> using ArenaVector = std::vector<T, ArenaAllocator<T>>;

}  // namespace supersoma
