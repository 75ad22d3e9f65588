// Owns: TagSet, a set of names from a fixed vocabulary held as bits — the compact, typed form
// any rule system gives its flags and markers (Napoleonic 20's unit flags and markers).
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace hexlaw {

// A set of names from a fixed vocabulary, held as bits. `Names` lists the vocabulary in
// alphabetical order, so the bits list in the order a sorted list of strings would.
template <class E, const auto& Names>
class TagSet {
 public:
  static constexpr std::size_t kSize = std::size(Names);
  TagSet() = default;
  // From names, for tests and readers; throws std::invalid_argument on a name outside the
  // vocabulary.
  TagSet(std::initializer_list<std::string_view> names) {
    for (std::string_view n : names) set(parse_or_throw(n), true);
  }
  TagSet(const std::vector<std::string>& names) {  // NOLINT: implicit, as the list form
    for (const auto& n : names) set(parse_or_throw(n), true);
  }
  static std::optional<E> parse(std::string_view name) {
    for (std::size_t i = 0; i < kSize; ++i)
      if (name == Names[i]) return static_cast<E>(i);
    return std::nullopt;
  }
  static const char* name(E e) { return Names[static_cast<std::size_t>(e)]; }
  // The vocabulary as one line: "elite, guard, light, unreliable".
  static std::string vocabulary() {
    std::string out;
    for (const char* n : Names) out += (out.empty() ? "" : ", ") + std::string(n);
    return out;
  }
  bool has(E e) const { return (bits_ >> static_cast<unsigned>(e)) & 1u; }
  void set(E e, bool on) {
    const auto bit = static_cast<std::uint16_t>(1u << static_cast<unsigned>(e));
    bits_ = on ? (bits_ | bit) : (bits_ & ~bit);
  }
  bool empty() const { return bits_ == 0; }
  void clear() { bits_ = 0; }
  std::size_t size() const { return static_cast<std::size_t>(__builtin_popcount(bits_)); }
  std::vector<std::string> names() const {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < kSize; ++i)
      if (has(static_cast<E>(i))) out.emplace_back(Names[i]);
    return out;
  }
  friend bool operator==(const TagSet&, const TagSet&) = default;

 private:
  static E parse_or_throw(std::string_view n) {
    auto e = parse(n);
    if (!e) throw std::invalid_argument("'" + std::string(n) + "' is not one of " + vocabulary());
    return *e;
  }
  std::uint16_t bits_ = 0;
};

}  // namespace hexlaw
