// Owns: InlineVector, a vector that holds its first N values inline and moves to the heap only
// beyond them. Search answers (a reach's paths, a retreat's steps, a battle's fates) are copied
// often and are short; held inline, a copy allocates nothing. It reads as a std::vector does
// (size, [], range-for, front/back, push_back, pop_back, ==) and converts to one. Values that
// are trivially copyable are copied as bytes; others (a fate holding its own inline path) are
// constructed and destroyed one by one, as std::vector does, and moved as bytes where they
// declare that they may be (TriviallyRelocatable).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

namespace hexlaw {

template <class T, std::uint32_t N>
class InlineVector;

// Whether a T may be moved as bytes, its old bytes then dropped without being destroyed: true
// for trivially copyable types and for InlineVectors of such values (their values live inline
// or behind a heap pointer, and nothing points into them); a type made of such members says so
// with a specialization of its own, beside its definition (UnitFate does).
template <class T>
struct TriviallyRelocatable : std::bool_constant<std::is_trivially_copyable_v<T>> {};
template <class T, std::uint32_t N>
struct TriviallyRelocatable<InlineVector<T, N>> : TriviallyRelocatable<T> {};

template <class T, std::uint32_t N>
class InlineVector {
  static constexpr bool kBytes = TriviallyRelocatable<T>::value;
  // Values copied as bytes whose inline room is small enough to copy whole, unused part and
  // all (a few vector moves), rather than by a call sized at run time.
  static constexpr bool kSmallBytes = std::is_trivially_copyable_v<T> && N * sizeof(T) <= 256;

 public:
  static_assert(std::is_nothrow_move_constructible_v<T>, "InlineVector moves its values without throwing");
  static constexpr std::uint32_t kInline = N;
  InlineVector() {}  // user-provided: the inline room of a new one is left unwritten, not zeroed
  InlineVector(const std::vector<T>& values) { append(values.data(), values.size()); }  // NOLINT: implicit by design
  InlineVector(std::initializer_list<T> values) { append(values.begin(), values.size()); }
  InlineVector(const InlineVector& o) {
    if constexpr (kSmallBytes) {  // inline values of a small room: the whole room at once, a size known when compiled
      if (!o.heap_) {
        std::memcpy(inline_, o.inline_, sizeof inline_);
        size_ = o.size_;
        return;
      }
    }
    append(o.data(), o.size());
  }
  InlineVector(InlineVector&& o) noexcept { take(o); }
  InlineVector& operator=(const InlineVector& o) {
    if (this != &o) {
      clear();
      append(o.data(), o.size());
    }
    return *this;
  }
  InlineVector& operator=(InlineVector&& o) noexcept {
    if (this != &o) {
      clear();
      release();
      take(o);
    }
    return *this;
  }
  ~InlineVector() {
    clear();
    release();
  }
  operator std::vector<T>() const { return {begin(), end()}; }  // NOLINT: implicit by design

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const T* data() const { return heap_ ? heap_ : reinterpret_cast<const T*>(inline_); }
  T* data() { return heap_ ? heap_ : reinterpret_cast<T*>(inline_); }
  const T* begin() const { return data(); }
  const T* end() const { return data() + size_; }
  T* begin() { return data(); }
  T* end() { return data() + size_; }
  // Unchecked, like std::vector's; the checked build (HEXLAW_CHECKED) stops on an index past the
  // end, as _GLIBCXX_ASSERTIONS makes std::vector do there.
  const T& operator[](std::size_t i) const { return data()[checked(i)]; }
  T& operator[](std::size_t i) { return data()[checked(i)]; }
  const T& front() const { return data()[checked(0)]; }
  const T& back() const { return data()[checked(size_ - 1)]; }
  T& back() { return data()[checked(size_ - 1)]; }
  void pop_back() { std::destroy_at(data() + --size_); }
  // Removes every value equal to `v`, keeping the others in order; how many went.
  std::size_t erase(const T& v) {
    T* kept = std::remove(begin(), end(), v);
    const auto gone = static_cast<std::size_t>(end() - kept);
    std::destroy(kept, end());
    size_ -= static_cast<std::uint32_t>(gone);
    return gone;
  }
  // Removes the value at `at`, keeping the others in order; where the next value now is.
  T* erase(const T* at) {
    T* p = data() + (at - data());
    std::move(p + 1, end(), p);
    pop_back();
    return p;
  }
  // Removes every value `drop` holds for, keeping the others in order; how many went.
  template <class Pred>
  std::size_t erase_if(Pred drop) {
    T* kept = std::remove_if(begin(), end(), drop);
    const auto gone = static_cast<std::size_t>(end() - kept);
    std::destroy(kept, end());
    size_ -= static_cast<std::uint32_t>(gone);
    return gone;
  }
  // Replaces the values with those of [first, last).
  template <class It>
  void assign(It first, It last) {
    clear();
    for (; first != last; ++first) push_back(*first);
  }
  void clear() {
    std::destroy(begin(), end());
    size_ = 0;
  }
  void push_back(const T& v) {
    if (size_ == capacity_) {
      T copy(v);  // v may be one of this vector's own values, which growing moves
      reserve(size_ + 1);
      std::construct_at(data() + size_, std::move(copy));
    } else {
      std::construct_at(data() + size_, v);
    }
    ++size_;
  }
  void push_back(T&& v) {
    if (size_ == capacity_) {
      T moved(std::move(v));
      reserve(size_ + 1);
      std::construct_at(data() + size_, std::move(moved));
    } else {
      std::construct_at(data() + size_, std::move(v));
    }
    ++size_;
  }
  // New values (when it grows) are T{}; values past n (when it shrinks) are destroyed.
  void resize(std::size_t n) {
    if (n < size_) {
      std::destroy(data() + n, end());
    } else {
      reserve(n);
      for (T* p = data() + size_; p != data() + n; ++p) std::construct_at(p);
    }
    size_ = static_cast<std::uint32_t>(n);
  }
  void reserve(std::size_t n) {
    if (n <= capacity_) return;
    const std::size_t grown = std::max<std::size_t>(n, 2 * std::size_t{capacity_});
    T* bigger = std::allocator<T>().allocate(grown);
    relocate(data(), size_, bigger);
    release();
    heap_ = bigger;
    capacity_ = static_cast<std::uint32_t>(grown);
  }
  friend bool operator==(const InlineVector& a, const InlineVector& b) { return std::equal(a.begin(), a.end(), b.begin(), b.end()); }
  friend bool operator==(const InlineVector& a, const std::vector<T>& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
  }

