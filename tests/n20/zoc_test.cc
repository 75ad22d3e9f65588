// Owns: example tests of zones of control and adjacency (engine/n20/zoc.h), including the
// rulebook's own illustrations.
#include "engine/n20/zoc.h"

#include <gtest/gtest.h>

#include "tests/support/test_support.h"

namespace hexlaw {
namespace {

using testing::inline_case;

// Answers a case and returns its outcome, failing the test on an unexpected error.
nlohmann::json outcome_of(const std::string& yaml, Answer* out = nullptr) {
  CaseFile c = inline_case(yaml);
  Answer a = ask(c);
  if (out) *out = a;
  return a.outcome;
}

// The La Haye Sainte caption under std:7.0: a French unit in a town controls the open hex
// beside it but not the adjacent town (Mont St. Jean) nor the fortified farm (Hougomont).
const char* kLaHayeSainte = R"(
game: standard
map:
  hexes: {"0505": town, "0605": town, "0404": fortified, "0506": open}
units:
  - {id: F, side: french, type: infantry, strength: 3, movement: 2, hex: "0505"}
  - {id: B, side: british, type: infantry, strength: 3, movement: 2, hex: "0605"}
  - {id: P, side: prussian, type: infantry, strength: 3, movement: 2, hex: "0506"}
question: {kind: zoc, unit: F, hex: HEX}
)";

std::string la_haye(const std::string& hex) {
  std::string y = kLaHayeSainte;
  y.replace(y.find("HEX"), 3, "\"" + hex + "\"");
  return y;
}

TEST(Zoc, LaHayeSainteCaption) {
  HEXLAW_CITES("std:7.0");
  Answer a(testing::source_spec());
  EXPECT_EQ(outcome_of(la_haye("0605"), &a)["exerts"], false);  // Mont St. Jean: town to town
  EXPECT_NE(a.explain().find("built-up"), std::string::npos);
  EXPECT_EQ(outcome_of(la_haye("0404"))["exerts"], false);  // Hougomont: fortified
  EXPECT_EQ(outcome_of(la_haye("0506"))["exerts"], true);   // the Prussian's open hex
}

// The ZOC part of the Jena bridge-and-town caption under std:9.4.2: the Prussian infantry in
// Jena (a town across the Saale at a bridge) does not control the French unit's hex, so the
// French unit is not obliged to attack it; the Prussian cavalry beside it does.
TEST(Zoc, JenaBridgeCaption) {
  HEXLAW_CITES("std:7.0");
  const std::string base = R"(
game: jena
map:
  hexes: {"0407": town}
  hexsides: [{between: ["0407", "0507"], features: [major_river, bridge]}]
units:
  - {id: F, side: french, type: infantry, strength: 2, movement: 2, hex: "0507"}
  - {id: PI, side: prussian, type: infantry, strength: 1, movement: 2, hex: "0407"}
  - {id: PC, side: prussian, type: cavalry, strength: 1, movement: 3, hex: "0408"}
)";
  EXPECT_EQ(outcome_of(base + "question: {kind: in-enemy-zoc, unit: F}")["by"], nlohmann::json::array({"PC"}));
  EXPECT_EQ(outcome_of(base + "question: {kind: zoc, unit: PI, hex: \"0507\"}")["exerts"], false);
  // Yet the two are adjacent for the rules: the bridge carries them across the river.
  EXPECT_EQ(outcome_of(base + "question: {kind: adjacent, hexes: [\"0407\", \"0507\"]}")["adjacent"], true);
}

TEST(Zoc, UnbridgedMajorRiverMeansNotAdjacent) {
  HEXLAW_CITES("std:7.0");
  const std::string yaml = R"(
map:
  hexsides: [{between: ["0407", "0507"], features: [major_river]}]
question: {kind: adjacent, hexes: ["0407", "0507"]}
)";
  auto o = outcome_of(yaml);
  EXPECT_EQ(o["adjacent"], false);
  EXPECT_EQ(o["share_hexside"], true);
}

TEST(Zoc, NoZonesOfControlAtNight) {
  HEXLAW_CITES("std:7.6");
  const std::string yaml = R"(
state: {night: NIGHT}
units:
  - {id: A, side: french, type: infantry, strength: 3, movement: 2, hex: "0505"}
question: {kind: zoc, unit: A, hex: "0506"}
)";
  auto with = [&](const char* night) {
    std::string y = yaml;
    y.replace(y.find("NIGHT"), 5, night);
    return y;
  };
  Answer a(testing::source_spec());
  EXPECT_EQ(outcome_of(with("true"), &a)["exerts"], false);
  EXPECT_TRUE(a.trace.cites("std:7.6"));
  EXPECT_EQ(outcome_of(with("false"), &a)["exerts"], true);
  EXPECT_FALSE(a.trace.cites("std:7.6"));
}

