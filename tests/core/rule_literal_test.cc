// Owns: example tests of the engine's rule literals (engine/core/rule_literal.h) and of their
// check against the catalog a trace uses: once per catalog, never taken from another.
#include "engine/core/rule_literal.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "engine/core/catalog.h"
#include "engine/core/errors.h"
#include "engine/core/trace.h"
#include "tests/support/source_spec.h"

namespace hexlaw {
namespace {

namespace fs = std::filesystem;

// The house form is checked when the program is compiled; a literal that fails it does not build.
static_assert(well_formed_rule_id("std:9.8.2"));
static_assert(well_formed_rule_id("jena:table.crt"));
static_assert(well_formed_rule_id("std:8.3b"));
static_assert(!well_formed_rule_id("napoleon:7.0"));
static_assert(!well_formed_rule_id("std:"));
static_assert(!well_formed_rule_id("std-7.0"));
static_assert(!well_formed_rule_id("std:7 0"));
// Exactly the catalog's grammar: no capitals, underscores, empty groups or second letters.
static_assert(well_formed_rule_id("jena:table.tec-river"));
static_assert(!well_formed_rule_id("std:9_8"));
static_assert(!well_formed_rule_id("std:9.8.2B"));
static_assert(!well_formed_rule_id("std:9..8"));
static_assert(!well_formed_rule_id("std:9.8."));
static_assert(!well_formed_rule_id("std:8.3bc"));
static_assert(!well_formed_rule_id("jena:table.CRT"));
static_assert(!well_formed_rule_id("jena:table.tec--river"));
static_assert(!well_formed_rule_id("jena:table."));
static_assert(!well_formed_rule_id("jena:tables.crt"));

// The compile-time check and the catalog's reader (parse_rule_id) accept the same ids.
TEST(RuleLiteral, FormCheckAgreesWithTheCatalogsReader) {
  for (const char* id : {"std:9.8.2", "std:7.0", "std:8.3b", "jena:table.crt", "dresden:table.tec-river", "leipzig:12",
                         "jemmapes:6.2", "std:9_8", "std:9.8.2B", "std:9..8", "std:9.8.", "std:8.3bc", "std:.9",
                         "jena:table.CRT", "jena:table.tec--river", "jena:table.", "jena:tables.crt", "Std:9.8",
                         "std:", ":9.8", "std:a", "std:9.8-2", "jena:table.crt.", "std:9 8", "std::9.8"})
    EXPECT_EQ(well_formed_rule_id(id), parse_rule_id(id).has_value()) << id;
}

TEST(RuleLiteral, ReadsAsItsId) {
  const Rule r = "std:9.8.2"_rule;
  EXPECT_EQ(r.id(), "std:9.8.2");
  const std::string_view as_text = r;
  EXPECT_EQ(as_text, "std:9.8.2");
  // One slot for each distinct literal, wherever it is written.
  EXPECT_EQ(&r.slot(), &("std:9.8.2"_rule).slot());
  EXPECT_NE(&r.slot(), &("std:9.8.1"_rule).slot());
}

TEST(RuleLiteral, AnUnknownLiteralIsRefusedEveryTime) {
  Trace loud(testing::source_spec()->catalog);
  Trace silent(Trace::Off{}, testing::source_spec()->catalog);
  for (int i = 0; i < 3; ++i) {  // a refusal is never remembered as a pass
    EXPECT_THROW(loud.cite("std:99.9"_rule, "no such case"), UnknownRuleError);
    EXPECT_THROW(silent.cite("std:99.9"_rule, "no such case"), UnknownRuleError);
    EXPECT_THROW(silent.cite("std:99.9"_rule, [] { return std::string("no such case"); }), UnknownRuleError);
  }
  EXPECT_TRUE(loud.entries().empty());
}

TEST(RuleLiteral, ALiteralCitedAsTextIsTheSameCitation) {
  Trace a(testing::source_spec()->catalog), b(testing::source_spec()->catalog);
  a.cite("std:7.0"_rule, "why");
  b.cite("std:7.0", "why");
  ASSERT_EQ(a.entries().size(), 1u);
  EXPECT_EQ(a.entries()[0].rule, b.entries()[0].rule);
  EXPECT_EQ(a.entries()[0].reason, b.entries()[0].reason);
  Trace ids(Trace::IdsOnly{}, testing::source_spec()->catalog);
  ids.cite("std:7.0"_rule, "why");
  ids.cite("std:7.0"_rule, "again");
  EXPECT_EQ(ids.citations(), (std::vector<std::string>{"std:7.0"}));
}

// A spec directory whose catalog holds std:7.0 alone.
class SmallCatalog : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("hexlaw-rule-literal-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "catalog");
    std::ofstream(dir_ / "catalog" / "std.yaml") << R"(book: std
cases:
  - id: std:7.0
    title: Zones of Control
    kind: rule
    status: implement
    printings: [jena]
    summary: A unit controls the hexes around it.
)";
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

// A literal found in one catalog is checked again under another: the project's catalog holds
// std:9.0, the small one does not, and citing it under the small one is refused however often
// it passed under the project's.
TEST_F(SmallCatalog, ALiteralKnownToOneCatalogIsCheckedAgainUnderAnother) {
  const Catalog small = Catalog::load(dir_);
  Trace project(Trace::Off{}, testing::source_spec()->catalog);
  Trace only_7(Trace::Off{}, small);
  EXPECT_NO_THROW(project.cite("std:9.0"_rule, "known"));
  EXPECT_THROW(only_7.cite("std:9.0"_rule, "unknown here"), UnknownRuleError);
  EXPECT_NO_THROW(project.cite("std:9.0"_rule, "known again"));
  EXPECT_THROW(only_7.cite("std:9.0"_rule, "still unknown here"), UnknownRuleError);
  EXPECT_NO_THROW(only_7.cite("std:7.0"_rule, "known to both"));
  EXPECT_NO_THROW(project.cite("std:7.0"_rule, "known to both"));
}

// Each catalog has a generation of its own; a copy shares its original's (it holds the same
// cases), and a catalog whose cases were moved away gets a new one, so a literal checked
// against the cases is never taken as checked against the emptied catalog.
TEST_F(SmallCatalog, GenerationsTellCatalogsApart) {
  Catalog a = Catalog::load(dir_);
  const Catalog b = Catalog::load(dir_);
  EXPECT_NE(a.generation(), b.generation());
  const Catalog copy = a;
  EXPECT_EQ(copy.generation(), a.generation());
  const std::uint64_t before = a.generation();
  Trace t(Trace::Off{}, a);
  EXPECT_NO_THROW(t.cite("std:7.0"_rule, "known"));
  const Catalog moved = std::move(a);
  EXPECT_EQ(moved.generation(), before);
  EXPECT_NE(a.generation(), before);  // NOLINT(bugprone-use-after-move): the point of the test
  Trace emptied(Trace::Off{}, a);     // NOLINT(bugprone-use-after-move)
  EXPECT_THROW(emptied.cite("std:7.0"_rule, "its cases went with the move"), UnknownRuleError);
}

}  // namespace
}  // namespace hexlaw
