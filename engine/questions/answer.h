// Owns: the answer every question returns — the outcome as JSON, the rule trace, the dice
// rolled — and its rendering for a person (`explain`) or a program (`to_json`). An answer keeps
// the spec it was given under: its trace checks ids against that catalog, and the rendering
// reads the cited cases' titles from it.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/dice.h"
#include "engine/core/spec.h"
#include "engine/core/trace.h"

namespace hexlaw {

struct Answer {
  explicit Answer(std::shared_ptr<const Spec> under) : spec(std::move(under)), trace(spec->catalog) {}

  std::shared_ptr<const Spec> spec;  // first: the trace refers to its catalog
  std::string case_name;
  std::string question_kind;
  std::string dice_mode;             // none, scripted, seeded, enumerate
  nlohmann::json outcome;            // kind-specific; for enumerate: {"odds": [...]}
  std::string headline;              // one line for a person
  Trace trace;
  std::vector<RollRecord> rolls;

  std::vector<std::string> citations() const { return trace.citations(); }
  // The outcome, then each cited rule id with its title and summary line, then the reasons.
  std::string explain() const;
  nlohmann::json to_json() const;
};

// Result of comparing an answer with a case file's `expect`.
struct CheckResult {
  bool ok = true;
  std::vector<std::string> mismatches;
};

}  // namespace hexlaw
