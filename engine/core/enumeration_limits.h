// Owns: the limits on the work (time) of an exact-odds question (issue 16). The memory limits
// (kMaxDistinctOutcomes in dice.h, the leaf and sequence limits of dice.h and chance.h) let
// one attacker against eight defenders, each routing on its own die, run for seconds before
// its 20,000th distinct outcome, and a rally of eight units enumerated past eight seconds
// (release build, loaded machine). ask() counts the work of each enumeration against these
// and stops it with a LimitError (a CaseError on `dice`):
//   - kMaxChanceNodes: nodes one chance-tree exploration plays (each step of a battle on to
//     its next roll or its end: battle_odds.cc, combat_questions.cc);
//   - kMaxEnumeratedRolls: rolls one replaying enumeration makes over all its plays (every
//     play replays the question from its first roll: ask.cc, jemmapes_questions.cc).
// Code that enumerates for itself (tests, properties) calls explore_chance_tree and
// enumerate_outcomes directly and keeps their own limits. The largest case files need 18
// nodes and 72 rolls, the combat benchmark's 2 v 2 259 nodes (docs/fuzzing.md).
#pragma once

#include <cstdint>

namespace hexlaw {

extern const std::uint64_t kMaxChanceNodes;      // values in enumeration_limits.cc
extern const std::uint64_t kMaxEnumeratedRolls;

// Counts one enumeration's work; add() throws LimitError naming the limit past it. The count
// is noted on destruction (last_enumeration_work), for tests and measurements.
class EnumerationBudget {
 public:
  enum class Kind { ChanceNodes, Rolls };
  explicit EnumerationBudget(Kind kind);
  EnumerationBudget(Kind kind, std::uint64_t limit) : kind_(kind), limit_(limit) {}
  ~EnumerationBudget();
  EnumerationBudget(const EnumerationBudget&) = delete;
  EnumerationBudget& operator=(const EnumerationBudget&) = delete;
  void add(std::uint64_t work = 1);
  std::uint64_t used() const { return used_; }

 private:
  Kind kind_;
  std::uint64_t limit_, used_ = 0;
};

// The work the last finished budget of `kind` counted on this thread.
std::uint64_t last_enumeration_work(EnumerationBudget::Kind kind);

}  // namespace hexlaw
