// Owns: the law that the position index's enemy-ZOC answer, which the movement, reaction and
// retreat searches read, is the direct rule's (exerts_zoc_into over every unit next to the hex),
// on generated positions with stacks in every order: Leipzig Leaders, which have no ZOC
// (leipzig:16.12), listed before or after the corps they stand with, and pairs of friends. And
// that the index's occupant of a hex is the first unit the position lists there, as the state's.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>

#include "engine/n20/position_index.h"
#include "engine/n20/zoc.h"
#include "properties/board_generators.h"
#include "tests/support/test_support.h"

namespace hexlaw {
namespace {

RC_GTEST_PROP(ZocIndexProps, TheIndexsEnemyZocIsTheDirectRulesOnStackedHexes, ()) {
  HEXLAW_CITES("std:7.0", "leipzig:16.12");
  gen::Position p = *gen::position(7, 7, 12);
  n20::RulesetChoice choice;
  choice.game = "leipzig";
  choice.options.insert("leipzig:16.12");
  auto rules = n20::make_rules(choice, testing::source_spec());
  // Leipzig's sides; each Allied unit in army S.
  for (Unit& u : p.state.units)
    if (u.side == "prussian") u.side = "allied", u.army = "S";
  // Stack a Leader or a friend on some units, each put before or after them in the list.
  UnitTable units;
  int extra = 0;
  for (const Unit& u : p.state.units) {
    const int roll = *rc::gen::inRange(0, 6);
    if (roll >= 3) {
      units.push_back(u);
      continue;
    }
    Unit s = u;
    s.id = "X" + std::to_string(extra++);
    if (roll < 2) {
      s.type = UnitType::Leader, s.strength = 2, s.movement = 4, s.command_span = 1;
    } else {
      s.type = UnitType::Infantry;
    }
    if (*rc::gen::arbitrary<bool>()) units.push_back(s), units.push_back(u);
    else units.push_back(u), units.push_back(s);
  }
  p.state.units = std::move(units);
  RC_TAG(extra > 0 ? "stacks" : "no stack");
  const n20::PositionIndex index(*rules, *p.map, p.state);
  Trace off(Trace::Off{}, rules->catalog());
  for (int c = 1; c <= 7; ++c)
    for (int r = 1; r <= 7; ++r) {
      const Hex h = to_axial({c, r}, p.map->layout());
      RC_ASSERT(index.occupant(h) == p.state.unit_at(h));
      for (const char* side : {"french", "allied"}) {
        bool direct = false;
        for (const Unit& e : p.state.units)
          if (e.on_map() && e.side != side && distance(e.hex, h) == 1 &&
              n20::exerts_zoc_into(*rules, *p.map, p.state, e, h, off))
            direct = true;
        RC_ASSERT(index.enemy_zoc(Symbol(side), h) == direct);
      }
    }
}

}  // namespace
}  // namespace hexlaw