 private:
  // The index itself; in the checked build, a stop (with the index and the size) when it is past the end.
  std::size_t checked(std::size_t i) const {
#ifdef HEXLAW_CHECKED
    if (i >= size_) {
      std::fprintf(stderr, "hexlaw: InlineVector index %zu out of range (size %u)\n", i, static_cast<unsigned>(size_));
      std::abort();
    }
#endif
    return i;
  }
  // Copies n values to the end (room reserved first).
  void append(const T* values, std::size_t n) {
    reserve(size_ + n);
    std::uninitialized_copy(values, values + n, data() + size_);
    size_ += static_cast<std::uint32_t>(n);
  }
  // Moves n values from `from` into the raw room at `to`, leaving `from` unconstructed.
  static void relocate(T* from, std::size_t n, T* to) {
    if constexpr (kBytes) {
      if (n) std::memcpy(static_cast<void*>(to), from, n * sizeof(T));
    } else {
      std::uninitialized_move(from, from + n, to);
      std::destroy(from, from + n);
    }
  }
  // Frees the heap block, if any (its values already destroyed or moved out).
  void release() {
    if (heap_) std::allocator<T>().deallocate(heap_, capacity_);
    heap_ = nullptr;
    capacity_ = kInline;
  }
  // Moves o's values here (its heap block, or its inline values one by one) and empties o.
  // This vector holds no values and no heap block when it is called.
  void take(InlineVector& o) {
    heap_ = o.heap_;
    size_ = o.size_;
    capacity_ = o.capacity_;
    if constexpr (kSmallBytes) {
      if (!heap_) std::memcpy(inline_, o.inline_, sizeof inline_);
    } else {
      if (!heap_) relocate(o.data(), o.size_, reinterpret_cast<T*>(inline_));
    }
    o.heap_ = nullptr;
    o.size_ = 0;
    o.capacity_ = kInline;
  }
  T* heap_ = nullptr;  // null while the values fit inline
  std::uint32_t size_ = 0;
  std::uint32_t capacity_ = kInline;
  alignas(T) unsigned char inline_[kInline * sizeof(T)];  // the values while they fit
};

}  // namespace hexlaw
