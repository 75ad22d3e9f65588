// Owns: the law that a retreat search which reuses what an earlier search on the same rule set
// worked out (the steps out of each hex on an equal position, the enemy-ZOC facts of a side
// whose enemies have not moved) answers exactly as a search on a fresh rule set: the same
// paths in the same order, the same break, and the same citations with the same reasons. The
// second search follows the first as a battle's odds do: another rout distance on the same
// position, or the same side after one of its own units retreated, broke or stood aside.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "engine/n20/retreat.h"
#include "properties/board_generators.h"
#include "tests/support/test_support.h"

namespace hexlaw {
namespace {

// Everything a retreat search answers, written out so that two answers compare as text.
std::string written(const n20::RetreatOptions& r, const Trace& t) {
  std::string out = r.must_break ? "breaks " + r.break_rule + " " + r.break_reason + "\n" : "";
  out += r.may_shorten ? "may shorten\n" : "";
  out += r.truncated ? "truncated\n" : "";
  for (const auto& p : r.paths) {
    out += p.loc ? "to " + std::to_string(p.loc->q) + "," + std::to_string(p.loc->r) : std::string("to none");
    out += p.breaks_at_loc ? " breaks at loc" : "";
    out += " extended " + std::to_string(p.extended) + ":";
    for (const auto& s : p.steps)
      out += " " + std::to_string(s.hex.q) + "," + std::to_string(s.hex.r) + (s.enemy_zoc ? "z" : "") +
             (s.friendly ? "f" : "") + (s.river.empty() ? "" : "r");
    out += "\n";
  }
  for (const auto& c : t.entries()) out += c.rule + ": " + c.reason + "\n";
  return out;
}

std::unique_ptr<n20::N20Rules> rules_for(const std::string& priority, bool friends_first) {
  n20::RulesetChoice choice;
  choice.interpretations["retreat.priority_evaluation"] = priority;
  if (friends_first) choice.interpretations["retreat.friendly_vs_ezoc_priority"] = "friends_first";
  return n20::make_rules(choice, testing::source_spec());
}

n20::RetreatOptions search(const n20::N20Rules& rules, const gen::Position& p, Symbol unit, int n, Trace& t) {
  return n20::retreat_paths(rules, *p.map, p.state, *p.state.unit(unit), n, std::nullopt, t, 2000);
}

RC_GTEST_PROP(RetreatReuseProps, ASearchAfterAnotherAnswersAsAFreshOne, ()) {
  HEXLAW_CITES("std:9.8", "std:9.8.2", "std:9.8.3", "std:9.8.5");
  gen::Position p = *gen::position(7, 7, 14);
  p.state.night = *rc::gen::weightedElement<bool>({{4, false}, {1, true}});
  const std::string priority = *rc::gen::element<std::string>("fewest_ezoc", "whole_path", "per_step");
  const bool friends_first = *rc::gen::arbitrary<bool>();
  auto warm = rules_for(priority, friends_first);
  const Unit first = *rc::gen::elementOf(p.state.units);
  // Step A. A first search, which leaves its work in the rule set's workspace.
  Trace t1(Trace::Off{}, testing::source_spec()->catalog);
  search(*warm, p, first.id, *rc::gen::inRange(1, 7), t1);
  // Step B. The position as the next search of a battle sees it: unchanged (another rout
  // distance), with a unit of the first unit's side gone or moved (its retreat), or, to check
  // that the reuse is refused, with any unit gone or moved.
  const int change = *rc::gen::weightedElement<int>({{2, 0}, {2, 1}, {2, 2}, {1, 3}});
  std::vector<std::size_t> candidates;
  for (std::size_t i = 0; i < p.state.units.size(); ++i)
    if (change == 3 || p.state.units[i].side == first.side) candidates.push_back(i);
  if (change > 0) {
    Unit& moved = p.state.units[*rc::gen::elementOf(candidates)];
    if (change == 1 || (change == 3 && *rc::gen::arbitrary<bool>())) {
      moved.status = UnitStatus::Broken;
      moved.hex = Hex{};
    } else if (moved.on_map()) {
      const Hex to = neighbour(moved.hex, *rc::gen::element(Direction::N, Direction::NE, Direction::SE, Direction::S,
                                                             Direction::SW, Direction::NW));
      if (p.map->on_map(to) && !p.state.unit_at(to)) moved.hex = to;
    }
  }
  // Step C. The next search, on the warm rule set and on a fresh one, traces on.
  const Unit& next = *rc::gen::arbitrary<bool>() ? *p.state.unit(first.id) : *rc::gen::elementOf(p.state.units);
  RC_PRE(next.on_map());
  RC_TAG(next.id == first.id ? "same unit" : next.side == first.side ? "same side" : "other side", change);
  const int n = *rc::gen::inRange(1, 7);
  Trace t2(testing::source_spec()->catalog), t3(testing::source_spec()->catalog);
  const auto reused = search(*warm, p, next.id, n, t2);
  const auto fresh = search(*rules_for(priority, friends_first), p, next.id, n, t3);
  RC_ASSERT(written(reused, t2) == written(fresh, t3));
}

}  // namespace
}  // namespace hexlaw
