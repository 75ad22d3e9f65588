// Owns: example tests of the rally procedure's refusals of bad requests through the C++ API
// (engine/n20/rally.h), which the case-file reader never lets through: an unknown unit, units of
// two sides, a unit that is not broken.
#include "engine/n20/rally.h"

#include <gtest/gtest.h>

#include "tests/support/test_support.h"

namespace hexlaw {
namespace {

using Position = testing::InlinePosition;

TEST(Rally, RefusesUnknownMixedAndUnbrokenUnits) {
  HEXLAW_CITES("std:10.0");
  Position p(R"(
game: jena
state: {morale: {french: 5, prussian: 5}}
units:
  - {id: B, side: french, type: infantry, strength: 3, movement: 2, status: broken}
  - {id: PB, side: prussian, type: infantry, strength: 3, movement: 2, status: broken}
  - {id: F, side: french, type: infantry, strength: 3, movement: 2, hex: "0505"})");
  ScriptedDice dice({4, 4});
  Trace t(testing::source_spec()->catalog);
  for (const std::vector<std::string>& units : std::vector<std::vector<std::string>>{
           {"GHOST", "B"}, {"B", "GHOST"}, {"B", "PB"}, {"F"}, {}}) {
    n20::RallyRequest r;
    r.units = units;
    EXPECT_THROW(n20::rally(*p.rules, *p.c.map, p.c.state, r, dice, t), std::invalid_argument)
        << (units.empty() ? std::string("no unit") : units.front());
  }
  n20::RallyRequest ok;
  ok.units = {"B"};
  EXPECT_NO_THROW(n20::rally(*p.rules, *p.c.map, p.c.state, ok, dice, t));
}

}  // namespace
}  // namespace hexlaw
