// Owns: examples of the rout goal the Jemmapes scenario gives each side (jemmapes:9.1.3,
// engine/jemmapes/movement.h scenario_rout_goal), asked at the C++ API: the questions and the
// played game check the side and the Mons hexes before they ask, so only a direct caller meets
// the sides and maps the scenario gives no goal.
#include <gtest/gtest.h>

#include "engine/jemmapes/movement.h"
#include "tests/support/test_support.h"

namespace hexlaw {
namespace {

// The French flee toward the southern edge; the Austrians toward the Mons hexes the map names;
// an Austrian on a map naming no Mons, or any other side, has no goal from 9.1.3 and gets none,
// rather than a goal with no hexes (mutation 400639824e, jemmapes/movement.cc).
TEST(JemmapesRout, jemmapes_9_1_3_TheScenarioGoalIsTheSouthEdgeOrMonsAndNoOther) {
  HEXLAW_CITES("jemmapes:9.1.3");
  Trace t(Trace::Off{}, testing::source_spec()->catalog);
  Map m;
  m.set_default_terrain("clear");
  const auto french = jemmapes::scenario_rout_goal(m, "french", t);
  ASSERT_TRUE(french.has_value());
  EXPECT_EQ(french->edge, 's');
  EXPECT_TRUE(french->hexes.empty());
  EXPECT_FALSE(jemmapes::scenario_rout_goal(m, "austrian", t).has_value()) << "no Mons on the map";
  m.add_place_hex("mons", m.hex("1203"));
  m.add_place_hex("mons", m.hex("1204"));
  const auto austrian = jemmapes::scenario_rout_goal(m, "austrian", t);
  ASSERT_TRUE(austrian.has_value());
  EXPECT_EQ(austrian->hexes, (std::vector<Hex>{m.hex("1203"), m.hex("1204")}));
  EXPECT_FALSE(jemmapes::scenario_rout_goal(m, "prussian", t).has_value()) << "9.1.3 names two sides";
}

}  // namespace
}  // namespace hexlaw
