// Owns: the error types every layer throws. Bad input always names the file, the field and
// the reason, so a person can fix it without reading engine code.
#pragma once

#include <stdexcept>
#include <string>

namespace hexlaw {

// Malformed, incomplete or contradictory input: a case file, a spec file, a state document.
class InputError : public std::runtime_error {
 public:
  InputError(std::string file, std::string field, std::string reason, int line = 0);
  const std::string& file() const { return file_; }
  const std::string& field() const { return field_; }
  const std::string& reason() const { return reason_; }
  int line() const { return line_; }

 private:
  std::string file_, field_, reason_;
  int line_;
};

// A case file (a rules question) that cannot be read or answered as asked.
class CaseError : public InputError {
 public:
  using InputError::InputError;
};

// A spec file (catalog or table) that is malformed: the project itself is broken.
class SpecError : public InputError {
 public:
  using InputError::InputError;
};

// Engine code cited a rule id that the catalog does not know: a bug, never a silent string.
class UnknownRuleError : public std::logic_error {
 public:
  explicit UnknownRuleError(const std::string& id)
      : std::logic_error("rule id '" + id + "' is not in the spec catalog") {}
};

// A rule the engine implements only in part was asked about a part it does not implement. It
// refuses by name ("dresden:9.10: combat results against a garrison are not implemented")
// rather than answer with the standard rule: a confident wrong answer is worse than a refusal.
// Engine code marks each place that throws it with a REFUSES tag naming the case (see
// docs/rule-layering.md).
class RuleRefusal : public std::runtime_error {
 public:
  RuleRefusal(std::string rule, const std::string& what)
      : std::runtime_error(rule + ": " + what), rule_(std::move(rule)) {}
  const std::string& rule() const { return rule_; }

 private:
  std::string rule_;
};

// A case file whose question meets a RuleRefusal: bad input in the sense that the engine cannot
// answer it as asked (exit 2 from the CLI, hexlaw.RuleRefused, a CaseError, in Python).
class CaseRefused : public CaseError {
 public:
  CaseRefused(std::string file, const RuleRefusal& refusal)
      : CaseError(std::move(file), "question", std::string("refused: ") + refusal.what()), rule_(refusal.rule()),
        reason_(refusal.what()) {}
  const std::string& rule() const { return rule_; }
  const std::string& refusal() const { return reason_; }

 private:
  std::string rule_, reason_;
};

// A question asked for more work than a named limit allows: an enumeration past its sequences
// or outcomes (issue 16), a retreat extended past kMaxExtension (std:9.8.5). ask() reports it
// as a CaseError on the field that asked (`dice`, else `question`): never an internal error.
class LimitError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A scripted dice source ran out of rolls, was left with unused rolls, or was asked for a
// die its script cannot give.
class DiceScriptError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace hexlaw