TEST(Zoc, RoutedUnitsLoseTheirZocOnlyUnderOptionalRule16_5) {
  HEXLAW_CITES("std:16.5.2");
  const std::string units = R"(
units:
  - {id: A, side: french, type: infantry, strength: 3, movement: 2, hex: "0505", markers: [routed]}
question: {kind: zoc, unit: A, hex: "0506"}
)";
  EXPECT_EQ(outcome_of(units)["exerts"], true);
  EXPECT_EQ(outcome_of("options: [\"std:16.5\"]\n" + units)["exerts"], false);
}

TEST(Zoc, SeveralZonesOfControlOnOneHex) {
  HEXLAW_CITES("std:7.1");
  Answer a(testing::source_spec());
  auto o = outcome_of(R"(
units:
  - {id: A, side: french, type: infantry, strength: 3, movement: 2, hex: "0505"}
  - {id: B, side: french, type: cavalry, strength: 1, movement: 3, hex: "0507"}
  - {id: C, side: prussian, type: cavalry, strength: 1, movement: 3, hex: "0605"}
question: {kind: zoc, hex: "0506", side: french}
)",
                      &a);
  EXPECT_EQ(o["controlled_by"], nlohmann::json::array({"A", "B"}));
  EXPECT_TRUE(a.trace.cites("std:7.1"));
}

// std:7.1 says ZOCs are mutual, but std:9.4.3 explains the exception: a unit in a Fortified
// hex controls the open hex beside it while that hex's unit cannot control it back.
TEST(Zoc, FortifiedHexMakesZocOneSided) {
  HEXLAW_CITES("std:7.0", "std:7.1", "std:9.4.3");
  const std::string base = R"(
map: {hexes: {"0505": fortified}}
units:
  - {id: IN, side: french, type: infantry, strength: 2, movement: 2, hex: "0505"}
  - {id: OUT, side: prussian, type: infantry, strength: 2, movement: 2, hex: "0506"}
)";
  EXPECT_EQ(outcome_of(base + "question: {kind: in-enemy-zoc, unit: OUT}")["in_enemy_zoc"], true);
  EXPECT_EQ(outcome_of(base + "question: {kind: in-enemy-zoc, unit: IN}")["in_enemy_zoc"], false);
}

TEST(Zoc, TownIsEnteredFromOpenGround) {
  HEXLAW_CITES("std:7.0");
  EXPECT_EQ(outcome_of(R"(
map: {hexes: {"0505": town}}
units:
  - {id: A, side: french, type: infantry, strength: 3, movement: 2, hex: "0506"}
question: {kind: zoc, unit: A, hex: "0505"}
)")["exerts"],
            true);
}

TEST(Zoc, ReachesOnlyTheSixSurroundingHexes) {
  HEXLAW_CITES("std:7.0");
  EXPECT_EQ(outcome_of(R"(
units:
  - {id: A, side: french, type: infantry, strength: 3, movement: 2, hex: "0505"}
question: {kind: zoc, unit: A, hex: "0507"}
)")["exerts"],
            false);
}


// The ZOC procedures as a library: callers pass hexes and units the engine's own questions
// would refuse (an off-map hex, an eliminated unit), and the answers must still follow std:7.0.

// A unit on the map's edge controls no hex beyond the edge: a zone of control covers only map
// hexes, so the off-map neighbour is refused with std:7.0 and the reason says why.
TEST(Zoc, AZoneOfControlCoversOnlyMapHexes) {
  HEXLAW_CITES("std:7.0");
  testing::InlinePosition p(R"(
map: {bounds: {cols: [1, 10], rows: [1, 10]}}
units:
  - {id: A, side: french, type: infantry, strength: 3, movement: 2, hex: "0101"}
)");
  const Map& map = *p.c.map;
  const Unit& a = *p.c.state.unit("A");
  int off_map = 0;
  for (Hex n : neighbours(a.hex)) {
    Trace t(p.c.spec->catalog);
    if (map.on_map(n)) {
      EXPECT_TRUE(n20::exerts_zoc_into(*p.rules, map, p.c.state, a, n, t)) << map.name(n);
      continue;
    }
    ++off_map;
    EXPECT_FALSE(n20::exerts_zoc_into(*p.rules, map, p.c.state, a, n, t));
    ASSERT_EQ(t.entries().size(), 1u);
    EXPECT_EQ(t.entries()[0].rule, "std:7.0");
    EXPECT_NE(t.entries()[0].reason.find("off the map"), std::string::npos) << t.entries()[0].reason;
  }
  EXPECT_GE(off_map, 2);  // a corner hex has neighbours beyond two edges
}

