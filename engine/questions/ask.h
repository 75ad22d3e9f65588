// Owns: answering a case — dispatch by question kind, running the dice in the mode the
// case asks for, and checking the answer against the case's expectation.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/n20/battle.h"
#include "engine/questions/answer.h"
#include "engine/questions/case_file.h"
#include "engine/questions/single_dice.h"

namespace hexlaw {

// What a question handler sees: the case, its rule set, map and position.
struct Situation {
  const CaseFile& c;
  const n20::N20Rules& rules;
  const Map& map;
  const GameState& state;
  // The battle the question declares, read once (an enumeration may answer many times).
  mutable std::optional<n20::BattleDeclaration> declared;
};

// A question kind: reads its own fields from the case's `question` (throwing CaseError
// naming them), then answers with any dice it needs from `dice`.
struct QuestionKind {
  std::string name;
  std::string description;
  // Validates the question's fields before anything runs (so bad input never half-runs).
  std::function<void(const Situation&)> validate;
  std::function<nlohmann::json(const Situation&, DiceSource&, Trace&, std::string& headline)> answer;
  // Exact odds (dice: enumerate) for kinds that play a tree of chance nodes instead of being
  // replayed once per dice sequence: each distinct outcome with its probability, in the order
  // first reached, every distinct citation put into the trace once. Unset: `answer` replayed.
  std::function<std::vector<std::pair<nlohmann::json, Fraction>>(const Situation&, Trace&)> odds;
};

const std::vector<QuestionKind>& question_kinds();

// Answers a case through its rule system (systems.h); a refusal by name becomes CaseRefused.
Answer ask(const CaseFile& c);
// The Napoleonic 20 system's answer driver, registered in systems.cc.
Answer answer_n20_case(const CaseFile& c);
CheckResult check(const CaseFile& c, const Answer& a);
// Checks a refusal against the case: it passes only when the case expects a refusal under the
// same rule (`expect: {refused: RULE}`).
CheckResult check_refusal(const CaseFile& c, const CaseRefused& refusal);

}  // namespace hexlaw
