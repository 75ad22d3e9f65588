// Owns: tests of the bound on the process's table of interned names (symbol.h, issue 16):
// past kMaxInternedNames texts or kMaxInternedBytes bytes, interning is a typed CaseError
// (NameLimitError) naming `names`, names already held still work, and the case reader names
// its file. Each test runs in its own process (gtest_discover_tests), so filling the table
// here leaves every other test alone.
#include <gtest/gtest.h>

#include <string>

#include "engine/core/symbol.h"
#include "engine/core/symbol_limits.h"
#include "engine/questions/case_file.h"
#include "tests/support/source_spec.h"

namespace hexlaw {
namespace {

// Interns fresh names "fill-N" until the table holds kMaxInternedNames texts.
void fill_the_table() {
  for (std::uint32_t i = 0; interned_name_count() < kMaxInternedNames; ++i) Symbol("fill-" + std::to_string(i));
}

TEST(SymbolLimit, PastTheNameLimitInterningIsATypedErrorAndHeldNamesStillWork) {
  const Symbol early("an-early-name");
  fill_the_table();
  EXPECT_EQ(interned_name_count(), kMaxInternedNames);
  try {
    Symbol("one-name-too-many");
    FAIL() << "a name past kMaxInternedNames was interned";
  } catch (const NameLimitError& e) {
    EXPECT_EQ(e.field(), "names");
    EXPECT_NE(std::string(e.what()).find("kMaxInternedNames"), std::string::npos) << e.what();
  }
  EXPECT_EQ(interned_name_count(), kMaxInternedNames);  // nothing was added
  EXPECT_EQ(Symbol("an-early-name"), early);              // a held name interns as before
  EXPECT_EQ(Symbol("fill-0").str(), "fill-0");
  EXPECT_FALSE(Symbol::find("one-name-too-many").has_value());
}

TEST(SymbolLimit, PastTheByteLimitInterningIsATypedError) {
  const std::size_t mib = std::size_t{1} << 20;
  std::size_t i = 0;
  while (interned_name_bytes() + mib <= kMaxInternedBytes) Symbol(std::string(mib - 8, 'x') + std::to_string(10000000 + i++));
  EXPECT_THROW(Symbol(std::string(mib, 'y')), NameLimitError);
  EXPECT_LE(interned_name_bytes(), kMaxInternedBytes);
  EXPECT_NO_THROW(Symbol("short"));  // what still fits is still taken
}

TEST(SymbolLimit, ACaseReadWithTheTableFullIsACaseErrorNamingItsFile) {
  const auto& spec = testing::source_spec();  // the spec's own names first
  fill_the_table();
  const char* text = R"(
game: standard
map: {bounds: {cols: [1, 10], rows: [1, 10]}}
units:
  - {id: never-seen-before, side: french, type: infantry, strength: 4, movement: 6, hex: "0505"}
question: {kind: adjacent, a: "0505", b: "0506"}
)";
  try {
    parse_case_text(spec, text, "hostile.yaml");
    FAIL() << "a case with a new unit id was read with the name table full";
  } catch (const CaseError& e) {
    EXPECT_EQ(e.file(), "hostile.yaml");
    EXPECT_EQ(e.field(), "names");
  }
}

}  // namespace
}  // namespace hexlaw