// A unit that is not on the map (eliminated, broken, not yet arrived) stands in no enemy ZOC,
// whatever hex it last held: zones of control act on units on the map.
TEST(Zoc, AUnitOffTheMapStandsInNoEnemyZoc) {
  HEXLAW_CITES("std:7.0");
  testing::InlinePosition p(R"(
units:
  - {id: A, side: french, type: infantry, strength: 3, movement: 2, hex: "0505"}
  - {id: E, side: prussian, type: infantry, strength: 3, movement: 2, hex: "0506"}
)");
  Trace t(Trace::IdsOnly{}, p.c.spec->catalog);
  Unit& a = *p.c.state.unit("A");
  EXPECT_TRUE(n20::in_enemy_zoc(*p.rules, *p.c.map, p.c.state, a, t));
  for (UnitStatus gone : {UnitStatus::Eliminated, UnitStatus::Broken, UnitStatus::Pending}) {
    a.status = gone;
    EXPECT_FALSE(n20::in_enemy_zoc(*p.rules, *p.c.map, p.c.state, a, t)) << to_string(gone);
  }
}

// std:11.0: a reinforcement not yet on the map has no zone of control. The ZOC hook says so
// itself, whatever hex the unit's record still holds, so a caller that forgets to skip units off
// the map still gets no ZOC from them (every caller in the engine skips them as well).
TEST(Zoc, std_11_0_AUnitNotYetArrivedExertsNoZoc) {
  HEXLAW_CITES("std:11.0", "std:7.0");
  testing::InlinePosition p(R"(
units:
  - {id: R, side: french, type: infantry, strength: 3, movement: 2, hex: "0505"}
  - {id: E, side: prussian, type: infantry, strength: 3, movement: 2, hex: "0506"}
)");
  Unit& r = *p.c.state.unit("R");
  Trace on_map(Trace::IdsOnly{}, p.c.spec->catalog);
  EXPECT_TRUE(n20::exerts_zoc_into(*p.rules, *p.c.map, p.c.state, r, p.hex("0506"), on_map));
  r.status = UnitStatus::Pending;  // its hex field still says 0505
  Trace t(p.c.spec->catalog);
  EXPECT_FALSE(n20::exerts_zoc_into(*p.rules, *p.c.map, p.c.state, r, p.hex("0506"), t));
  EXPECT_TRUE(t.cites("std:11.0"));
}

// Who controls a hex is asked of its neighbours only: the answer's reasons speak of the units
// next to it, never of a unit three hexes away (which could not control it under std:7.0).
TEST(Zoc, WhoControlsAHexExplainsOnlyItsNeighbours) {
  HEXLAW_CITES("std:7.0", "std:7.1");
  testing::InlinePosition p(R"(
units:
  - {id: NEAR, side: french, type: infantry, strength: 3, movement: 2, hex: "0505"}
  - {id: FAR, side: french, type: infantry, strength: 3, movement: 2, hex: "0509"}
)");
  Trace t(p.c.spec->catalog);
  auto by = n20::units_exerting_zoc_on(*p.rules, *p.c.map, p.c.state, p.hex("0506"), "french", t);
  ASSERT_EQ(by.size(), 1u);
  EXPECT_EQ(by[0]->id, "NEAR");
  ASSERT_FALSE(t.entries().empty());
  for (const Citation& c : t.entries()) EXPECT_EQ(c.reason.find("FAR"), std::string::npos) << c.reason;
}

// Two hexes that share no hexside are never adjacent for the rules, river or none.
TEST(Zoc, HexesApartAreNotAdjacentForTheRules) {
  HEXLAW_CITES("std:7.0");
  testing::InlinePosition p("units: []\n");
  Trace t(p.c.spec->catalog);
  EXPECT_FALSE(n20::adjacent_for_rules(*p.rules, *p.c.map, p.c.state, p.hex("0505"), p.hex("0507"), t));
  ASSERT_EQ(t.entries().size(), 1u);
  EXPECT_NE(t.entries()[0].reason.find("do not share a hexside"), std::string::npos);
  EXPECT_TRUE(n20::adjacent_for_rules(*p.rules, *p.c.map, p.c.state, p.hex("0505"), p.hex("0506"), t));
}

}  // namespace
}  // namespace hexlaw
