// Owns: the law that the retreat a battle takes by its stated policy, searched for alone
// (retreat_choice, what exact odds use), is the one it would take among every legal path
// (retreat_paths): the first with the fewest hazard rolls, one that breaks for certain only
// when no other is legal — and that both agree whether the unit must break instead, on
// generated positions under every reading of the retreat switches and every printing. And that
// exact odds asked with a trace that keeps nothing (which search each retreat that way) are
// the odds asked with a full trace (which enumerate every path).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "engine/core/errors.h"
#include "engine/n20/battle_odds.h"
#include "engine/n20/resolution.h"
#include "engine/n20/retreat.h"
#include "properties/board_generators.h"
#include "tests/support/test_support.h"

namespace hexlaw {
namespace {

// A retreat written out so that two compare as text: its break, and the path given.
std::string written(const n20::RetreatOptions& r, const n20::RetreatPath* p) {
  std::string out = r.must_break ? "breaks " + r.break_rule + " " + r.break_reason + "\n" : "";
  out += r.may_shorten ? "may shorten\n" : "";
  if (!p) return out;
  out += p->loc ? "to " + std::to_string(p->loc->q) + "," + std::to_string(p->loc->r) : std::string("to none");
  out += p->breaks_at_loc ? " breaks at loc" : "";
  out += " extended " + std::to_string(p->extended) + ":";
  for (const auto& s : p->steps)
    out += " " + std::to_string(s.hex.q) + "," + std::to_string(s.hex.r) + (s.enemy_zoc ? "z" : "") +
           (s.friendly ? "f" : "") + (s.river.empty() ? "" : "r") + (s.doomed ? "d" : "");
  return out;
}

// The path the stated policy takes among all of them (as BattleResolution::begin_retreat
// picks it), or null.
const n20::RetreatPath* stated_choice(const n20::RetreatOptions& r) {
  const n20::RetreatPath* chosen = nullptr;
  int fewest = INT32_MAX;
  for (const auto& p : r.paths)
    if (const int k = p.rolls() + (p.doomed() ? 1000 : 0); k < fewest) fewest = k, chosen = &p;
  return chosen;
}

RC_GTEST_PROP(RetreatChoiceProps, TheChosenPathIsTheStatedPolicysAmongAllPaths, ()) {
  HEXLAW_CITES("std:9.8", "std:9.8.2", "std:9.8.3", "std:9.8.5", "std:9.8.6");
  gen::Position p = *gen::position(7, 7, 14);
  p.state.night = *rc::gen::weightedElement<bool>({{4, false}, {1, true}});
  n20::RulesetChoice choice;
  choice.interpretations["retreat.priority_evaluation"] = *rc::gen::element<std::string>("fewest_ezoc", "whole_path", "per_step");
  choice.interpretations["retreat.friendly_vs_ezoc_priority"] = *rc::gen::element<std::string>("ezoc_first", "friends_first");
  choice.printing = *rc::gen::element<std::string>("", "jena", "v2.0", "leipzig");
  auto rules = n20::make_rules(choice, testing::source_spec());
  // Every unit on the map retreats in turn (its friends in the way), a distance of 1 to 7
  // each; a LOC is asked for or each is tried. Sometimes on the warm rule set (the steps and
  // ZOC facts kept), sometimes on a fresh one.
  std::optional<Hex> loc;
  if (*rc::gen::arbitrary<bool>()) {
    const Hex h = to_axial({*rc::gen::inRange(1, 8), *rc::gen::inRange(1, 8)}, p.map->layout());
    if (p.map->on_map(h)) loc = h;
  }
  RC_TAG(choice.interpretations["retreat.priority_evaluation"], loc ? "loc given" : "each loc");
  const bool warm = *rc::gen::arbitrary<bool>();
  for (const Unit& unit : p.state.units) {
    if (!unit.on_map()) continue;
    const int n = *rc::gen::inRange(1, 8);
    Trace full_trace(Trace::Off{}, rules->catalog()), choice_trace(Trace::Off{}, rules->catalog());
    n20::RetreatOptions all, chosen;
    try {
      all = n20::retreat_paths(*rules, *p.map, p.state, unit, n, loc, full_trace, 1'000'000);
      auto fresh = n20::make_rules(choice, testing::source_spec());
      chosen = n20::retreat_choice(warm ? *rules : *fresh, *p.map, p.state, unit, n, loc, choice_trace);
    } catch (const std::invalid_argument&) {
      RC_DISCARD("a terrain value no ruling supplies");
    }
    if (all.truncated) continue;
    RC_ASSERT(chosen.paths.size() == (all.must_break ? 0u : 1u));
    RC_ASSERT(written(chosen, chosen.paths.empty() ? nullptr : &chosen.paths.front()) ==
              written(all, stated_choice(all)));
  }
}

// Crowded ground, where retreats pass through files of friends up to the extension bound
// (std:9.8.5, kMaxExtension; about three generated positions in four meet it): the chosen
// retreat and the enumeration agree whether a retreat is refused there, and when both answer,
// on the path. The bound is the engine's; what it refuses must not hang on which search asked.
RC_GTEST_PROP(RetreatChoiceProps, AmongFilesOfFriendsBothSearchesRefuseOrNeither, ()) {
  HEXLAW_CITES("std:9.8.5", "std:9.8.6", "std:9.8");
  const int cols = *rc::gen::inRange(2, 4), rows = *rc::gen::inRange(8, 17);
  auto map = std::make_shared<Map>(*rc::gen::element(ColumnLayout::OddColumnsLow, ColumnLayout::EvenColumnsLow));
  map->set_bounds(MapBounds{1, cols, 1, rows});
  GameState state;
  state.phase = "movement";
  state.morale = {{"french", 5}, {"prussian", 5}};
  // Every hex: a French unit most often, else a Prussian one now and then, else vacant.
  int k = 0;
  for (int c = 1; c <= cols; ++c)
    for (int r = 1; r <= rows; ++r) {
      const int roll = *rc::gen::inRange(0, 100);
      if (roll >= 70) continue;
      Unit u;
      u.id = "U" + std::to_string(k++);
      u.side = roll < 62 ? "french" : "prussian";
      u.type = UnitType::Infantry, u.strength = 2, u.movement = 2;
      u.hex = to_axial({c, r}, map->layout());
      state.units.push_back(u);
    }
  RC_PRE(!state.units.empty());
  for (int i = 0, n = *rc::gen::inRange(1, 5); i < n; ++i)
    map->add_loc("french", to_axial({*rc::gen::inRange(1, cols + 1), *rc::gen::inRange(1, rows + 1)}, map->layout()));
  n20::RulesetChoice choice;
  choice.interpretations["retreat.friendly_vs_ezoc_priority"] = *rc::gen::element<std::string>("ezoc_first", "friends_first");
  auto rules = n20::make_rules(choice, testing::source_spec());
  // Three French units retreat in turn (or as many as there are), 1 or 2 hexes each, toward
  // each LOC in turn.
  std::vector<const Unit*> french;
  for (const Unit& u : state.units)
    if (u.side == "french") french.push_back(&u);
  RC_PRE(!french.empty());
  int refused = 0;
  for (int i = 0; i < 3; ++i) {
    const Unit& unit = **rc::gen::elementOf(french);
    const int n = *rc::gen::inRange(1, 3);
    Trace off(Trace::Off{}, rules->catalog());
    n20::RetreatOptions all, chosen;
    bool all_refused = false, chosen_refused = false;
    try {
      all = n20::retreat_paths(*rules, *map, state, unit, n, std::nullopt, off, 20'000);
    } catch (const LimitError&) {
      all_refused = true;
    }
    try {
      chosen = n20::retreat_choice(*n20::make_rules(choice, testing::source_spec()), *map, state, unit, n, std::nullopt, off);
    } catch (const LimitError&) {
      chosen_refused = true;
    }
    if (all.truncated) continue;
    refused += all_refused;
    RC_ASSERT(chosen_refused == all_refused);
    if (all_refused) continue;
    RC_ASSERT(written(chosen, chosen.paths.empty() ? nullptr : &chosen.paths.front()) ==
              written(all, stated_choice(all)));
  }
  RC_TAG(refused ? "some retreat refused at the bound" : "every retreat answered");
}

RC_GTEST_PROP(RetreatChoiceProps, SilentOddsEqualTracedOdds, ()) {
  HEXLAW_CITES("std:9.6.2", "std:9.6.5", "std:9.8", "std:9.8.3");
  gen::Position p = *gen::position(6, 6, 14);
  p.state.night = false;
  n20::RulesetChoice choice;
  choice.interpretations["retreat.priority_evaluation"] = *rc::gen::element<std::string>("fewest_ezoc", "whole_path", "per_step");
  choice.interpretations["retreat.friendly_vs_ezoc_priority"] = *rc::gen::element<std::string>("ezoc_first", "friends_first");
  choice.printing = *rc::gen::element<std::string>("", "jena", "v2.0", "leipzig");
  if (*rc::gen::arbitrary<bool>()) choice.options.insert("std:16.5");
  auto rules = n20::make_rules(choice, testing::source_spec());
  // The first unit attacks every enemy beside it (one placed if need be); some units are
  // elite, so modified rout dice are reached.
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
  n20::BattleDeclaration b{{a.id}, {}};
  for (Hex n : neighbours(a.hex))
    if (const Unit* d = p.state.unit_at(n); d && d->side == enemy) b.defenders.push_back(d->id);
  n20::ResolutionPolicy policy;
  policy.group_battle_die = *rc::gen::arbitrary<bool>();
  std::vector<Weighted<n20::BattleOutcome>> silent, traced;
  Trace off(Trace::Off{}, rules->catalog()), full(rules->catalog());
  try {
    silent = n20::battle_odds(*rules, *p.map, p.state, b, policy, off);
    traced = n20::battle_odds(*rules, *p.map, p.state, b, policy, full);
  } catch (const std::invalid_argument&) {
    RC_DISCARD("a terrain value no ruling supplies");
  } catch (const LimitError&) {
    // A generated battle whose tree is past the enumeration limits (kMaxChanceNodes,
    // kMaxEnumeratedRolls) is refused by name, as a case asking it would be: nothing to compare.
    RC_DISCARD("the battle's enumeration is past its work limit");
  }
  RC_ASSERT(silent.size() == traced.size());
  for (std::size_t i = 0; i < silent.size(); ++i) {
    RC_ASSERT(n20::same_without_dice(silent[i].outcome, traced[i].outcome));
    RC_ASSERT(silent[i].outcome.after == traced[i].outcome.after);
    RC_ASSERT(silent[i].probability == traced[i].probability);
    RC_ASSERT(silent[i].sequences == traced[i].sequences);
  }
}

}  // namespace
}  // namespace hexlaw
