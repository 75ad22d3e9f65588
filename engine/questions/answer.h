// Owns: the answer every question returns — the outcome as JSON, the rule trace, the dice
// rolled — and its rendering for a person (`explain`) or a program (`to_json`).
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/dice.h"
#include "engine/core/trace.h"

namespace hexlaw {

class Catalog;

struct Answer {
  std::string case_name;
  std::string question_kind;
  std::string dice_mode;             // none, scripted, seeded, enumerate
  nlohmann::json outcome;            // kind-specific; for enumerate: {"odds": [...]}
  std::string headline;              // one line for a person
  Trace trace;
  std::vector<RollRecord> rolls;

  std::vector<std::string> citations() const { return trace.citations(); }
  // The outcome, then each cited rule id with its title and summary line, then the reasons.
  std::string explain(const Catalog& catalog) const;
  nlohmann::json to_json(const Catalog& catalog) const;
};

// Result of comparing an answer with a case file's `expect`.
struct CheckResult {
  bool ok = true;
  std::vector<std::string> mismatches;
};

}  // namespace hexlaw
