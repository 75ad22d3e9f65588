// Owns: example tests of Jena-layer games played whole (generated scenarios with game: jena):
// the layer's procedures at the turn's boundaries (the French First Player and their skipped
// first draw, I Corps' arrival die, Sudden Death) show in the record, a game can end by Sudden
// Death, and a seeded game replays exactly from its log.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/play/game.h"
#include "engine/play/generated.h"
#include "engine/play/invariants.h"
#include "tests/support/test_support.h"

namespace hexlaw::play {
namespace {

// A generated Jena scenario's spec on a 14 x 10 map.
GeneratedScenarioSpec jena_spec(int units_per_side, int last_turn, std::uint64_t seed) {
  GeneratedScenarioSpec spec;
  spec.game = "jena";
  spec.units_per_side = units_per_side;
  spec.cols = 14;
  spec.rows = 10;
  spec.last_turn = last_turn;
  spec.seed = seed;
  return spec;
}

std::shared_ptr<const Scenario> jena_scenario(std::uint64_t seed) {
  return generated_scenario(testing::source_spec(), jena_spec(8, 12, seed));
}

Game played(std::uint64_t seed) {
  Game g(jena_scenario(seed), seed);
  RandomPolicy p(seed + 100);
  play(g, p);
  return g;
}

bool game_cites(const Game& g, const char* rule) {
  const auto applied = g.rules_applied();
  return std::find(applied.begin(), applied.end(), rule) != applied.end();
}

TEST(JenaGame, jena_4_0_and_5_0_TheFrenchOpenTheGameWithoutADraw) {
  HEXLAW_CITES("jena:4.0", "jena:5.0");
  const Game g = played(3);
  EXPECT_TRUE(game_cites(g, "jena:4.0"));
  EXPECT_TRUE(game_cites(g, "jena:5.0"));
  EXPECT_EQ(g.scenario().calendar.first, "french");
}

TEST(JenaGame, jena_4_1_SomeSeededGamesEndBySuddenDeathAndReplayExactly) {
  HEXLAW_CITES("jena:4.1", "jena:3.1");
  int sudden = 0, rolled_for_the_corps = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const Game g = played(seed);
    ASSERT_TRUE(g.over());
    EXPECT_TRUE(invariant_violations(g).empty()) << "seed " << seed;
    if (game_cites(g, "jena:3.1")) ++rolled_for_the_corps;
    if (g.state().has_marker(n20::N20Rules::kGameEndsMarker)) {
      ++sudden;
      EXPECT_GE(g.position().turn, 10);
      EXPECT_LE(g.position().turn, 12);
      EXPECT_NE(g.result().level, "none");
      EXPECT_TRUE(game_cites(g, "jena:4.1"));
    }
    const Game again = replay(g.scenario_ptr(), g.log());
    EXPECT_EQ(again.state(), g.state()) << "seed " << seed;
    EXPECT_EQ(again.record(), g.record()) << "seed " << seed;
  }
  EXPECT_GT(sudden, 0) << "no seed between 1 and 40 ended by Sudden Death";
  EXPECT_GT(rolled_for_the_corps, 0);
}

TEST(JenaGame, jena_4_1_AGameWithoutTheNumbersIsRefusedAtTurnTen) {
  HEXLAW_CITES("jena:4.1");
  std::string yaml = generated_scenario_yaml(jena_spec(3, 12, 9));
  const auto at = yaml.find(", markers: [");
  ASSERT_NE(at, std::string::npos);
  yaml.erase(at, yaml.find(']', at) + 1 - at);
  Game g(parse_scenario_text(testing::source_spec(), yaml, "no-numbers"), 9);
  // Cautious play (the first choice each time) reaches Turn 10 unless a side's morale gives out.
  bool refused = false;
  try {
    while (!g.over()) g.choose(std::size_t{0});
  } catch (const RuleRefusal& r) {
    EXPECT_EQ(r.rule(), "jena:4.1");
    refused = true;
  }
  EXPECT_TRUE(refused) << "the game ended on turn " << g.position().turn << " with no refusal";
}

// jena:3.1, jena:3.2: the set-aside units come only by their event. A scenario to play that
// has one due by schedule within its calendar (here Turn 13 of 13, which a generated scenario
// once did, so the Bavarians marched on with no card) is refused, naming the unit's field; one
// that carries it after the last turn is accepted.
TEST(JenaGame, jena_3_1_ASetAsideUnitDueWithinTheCalendarIsRefusedNamingTheField) {
  HEXLAW_CITES("jena:3.1", "jena:3.2");
  const std::string yaml = generated_scenario_yaml(jena_spec(3, 13, 9));
  ASSERT_NE(yaml.find("id: Bav, side: french, type: infantry, strength: 2, movement: 2, status: pending, arrival_turn: 14"),
            std::string::npos);
  EXPECT_NO_THROW(parse_scenario_text(testing::source_spec(), yaml, "after.yaml"));
  for (const auto& [id, rule] : {std::pair{"Bav", "jena:3.1"}, std::pair{"SW - CB", "jena:3.2"}}) {
    std::string due = yaml;
    const auto unit = due.find(std::string("id: ") + id + ", ");
    const auto at = due.find("arrival_turn: 14", unit);
    ASSERT_NE(at, std::string::npos);
    due.replace(at, 16, "arrival_turn: 13");
    try {
      parse_scenario_text(testing::source_spec(), due, "due.yaml");
      ADD_FAILURE() << id << " due on the last turn was accepted";
    } catch (const CaseError& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("due.yaml"), std::string::npos) << what;
      EXPECT_NE(what.find("arrival_turn"), std::string::npos) << what;
      EXPECT_NE(what.find(rule), std::string::npos) << what;
      EXPECT_NE(what.find(std::string(id) + " is set aside"), std::string::npos) << what;
    }
  }
}

}  // namespace
}  // namespace hexlaw::play
