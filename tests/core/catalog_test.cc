// Owns: example tests of the rule catalog and table loading (engine/core/catalog.h,
// tables.h): the real spec loads, and each kind of malformed spec is refused with the file,
// the field and the reason.
#include "engine/core/catalog.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "engine/core/errors.h"
#include "engine/core/tables.h"
#include "tests/support/source_spec.h"

namespace hexlaw {
namespace {

namespace fs = std::filesystem;

TEST(Catalog, TheProjectSpecLoads) {
  const Catalog& c = testing::source_spec()->catalog;
  EXPECT_GT(c.cases().size(), 100u);
  const RuleCase* zoc = c.find("std:7.0");
  ASSERT_NE(zoc, nullptr);
  EXPECT_EQ(zoc->book, "std");
  EXPECT_FALSE(zoc->summary.empty());
  ASSERT_NE(c.find("jena:table.crt"), nullptr);
  EXPECT_EQ(c.find("jena:table.crt")->kind, "table");
}

// The id index (open addressing over a hash of the id) finds every case by its id, and
// nothing by an id that is only alike: a prefix, a longer id, another book, the empty id.
TEST(Catalog, FindsEveryCaseByItsIdAndNoOther) {
  const Catalog& c = testing::source_spec()->catalog;
  for (const RuleCase& rc : c.cases()) {
    EXPECT_EQ(c.find(rc.id), &rc) << rc.id;
    const RuleCase* longer = c.find(rc.id + "z");
    EXPECT_TRUE(longer == nullptr || longer->id == rc.id + "z") << rc.id;
  }
  for (const char* absent : {"", "std", "std:", "std:7", "std:7.00", "std:99.9", "jena:table.cr", "napoleon:7.0"})
    EXPECT_EQ(c.find(absent), nullptr) << absent;
  std::string copy = "std:7.0";  // not the catalog's own text: compared by content
  EXPECT_EQ(c.find(copy), c.find("std:7.0"));
}

TEST(Tables, TheProjectTablesLoad) {
  const TableSet& t = testing::source_spec()->tables;
  ASSERT_NE(t.crt("jena:table.crt"), nullptr);
  ASSERT_NE(t.terrain("jena:table.terrain"), nullptr);
  ASSERT_NE(t.grid("jena:table.rally"), nullptr);
  EXPECT_EQ(t.crt("jena:table.crt")->lowest, -2);
  EXPECT_EQ(t.crt("jena:table.crt")->highest, 4);
}

// A scratch spec directory per test.
class BadSpec : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("hexlaw-spec-" + std::to_string(::getpid()) + "-" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "catalog");
    fs::create_directories(dir_ / "tables");
  }
  void TearDown() override { fs::remove_all(dir_); }
  void write(const std::string& rel, const std::string& text) {
    fs::create_directories((dir_ / rel).parent_path());
    std::ofstream(dir_ / rel) << text;
  }
  // Loads and returns the SpecError message (empty when loading succeeded).
  std::string catalog_error() {
    try {
      Catalog::load(dir_);
    } catch (const SpecError& e) {
      return e.what();
    }
    return "";
  }
  std::string table_error() {
    try {
      TableSet::load(dir_);
    } catch (const SpecError& e) {
      return e.what();
    }
    return "";
  }
  fs::path dir_;
};

const char* kGood = R"(book: std
cases:
  - id: std:7.0
    title: Zones of Control
    kind: rule
    status: implement
    printings: [jena]
    summary: A unit controls the hexes around it.
)";

TEST_F(BadSpec, AGoodFileLoads) {
  write("catalog/std.yaml", kGood);
  EXPECT_EQ(catalog_error(), "");
}

TEST_F(BadSpec, DuplicatedId) {
  write("catalog/std.yaml", kGood);
  write("catalog/std2.yaml", kGood);
  const std::string e = catalog_error();
  EXPECT_NE(e.find("std2.yaml"), std::string::npos) << e;
  EXPECT_NE(e.find("duplicate id 'std:7.0'"), std::string::npos) << e;
}

TEST_F(BadSpec, OverridesPointingNowhere) {
  write("catalog/std.yaml", kGood);
  write("catalog/jena.yaml", R"(book: jena
cases:
  - id: jena:9.8.6
    title: Retreat Direction Priority
    kind: rule
    status: implement
    summary: Retreat towards your own LOC hexes.
    overrides: [std:9.8.6]
)");
  const std::string e = catalog_error();
  EXPECT_NE(e.find("jena:9.8.6.overrides"), std::string::npos) << e;
  EXPECT_NE(e.find("points nowhere"), std::string::npos) << e;
}

