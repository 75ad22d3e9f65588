// Owns: examples of Leipzig army arrivals in played games (leipzig:11.8 to 11.8.3): generated
// Leipzig scenarios keep their Allied reinforcements in army groups; the Allies are offered the
// `army-arrival` decision as their Movement Phase opens, call Main Bodies in (their Front +1),
// send them by other areas, accelerate and detach; and every game replays exactly from its log.
#include <gtest/gtest.h>

#include "engine/play/game.h"
#include "engine/play/generated.h"
#include "tests/support/test_support.h"

namespace hexlaw::play {
namespace {

GeneratedScenarioSpec arrivals_spec(std::uint64_t seed) {
  GeneratedScenarioSpec s;
  s.game = "leipzig";
  s.units_per_side = 12;
  s.cols = 14;
  s.rows = 10;
  s.last_turn = 10;
  s.night_turns = {5};
  s.seed = seed;
  return s;
}

// leipzig:11.8 — random play makes every kind of arrival choice, and the games replay exactly.
TEST(LeipzigArrivalsGame, leipzig_11_8_ArrivalChoicesArePlayedAndReplayed) {
  HEXLAW_CITES("leipzig:11.8", "leipzig:11.8.1", "leipzig:11.8.3");
  std::set<ActionKind> kinds;
  int decisions = 0;
  for (std::uint64_t seed = 1; seed <= 16; ++seed) {
    const auto scenario = generated_scenario(testing::source_spec(), arrivals_spec(seed));
    Game g(scenario, seed);
    RandomPolicy p(seed * 13 + 3);
    for (int i = 0; i < 20000 && !g.over(); ++i) {
      const Decision& d = g.decision();
      const std::size_t k = p.choose(g, d);
      if (d.kind == DecisionKind::ArmyArrival) {
        ++decisions;
        EXPECT_EQ(d.side, "allied");
        EXPECT_EQ(d.choices.front(), "done");
        kinds.insert(d.actions[k].kind);
      }
      g.choose(k);
    }
    ASSERT_TRUE(g.over()) << "seed " << seed;
    const Game again = replay(scenario, g.log());
    EXPECT_EQ(again.state(), g.state()) << "seed " << seed;
    EXPECT_EQ(again.record(), g.record()) << "seed " << seed;
  }
  EXPECT_GT(decisions, 0);
  EXPECT_TRUE(kinds.count(ActionKind::CallArmy));
  EXPECT_TRUE(kinds.count(ActionKind::Done));
}

// leipzig:11.8.3 — a scripted game: the Main Body is called in and its units must enter before
// the Allied Movement Phase may end; the South Front gains 1.
TEST(LeipzigArrivalsGame, leipzig_11_8_3_CalledMainBodyEntersTogether) {
  HEXLAW_CITES("leipzig:11.8.3");
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const auto scenario = generated_scenario(testing::source_spec(), arrivals_spec(seed));
    Game g(scenario, seed);
    for (int i = 0; i < 20000 && !g.over(); ++i) {
      const Decision& d = g.decision();
      const auto call = std::find_if(d.actions.begin(), d.actions.end(), [](const Action& a) { return a.kind == ActionKind::CallArmy; });
      if (d.kind != DecisionKind::ArmyArrival || call == d.actions.end() || call->unit != Symbol("B")) {
        g.choose(std::size_t{0});
        continue;
      }
      const int south = g.state().morale.at(Symbol("allied-south"));
      g.choose(static_cast<std::size_t>(call - d.actions.begin()));
      EXPECT_EQ(g.state().morale.at(Symbol("allied-south")), std::min(10, south + 1));
      EXPECT_TRUE(g.state().has_marker(Symbol("army-loc-active:B")));
      // Done with arrivals, then every forced march declined: the first move-select may not end
      // while a B unit may still enter.
      while (g.decision().kind != DecisionKind::MoveSelect) g.choose(std::size_t{0});
      const Decision& m = g.decision();
      const bool any_b = std::any_of(m.actions.begin(), m.actions.end(), [&](const Action& a) {
        return a.kind == ActionKind::Enter && g.state().unit(a.unit)->army == Symbol("B");
      });
      if (any_b) {
        EXPECT_TRUE(std::none_of(m.actions.begin(), m.actions.end(), [](const Action& a) { return a.kind == ActionKind::End; }));
      }
      return;
    }
  }
  FAIL() << "no generated game offered Army B's call";
}

}  // namespace
}  // namespace hexlaw::play
