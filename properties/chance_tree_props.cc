// Owns: the law that exact odds along the chance tree (battle_odds) are the odds of replaying
// the battle once per dice sequence (enumerate_outcomes over resolve_battle): the same
// outcomes, in the same order, with the same probabilities and sequence counts, and the same
// distinct citations, on random positions, optional rules and readings.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <set>

#include "engine/core/errors.h"
#include "engine/n20/battle_odds.h"
#include "engine/n20/resolution.h"
#include "properties/board_generators.h"
#include "tests/support/test_support.h"

namespace hexlaw {
namespace {

using n20::BattleDeclaration;
using n20::BattleOutcome;

RC_GTEST_PROP(ChanceTreeProps, TreeOddsEqualReplayedOdds, ()) {
  HEXLAW_CITES("std:9.0", "std:9.6", "std:9.8.3", "std:9.8.4");
  gen::Position p = *gen::position(6, 6, 14);
  p.state.night = false;
  n20::RulesetChoice choice;
  for (const char* option : {"std:16.3", "std:16.5"})
    if (*rc::gen::arbitrary<bool>()) choice.options.insert(option);
  if (*rc::gen::arbitrary<bool>()) choice.interpretations["combat.ex_morale_timing"] = "simultaneous";
  auto rules = n20::make_rules(choice, testing::source_spec());
  // The first unit attacks every enemy beside it (at least one, placed if need be); some
  // units are elite, so modified rout dice are reached.
  Unit& first = p.state.units.front();
  const std::string enemy = first.side == "french" ? "prussian" : "french";
  const Hex beside = neighbour(first.hex, *rc::gen::element(Direction::N, Direction::NE, Direction::SE, Direction::S,
                                                            Direction::SW, Direction::NW));
  RC_PRE(p.map->on_map(beside));
  if (const Unit* there = p.state.unit_at(beside)) {
    p.state.unit(there->id)->side = enemy;
  } else {
    Unit x;
    x.id = "X", x.side = enemy, x.type = UnitType::Infantry, x.strength = *rc::gen::inRange(1, 6), x.movement = 2;
    x.hex = beside;
    p.state.units.push_back(x);
  }
  for (Unit& u : p.state.units)
    if (*rc::gen::inRange(0, 4) == 0) u.flags.set(UnitFlag::Elite, true);
  RC_PRE(gen::invariant_violation(*p.map, p.state).empty());
  const Unit& a = p.state.units.front();
  BattleDeclaration b{{a.id}, {}};
  for (Hex n : neighbours(a.hex))
    if (const Unit* d = p.state.unit_at(n); d && d->side == enemy) b.defenders.push_back(d->id);
  n20::ResolutionPolicy policy;
  policy.group_battle_die = *rc::gen::arbitrary<bool>();

  std::vector<Weighted<BattleOutcome>> tree, replay;
  Trace tree_trace(rules->catalog()), replay_trace(rules->catalog());
  try {
    tree = n20::battle_odds(*rules, *p.map, p.state, b, policy, tree_trace);
    DistinctCitations citations(replay_trace);
    std::function<BattleOutcome(DiceSource&)> play = [&](DiceSource& dice) {
      Trace t(testing::source_spec()->catalog);
      BattleOutcome o = n20::resolve_battle(*rules, *p.map, p.state, b, policy, dice, t);
      citations.absorb(t);
      return o;
    };
    // The replay merges by the same rule as the tree: the first outcome equal without dice.
    std::vector<BattleOutcome> seen;
    replay = enumerate_outcomes<BattleOutcome>(play, [&](const BattleOutcome& o) {
      for (std::size_t i = 0; i < seen.size(); ++i)
        if (n20::same_without_dice(seen[i], o)) return std::to_string(i);
      seen.push_back(o);
      return std::to_string(seen.size() - 1);
    });
  } catch (const std::invalid_argument&) {
    RC_DISCARD("a terrain value no ruling supplies");
  } catch (const LimitError&) {
    // A generated battle whose tree is past the enumeration limits (kMaxChanceNodes,
    // kMaxEnumeratedRolls) is refused by name, as a case asking it would be: nothing to compare.
    RC_DISCARD("the battle's enumeration is past its work limit");
  }
  RC_ASSERT(tree.size() == replay.size());
  Fraction total(0);
  for (std::size_t i = 0; i < tree.size(); ++i) {
    RC_ASSERT(n20::same_without_dice(tree[i].outcome, replay[i].outcome));
    RC_ASSERT(tree[i].probability == replay[i].probability);
    RC_ASSERT(tree[i].sequences == replay[i].sequences);
    RC_ASSERT(gen::invariant_violation(*p.map, tree[i].outcome.after).empty());
    total += tree[i].probability;
  }
  RC_ASSERT(total == Fraction(1));
  RC_ASSERT(tree_trace.entries().size() == replay_trace.entries().size());
  for (std::size_t i = 0; i < tree_trace.entries().size(); ++i) {
    RC_ASSERT(tree_trace.entries()[i].rule == replay_trace.entries()[i].rule);
    RC_ASSERT(tree_trace.entries()[i].reason == replay_trace.entries()[i].reason);
  }
}

}  // namespace
}  // namespace hexlaw
