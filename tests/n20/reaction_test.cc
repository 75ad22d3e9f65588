// Owns: example tests of the Reaction Phase (engine/n20/reaction.h) and of the combat
// obligations zones of control create (engine/n20/obligations.h).
#include "engine/n20/obligations.h"
#include "engine/n20/reaction.h"

#include <gtest/gtest.h>

#include "tests/support/test_support.h"

namespace hexlaw {
namespace {

struct Position : testing::InlinePosition {
  using InlinePosition::InlinePosition;
  n20::ReactionOptions react(const std::string& id) {
    Trace t(testing::source_spec()->catalog);
    return n20::reaction_options(*rules, *c.map, c.state, *c.state.unit(id), t);
  }
  std::vector<std::string> names(const std::vector<n20::ReactionMove>& moves) {
    std::vector<std::string> out;
    for (const auto& m : moves) out.push_back(c.map->name(m.hex));
    std::sort(out.begin(), out.end());
    return out;
  }
};

const char* kReacting = "state: {phase: reaction, phasing: prussian}\n";

TEST(Reaction, CavalryNextToAnEnemyMayCountercharge) {
  HEXLAW_CITES("std:8.1", "std:8.2.1");
  Position p(std::string(kReacting) + R"(
units:
  - {id: C, side: french, type: cavalry, strength: 1, movement: 3, hex: "0505"}
  - {id: I, side: french, type: infantry, strength: 2, movement: 2, hex: "0305"}
  - {id: P, side: prussian, type: infantry, strength: 2, movement: 2, hex: "0506"}
  - {id: Q, side: prussian, type: infantry, strength: 2, movement: 2, hex: "0605"})");
  auto c = p.react("C");
  EXPECT_TRUE(c.may_countercharge);
  EXPECT_EQ(c.countercharge_targets, (std::vector<std::string>{"P", "Q"}));
  auto i = p.react("I");
  EXPECT_FALSE(i.may_countercharge);
  EXPECT_EQ(i.countercharge_rule, "std:8.1");
}

TEST(Reaction, OnlyInTheReactingSidesReactionPhase) {
  HEXLAW_CITES("std:8.0", "std:8.3.1");
  Position p(R"(
state: {phase: movement, phasing: prussian}
units:
  - {id: C, side: french, type: cavalry, strength: 1, movement: 3, hex: "0505"}
  - {id: P, side: prussian, type: infantry, strength: 2, movement: 2, hex: "0506"})");
  auto c = p.react("C");
  EXPECT_FALSE(c.may_countercharge || c.may_disengage);
  EXPECT_EQ(c.disengage_rule, "std:8.0");
}

TEST(Reaction, DisengageToAVacantHexNoEnemyControls) {
  HEXLAW_CITES("std:8.3", "std:8.3.3");
  Position p(std::string(kReacting) + R"(
units:
  - {id: C, side: french, type: cavalry, strength: 1, movement: 3, hex: "0505"}
  - {id: P, side: prussian, type: infantry, strength: 2, movement: 2, hex: "0506"})");
  auto c = p.react("C");
  ASSERT_TRUE(c.may_disengage);
  // 0506's ZOC covers 0406 and 0606; 0504, 0405 and 0605 are free.
  EXPECT_EQ(p.names(c.disengage_to), (std::vector<std::string>{"0405", "0504", "0605"}));
}

TEST(Reaction, NotFromTheZocOfEnemyCavalry) {
  HEXLAW_CITES("std:8.3.2");
  Position p(std::string(kReacting) + R"(
units:
  - {id: C, side: french, type: cavalry, strength: 1, movement: 3, hex: "0505"}
  - {id: PC, side: prussian, type: cavalry, strength: 1, movement: 3, hex: "0506"})");
  auto c = p.react("C");
  EXPECT_FALSE(c.may_disengage);
  EXPECT_EQ(c.disengage_rule, "std:8.3.2");
}

TEST(Reaction, DisengageThroughFriendsWhenHemmedIn) {
  HEXLAW_CITES("std:8.3.3");
  // C at 0505 is surrounded: enemies control or hold every neighbour except friendly F at
  // 0504, which no enemy controls; beyond F lies the vacant 0503.
  Position p(std::string(kReacting) + R"(
map: {bounds: {cols: [1, 10], rows: [1, 10]}}
units:
  - {id: C, side: french, type: cavalry, strength: 1, movement: 3, hex: "0505"}
  - {id: F, side: french, type: infantry, strength: 2, movement: 2, hex: "0504"}
  - {id: P1, side: prussian, type: infantry, strength: 2, movement: 2, hex: "0506"}
  - {id: P2, side: prussian, type: infantry, strength: 2, movement: 2, hex: "0305"}
  - {id: P3, side: prussian, type: infantry, strength: 2, movement: 2, hex: "0705"})");
  auto c = p.react("C");
  ASSERT_TRUE(c.may_disengage);
  for (const auto& m : c.disengage_to) {
    EXPECT_EQ(p.c.map->name(m.path.front()), "0504");  // every route passes through F
    EXPECT_EQ(m.path.size(), 2u);
  }
  EXPECT_FALSE(c.disengage_to.empty());
}

TEST(Reaction, PenetrationOnlyWithOptionalRule16_2) {
  HEXLAW_CITES("std:16.2", "std:8.3b");
  const std::string units = R"(
units:
  - {id: C, side: french, type: cavalry, strength: 1, movement: 3, hex: "0505"}
  - {id: P, side: prussian, type: infantry, strength: 2, movement: 2, hex: "0506"})";
  Position without(std::string(kReacting) + units);
  EXPECT_FALSE(without.react("C").may_penetrate);
  Position with(std::string(kReacting) + "options: [\"std:16.2\"]\n" + units);
  auto c = with.react("C");
  ASSERT_TRUE(c.may_penetrate);
  // The hexes next to P (0406, 0606 and 0507 is not adjacent to C) that C can step into.
  EXPECT_EQ(with.names(c.penetrate_to), (std::vector<std::string>{"0406", "0606"}));
}

TEST(Obligations, ZocCreatesMandatoryAttacks) {
  HEXLAW_CITES("std:7.3", "std:9.1");
  Position p(R"(
map: {hexes: {"0505": fortified}}
units:
  - {id: F, side: french, type: infantry, strength: 2, movement: 2, hex: "0505"}
  - {id: G, side: french, type: infantry, strength: 2, movement: 2, hex: "0808"}
  - {id: P, side: prussian, type: infantry, strength: 2, movement: 2, hex: "0506"})");
  Trace t(testing::source_spec()->catalog);
  // The French unit in the Fortified hex is in no ZOC (none enters it): it need not attack,
  // and P need not be attacked, though P stands in F's ZOC.
  auto french = n20::combat_obligations(*p.rules, *p.c.map, p.c.state, "french", t);
  EXPECT_TRUE(french.must_attack.empty());
  EXPECT_TRUE(french.must_be_attacked.empty());
  // On the Prussian turn, P is in F's ZOC: P must attack F.
  auto prussian = n20::combat_obligations(*p.rules, *p.c.map, p.c.state, "prussian", t);
  ASSERT_EQ(prussian.must_attack.size(), 1u);
  EXPECT_EQ(prussian.must_attack[0]->id, "P");
  ASSERT_EQ(prussian.must_be_attacked.size(), 1u);
  EXPECT_EQ(prussian.must_be_attacked[0]->id, "F");
}

}  // namespace
}  // namespace hexlaw
