// Owns: examples of played Leipzig games with the optional Lindenau bridge demolition
// (leipzig:16.10): the French are offered the demolition as their Movement Phase ends, the
// Allies roll after their Movement Phase and after each of their battles, a blown bridge stays
// blown, and the log replays it exactly.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "engine/core/errors.h"
#include "engine/play/game.h"
#include "engine/play/generated.h"
#include "tests/support/test_support.h"

namespace hexlaw::play {
namespace {

GeneratedScenarioSpec bridge_spec(std::uint64_t seed) {
  GeneratedScenarioSpec s;
  s.game = "leipzig";
  s.units_per_side = 10;
  s.cols = 18;
  s.rows = 14;
  s.last_turn = 8;
  s.night_turns = {5};
  s.options = {"leipzig:16.10"};
  s.seed = seed;
  return s;
}

bool cites(const GameEvent& e, const char* rule) { return std::find(e.rules.begin(), e.rules.end(), rule) != e.rules.end(); }

// leipzig:16.10 — the French are offered the demolition at each French Movement Phase's end while
// the bridge stands, never the Allies; the Allied checks are made; the bridge once blown stays so.
TEST(LeipzigBridgeGame, leipzig_16_10_DemolitionOfferedRolledAndReplayed) {
  int offers = 0, declared = 0, checks = 0;
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    const auto scenario = generated_scenario(testing::source_spec(), bridge_spec(seed));
    Game g(scenario, seed);
    RandomPolicy p(seed * 11 + 3);
    bool blown = false;
    for (int i = 0; i < 200'000 && !g.over(); ++i) {
      const Decision& d = g.decision();
      if (d.kind == DecisionKind::MovementDeclaration) {
        ++offers;
        EXPECT_EQ(d.side, "french");
        EXPECT_EQ(d.rule, "leipzig:16.10");
        EXPECT_EQ(g.state().phase, Symbol("movement"));
        EXPECT_FALSE(g.state().has_marker(Symbol("lindenau-bridge-destroyed")));
      }
      g.choose(p.choose(g, d));
      const bool now = g.state().has_marker(Symbol("lindenau-bridge-destroyed"));
      EXPECT_TRUE(now || !blown) << "a blown bridge never stands again (seed " << seed << ")";
      blown = now;
    }
    ASSERT_TRUE(g.over()) << "seed " << seed;
    for (const auto& e : g.record()) {
      if (e.text == "french declares leipzig:16.10") ++declared;
      if (e.text == "after the battle" || e.text == "as the reaction phase opens") {
        if (cites(e, "leipzig:16.10")) ++checks;
      }
    }
    const Game again = replay(scenario, g.log());
    EXPECT_EQ(again.state(), g.state()) << "seed " << seed;
    EXPECT_EQ(again.record(), g.record()) << "seed " << seed;
  }
  EXPECT_GT(offers, 0);
  EXPECT_GT(declared, 0);
  EXPECT_GT(checks, 0);
}

// leipzig:16.10 (boundary) — without the option no demolition is offered and nothing is rolled.
TEST(LeipzigBridgeGame, leipzig_16_10_NothingWithoutTheOption) {
  auto spec = bridge_spec(2);
  spec.options.clear();
  const auto scenario = generated_scenario(testing::source_spec(), spec);
  Game g(scenario, 2);
  RandomPolicy p(9);
  for (int i = 0; i < 200'000 && !g.over(); ++i) {
    const Decision& d = g.decision();
    EXPECT_NE(d.kind, DecisionKind::MovementDeclaration);
    g.choose(p.choose(g, d));
  }
  for (const std::string& r : g.rules_applied()) EXPECT_NE(r, "leipzig:16.10");
}

// leipzig:16.10 (boundary) — a played game under the option needs the Leipzig hexes; a scenario
// without map.places.leipzig is refused as it loads, naming the field, not partway through play
// (found by ScenarioFuzzProps with the printed set-up's places line cut).
TEST(LeipzigBridgeGame, leipzig_16_10_ScenarioWithoutLeipzigHexesIsRefusedAtLoad) {
  std::ifstream in(testing::source_path("scenarios/leipzig-historical.yaml"));
  std::stringstream buf;
  buf << in.rdbuf();
  const std::string text = buf.str();
  const auto places = text.find("  places: {leipzig:");
  ASSERT_NE(places, std::string::npos);
  const std::string cut = text.substr(0, places) + text.substr(text.find('\n', places) + 1);
  EXPECT_NO_THROW(parse_scenario_text(testing::source_spec(), text, "whole"));
  try {
    parse_scenario_text(testing::source_spec(), cut, "cut");
    FAIL() << "loaded without the Leipzig hexes";
  } catch (const CaseError& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.find("cut"), 0u) << what;
    EXPECT_NE(what.find("map.places"), std::string::npos) << what;
    EXPECT_NE(what.find("leipzig:16.10"), std::string::npos) << what;
  }
  // Without the option the same map loads: nothing reads the Leipzig hexes.
  std::string no_option = cut;
  const auto opt = no_option.find(", \"leipzig:16.10\"");
  ASSERT_NE(opt, std::string::npos);
  no_option.erase(opt, std::string(", \"leipzig:16.10\"").size());
  EXPECT_NO_THROW(parse_scenario_text(testing::source_spec(), no_option, "no-option"));
}

}  // namespace
}  // namespace hexlaw::play
