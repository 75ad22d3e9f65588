// Owns: example tests of the per-thread block pool (engine/core/recycled_allocator.h): a block
// given back is handed out again for a request of its class, classes are powers of two from
// 64 bytes, requests past the largest class bypass the pool, and a pool is per thread.
#include "engine/core/recycled_allocator.h"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

namespace hexlaw {
namespace {

using recycled_detail::block_bytes;
using recycled_detail::give_back;
using recycled_detail::pooled_blocks;
using recycled_detail::take;

TEST(RecycledAllocator, ClassesAreEightToADoublingFrom64BytesTo64KiB) {
  EXPECT_EQ(block_bytes(1), 64u);
  EXPECT_EQ(block_bytes(64), 64u);
  EXPECT_EQ(block_bytes(65), 72u);
  EXPECT_EQ(block_bytes(72), 72u);
  EXPECT_EQ(block_bytes(73), 80u);
  EXPECT_EQ(block_bytes(128), 128u);
  EXPECT_EQ(block_bytes(2048), 2048u);
  EXPECT_EQ(block_bytes(1920), 1920u);  // 40 units of 48 bytes
  EXPECT_EQ(block_bytes(1921), 2048u);
  EXPECT_EQ(block_bytes(65536), 65536u);
  EXPECT_EQ(block_bytes(65537), 65537u);  // past the largest class: its own size
  // No block is more than an eighth larger than its request, and none smaller.
  for (std::size_t b = 65; b <= 65536; ++b) {
    ASSERT_GE(block_bytes(b), b);
    ASSERT_LE(block_bytes(b) * 8, b * 9) << b;
  }
}

// Each test that counts the pool's blocks runs in a thread of its own, whose pool starts empty:
// the main thread's pool holds whatever earlier tests gave back, up to its bound, and a full
// pool would free a block instead of keeping it.
TEST(RecycledAllocator, ABlockGivenBackIsHandedOutAgainForItsClass) {
  std::thread([] {
    void* a = take(2000);
    give_back(a, 2000);
    EXPECT_EQ(pooled_blocks(), 1u);
    void* b = take(1950);  // another request of the same class (2,048 bytes)
    EXPECT_EQ(b, a);
    EXPECT_EQ(pooled_blocks(), 0u);
    give_back(b, 1950);
  }).join();
}

TEST(RecycledAllocator, RequestsPastTheLargestClassBypassThePool) {
  const std::size_t before = pooled_blocks();
  void* big = take(100'000);
  give_back(big, 100'000);
  EXPECT_EQ(pooled_blocks(), before);
}

TEST(RecycledAllocator, EachThreadHasItsOwnPoolAndABlockMayGoBackOnAnother) {
  void* from_other = nullptr;
  std::thread([&] {
    from_other = take(3000);
    EXPECT_EQ(pooled_blocks(), 0u);  // a new thread starts with an empty pool
  }).join();
  std::thread([&] {  // taken there, given back here: blocks are plain operator new blocks
    give_back(from_other, 3000);
    EXPECT_EQ(pooled_blocks(), 1u);
    EXPECT_EQ(take(3000), from_other);
    give_back(from_other, 3000);
  }).join();
}

TEST(RecycledAllocator, APoolKeepsAtMost1MiB) {
  std::thread([] {  // a fresh thread: its pool starts empty
    std::vector<void*> blocks;
    for (int i = 0; i < 400; ++i) blocks.push_back(take(4096));
    for (void* p : blocks) give_back(p, 4096);
    EXPECT_EQ(pooled_blocks(), 256u);  // 1 MiB / 4 KiB; the other 144 went back to the system
  }).join();
}

TEST(RecycledAllocator, AVectorOverThePoolCopiesAndCompares) {
  std::vector<int, RecycledAllocator<int>> v{1, 2, 3};
  auto w = v;
  w.push_back(4);
  EXPECT_EQ(v.size(), 3u);
  EXPECT_EQ(w.back(), 4);
  EXPECT_TRUE(v.get_allocator() == w.get_allocator());
}

}  // namespace
}  // namespace hexlaw
