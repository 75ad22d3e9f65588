// Owns: the working memory a rule set lends its searches — the per-hex arrays of the position
// index, the retreat search and reach — kept from one query to the next so that a search
// neither allocates nor clears them (each array is stamped with an epoch). A workspace belongs
// to one rule set (N20Rules::workspace()) and, like it, serves one thread at a time: nothing
// in it is locked, and no scratch is kept per thread or per process.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace hexlaw::n20 {

class Workspace {
 public:
  // What a piece of scratch is for. Each kind is one type, defined beside the search that uses
  // it: it derives from Scratch and names its kind as `static constexpr Kind kKind`.
  enum class Kind : std::uint8_t { PositionArrays, RetreatSearch, ReachSearch };
  static constexpr std::size_t kKinds = 3;
  struct Scratch {
    virtual ~Scratch() = default;
  };

  // Scratch of type T lent to one search: given back to the workspace when the lease ends.
  template <class T>
  class Lease {
   public:
    Lease(Workspace& from, std::unique_ptr<T> item) : from_(&from), item_(std::move(item)) {}
    Lease(Lease&& other) noexcept = default;
    Lease& operator=(Lease&&) = delete;
    ~Lease() {
      if (item_) from_->give_back(T::kKind, std::move(item_));
    }
    T& operator*() const { return *item_; }
    T* operator->() const { return item_.get(); }

   private:
    Workspace* from_;
    std::unique_ptr<T> item_;
  };

  Workspace() = default;
  // Scratch is no part of a rule set's value: a copy starts with none.
  Workspace(const Workspace&) {}
  Workspace& operator=(const Workspace&) { return *this; }

  // Lends scratch of type T: one given back earlier, its arrays as they were left (their epochs
  // tell old entries from new), or a new one when every such scratch is lent out.
  template <class T>
  Lease<T> take() {
    auto& free = free_[static_cast<std::size_t>(T::kKind)];
    if (free.empty()) return Lease<T>(*this, std::make_unique<T>());
    std::unique_ptr<T> item(static_cast<T*>(free.back().release()));
    free.pop_back();
    return Lease<T>(*this, std::move(item));
  }

 private:
  // Keeps returned scratch for the next taker (dropped, should keeping it fail to allocate).
  void give_back(Kind kind, std::unique_ptr<Scratch> item) noexcept;
  std::array<std::vector<std::unique_ptr<Scratch>>, kKinds> free_;
};

}  // namespace hexlaw::n20
