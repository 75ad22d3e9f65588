// Owns: the per-thread block pool behind RecycledAllocator (see recycled_allocator.h).
#include "engine/core/recycled_allocator.h"

#include <bit>
#include <cstdint>

namespace hexlaw::recycled_detail {
namespace {

// Classes: 64 bytes, then eight to each doubling (from 2^k exclusive to 2^(k+1) inclusive, in
// steps of 2^k / 8), up to 64 KiB, so a block is at most an eighth larger than its request
// (a 40-unit list of 1,920 bytes gets exactly 1,920).
constexpr std::size_t kSmallest = 64;
constexpr int kSmallestBits = 6;   // 2^6 = 64
constexpr int kLargestBits = 16;   // 2^16 = 64 KiB
constexpr int kSteps = 8;  // classes to each doubling
constexpr int kClasses = 1 + (kLargestBits - kSmallestBits) * kSteps;
constexpr std::size_t kLargest = std::size_t{1} << kLargestBits;
constexpr std::size_t kKeepBytes = 1024 * 1024;  // per thread, over every class

// The class of a request, or -1 past the largest.
int class_of(std::size_t bytes) {
  if (bytes > kLargest) return -1;
  if (bytes <= kSmallest) return 0;
  const int k = std::bit_width(bytes - 1) - 1;  // 2^k < bytes <= 2^(k+1)
  const std::size_t base = std::size_t{1} << k, step = base / kSteps;
  const int j = static_cast<int>((bytes - base + step - 1) / step);  // 1..kSteps
  return 1 + (k - kSmallestBits) * kSteps + (j - 1);
}

std::size_t class_bytes(int c) {
  if (c == 0) return kSmallest;
  const int k = kSmallestBits + (c - 1) / kSteps, j = (c - 1) % kSteps + 1;
  return (std::size_t{1} << k) + j * ((std::size_t{1} << k) / kSteps);
}

struct Pools {
  struct Free {
    Free* next;
  };
  Free* head[kClasses] = {};
  std::uint32_t count[kClasses] = {};
  std::size_t kept_bytes = 0;
  ~Pools();
};

// Set once this thread's pool has been destroyed (as the thread ends): a position freed after
// that, by a later destructor, goes straight back to the system. Trivially destructible, so it
// can still be read then.
thread_local bool pools_gone = false;
thread_local Pools pools;

Pools::~Pools() {
  for (int c = 0; c < kClasses; ++c)
    while (head[c]) {
      Free* f = head[c];
      head[c] = f->next;
      ::operator delete(f);
    }
  pools_gone = true;
}

}  // namespace

std::size_t block_bytes(std::size_t bytes) noexcept {
  const int c = class_of(bytes);
  return c < 0 ? bytes : class_bytes(c);
}

void* take(std::size_t bytes) {
  const int c = class_of(bytes);
  if (c < 0) return ::operator new(bytes);
  if (!pools_gone) {
    Pools& p = pools;
    if (Pools::Free* f = p.head[c]) {
      p.head[c] = f->next;
      --p.count[c];
      p.kept_bytes -= class_bytes(c);
      return f;
    }
  }
  return ::operator new(class_bytes(c));
}

void give_back(void* block, std::size_t bytes) noexcept {
  if (!block) return;
  const int c = class_of(bytes);
  if (c >= 0 && !pools_gone) {
    Pools& p = pools;
    if (p.kept_bytes + class_bytes(c) <= kKeepBytes) {
      p.head[c] = new (block) Pools::Free{p.head[c]};
      ++p.count[c];
      p.kept_bytes += class_bytes(c);
      return;
    }
  }
  ::operator delete(block);
}

std::size_t pooled_blocks() noexcept {
  if (pools_gone) return 0;
  std::size_t n = 0;
  for (std::uint32_t k : pools.count) n += k;
  return n;
}

}  // namespace hexlaw::recycled_detail
