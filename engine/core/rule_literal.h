// Owns: the rule ids written into the engine's code as literals (`"std:9.6.1"_rule`). Each
// distinct literal is one RuleSlot for the whole program, made when the program is compiled:
// its id, checked there for the house form `book:number`, and a note of the last catalog it
// was found in. A trace checks a literal against its catalog once and afterwards compares one
// word, so a citation from a hot search costs no look-up by string (issue #10).
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace hexlaw {

// A string literal as a template argument: the text of one rule id.
template <std::size_t N>
struct RuleText {
  char text[N]{};
  consteval RuleText(const char (&s)[N]) { std::copy_n(s, N, text); }  // NOLINT: implicit by design
  constexpr std::string_view view() const { return {text, N - 1}; }
};

// Whether `id` has the house form, exactly as the catalog's parse_rule_id reads it: a book of
// the five, a colon, and either a number (`9.8.2`, `7.0`, `8.3b`: digits in groups joined by
// dots, then at most one small letter) or a table (`table.crt`, `table.tec-river`: `table.`
// then groups of small letters and digits joined by hyphens). constexpr, so a test can hold it
// against parse_rule_id at run time.
constexpr bool well_formed_rule_id(std::string_view id) {
  const std::size_t colon = id.find(':');
  if (colon == std::string_view::npos) return false;
  const std::string_view book = id.substr(0, colon);
  std::string_view rest = id.substr(colon + 1);
  if (book != "std" && book != "jena" && book != "dresden" && book != "leipzig" && book != "jemmapes") return false;
  auto digit = [](char c) { return c >= '0' && c <= '9'; };
  auto small = [](char c) { return c >= 'a' && c <= 'z'; };
  if (rest.starts_with("table.")) {  // groups of [a-z0-9]+ joined by '-'
    rest.remove_prefix(6);
    bool in_group = false;
    for (char c : rest) {
      if (digit(c) || small(c)) in_group = true;
      else if (c == '-' && in_group) in_group = false;
      else return false;
    }
    return in_group;
  }
  // \d+(\.\d+)*[a-z]?
  std::size_t i = 0;
  bool in_group = false;
  for (; i < rest.size(); ++i) {
    const char c = rest[i];
    if (digit(c)) in_group = true;
    else if (c == '.' && in_group) in_group = false;
    else break;
  }
  if (!in_group) return false;
  if (i < rest.size() && small(rest[i])) ++i;
  return i == rest.size();
}

// One rule id of the engine's code. `known_in` is the generation of the last catalog that was
// found to hold it (0: none yet); threads citing under different catalogs at once only make
// each other check again.
struct RuleSlot {
  std::string_view id;
  mutable std::atomic<std::uint64_t> known_in{0};
};

// The one slot of each distinct literal: constant-initialized, so it exists before any code runs.
template <RuleText S>
inline RuleSlot rule_slot{S.view()};

// A rule id the engine cites from its own code: a handle on its slot. Reads as the id's text.
class Rule {
 public:
  constexpr explicit Rule(const RuleSlot& slot) : slot_(&slot) {}
  constexpr std::string_view id() const { return slot_->id; }
  constexpr operator std::string_view() const { return slot_->id; }  // NOLINT: reads as its text
  const RuleSlot& slot() const { return *slot_; }

 private:
  const RuleSlot* slot_;
};

// `"std:9.6.1"_rule`: the literal's slot; a literal not of the house form does not compile.
template <RuleText S>
consteval Rule operator""_rule() {
  static_assert(well_formed_rule_id(S.view()), "a rule id is book:number, book one of std jena dresden leipzig jemmapes");
  return Rule(rule_slot<S>);
}

}  // namespace hexlaw
