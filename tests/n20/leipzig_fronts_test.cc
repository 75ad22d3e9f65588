// Owns: examples of Leipzig's Fronts at the game's boundaries (leipzig:12.7): a General Retreat
// ends when its marker's turn comes, the Front back on the track at 1 and Demoralized, or at 0
// under the other reading of leipzig.general_retreat_return_value, standing there until it
// rises; the French ZOC
// restriction opens with the next French Player Turn and closes with it.
#include <gtest/gtest.h>

#include <set>

#include "engine/n20/rules.h"
#include "tests/support/test_support.h"

namespace hexlaw::n20 {
namespace {

std::unique_ptr<N20Rules> leipzig(std::map<std::string, std::string> readings = {}) {
  return make_rules(RulesetChoice{.game = "leipzig", .interpretations = std::move(readings)}, testing::source_spec());
}

GameState collapsed(int turn) {
  GameState s;
  s.turn = turn;
  s.phasing = Symbol("allied");
  s.morale[Symbol("french")] = 5;
  s.morale[Symbol("allied-north")] = 1;
  s.morale[Symbol("allied-south")] = 6;
  Unit u;
  u.id = Symbol("S1");
  u.side = Symbol("allied");
  u.army = Symbol("S");
  u.type = UnitType::Infantry;
  u.strength = 2;
  u.movement = 3;
  u.status = UnitStatus::OnMap;
  u.hex = Hex{2, 2};
  s.units.push_back(u);
  s.morale[Symbol("allied-north")] = 0;
  return s;
}

// leipzig:12.7 — the collapse's steps, the owed retreat of the printed allowance, and the return.
TEST(LeipzigFronts, leipzig_12_7_GeneralRetreatRunsItsCourse) {
  auto rules = leipzig();
  GameState s = collapsed(10);
  Trace t(Trace::IdsOnly{}, rules->catalog());
  ASSERT_EQ(rules->morale_collapse(Symbol("allied-north"), s, t), N20Rules::Collapse::GeneralRetreat);
  EXPECT_EQ(s.morale.at(Symbol("french")), 6);
  EXPECT_TRUE(s.has_marker(Symbol("demoralized-allied-north")));
  EXPECT_TRUE(s.has_marker(Symbol("general-retreat-until-allied-north-16")));
  const auto owed = rules->owed_retreats(s, t);
  ASSERT_EQ(owed.size(), 1u);
  EXPECT_EQ(owed[0].hexes, 3);
  rules->owed_retreats_done(s, t);
  EXPECT_TRUE(rules->owed_retreats(s, t).empty());
  EXPECT_TRUE(rules->morale_frozen(Symbol("allied-north"), s, t));
  // Again at 0 while in General Retreat: nothing more happens.
  EXPECT_EQ(rules->morale_collapse(Symbol("allied-north"), s, t), N20Rules::Collapse::Frozen);
  SeededDice dice(1);
  s.turn = 15;
  rules->at_phase_start(Phase::RandomEvents, s, dice, t);
  EXPECT_EQ(s.morale.at(Symbol("allied-north")), 0);
  s.turn = 16;
  rules->at_phase_start(Phase::RandomEvents, s, dice, t);
  EXPECT_EQ(s.morale.at(Symbol("allied-north")), 1);
  EXPECT_FALSE(rules->morale_frozen(Symbol("allied-north"), s, t));
  EXPECT_TRUE(s.has_marker(Symbol("demoralized-allied-north")));
  // leipzig:12.7.4 — back at 0 a second time: Shattered.
  s.morale[Symbol("allied-north")] = 0;
  EXPECT_EQ(rules->morale_collapse(Symbol("allied-north"), s, t), N20Rules::Collapse::Defeat);
  EXPECT_TRUE(s.has_marker(Symbol("shattered-allied-north")));
}

// leipzig:12.7 — an army-less Allied Cadre created from a unit of the collapsing Front (its
// origin recorded, leipzig.cadre_front = origin) retreats with that Front; one from the other
// Front does not, and under the battle reading an army-less Cadre owes no General Retreat.
TEST(LeipzigFronts, leipzig_12_7_ACadreRetreatsWithTheFrontOfItsOrigin) {
  for (const bool battle : {false, true}) {
    auto rules = battle ? leipzig({{"leipzig.cadre_front", "battle"}}) : leipzig();
    GameState s = collapsed(10);
    Trace t(Trace::IdsOnly{}, rules->catalog());
    for (const auto& [id, origin] : {std::pair{"C-north", "S"}, std::pair{"C-south", "B"}}) {
      Unit c = s.units[0];
      c.id = Symbol(id);
      c.army = Symbol();
      c.type = UnitType::Cadre;
      c.strength = 1;
      c.movement = 4;
      c.hex = Hex{5, static_cast<int>(s.units.size()) + 3};
      s.units.push_back(c);
      s.set_marker(Symbol("cadre-army:" + std::string(id) + "=" + origin), true);
    }
    ASSERT_EQ(rules->morale_collapse(Symbol("allied-north"), s, t), N20Rules::Collapse::GeneralRetreat);
    std::set<std::string> owing;
    for (const auto& o : rules->owed_retreats(s, t)) owing.insert(std::string(o.unit.view()));
    if (battle)
      EXPECT_EQ(owing, (std::set<std::string>{"S1"}));
    else
      EXPECT_EQ(owing, (std::set<std::string>{"S1", "C-north"}));
  }
}

// leipzig:12.7 — the French ZOC restriction opens with the next French Player Turn and ends with it.
TEST(LeipzigFronts, leipzig_12_7_ZocRestrictionLastsOneFrenchPlayerTurn) {
  auto rules = leipzig();
  GameState s = collapsed(10);
  Trace t(Trace::IdsOnly{}, rules->catalog());
  rules->morale_collapse(Symbol("allied-north"), s, t);
  SeededDice dice(1);
  EXPECT_FALSE(s.has_marker(Symbol("general-retreat-zoc-allied-north")));
  s.phasing = Symbol("french");
  rules->at_phase_start(Phase::RandomEvents, s, dice, t);
  EXPECT_TRUE(s.has_marker(Symbol("general-retreat-zoc-allied-north")));
  rules->at_player_turn_end("french", s, dice, t);
  EXPECT_FALSE(s.has_marker(Symbol("general-retreat-zoc-allied-north")));
}

// leipzig:12.7 — under leipzig.general_retreat_return_value = 0 the Front comes back at 0; standing
// there decides nothing until it has risen above 0 (a collapse check leaves it alone, the
// invariant hook says its 0 stands); once risen, falling back to 0 Shatters it (leipzig:12.7.4).
TEST(LeipzigFronts, leipzig_12_7_ReturnAtZeroStandsUntilItRises) {
  auto rules = leipzig({{"leipzig.general_retreat_return_value", "0"}});
  GameState s = collapsed(10);
  Trace t(Trace::IdsOnly{}, rules->catalog());
  ASSERT_EQ(rules->morale_collapse(Symbol("allied-north"), s, t), N20Rules::Collapse::GeneralRetreat);
  rules->owed_retreats_done(s, t);
  SeededDice dice(1);
  s.turn = 16;
  rules->at_phase_start(Phase::RandomEvents, s, dice, t);
  EXPECT_EQ(s.morale.at(Symbol("allied-north")), 0);
  EXPECT_TRUE(s.has_marker(Symbol("general-retreat-returned-allied-north")));
  EXPECT_FALSE(rules->morale_frozen(Symbol("allied-north"), s, t));  // its gains count
  EXPECT_TRUE(rules->morale_zero_stands(Symbol("allied-north"), s));
  EXPECT_EQ(rules->morale_collapse(Symbol("allied-north"), s, t), N20Rules::Collapse::Frozen);
  EXPECT_FALSE(s.has_marker(Symbol("shattered-allied-north")));
  // It rises (a night's rest, say): the next boundary clears the mark; 0 again Shatters it.
  s.morale[Symbol("allied-north")] = 1;
  rules->at_phase_start(Phase::Movement, s, dice, t);
  EXPECT_FALSE(s.has_marker(Symbol("general-retreat-returned-allied-north")));
  EXPECT_FALSE(rules->morale_zero_stands(Symbol("allied-north"), s));
  s.morale[Symbol("allied-north")] = 0;
  EXPECT_EQ(rules->morale_collapse(Symbol("allied-north"), s, t), N20Rules::Collapse::Defeat);
  EXPECT_TRUE(s.has_marker(Symbol("shattered-allied-north")));
  // Both readings are known: neither is refused.
  EXPECT_NO_THROW(leipzig({{"leipzig.general_retreat_return_value", "1"}}));
}

// leipzig:14.0: at the Allied night each Allied Front is judged for its rest, and only the
// Fronts: the French track, rested at the French night, is never judged as a Front (the answer's
// morale is the same either way, so the explanation is what shows it).
TEST(LeipzigFronts, leipzig_14_0_AnAlliedNightJudgesEachFrontAndNeverTheFrenchTrack) {
  HEXLAW_CITES("leipzig:14.0");
  const auto reasons = testing::reasons_cited("cases/leipzig/14.0/allied-fronts-rest-on-their-conditions.yaml", "leipzig:14.0");
  EXPECT_TRUE(testing::some_reason_says(reasons, {"allied-north Front does not rest", "none of its units is on the map"}));
  EXPECT_TRUE(testing::some_reason_says(reasons, {"allied-south Front rests: +1"}));
  EXPECT_FALSE(testing::some_reason_says(reasons, {"french Front"}));
  EXPECT_EQ(reasons.size(), 3u);
}

}  // namespace
}  // namespace hexlaw::n20
