// Owns: example tests of a battle resolved step by step (BattleResolution in
// engine/n20/resolution.h): it waits at each roll and at each owner's choice, resumes from
// there, and can be copied at a wait to follow another line; and the refusals of the battle
// totals it starts from (engine/n20/battle.h) when called directly.
#include <gtest/gtest.h>

#include "engine/n20/battle.h"
#include "engine/n20/resolution.h"
#include "tests/support/test_support.h"

namespace hexlaw {
namespace {

using n20::BattleResolution;
using Waiting = n20::BattleResolution::Waiting;

// An open 30 x 30 map with no LOCs: a defender that withdraws has several legal hexes.
struct Field {
  Map map{ColumnLayout::OddColumnsLow};
  GameState state;
  std::unique_ptr<n20::N20Rules> rules = n20::make_rules({}, testing::source_spec());
  Field() { map.set_bounds(MapBounds{1, 30, 1, 30}); }
  void add(const std::string& id, const std::string& side, int strength, Hex at) {
    Unit u;
    u.id = id, u.side = side, u.type = UnitType::Infantry, u.strength = strength, u.movement = 2;
    u.hex = at;
    state.units.push_back(u);
  }
};

// A at strength 4 attacks D at 3 (differential +1); the owners choose where the rules let them.
struct Duel : Field {
  n20::ResolutionPolicy owners;
  Duel() {
    const Hex d = to_axial({15, 15}, map.layout());
    add("A", "french", 4, neighbour(d, Direction::N));
    add("D", "prussian", 3, d);
    owners.pause_for_owners = true;
  }
};

TEST(BattleResolution, WaitsForTheOwnersRetreatPathAndTakesTheOneChosen) {
  HEXLAW_CITES("std:9.8", "std:9.6.6");
  Duel f;
  BattleResolution r(*f.rules, f.map, f.state, {{"A"}, {"D"}}, f.owners);
  Trace t(testing::source_spec()->catalog);
  ASSERT_EQ(r.run(t), Waiting::Roll);
  EXPECT_STREQ(r.roll_rule(), "std:9.0");
  EXPECT_EQ(r.roll_purpose(), "battle die");
  r.give_roll(3);  // differential +1, die 3: DW
  ASSERT_EQ(r.run(t), Waiting::RetreatChoice);
  EXPECT_EQ(r.choosing_unit(), Symbol("D"));
  const auto& paths = r.retreat_options().paths;
  ASSERT_GT(paths.size(), 1u);
  // Two copies at the wait follow two different choices.
  BattleResolution other = r;
  r.choose(0);
  other.choose(paths.size() - 1);
  ASSERT_EQ(r.run(t), Waiting::Done);
  ASSERT_EQ(other.run(t), Waiting::Done);
  EXPECT_EQ(r.outcome().applied, n20::CrtCode::DW);
  EXPECT_EQ(r.outcome().fates[1].ends, std::optional<Hex>(paths.front().steps.back().hex));
  EXPECT_EQ(other.outcome().fates[1].ends, std::optional<Hex>(paths.back().steps.back().hex));
  EXPECT_NE(r.outcome().after, other.outcome().after);
  EXPECT_TRUE(t.cites("std:9.8"));
}

// Whether the trace says the stated policy chose the path (std:9.8): with owners to choose, only
// when there was nothing to choose (one legal path, taken without a wait); never when the owner
// chose among several.
bool policy_took_path(const Trace& t) {
  for (const auto& c : t.entries())
    if (c.rule == "std:9.8" && c.reason.find("(stated policy)") != std::string::npos) return true;
  return false;
}

TEST(BattleResolution, WithOneLegalPathTheOwnersAreNotAskedAndTheTraceSaysWhoChose) {
  HEXLAW_CITES("std:9.8");
  {
    // One column of hexes: D, attacked from the north, can withdraw only south.
    Duel f;
    f.map.set_bounds(MapBounds{15, 15, 1, 30});
    BattleResolution r(*f.rules, f.map, f.state, {{"A"}, {"D"}}, f.owners);
    Trace t(testing::source_spec()->catalog);
    ASSERT_EQ(r.run(t), Waiting::Roll);
    r.give_roll(3);  // differential +1, die 3: DW
    ASSERT_EQ(r.run(t), Waiting::Done);
    const Hex d = to_axial({15, 15}, f.map.layout());
    EXPECT_EQ(r.outcome().fates[1].ends, std::optional<Hex>(neighbour(d, Direction::S)));
    EXPECT_TRUE(policy_took_path(t));
  }
  {
    Duel f;
    BattleResolution r(*f.rules, f.map, f.state, {{"A"}, {"D"}}, f.owners);
    Trace t(testing::source_spec()->catalog);
    ASSERT_EQ(r.run(t), Waiting::Roll);
    r.give_roll(3);
    ASSERT_EQ(r.run(t), Waiting::RetreatChoice);
    r.choose(0);
    ASSERT_EQ(r.run(t), Waiting::Done);
    EXPECT_FALSE(policy_took_path(t));
  }
}

TEST(BattleResolution, WaitsForTheAttackersChoiceOfUnitsToPayAnExchange) {
  HEXLAW_CITES("std:9.6.7");
  Field f;
  const Hex d = to_axial({15, 15}, f.map.layout());
  f.add("A1", "french", 2, neighbour(d, Direction::N));
  f.add("A2", "french", 2, neighbour(d, Direction::NE));
  f.add("A3", "french", 1, neighbour(d, Direction::NW));
  f.add("D", "prussian", 2, d);
  n20::ResolutionPolicy owners;
  owners.pause_for_owners = true;
  BattleResolution r(*f.rules, f.map, f.state, {{"A1", "A2", "A3"}, {"D"}}, owners);
  Trace t(testing::source_spec()->catalog);
  ASSERT_EQ(r.run(t), Waiting::Roll);
  r.give_roll(1);  // differential +3, die 1: EX
  ASSERT_EQ(r.run(t), Waiting::ExchangeChoice);
  EXPECT_EQ(r.exchange_sets(), (std::vector<std::vector<std::string>>{{"A1"}, {"A2"}}));
  EXPECT_THROW(r.choose(2), std::invalid_argument);
  r.choose(1);
  ASSERT_EQ(r.run(t), Waiting::Done);
  EXPECT_EQ(r.outcome().fates[0].fate, n20::Fate::Stays);
  EXPECT_EQ(r.outcome().fates[1].fate, n20::Fate::Broken);
  EXPECT_EQ(r.outcome().fates[3].fate, n20::Fate::Broken);
}

TEST(BattleResolution, RefusesAFaceOffTheDieAChoiceNotAwaitedAndOwnersInAOneShotResolution) {
  HEXLAW_CITES("std:9.0");
  Duel f;
  BattleResolution r(*f.rules, f.map, f.state, {{"A"}, {"D"}}, f.owners);
  Trace t(testing::source_spec()->catalog);
  ASSERT_EQ(r.run(t), Waiting::Roll);
  EXPECT_THROW(r.give_roll(7), std::invalid_argument);
  EXPECT_THROW(r.give_roll(0), std::invalid_argument);  // both ends of the die (mutation 1bbc047fa7 took a 0)
  // Not waiting for a choice: a caller's slip in the order of calls, said as such (std::logic_error
  // itself, not the std::invalid_argument that derives from it and would blame the choice).
  try {
    r.choose(0);
    ADD_FAILURE() << "a choice was taken while the battle waited for a roll";
  } catch (const std::invalid_argument& e) {
    ADD_FAILURE() << "refused as a bad choice: " << e.what();
  } catch (const std::logic_error& e) {
    EXPECT_STREQ(e.what(), "the battle is not waiting for an owner's choice");
  }
  r.give_roll(3);
  ASSERT_EQ(r.run(t), Waiting::RetreatChoice);
  EXPECT_THROW(r.give_roll(3), std::logic_error);
  // resolve_battle plays to the end in one call: a policy that waits for owners is refused.
  ScriptedDice dice({3});
  EXPECT_THROW(n20::resolve_battle(*f.rules, f.map, f.state, {{"A"}, {"D"}}, f.owners, dice, t), std::logic_error);
}

// The fate a resolution reports says whether the unit routed more hexes than its allowance
// (UnitFate::routed_too_far, jena:table.morale), judged by the reading in force: under
// morale.rout_length_basis = hexes_retreated, D routing 3 hexes with an allowance of 2 did; in
// a Fortified hex, taking the one-hex-fewer option (std:9.8.1) to retreat 2, it did not.
TEST(BattleResolution, jena_table_morale_TheFateSaysWhetherTheUnitRoutedTooFar) {
  HEXLAW_CITES("jena:table.morale", "std:9.6.5");
  for (const auto& [file, too_far] : std::vector<std::pair<std::string, bool>>{
           {"cases/switches/rout-length-hexes_retreated-too-far.yaml", true},
           {"cases/switches/rout-length-hexes_retreated.yaml", false}}) {
    const auto p = testing::InlinePosition::of_case_file(file);
    BattleResolution r(*p.rules, *p.c.map, p.c.state, {{"A"}, {"D"}}, {});
    Trace t(testing::source_spec()->catalog);
    ASSERT_EQ(r.run(t), Waiting::Roll) << file;
    r.give_roll(3);  // DR
    ASSERT_EQ(r.run(t), Waiting::Roll) << file;
    r.give_roll(3);  // the rout die: 3 hexes
    ASSERT_EQ(r.run(t), Waiting::Done) << file;
    ASSERT_EQ(r.outcome().fates.size(), 2u);
    EXPECT_EQ(r.outcome().fates[1].fate, n20::Fate::Routed) << file;
    EXPECT_EQ(r.outcome().fates[1].routed_too_far, too_far) << file;
  }
}

// std:9.0: an illegal battle ends at its totals. A, two hexes from D, cannot attack it: the
// resolution is done at once, having asked for no roll, with the battle illegal and nothing
// else decided (no unfought reason, no fate, no morale change, the position as it was).
TEST(BattleResolution, std_9_0_AnIllegalBattleEndsAtItsTotals) {
  HEXLAW_CITES("std:9.0", "std:9.2.2");
  Field f;
  const Hex d = to_axial({15, 15}, f.map.layout());
  f.add("A", "french", 4, neighbour(neighbour(d, Direction::N), Direction::N));
  f.add("D", "prussian", 3, d);
  n20::ResolutionPolicy policy;
  BattleResolution r(*f.rules, f.map, f.state, {{"A"}, {"D"}}, policy);
  Trace t(testing::source_spec()->catalog);
  ASSERT_EQ(r.run(t), Waiting::Done);
  const n20::BattleOutcome& o = r.outcome();
  EXPECT_FALSE(o.legal);
  EXPECT_STREQ(o.unfought, "");
  EXPECT_TRUE(o.unfought_reason.empty());
  EXPECT_TRUE(o.fates.empty());
  EXPECT_TRUE(o.morale.empty());
  EXPECT_EQ(o.after, f.state);
}

// std:9.0 through the C++ API: a declared battle's attackers are on-map units of one side and
// its defenders on-map units of another. The question layer refuses the rest sooner; the
// engine's own totals refuse them too, naming the unit, rather than total them.
TEST(BattleResolution, std_9_0_TheTotalsRefuseSidesThatAreNotTwoOnMapSides) {
  HEXLAW_CITES("std:9.0");
  Field f;
  const Hex d = to_axial({15, 15}, f.map.layout());
  f.add("A", "french", 4, neighbour(d, Direction::N));
  f.add("B", "prussian", 2, neighbour(d, Direction::S));
  f.add("D", "prussian", 3, d);
  f.add("R", "french", 2, Hex{});
  f.state.units.back().status = UnitStatus::Pending;
  Trace t(testing::source_spec()->catalog);
  auto refusal = [&](n20::BattleDeclaration b) -> std::string {
    try {
      n20::battle_totals(*f.rules, f.map, f.state, b, t);
    } catch (const std::invalid_argument& e) {
      return e.what();
    }
    return "totalled";
  };
  EXPECT_EQ(refusal({{"A", "B"}, {"D"}}), "attacker B is not an on-map unit of side french");
  EXPECT_EQ(refusal({{"A", "R"}, {"D"}}), "attacker R is not an on-map unit of side french");
  EXPECT_EQ(refusal({{"B"}, {"D"}}), "defender D is not an on-map enemy unit");
  EXPECT_EQ(refusal({{"A"}, {"GHOST"}}), "a battle needs known attacking and defending units");
  EXPECT_EQ(refusal({{"A"}, {"D"}}), "totalled");
}

}  // namespace
}  // namespace hexlaw
