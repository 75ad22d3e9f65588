// Owns: the property that InlineVector (engine/core/inline_vector.h) behaves as std::vector
// does under any sequence of its operations, inline and past its inline room, for values
// copied as bytes and for values that own memory (checked for leaks and double destruction by
// a live count).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <string>
#include <vector>

#include "engine/core/inline_vector.h"

namespace hexlaw {
namespace {

// A value that owns heap memory and counts the live ones, so that a value leaked or destroyed
// twice shows in the count.
struct Owned {
  static inline int live = 0;
  std::string text;
  Owned() { ++live; }
  explicit Owned(std::string t) : text(std::move(t)) { ++live; }
  Owned(const Owned& o) : text(o.text) { ++live; }
  Owned(Owned&& o) noexcept : text(std::move(o.text)) { ++live; }
  Owned& operator=(const Owned&) = default;
  Owned& operator=(Owned&&) noexcept = default;
  ~Owned() { --live; }
  friend bool operator==(const Owned& a, const Owned& b) { return a.text == b.text; }
};

enum class Op { PushCopy, PushSelf, PopBack, Erase, Resize, Clear, CopyIn, MoveIn, CopyOut, MoveOut, EraseAt, EraseIf, Assign };

// Plays `ops` on an InlineVector<T, 3> and on a std::vector<T> side by side and checks they
// hold the same values after each step; `make(k)` builds the k-th value.
template <class T, class Make>
void same_as_vector(const std::vector<std::pair<Op, int>>& ops, Make make) {
  InlineVector<T, 3> v;
  std::vector<T> model;
  for (const auto& [op, k] : ops) {
    switch (op) {
      case Op::PushCopy: v.push_back(make(k)); model.push_back(make(k)); break;
      case Op::PushSelf:  // a value of its own, which growing moves
        if (!model.empty()) {
          const std::size_t i = static_cast<std::size_t>(k) % model.size();
          v.push_back(v[i]);
          model.push_back(T(model[i]));
        }
        break;
      case Op::PopBack: if (!model.empty()) { v.pop_back(); model.pop_back(); } break;
      case Op::Erase: {
        const T gone = make(k % 4);
        v.erase(gone);
        std::erase(model, gone);
        break;
      }
      case Op::Resize: v.resize(static_cast<std::size_t>(k % 8)); model.resize(static_cast<std::size_t>(k % 8)); break;
      case Op::Clear: v.clear(); model.clear(); break;
      case Op::CopyIn: { InlineVector<T, 3> other(model); v = other; break; }
      case Op::MoveIn: { InlineVector<T, 3> other(model); v = std::move(other); RC_ASSERT(other.empty()); break; }
      case Op::CopyOut: { InlineVector<T, 3> copy(v); RC_ASSERT(copy == model); break; }
      case Op::MoveOut: { InlineVector<T, 3> moved(std::move(v)); RC_ASSERT(moved == model); v = moved; break; }
      case Op::EraseAt:  // the value at one place; the next one's place is returned
        if (!model.empty()) {
          const std::size_t i = static_cast<std::size_t>(k) % model.size();
          RC_ASSERT(v.erase(v.begin() + i) == v.begin() + i);
          model.erase(model.begin() + static_cast<std::ptrdiff_t>(i));
        }
        break;
      case Op::EraseIf: {
        const T gone = make(k % 4);
        RC_ASSERT(v.erase_if([&](const T& x) { return x == gone; }) == static_cast<std::size_t>(std::erase(model, gone)));
        break;
      }
      case Op::Assign: {  // the values of a range, from none to more than the inline room
        std::vector<T> from;
        for (int i = 0; i < k % 7; ++i) from.push_back(make(k + i));
        v.assign(from.begin(), from.end());
        model = from;
        break;
      }
    }
    RC_ASSERT(v.size() == model.size());
    RC_ASSERT(v == model);
  }
}

rc::Gen<std::vector<std::pair<Op, int>>> ops() {
  return rc::gen::container<std::vector<std::pair<Op, int>>>(
      rc::gen::pair(rc::gen::map(rc::gen::inRange(0, 13), [](int i) { return static_cast<Op>(i); }),
                    rc::gen::inRange(0, 100)));
}

RC_GTEST_PROP(InlineVectorProps, BytesValuesBehaveAsAStdVector, ()) {
  same_as_vector<int>(*ops(), [](int k) { return k; });
}

RC_GTEST_PROP(InlineVectorProps, OwningValuesBehaveAsAStdVectorAndNoneLeaks, ()) {
  const int before = Owned::live;
  // Texts longer than the short-string room, so each value owns a heap block.
  same_as_vector<Owned>(*ops(), [](int k) { return Owned("value number " + std::to_string(k) + " held on the heap"); });
  RC_ASSERT(Owned::live == before);
}

RC_GTEST_PROP(InlineVectorProps, NestedInlineVectorsCopyAndMoveWhole, ()) {
  // A vector of vectors, as a battle's fates hold their paths.
  same_as_vector<InlineVector<int, 2>>(*ops(), [](int k) {
    InlineVector<int, 2> inner;
    for (int i = 0; i < k % 5; ++i) inner.push_back(k + i);
    return inner;
  });
}

}  // namespace
}  // namespace hexlaw
