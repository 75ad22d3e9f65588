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

// A scripted dice source ran out of rolls, was left with unused rolls, or was asked for a
// die its script cannot give.
class DiceScriptError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace hexlaw
