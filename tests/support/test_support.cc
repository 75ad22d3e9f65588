// Owns: the shared test helpers (see test_support.h).
#include "tests/support/test_support.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "engine/core/trace.h"
#include "engine/questions/case_file.h"

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

std::vector<std::string> reasons_cited(const std::string& rel, std::string_view rule) {
  const Answer a = ask(load_case_file(source_spec(), source_path(rel)));
  std::vector<std::string> out;
  for (const auto& e : a.trace.entries())
    if (e.rule == rule) out.push_back(e.reason);
  return out;
}

bool some_reason_says(const std::vector<std::string>& reasons, std::initializer_list<std::string_view> parts) {
  for (const auto& r : reasons)
    if (std::all_of(parts.begin(), parts.end(), [&](std::string_view p) { return r.find(p) != std::string::npos; }))
      return true;
  return false;
}

InlinePosition::InlinePosition(const std::string& yaml)
    : c(inline_case(yaml + "\nquestion: {kind: distance, hexes: [\"0101\", \"0101\"]}\n")),
      rules(n20::make_rules(c.ruleset, c.spec)) {}

InlinePosition::InlinePosition(CaseFile loaded) : c(std::move(loaded)), rules(n20::make_rules(c.ruleset, c.spec)) {}

InlinePosition InlinePosition::of_case_file(const std::string& rel) {
  return InlinePosition(load_case_file(source_spec(), source_path(rel)));
}

Hex InlinePosition::hex(const std::string& ccrr) const { return to_axial(*parse_ccrr(ccrr), c.map->layout()); }

std::filesystem::path scratch_dir(const std::string& name) {
  namespace fs = std::filesystem;
  // The process's root, removed as the process exits (a static's destructor).
  struct Root {
    fs::path path = fs::temp_directory_path() / ("hexlaw-test-" + std::to_string(::getpid()));
    ~Root() {
      std::error_code ignored;
      fs::remove_all(path, ignored);
    }
  };
  static const Root root;
  const fs::path dir = root.path / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::filesystem::path spec_with_table_row(const std::string& table, const std::string& name, const std::string& row,
                                          const std::string& replacement) {
  std::ifstream in(source_path("spec/tables/" + table));
  std::stringstream ss;
  ss << in.rdbuf();
  std::string text = ss.str();
  const std::size_t at = text.find(row);
  EXPECT_NE(at, std::string::npos) << row;
  if (at != std::string::npos) text.replace(at, row.size(), replacement);
  const auto dir = scratch_dir("spec-" + name);
  const auto file = dir / "tables" / table;
  std::filesystem::create_directories(file.parent_path());
  std::ofstream(file) << text;
  return dir;
}

std::filesystem::path whole_spec_with_table_row(const std::string& table, const std::string& name,
                                                const std::string& row, const std::string& replacement) {
  const auto dir = spec_with_table_row(table, name, row, replacement);
  std::filesystem::copy(source_path("spec"), dir,
                        std::filesystem::copy_options::recursive | std::filesystem::copy_options::skip_existing);
  return dir;
}

}  // namespace hexlaw::testing
