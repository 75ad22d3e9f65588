// Owns: properties of Leipzig's Leaders (leipzig:16.12) and Fatigue's advance (leipzig:16.11) on
// a small open board: a Leader never adds strength, the Command Span takes exactly one point
// off the differential when no attacker is within a friendly Leader's span and none otherwise,
// and a Leader listed in a resolved battle is never moved or broken by its result.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "engine/n20/battle.h"
#include "engine/n20/resolution.h"
#include "properties/board_generators.h"
#include "tests/support/test_support.h"

namespace hexlaw {
namespace {

// An attacker A (French) next to a defender D (Allied, army S) on an open map, and a French
// Leader L at a chosen column offset from A, with a chosen span (cavalry span too, Murat-like).
struct LeaderBoard {
  Map map{ColumnLayout::OddColumnsLow};
  GameState state;
  std::unique_ptr<n20::N20Rules> rules;
  LeaderBoard(bool option, int attack, int defend, int offset, int span, bool cavalry) {
    n20::RulesetChoice choice;
    choice.game = "leipzig";
    if (option) choice.options.insert("leipzig:16.12");
    rules = n20::make_rules(choice, testing::source_spec());
    map.set_bounds(MapBounds{1, 30, 1, 30});
    Unit a, d, l;
    a.id = "A", a.side = "french", a.type = cavalry ? UnitType::Cavalry : UnitType::Infantry;
    a.strength = static_cast<std::int16_t>(attack), a.movement = 3;
    a.hex = to_axial({15, 14}, map.layout());
    d = a;
    d.id = "D", d.side = "allied", d.army = "S", d.type = UnitType::Infantry, d.strength = static_cast<std::int16_t>(defend);
    d.hex = to_axial({15, 15}, map.layout());
    l = a;
    l.id = "L", l.type = UnitType::Leader, l.strength = 3, l.movement = 4;
    l.hex = to_axial({15, 14 - offset}, map.layout());  // `offset` hexes up the column from A
    l.command_span = static_cast<std::int8_t>(span);
    l.cavalry_command_span = static_cast<std::int8_t>(span + 1);
    state.units = {a, d, l};
    state.morale = {{"french", 5}, {"allied-north", 5}, {"allied-south", 5}};
  }
};

// A Leader listed among the attackers changes no total; with the Leader rule the differential
// is the strengths' difference less 1 exactly when A lies beyond L's span for its type (the
// cavalry span for cavalry), and the answer cites leipzig:16.12.
RC_GTEST_PROP(LeipzigLeaderProps, ALeaderNeverAddsStrengthAndTheSpanTakesOnePoint, ()) {
  HEXLAW_CITES("leipzig:16.12");
  const bool option = *rc::gen::arbitrary<bool>();
  const int attack = *rc::gen::inRange(1, 9), defend = *rc::gen::inRange(1, 9);
  const int offset = *rc::gen::inRange(0, 5), span = *rc::gen::inRange(0, 4);
  const bool cavalry = *rc::gen::arbitrary<bool>();
  LeaderBoard b(option, attack, defend, offset, span, cavalry);
  Trace t(Trace::IdsOnly{}, testing::source_spec()->catalog);
  const n20::BattleTotals without = n20::battle_totals(*b.rules, b.map, b.state, {{"A"}, {"D"}}, t);
  const n20::BattleTotals with = n20::battle_totals(*b.rules, b.map, b.state, {{"A", "L"}, {"D"}}, t);
  RC_ASSERT(without.attack_total == attack);
  RC_ASSERT(with.attack_total == attack);
  RC_ASSERT(with.differential == without.differential);
  const int reach = cavalry ? span + 1 : span;
  const int expected = attack - defend - (option && offset > reach ? 1 : 0);
  RC_ASSERT(without.differential == expected);
  RC_ASSERT(without.command == (option && offset > reach ? -1 : 0));
  if (option) RC_ASSERT(t.cites("leipzig:16.12"));
}

// A Leader listed in a battle stays in its hex on the map whatever the die gives.
RC_GTEST_PROP(LeipzigLeaderProps, ALeaderIsNeverMovedOrBrokenByAResult, ()) {
  HEXLAW_CITES("leipzig:16.12");
  const int attack = *rc::gen::inRange(1, 9), defend = *rc::gen::inRange(1, 9);
  const int die = *rc::gen::inRange(1, 7), rout = *rc::gen::inRange(1, 7);
  LeaderBoard b(true, attack, defend, 0, 1, false);
  ScriptedDice dice({die, rout, 1, 1, 1, 1});
  Trace t(Trace::Off{}, testing::source_spec()->catalog);
  const n20::BattleOutcome o =
      n20::resolve_battle(*b.rules, b.map, b.state, {{"A", "L"}, {"D"}}, n20::ResolutionPolicy{}, dice, t);
  const Unit* l = o.after.unit(Symbol("L"));
  RC_ASSERT(l != nullptr);
  RC_ASSERT(l->on_map());
  RC_ASSERT(l->hex == b.state.unit(Symbol("L"))->hex);
  for (const auto& f : o.fates)
    if (f.unit == "L") RC_ASSERT(f.fate == n20::Fate::Stays);
}

}  // namespace
}  // namespace hexlaw
