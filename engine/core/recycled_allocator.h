// Owns: a per-thread pool of the memory blocks that positions copy most (a GameState's unit
// list, about 2 KB for 40 units). Blocks of a request's size class (64 bytes, then eight classes
// to each doubling, up to 64 KiB) are kept when given back and handed out again, so a copy of a
// position does not go through malloc's slow path for blocks past its per-thread cache (glibc
// keeps blocks up to about 1 KB there). Each thread keeps at most 1 MiB of blocks; the rest goes
// back to the system. Blocks are plain `operator new` blocks of the class size, so a block may be given
// back on another thread than the one it was taken on.
#pragma once

#include <cstddef>
#include <new>

namespace hexlaw {

namespace recycled_detail {
// The size of the block a request for `bytes` is served with: its class, or `bytes` itself past
// the largest class.
std::size_t block_bytes(std::size_t bytes) noexcept;
// A block of at least `bytes`, from this thread's pool when it holds one of the class.
void* take(std::size_t bytes);
// Gives back a block taken for `bytes`: kept for reuse, or freed when the pool is full (or is
// gone, as the thread ends).
void give_back(void* p, std::size_t bytes) noexcept;
// The blocks this thread's pool holds now, over every class (for tests).
std::size_t pooled_blocks() noexcept;
}  // namespace recycled_detail

// A stateless allocator over the pool: every instance is interchangeable with every other.
template <class T>
struct RecycledAllocator {
  static_assert(alignof(T) <= __STDCPP_DEFAULT_NEW_ALIGNMENT__, "the pool's blocks have operator new's alignment");
  using value_type = T;
  RecycledAllocator() noexcept = default;
  template <class U>
  RecycledAllocator(const RecycledAllocator<U>&) noexcept {}  // NOLINT: rebinding, as allocators do
  T* allocate(std::size_t n) {
    if (n > static_cast<std::size_t>(-1) / sizeof(T)) throw std::bad_array_new_length();
    return static_cast<T*>(recycled_detail::take(n * sizeof(T)));
  }
  void deallocate(T* p, std::size_t n) noexcept { recycled_detail::give_back(p, n * sizeof(T)); }
  template <class U>
  friend bool operator==(const RecycledAllocator&, const RecycledAllocator<U>&) noexcept {
    return true;
  }
};

}  // namespace hexlaw
