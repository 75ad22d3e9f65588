// Owns: example tests of the rally procedure's refusals of bad requests through the C++ API
// (engine/n20/rally.h), which the case-file reader never lets through: an unknown unit, units of
// two sides, a unit that is not broken; and of die tables (rally, hazardous retreat) that leave a
// face without a known result.
#include "engine/n20/rally.h"

#include <gtest/gtest.h>

#include <array>

#include "engine/core/errors.h"
#include "engine/core/spec.h"

#include "tests/support/test_support.h"

namespace hexlaw {
namespace {

using Position = testing::InlinePosition;

TEST(Rally, RefusesUnknownMixedAndUnbrokenUnits) {
  HEXLAW_CITES("std:10.0");
  Position p(R"(
game: jena
state: {morale: {french: 5, prussian: 5}}
units:
  - {id: B, side: french, type: infantry, strength: 3, movement: 2, status: broken}
  - {id: PB, side: prussian, type: infantry, strength: 3, movement: 2, status: broken}
  - {id: F, side: french, type: infantry, strength: 3, movement: 2, hex: "0505"})");
  ScriptedDice dice({4, 4});
  Trace t(testing::source_spec()->catalog);
  for (const std::vector<std::string>& units : std::vector<std::vector<std::string>>{
           {"GHOST", "B"}, {"B", "GHOST"}, {"B", "PB"}, {"F"}, {}}) {
    n20::RallyRequest r;
    r.units = units;
    EXPECT_THROW(n20::rally(*p.rules, *p.c.map, p.c.state, r, dice, t), std::invalid_argument)
        << (units.empty() ? std::string("no unit") : units.front());
  }
  n20::RallyRequest ok;
  ok.units = {"B"};
  EXPECT_NO_THROW(n20::rally(*p.rules, *p.c.map, p.c.state, ok, dice, t));
}

// The message of the SpecError a Jena rule set meets when built on the source spec with one
// table's text changed (`row` replaced), or "" when it builds.
std::string build_error(const std::string& table, const std::string& name, const std::string& row,
                        const std::string& replacement) {
  const auto spec = Spec::load(testing::whole_spec_with_table_row(table, name, row, replacement));
  try {
    n20::make_rules(n20::RulesetChoice{.game = "jena"}, spec);
  } catch (const SpecError& e) {
    return e.what();
  }
  return "";
}

// Every face of the rally and hazard dice must have a result the engine knows. A missing row, a
// null cell (a gap the table declares) or an unknown word is refused when the rule set is built,
// naming the file, the row and the reason: never read as "no effect" or "carries on".
TEST(Rally, jena_table_rally_AFaceWithoutAKnownResultIsRefusedByFileAndRow) {
  HEXLAW_CITES("jena:table.rally", "jena:table.hazardous-retreat");
  const std::string rally = "jena/rally.yaml", four = R"(  - {key: "4", cells: [no-effect]})";
  EXPECT_EQ(build_error(rally, "rally-same", four, four), "");
  const std::string tail = "\n  - {key: \"5\", cells: [rally]}\n  - {key: \"6\", cells: [rally]}\n";
  const std::string null_cell =
      build_error(rally, "rally-null", four + tail,
                  "  - {key: \"4\", cells: [null]}" + tail + "missing:\n  - {where: \"row 4\", what: \"cut for this test\"}\n");
  EXPECT_NE(null_cell.find("jena/rally.yaml"), std::string::npos) << null_cell;
  EXPECT_NE(null_cell.find("rows.4.result"), std::string::npos) << null_cell;
  EXPECT_NE(null_cell.find("the cell is missing"), std::string::npos) << null_cell;
  const std::string no_row = build_error(rally, "rally-no-row", four + "\n", "");
  EXPECT_NE(no_row.find("rows.4.result"), std::string::npos) << no_row;
  EXPECT_NE(no_row.find("no such row"), std::string::npos) << no_row;
  const std::string unknown =
      build_error(rally, "rally-unknown", R"({key: "5", cells: [rally]})", R"({key: "5", cells: [rallied]})");
  EXPECT_NE(unknown.find("rows.5.result"), std::string::npos) << unknown;
  EXPECT_NE(unknown.find("unknown result 'rallied'"), std::string::npos) << unknown;
  const std::string hazard = build_error("jena/hazardous-retreat.yaml", "hazard-unknown",
                                         R"({key: "3", cells: [break]})", R"({key: "3", cells: [broken]})");
  EXPECT_NE(hazard.find("jena/hazardous-retreat.yaml"), std::string::npos) << hazard;
  EXPECT_NE(hazard.find("rows.3.result"), std::string::npos) << hazard;
  EXPECT_NE(hazard.find("unknown result 'broken'"), std::string::npos) << hazard;
  const std::string hazard_gap =
      build_error("jena/hazardous-retreat.yaml", "hazard-no-row", "  - {key: \"6\", cells: [safe]}\n", "");
  EXPECT_NE(hazard_gap.find("rows.6.result"), std::string::npos) << hazard_gap;
}

// Every face of both die tables is read from the spec, the first and the sixth included: a
// designer's tables that break a retreat on a 6 and rally a unit on a 3 are followed face by face.
TEST(Rally, jena_table_hazardous_retreat_EveryFaceIsReadFromTheTable) {
  HEXLAW_CITES("jena:table.hazardous-retreat", "jena:table.rally");
  const auto hazard_dir = testing::whole_spec_with_table_row(
      "jena/hazardous-retreat.yaml", "hazard-six", R"({key: "6", cells: [safe]})", R"({key: "6", cells: [break]})");
  const auto hazard = n20::make_rules(n20::RulesetChoice{.game = "jena"}, Spec::load(hazard_dir));
  EXPECT_EQ(hazard->hazard_breaks(), (std::array<bool, 6>{true, true, true, false, false, true}));
  EXPECT_EQ(hazard->hazard_groups(), (std::vector<int>{0, 0, 0, 1, 1, 0}));
  const auto rally_dir = testing::whole_spec_with_table_row("jena/rally.yaml", "rally-three", R"({key: "3", cells: [no-effect]})",
                                                           R"({key: "3", cells: [rally]})");
  const auto rally = n20::make_rules(n20::RulesetChoice{.game = "jena"}, Spec::load(rally_dir));
  const std::vector<std::string> expected{"elim", "elim", "rally", "no-effect", "rally", "rally"};
  for (int face = 1; face <= 6; ++face) EXPECT_EQ(rally->rally_result(face), expected[face - 1]) << face;
}

}  // namespace
}  // namespace hexlaw
