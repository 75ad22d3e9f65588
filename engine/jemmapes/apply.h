// Owns: applying a Jemmapes combat result to the units that took part (jemmapes:6.3) and the
// advance after an assault (jemmapes:6.4): step losses (nP) and levels (nD), the head unit first
// and then the others in the order the question lists them (the owner's free choice, given as
// that order); one artillery step (*); the retreat of all (R); a level reaching rout retreats at
// once; levels against a unit already in rout become step losses; levels no unit can take are
// lost; the extra level of every unit that charged. The morale test (M) is named as pending: the
// source never gives its procedure.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/dice.h"
#include "engine/core/trace.h"
#include "engine/jemmapes/context.h"
#include "engine/jemmapes/results.h"

namespace hexlaw::jemmapes {

struct UnitAfter {
  const Unit* unit = nullptr;
  Level level = Level::GoodOrder;
  int cp = 0;
  int steps_lost = 0;
  int levels_taken = 0;
  bool destroyed = false, retreats = false;
};

struct SideAfter {
  std::vector<UnitAfter> units;
  std::string morale_test;  // the unit whose morale test is pending (M), or ""
  int levels_lost = 0;      // levels nobody could take
  bool vacated() const;     // every unit destroyed or retreating
};

// `units`: the head unit first, then the others in the owner's order; `chargers`: ids taking a
// level after the combat (5.3.2, 5.3.4, 6.2).
// `dice` rolls the morale test under jemmapes.morale_test.procedure = two_dice_against_morale
// (the tested unit's morale must then be given).
SideAfter apply_result(const Context& x, const CombatResult& r, const std::vector<const Unit*>& units,
                       const std::vector<std::string>& chargers, DiceSource& dice, Trace& t);
nlohmann::json to_json(const SideAfter& s);

// The advance after an assault (6.4): who must enter the vacated hex and who may follow.
nlohmann::json advance_after_assault(const Context& x, const SideAfter& attackers, const SideAfter& defenders,
                                     const std::vector<std::string>& chargers, Trace& t);

}  // namespace hexlaw::jemmapes
