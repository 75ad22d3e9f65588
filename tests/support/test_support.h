// Owns: helpers every C++ test and property shares — citing the rule cases a test checks
// (recorded as the "rules" property in GoogleTest's XML, which the coverage report reads;
// an id the catalog lacks fails the test) and building a case from inline YAML, under the
// source tree's spec (source_spec.h).
#pragma once

#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <string_view>

#include "engine/questions/ask.h"
#include "tests/support/source_spec.h"

namespace hexlaw::testing {

void cite_rules(std::initializer_list<std::string_view> ids);
CaseFile inline_case(const std::string& yaml);
// A position from inline YAML (units, map, state, options; no question needed) with its rule set.
struct InlinePosition {
  CaseFile c;
  std::unique_ptr<n20::N20Rules> rules;
  explicit InlinePosition(const std::string& yaml);
  Hex hex(const std::string& ccrr) const;
};
// Path of a file in the source tree.
std::string source_path(const std::string& rel);

}  // namespace hexlaw::testing

// Names the rule cases this test checks: HEXLAW_CITES("std:7.0", "std:7.6");
#define HEXLAW_CITES(...) ::hexlaw::testing::cite_rules({__VA_ARGS__})
