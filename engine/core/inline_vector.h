// Owns: InlineVector, a vector of trivially copyable values that holds its first N values
// inline and moves to the heap only beyond them. Search answers (a reach's paths, a retreat's
// steps, a battle's fates) are copied often and are short; held inline, a copy allocates
// nothing. It reads as a std::vector does (size, [], range-for, front/back, push_back,
// pop_back, ==) and converts to one.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <type_traits>
#include <vector>

namespace hexlaw {

template <class T, std::uint32_t N>
class InlineVector {
 public:
  static_assert(std::is_trivially_copyable_v<T>, "InlineVector holds trivially copyable values");
  static constexpr std::uint32_t kInline = N;
  InlineVector() {}  // user-provided: the inline room of a new one is left unwritten, not zeroed
  InlineVector(const std::vector<T>& values) { append(values.data(), values.size()); }  // NOLINT: implicit by design
  InlineVector(std::initializer_list<T> values) { append(values.begin(), values.size()); }
  InlineVector(const InlineVector& o) { append(o.data(), o.size()); }
  InlineVector(InlineVector&& o) noexcept { take(o); }
  InlineVector& operator=(const InlineVector& o) {
    if (this != &o) {
      size_ = 0;
      append(o.data(), o.size());
    }
    return *this;
  }
  InlineVector& operator=(InlineVector&& o) noexcept {
    if (this != &o) {
      delete[] heap_;
      take(o);
    }
    return *this;
  }
  ~InlineVector() { delete[] heap_; }
  operator std::vector<T>() const { return {begin(), end()}; }  // NOLINT: implicit by design

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const T* data() const { return heap_ ? heap_ : reinterpret_cast<const T*>(inline_); }
  T* data() { return heap_ ? heap_ : reinterpret_cast<T*>(inline_); }
  const T* begin() const { return data(); }
  const T* end() const { return data() + size_; }
  T* begin() { return data(); }
  T* end() { return data() + size_; }
  const T& operator[](std::size_t i) const { return data()[i]; }
  T& operator[](std::size_t i) { return data()[i]; }
  const T& front() const { return data()[0]; }
  const T& back() const { return data()[size_ - 1]; }
  T& back() { return data()[size_ - 1]; }
  void pop_back() { --size_; }
  // Removes every value equal to `v`, keeping the others in order; how many went.
  std::size_t erase(const T& v) {
    T* kept = std::remove(begin(), end(), v);
    const auto gone = static_cast<std::size_t>(end() - kept);
    size_ -= static_cast<std::uint32_t>(gone);
    return gone;
  }
  void clear() { size_ = 0; }
  void push_back(const T& h) {
    reserve(size_ + 1);
    data()[size_++] = h;
  }
  // New values (when it grows) are T{}.
  void resize(std::size_t n) {
    reserve(n);
    std::fill(data() + size_, data() + n, T{});
    size_ = static_cast<std::uint32_t>(n);
  }
  void reserve(std::size_t n) {
    if (n <= capacity_) return;
    const std::size_t grown = std::max<std::size_t>(n, 2 * std::size_t{capacity_});
    T* bigger = new T[grown];
    std::copy(begin(), end(), bigger);
    delete[] heap_;
    heap_ = bigger;
    capacity_ = static_cast<std::uint32_t>(grown);
  }
  friend bool operator==(const InlineVector& a, const InlineVector& b) { return std::equal(a.begin(), a.end(), b.begin(), b.end()); }
  friend bool operator==(const InlineVector& a, const std::vector<T>& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
  }

 private:
  void append(const T* values, std::size_t n) {
    reserve(size_ + n);
    std::copy(values, values + n, data() + size_);
    size_ += static_cast<std::uint32_t>(n);
  }
  // Moves o's values here (its heap block, or a copy of its inline ones) and empties o.
  void take(InlineVector& o) {
    heap_ = o.heap_;
    size_ = o.size_;
    capacity_ = o.capacity_;
    if (!heap_) std::memcpy(inline_, o.inline_, size_ * sizeof(T));
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