TEST_F(BadSpec, UnknownKind) {
  std::string text = kGood;
  text.replace(text.find("kind: rule"), 10, "kind: law");
  write("catalog/std.yaml", text);
  const std::string e = catalog_error();
  EXPECT_NE(e.find("cases[0].kind"), std::string::npos) << e;
  EXPECT_NE(e.find("unknown kind 'law'"), std::string::npos) << e;
}

TEST_F(BadSpec, UnknownStatus) {
  std::string text = kGood;
  text.replace(text.find("status: implement"), 17, "status: done");
  write("catalog/std.yaml", text);
  const std::string e = catalog_error();
  EXPECT_NE(e.find("cases[0].status"), std::string::npos) << e;
  EXPECT_NE(e.find("unknown status 'done'"), std::string::npos) << e;
}

TEST_F(BadSpec, NotEngineMatterNeedsAReason) {
  std::string text = kGood;
  text.replace(text.find("status: implement"), 17, "status: not-engine-matter");
  write("catalog/std.yaml", text);
  EXPECT_NE(catalog_error().find("status_reason"), std::string::npos);
}

TEST_F(BadSpec, MalformedIdAndWrongBook) {
  std::string text = kGood;
  text.replace(text.find("id: std:7.0"), 11, "id: jena:7.0");
  write("catalog/std.yaml", text);
  EXPECT_NE(catalog_error().find("not in this file's book"), std::string::npos);
  text = kGood;
  text.replace(text.find("id: std:7.0"), 11, "id: std-7.0");
  write("catalog/std.yaml", text);
  EXPECT_NE(catalog_error().find("book:number"), std::string::npos);
}

TEST_F(BadSpec, MalformedTableRowLength) {
  write("tables/jena/crt.yaml", R"(id: jena:table.crt
title: Combat Results Table
roll: 1d6
columns: ["-1", "0", "+1"]
clamp: {below: "-1", above: "+1"}
rows:
  - {key: "1", cells: [AB, AR]}
)");
  const std::string e = table_error();
  EXPECT_NE(e.find("crt.yaml"), std::string::npos) << e;
  EXPECT_NE(e.find("rows[0].cells"), std::string::npos) << e;
  EXPECT_NE(e.find("has 2 cells but the table has 3 columns"), std::string::npos) << e;
}

TEST_F(BadSpec, MalformedCrtCell) {
  write("tables/jena/crt.yaml", R"(id: jena:table.crt
title: Combat Results Table
roll: 1d6
columns: ["-1", "0"]
clamp: {below: "-1", above: "0"}
rows:
  - {key: "1", cells: [AB, XX]}
)");
  EXPECT_NE(table_error().find("'XX' is not a combat result"), std::string::npos);
}

TEST_F(BadSpec, UnexplainedMissingCell) {
  write("tables/jemmapes/fire.yaml", R"(id: jemmapes:table.fire
title: Fire Table
roll: 2d6
columns: [a, b]
rows:
  - {key: "2", cells: [1D, null]}
)");
  EXPECT_NE(table_error().find("must be explained under 'missing'"), std::string::npos);
}

// A movement cost is 0 (a free step) to 99 MP: a negative one would give MP back, and a move
// search over such steps never ends, so the chart is refused naming the field.
TEST_F(BadSpec, NegativeMovementCost) {
  const std::string head = "id: jena:table.terrain\ntitle: Terrain\nformat: terrain\n";
  write("tables/jena/terrain.yaml", head + "hex_terrain:\n  open: {move: 0}\nhexside:\n"
                                    "  road: {crossable: true, blocks_zoc: false, move: 0}\n");
  EXPECT_EQ(table_error(), "");
  write("tables/jena/terrain.yaml", head + "hex_terrain:\n  open: {move: 1}\nhexside:\n"
                                    "  road: {crossable: true, blocks_zoc: false, move: -1}\n");
  EXPECT_NE(table_error().find("hexside.road.move: a movement cost is 0 to 99 MP"), std::string::npos) << table_error();
  write("tables/jena/terrain.yaml", head + "hex_terrain:\n  open: {move: -2}\nhexside: {}\n");
  EXPECT_NE(table_error().find("hex_terrain.open.move: a movement cost is 0 to 99 MP"), std::string::npos) << table_error();
  write("tables/jena/terrain.yaml", head + "hex_terrain:\n  open: {move: 100}\nhexside: {}\n");
  EXPECT_NE(table_error().find("hex_terrain.open.move: a movement cost is 0 to 99 MP"), std::string::npos) << table_error();
}

}  // namespace
}  // namespace hexlaw
