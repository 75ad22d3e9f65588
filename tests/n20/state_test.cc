// Owns: example tests of the map and the game state (engine/core/map.h, state.h): parsing,
// queries and exact JSON round trips.
#include "engine/n20/state.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "engine/core/errors.h"
#include "engine/core/map.h"
#include "engine/core/yaml_read.h"

namespace hexlaw {
namespace {

Map parse_map(const std::string& yaml) { return Map::parse(Field<CaseError>::load_text(yaml, "map.yaml")); }

TEST(Map, ParsesAFragmentWithHexsidesAndSpecialHexes) {
  Map m = parse_map(R"(
layout: odd-columns-low
bounds: {cols: [1, 25], rows: [1, 17]}
hexes: {"0407": town, "0508": {terrain: forest}}
hexsides:
  - {between: ["0407", "0507"], features: [major_river, bridge]}
locs: {french: ["2501"], prussian: ["0101", "0102"]}
objectives: {french: ["0407"]}
entry_areas: {A: ["2510", "2511"]}
)");
  EXPECT_EQ(m.terrain(m.hex("0407")), "town");
  EXPECT_EQ(m.terrain(m.hex("0508")), "forest");
  EXPECT_EQ(m.terrain(m.hex("0101")), "open");
  auto side = Hexside::between(m.hex("0507"), m.hex("0407"));
  ASSERT_TRUE(side);
  EXPECT_TRUE(m.has_feature(*side, "bridge"));
  EXPECT_TRUE(m.has_feature(*side, "major_river"));
  EXPECT_EQ(m.locs("prussian").size(), 2u);
  EXPECT_EQ(m.entry_area("A").size(), 2u);
  EXPECT_TRUE(m.on_map(m.hex("2517")));
  EXPECT_FALSE(m.on_map(m.hex("2618")));
  // Round trip through JSON text.
  Map back = parse_map(m.to_json().dump());
  EXPECT_EQ(back, m);
}

TEST(Map, RejectsBadInputNamingTheField) {
  auto error = [](const std::string& yaml) {
    try {
      parse_map(yaml);
    } catch (const CaseError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_NE(error("hexes: {\"04O7\": town}").find("hexes.04O7"), std::string::npos);
  EXPECT_NE(error("hexsides: [{between: [\"0407\", \"0409\"], features: [bridge]}]").find("not adjacent"),
            std::string::npos);
  EXPECT_NE(error("hexsides: [{between: [\"0407\", \"0408\"], features: [moat]}]").find("unknown hexside feature 'moat'"),
            std::string::npos);
  EXPECT_NE(error("layout: sideways").find("unknown column layout"), std::string::npos);
  EXPECT_NE(error("colour: blue").find("unknown field"), std::string::npos);
}

GameState sample_state() {
  GameState s;
  s.turn = 3;
  s.phase = "combat";
  s.phasing = "french";
  s.night = false;
  s.weather = "clear";
  s.morale = {{"french", 8}, {"prussian", 7}};
  s.markers = {"forced-march"};
  Unit ig;
  ig.id = "IG";
  ig.name = "Imperial Guard";
  ig.side = "french";
  ig.type = UnitType::Infantry;
  ig.strength = 4;
  ig.movement = 2;
  ig.flags = {"elite", "guard"};
  ig.hex = to_axial({2, 8}, ColumnLayout::OddColumnsLow);
  Unit b1 = ig;
  b1.id = "B-2";
  b1.name = "";
  b1.side = "prussian";
  b1.flags = {};
  b1.status = UnitStatus::Pending;
  b1.hex = Hex{};  // off-map units keep no position
  b1.arrival_turn = 1;
  b1.entry = "1001";
  Unit broken = ig;
  broken.id = "IV";
  broken.type = UnitType::Cavalry;
  broken.flags = {};
  broken.markers = {"routed"};
  broken.status = UnitStatus::Broken;
  broken.hex = Hex{};
  s.units = {ig, b1, broken};
  return s;
}

TEST(State, SetMarkerKeepsMarkersSortedAndUnique) {
  Unit u;
  u.set(UnitMarker::Routed, true);
  u.set(UnitMarker::Hidden, true);
  u.set(UnitMarker::Routed, true);
  EXPECT_EQ(u.markers.names(), (std::vector<std::string>{"hidden", "routed"}));
  EXPECT_TRUE(u.has(UnitMarker::Hidden));
  u.set(UnitMarker::Hidden, false);
  u.set(UnitMarker::Spent, false);
  EXPECT_EQ(u.markers.names(), (std::vector<std::string>{"routed"}));
}

TEST(State, RoundTripsThroughJsonExactly) {
  const GameState s = sample_state();
  const std::string text = to_json_text(s, ColumnLayout::OddColumnsLow);
  const GameState back = state_from_json_text(text, ColumnLayout::OddColumnsLow, "state.json");
  EXPECT_EQ(back, s);
  EXPECT_EQ(to_json_text(back, ColumnLayout::OddColumnsLow), text);
}

TEST(State, CopiesAreIndependentValues) {
  GameState s = sample_state();
  GameState copy = s;
  copy.unit("IG")->strength = 1;
  EXPECT_EQ(s.unit("IG")->strength, 4);
  EXPECT_NE(copy, s);
}

TEST(State, FindsUnitsByIdAndHex) {
  const GameState s = sample_state();
  ASSERT_NE(s.unit("IG"), nullptr);
  EXPECT_EQ(s.unit("nobody"), nullptr);
  EXPECT_EQ(s.unit_at(to_axial({2, 8}, ColumnLayout::OddColumnsLow))->id, "IG");
  EXPECT_EQ(s.unit_at(to_axial({2, 9}, ColumnLayout::OddColumnsLow)), nullptr);
  EXPECT_TRUE(s.unit("IG")->has(UnitFlag::Guard));
  EXPECT_TRUE(s.unit("IV")->has(UnitMarker::Routed));
}

TEST(State, RejectsBadInputNamingTheField) {
  auto error = [](const std::string& text) {
    try {
      state_from_json_text(text, ColumnLayout::OddColumnsLow, "state.json");
    } catch (const CaseError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_NE(error(R"({"units": [{"id": "A", "side": "f", "type": "dragoon", "strength": 1, "movement": 3, "hex": "0101"}]})")
                .find("units[0].type"),
            std::string::npos);
  EXPECT_NE(error(R"({"morale": {"french": 11}})").find("morale.french"), std::string::npos);
  EXPECT_NE(error(R"({"units": [{"id": "A", "side": "f", "type": "infantry", "strength": 1, "movement": 3}]})")
                .find("needs a hex or an off-map status"),
            std::string::npos);
  EXPECT_NE(error(R"({"units": [{"id": "A", "side": "f", "type": "infantry", "strength": 1, "movement": 3, "hex": "0101"},
                               {"id": "A", "side": "f", "type": "infantry", "strength": 1, "movement": 3, "hex": "0102"}]})")
                .find("duplicate unit id"),
            std::string::npos);
  const std::string empty_id =
      error(R"({"units": [{"id": "", "side": "f", "type": "infantry", "strength": 1, "movement": 3, "hex": "0101"}]})");
  EXPECT_NE(empty_id.find("units[0].id"), std::string::npos) << empty_id;
  EXPECT_NE(empty_id.find("cannot be empty"), std::string::npos) << empty_id;
  EXPECT_NE(error("{turn: [").find("not valid YAML/JSON"), std::string::npos);
}

}  // namespace
}  // namespace hexlaw
