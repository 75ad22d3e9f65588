// Owns: example tests of Leipzig's Unreliable Troops through the C++ API (LeipzigRules::desert,
// engine/n20/games/leipzig_unreliable.cc): what a desertion asked of a state that cannot hold it
// refuses, which the case-file reader never lets through (it names only units of the battle).
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "tests/support/test_support.h"

namespace hexlaw {
namespace {

// The message of the invalid_argument `f` throws, or "" when it throws none.
template <class F>
std::string refusal(F&& f) {
  try {
    f();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

// A desertion names a unit of the state and needs the French morale track it lowers: a unit
// not there, or a state without that track, is refused by name, never a crash or a silent 0.
TEST(LeipzigUnreliable, leipzig_16_8_ADesertionOfAMissingUnitOrTrackIsRefusedByName) {
  HEXLAW_CITES("leipzig:16.8");
  const testing::InlinePosition p(R"(
game: leipzig
options: ["leipzig:16.8"]
units:
  - {id: XI, side: french, nationality: french, type: infantry, strength: 3, movement: 2, flags: [unreliable], hex: "0505"}
state: {morale: {french: 4, allied-south: 6}})");
  Trace t(testing::source_spec()->catalog);
  GameState s = p.c.state;
  MoraleTracks change;
  EXPECT_EQ(refusal([&] { p.rules->desert(Symbol("GHOST"), s, change, t); }), "no unit with id 'GHOST'");
  GameState no_track = p.c.state;
  no_track.morale = {};
  EXPECT_EQ(refusal([&] { p.rules->desert(Symbol("XI"), no_track, change, t); }),
            "the state has no morale track 'french'");
  EXPECT_EQ(refusal([&] { p.rules->desert(Symbol("XI"), s, change, t); }), "");
  EXPECT_EQ(s.unit("XI")->status, UnitStatus::Eliminated);
  EXPECT_EQ(s.morale.find(Symbol("french"))->second, 3);
}

}  // namespace
}  // namespace hexlaw
