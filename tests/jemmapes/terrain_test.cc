// Owns: example tests of the Jemmapes Terrain Effects Table read as data (terrain_row,
// jemmapes:table.terrain): each value comes from its own column, and a row the transcription
// cut is reported unprinted.
#include "engine/jemmapes/terrain.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "engine/core/tables.h"
#include "tests/support/source_spec.h"
#include "tests/support/test_support.h"

namespace hexlaw {
namespace {

// The spec's terrain table with one row's text replaced.
TableSet terrain_table_with(const std::string& name, const std::string& row, const std::string& replacement) {
  return TableSet::load(testing::spec_with_table_row("jemmapes/terrain.yaml", "jemmapes-tet-" + name, row, replacement));
}

// The printed table gives Fire and Assault the same values in every row, so only a row whose
// columns all differ shows that each value is read from its own column: a Village row with
// movement 3, fire -1, assault -3, blocking and ZoC.
TEST(JemmapesTerrain, jemmapes_table_terrain_EachValueIsReadFromItsOwnColumn) {
  HEXLAW_CITES("jemmapes:table.terrain");
  const TableSet tables = terrain_table_with("distinct", R"(cells: ["2", "-2", "-2", "blocking", "ZoC"])",
                                             R"(cells: ["3", "-1", "-3", "blocking", "ZoC"])");
  const jemmapes::TerrainRow village = jemmapes::terrain_row(tables, "village");
  EXPECT_TRUE(village.printed);
  EXPECT_EQ(village.move, 3);
  EXPECT_EQ(village.fire, -1);
  EXPECT_EQ(village.assault, -3);
  EXPECT_TRUE(village.blocks_los);
  EXPECT_TRUE(village.zoc_all_round);
  EXPECT_EQ(jemmapes::move_cost(tables, "Village"), 3);
  EXPECT_EQ(jemmapes::fire_drm(tables, "Village"), -1);
  EXPECT_EQ(jemmapes::assault_drm(tables, "Village"), -3);
  // The shipped table, as printed: Clear has no effect at all; the Citadel's cells are cut.
  const TableSet& shipped = testing::source_spec()->tables;
  const jemmapes::TerrainRow clear = jemmapes::terrain_row(shipped, "Clear");
  EXPECT_TRUE(clear.printed);
  EXPECT_EQ(clear.move, 1);
  EXPECT_EQ(clear.fire, 0);
  EXPECT_EQ(clear.assault, 0);
  EXPECT_FALSE(clear.blocks_los);
  EXPECT_FALSE(clear.zoc_all_round);
  EXPECT_FALSE(jemmapes::terrain_row(shipped, "Citadel").printed);
}

}  // namespace
}  // namespace hexlaw
