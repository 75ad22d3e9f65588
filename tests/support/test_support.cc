// Owns: the shared test helpers (see test_support.h).
#include "tests/support/test_support.h"

#include <cstdlib>

#include "engine/core/trace.h"

#ifndef HEXLAW_SOURCE_DIR
#define HEXLAW_SOURCE_DIR "."
#endif

namespace hexlaw::testing {
namespace {

// The coverage report runs the test programs with $HEXLAW_TRACE_DIR set to learn which rules
// they applied.
const bool kRecordingCitedIds = [] {
  if (const char* dir = std::getenv("HEXLAW_TRACE_DIR"); dir && *dir) record_cited_ids_in(dir);
  return true;
}();

}  // namespace

void cite_rules(std::initializer_list<std::string_view> ids) {
  std::string joined;
  for (auto id : ids) {
    EXPECT_TRUE(source_spec()->catalog.has(id)) << "test cites '" << id << "', which is not in the spec catalog";
    joined += (joined.empty() ? "" : " ") + std::string(id);
  }
  ::testing::Test::RecordProperty("rules", joined);
}

CaseFile inline_case(const std::string& yaml) {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  const std::string name = info ? std::string(info->test_suite_name()) + "." + info->name() : "<inline>";
  return parse_case_text(source_spec(), yaml, name);
}

std::string source_path(const std::string& rel) { return std::string(HEXLAW_SOURCE_DIR) + "/" + rel; }

InlinePosition::InlinePosition(const std::string& yaml)
    : c(inline_case(yaml + "\nquestion: {kind: distance, hexes: [\"0101\", \"0101\"]}\n")),
      rules(n20::make_rules(c.ruleset, c.spec)) {}

Hex InlinePosition::hex(const std::string& ccrr) const { return to_axial(*parse_ccrr(ccrr), c.map->layout()); }

}  // namespace hexlaw::testing
