// Owns: tests of the bound on the process's table of interned names (symbol_limits.h, issue 16):
// past kMaxInternedNames texts or kMaxInternedBytes bytes, interning is a typed CaseError
// (NameLimitError) naming `names`, names already held still work, and the case reader names
// its file. Filling the table would spoil every later test of the same process (the report
// runs the whole test binary in one), so each body runs in a child process (a death test that
// must exit 0); a failed check prints why and exits 1.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "engine/core/symbol.h"
#include "engine/core/symbol_limits.h"
#include "engine/questions/case_file.h"
#include "tests/support/source_spec.h"

namespace hexlaw {
namespace {

void check(bool ok, const std::string& what) {
  if (ok) return;
  std::fprintf(stderr, "check failed: %s\n", what.c_str());
  std::exit(1);
}

// Interns fresh names "fill-N" until the table holds kMaxInternedNames texts.
void fill_the_table() {
  for (std::uint32_t i = 0; interned_name_count() < kMaxInternedNames; ++i) Symbol("fill-" + std::to_string(i));
}

void name_limit_body() {
  const Symbol early("an-early-name");
  fill_the_table();
  check(interned_name_count() == kMaxInternedNames, "the table holds kMaxInternedNames names");
  try {
    Symbol("one-name-too-many");
    check(false, "a name past kMaxInternedNames was interned");
  } catch (const NameLimitError& e) {
    check(e.field() == "names", "the error names the field `names`");
    check(std::string(e.what()).find("kMaxInternedNames") != std::string::npos, e.what());
  }
  check(interned_name_count() == kMaxInternedNames, "nothing was added");
  check(Symbol("an-early-name") == early, "a held name interns as before");
  check(Symbol("fill-0").str() == "fill-0", "a held name reads as before");
  check(!Symbol::find("one-name-too-many").has_value(), "the refused name is not in the table");
  std::exit(0);
}

void byte_limit_body() {
  const std::size_t mib = std::size_t{1} << 20;
  std::size_t i = 0;
  while (interned_name_bytes() + mib <= kMaxInternedBytes) Symbol(std::string(mib - 8, 'x') + std::to_string(10000000 + i++));
  try {
    Symbol(std::string(mib, 'y'));
    check(false, "a name past kMaxInternedBytes was interned");
  } catch (const NameLimitError&) {
  }
  check(interned_name_bytes() <= kMaxInternedBytes, "the table stays within kMaxInternedBytes");
  Symbol("short");  // what still fits is still taken
  std::exit(0);
}

void case_reader_body() {
  const auto& spec = testing::source_spec();  // the spec's own names first
  fill_the_table();
  const char* text = R"(
game: standard
map: {bounds: {cols: [1, 10], rows: [1, 10]}}
units:
  - {id: never-seen-before, side: french, type: infantry, strength: 4, movement: 6, hex: "0505"}
question: {kind: in-enemy-zoc, unit: never-seen-before}
)";
  try {
    parse_case_text(spec, text, "hostile.yaml");
    check(false, "a case with a new unit id was read with the name table full");
  } catch (const CaseError& e) {
    check(e.file() == "hostile.yaml", std::string("the error names the case file: ") + e.what());
    check(e.field() == "names", std::string("the error names the field `names`: ") + e.what());
  }
  std::exit(0);
}

TEST(SymbolLimit, PastTheNameLimitInterningIsATypedErrorAndHeldNamesStillWork) {
  EXPECT_EXIT(name_limit_body(), ::testing::ExitedWithCode(0), "");
}

TEST(SymbolLimit, PastTheByteLimitInterningIsATypedError) {
  EXPECT_EXIT(byte_limit_body(), ::testing::ExitedWithCode(0), "");
}

TEST(SymbolLimit, ACaseReadWithTheTableFullIsACaseErrorNamingItsFile) {
  EXPECT_EXIT(case_reader_body(), ::testing::ExitedWithCode(0), "");
}

}  // namespace
}  // namespace hexlaw
