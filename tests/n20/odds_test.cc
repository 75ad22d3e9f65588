// Owns: cross-checking exact battle odds (enumerated dice) against a fixed-seed Monte Carlo
// run of the same engine code, as Wesnoth checks its attack predictor.
#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "engine/n20/battle_odds.h"
#include "engine/n20/resolution.h"
#include "tests/support/test_support.h"

namespace hexlaw {
namespace {

TEST(Odds, ExactOddsAgreeWithAFixedSeedMonteCarloRun) {
  HEXLAW_CITES("std:9.0", "std:9.6.5", "std:9.8.3");
  // Two French units against a Prussian unit whose retreat hexes lie partly in a French ZOC,
  // so outcomes depend on the battle die, the rout die and hazard dice.
  CaseFile c = testing::inline_case(R"(
game: jena
map: {bounds: {cols: [1, 12], rows: [1, 14]}, locs: {prussian: ["0512"]}}
units:
  - {id: A1, side: french, type: infantry, strength: 3, movement: 2, hex: "0505"}
  - {id: A2, side: french, type: infantry, strength: 2, movement: 2, hex: "0406"}
  - {id: F, side: french, type: infantry, strength: 1, movement: 2, hex: "0608"}
  - {id: D, side: prussian, type: infantry, strength: 3, movement: 2, hex: "0506"}
state: {morale: {french: 6, prussian: 6}}
question: {kind: distance, hexes: ["0101", "0101"]}
)");
  auto rules = n20::make_rules(c.ruleset, testing::source_spec());
  n20::BattleDeclaration b{{"A1", "A2"}, {"D"}};
  auto key = [](const n20::BattleOutcome& o) {
    std::string k = n20::to_string(o.applied);
    for (const auto& f : o.fates) k += "|" + f.unit + ":" + n20::to_string(f.fate) + ":" + std::to_string(f.distance);
    return k;
  };
  std::function<n20::BattleOutcome(DiceSource&)> play = [&](DiceSource& dice) {
    Trace t(Trace::Off{}, testing::source_spec()->catalog);
    return n20::resolve_battle(*rules, *c.map, c.state, b, n20::ResolutionPolicy{}, dice, t);
  };
  auto exact = enumerate_outcomes<n20::BattleOutcome>(play, key);
  Fraction total(0);
  for (const auto& w : exact) total += w.probability;
  ASSERT_EQ(total, Fraction(1));
  ASSERT_GT(exact.size(), 8u);  // the dice really branch

  // Step B. The same battle played 40,000 times with seeded dice.
  const int runs = 40000;
  std::map<std::string, int> seen;
  SeededDice dice(20261129);
  for (int i = 0; i < runs; ++i) ++seen[key(play(dice))];
  // Step C. Every observed outcome is a predicted one, and frequencies sit within 4.5
  // standard deviations of the exact probability (a fixed seed, so this never flakes).
  for (const auto& [k, n] : seen) {
    auto it = std::find_if(exact.begin(), exact.end(), [&](const auto& w) { return key(w.outcome) == k; });
    ASSERT_NE(it, exact.end()) << "Monte Carlo saw an outcome enumeration never predicted: " << k;
  }
  for (const auto& w : exact) {
    const double p = w.probability.to_double();
    const double observed = static_cast<double>(seen[key(w.outcome)]) / runs;
    const double sigma = std::sqrt(p * (1 - p) / runs);
    EXPECT_NEAR(observed, p, 4.5 * sigma + 1e-9) << key(w.outcome) << " exact " << w.probability.to_string();
  }
}

// Exact odds branch once per distinct effect of a roll, not once per face: the Unreliable
// Troops roll (leipzig:16.8) with the French Morale below the Front has three effects (a 1
// deserts, a 2 wavers, 3-6 nothing), so its odds are three lines reached by three dice
// sequences, the four quiet faces counted as one. Six sequences would mean each face was
// played out on its own: the same odds, six times the work for every roll of a large battle.
TEST(Odds, leipzig_16_8_ThePreBattleRollBranchesOncePerEffect) {
  HEXLAW_CITES("leipzig:16.8");
  CaseFile c = testing::inline_case(R"(
game: leipzig
options: ["leipzig:16.8"]
units:
  - {id: XI, side: french, nationality: french, type: infantry, strength: 3, movement: 2, flags: [unreliable], hex: "0505"}
  - {id: C, side: french, nationality: french, type: cadre, strength: 1, movement: 2, status: broken}
  - {id: A, side: allied, army: B, type: infantry, strength: 4, movement: 2, hex: "0506"}
state: {morale: {french: 4, allied-south: 6}}
question: {kind: distance, hexes: ["0101", "0101"]}
)");
  auto rules = n20::make_rules(c.ruleset, testing::source_spec());
  n20::ResolutionPolicy policy;
  policy.group_battle_die = true;
  policy.stop_before_battle_die = true;
  Trace t(Trace::Off{}, testing::source_spec()->catalog);
  const auto odds = n20::battle_odds(*rules, *c.map, c.state, n20::BattleDeclaration{{"A"}, {"XI"}}, policy, t);
  ASSERT_EQ(odds.size(), 3u);
  std::uint64_t sequences = 0;
  Fraction total(0);
  for (const auto& w : odds) sequences += w.sequences, total += w.probability;
  EXPECT_EQ(total, Fraction(1));
  EXPECT_EQ(sequences, 3u) << "the roll's faces were not grouped by effect";
}

}  // namespace
}  // namespace hexlaw
