// Owns: examples of whole Leipzig games with two Allied Fronts (leipzig:12.0, 12.7, 15.0):
// a generated Leipzig scenario plays to its end, its General Retreats are made, and the log
// replays it exactly.
#include <gtest/gtest.h>

#include "engine/play/game.h"
#include "engine/play/generated.h"
#include "tests/support/test_support.h"

namespace hexlaw::play {
namespace {

GeneratedScenarioSpec leipzig_spec(std::uint64_t seed) {
  GeneratedScenarioSpec s;
  s.game = "leipzig";
  s.units_per_side = 10;
  s.cols = 14;
  s.rows = 10;
  s.last_turn = 10;
  s.night_turns = {5};
  s.seed = seed;
  return s;
}

// leipzig:12.7 — played games with two Fronts reach General Retreats, end, and replay exactly.
TEST(LeipzigGame, leipzig_12_7_GamesWithTwoFrontsPlayToTheEndAndReplay) {
  int general_retreats = 0, fronts_checked = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const auto scenario = generated_scenario(testing::source_spec(), leipzig_spec(seed));
    ASSERT_EQ(scenario->initial.morale.size(), 3u);
    ASSERT_TRUE(scenario->initial.morale.count(Symbol("allied-north")));
    ASSERT_TRUE(scenario->initial.morale.count(Symbol("allied-south")));
    Game g(scenario, seed);
    RandomPolicy p(seed * 7 + 1);
    play(g, p);
    ASSERT_TRUE(g.over()) << "seed " << seed;
    EXPECT_EQ(g.result().rule, "leipzig:15.0");
    for (const auto& e : g.record())
      if (e.text.starts_with("a General Retreat: ")) {
        ++general_retreats;
        EXPECT_NE(std::find(e.rules.begin(), e.rules.end(), "leipzig:12.7"), e.rules.end());
      }
    for (const std::string& r : g.rules_applied()) fronts_checked += r == "leipzig:12.0";
    const Game again = replay(scenario, g.log());
    EXPECT_EQ(again.state(), g.state()) << "seed " << seed;
    EXPECT_EQ(again.record(), g.record()) << "seed " << seed;
    EXPECT_EQ(again.result().level, g.result().level);
  }
  EXPECT_GT(general_retreats, 0);
  EXPECT_GT(fronts_checked, 0);
}

// leipzig:12.3 — the Allies are offered a forced march army by army, each from its Front.
TEST(LeipzigGame, leipzig_12_3_ForcedMarchOfferedPerArmy) {
  auto spec = leipzig_spec(3);
  const auto scenario = generated_scenario(testing::source_spec(), spec);
  Game g(scenario, 3);
  std::set<std::string> armies;
  RandomPolicy p(5);
  for (int i = 0; i < 4000 && !g.over(); ++i) {
    const Decision& d = g.decision();
    if (d.kind == DecisionKind::ForcedMarch && d.side == "allied") armies.insert(d.unit);
    g.choose(p.choose(g, d));
  }
  EXPECT_GE(armies.size(), 2u);
  for (const auto& a : armies) EXPECT_TRUE(a == "N" || a == "S" || a == "B" || a == "P") << a;
}

// leipzig:16.11, leipzig:16.8 — games under Fatigue and Unreliable Troops play to their end and
// replay exactly: units gain fatigue in battle and lose it away from the enemy, and the
// Unreliable French roll before their battles.
TEST(LeipzigGame, leipzig_16_11_and_16_8_PlayedFatigueAndUnreliableTroops) {
  HEXLAW_CITES("leipzig:16.11", "leipzig:16.8");
  int rises = 0, recoveries = 0, unreliable_rolls = 0;
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    auto spec = leipzig_spec(seed);
    spec.options = {"leipzig:16.11", "leipzig:16.8"};
    const auto scenario = generated_scenario(testing::source_spec(), spec);
    Game g(scenario, seed);
    RandomPolicy p(seed * 11 + 5);
    play(g, p);
    ASSERT_TRUE(g.over()) << "seed " << seed;
    for (const auto& e : g.record()) {
      if (std::find(e.rules.begin(), e.rules.end(), "leipzig:16.11") != e.rules.end()) {
        rises += e.text.find(" attack ") != std::string::npos;
        recoveries += e.text.starts_with("as ");
      }
      if (std::find(e.rules.begin(), e.rules.end(), "leipzig:16.8") != e.rules.end()) ++unreliable_rolls;
    }
    const Game again = replay(scenario, g.log());
    EXPECT_EQ(again.state(), g.state()) << "seed " << seed;
    EXPECT_EQ(again.record(), g.record()) << "seed " << seed;
  }
  EXPECT_GT(rises, 0);
  EXPECT_GT(recoveries, 0);
  EXPECT_GT(unreliable_rolls, 0);
}

}  // namespace
}  // namespace hexlaw::play
