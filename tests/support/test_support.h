// Owns: helpers every C++ test and property shares — citing the rule cases a test checks
// (recorded as the "rules" property in GoogleTest's XML, which the coverage report reads;
// an id the catalog lacks fails the test) and building a case from inline YAML, under the
// source tree's spec (source_spec.h).
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "engine/questions/ask.h"
#include "tests/support/source_spec.h"

namespace hexlaw::testing {

void cite_rules(std::initializer_list<std::string_view> ids);
CaseFile inline_case(const std::string& yaml);
// A position from inline YAML (units, map, state, options; no question needed) with its rule set,
// or (of_case_file) the position of a case file in the source tree, its question left unasked.
struct InlinePosition {
  CaseFile c;
  std::unique_ptr<n20::N20Rules> rules;
  explicit InlinePosition(const std::string& yaml);
  static InlinePosition of_case_file(const std::string& rel);
  Hex hex(const std::string& ccrr) const;

 private:
  explicit InlinePosition(CaseFile loaded);
};
// Path of a file in the source tree.
std::string source_path(const std::string& rel);
// The reasons the answer to the case file at `rel` (in the source tree) cites under `rule`, in
// order: what a case file's `expect` cannot state, since it checks cited ids, not reasons.
std::vector<std::string> reasons_cited(const std::string& rel, std::string_view rule);
// Whether some reason in `reasons` contains every one of `parts`.
bool some_reason_says(const std::vector<std::string>& reasons, std::initializer_list<std::string_view> parts);
// A scratch directory of this process, `name` inside the system's temporary directory's
// hexlaw-test-PID, created empty: what an earlier process with the same pid left there is
// removed first, never read. The process's whole hexlaw-test-PID goes when it exits.
std::filesystem::path scratch_dir(const std::string& name);
// A spec directory for TableSet::load holding one table of the source spec (`table`, relative
// to spec/tables, e.g. "leipzig/order-of-battle.yaml") with the text `row` replaced by
// `replacement` (a failed test if `row` is not there), written in scratch_dir("spec-" + name).
std::filesystem::path spec_with_table_row(const std::string& table, const std::string& name, const std::string& row,
                                          const std::string& replacement);
// The same table change in a whole copy of the source spec (its catalog and every table), for
// Spec::load and the rule sets built on it.
std::filesystem::path whole_spec_with_table_row(const std::string& table, const std::string& name,
                                                const std::string& row, const std::string& replacement);

}  // namespace hexlaw::testing

// Names the rule cases this test checks: HEXLAW_CITES("std:7.0", "std:7.6");
#define HEXLAW_CITES(...) ::hexlaw::testing::cite_rules({__VA_ARGS__})
