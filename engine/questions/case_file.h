// Owns: the case file — one rules question as data (docs/case-format.md): game and
// options, a map fragment, units, state, the question, the dice and the expected answer.
// Parsing validates everything up front and throws CaseError naming file, field, reason. A
// case is read under a spec (the catalog its rule ids are checked against, the tables its rule
// set reads) and keeps it, so asking it needs nothing else.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/errors.h"
#include "engine/core/map.h"
#include "engine/core/spec.h"
#include "engine/n20/state.h"
#include "engine/core/yaml_read.h"
#include "engine/jemmapes/position.h"
#include "engine/n20/position_reader.h"
#include "engine/n20/rules.h"

namespace hexlaw {

struct DiceSpec {
  enum class Mode { None, Scripted, Seeded, Enumerate } mode = Mode::None;
  std::vector<int> script;
  std::uint64_t seed = 0;
};

struct Expectation {
  bool present = false;
  std::optional<nlohmann::json> outcome;  // compared as a subset of the answer's outcome
  std::vector<std::string> cites;         // each must be among the answer's citations
  std::vector<std::string> not_cites;     // none may be among them
  std::vector<std::string> absent;        // dotted outcome paths that must not exist ("hexes.0509")
  std::string refused;                    // the rule the question must be refused under, if any
};

struct CaseFile {
  std::shared_ptr<const Spec> spec;  // the spec it was read under, which ask() answers under
  std::string file;   // path or "<dict>"/"<text>"
  std::string name;   // "std/7.0/zoc-into-town"
  std::string title;
  std::vector<std::string> rules;  // the rule cases this question is about
  std::string system;              // the rule system its game belongs to: "n20" or "jemmapes"
  n20::RulesetChoice ruleset;
  std::shared_ptr<const Map> map;
  GameState state;                 // a Napoleonic 20 position
  std::shared_ptr<const jemmapes::Position> jemmapes;  // a Jemmapes 1792 position
  std::string question_kind;
  CaseField root;      // the whole file, for questions whose errors point outside `question`
  CaseField question;  // the raw question, read by the question kind's handler
  DiceSpec dice;
  Expectation expect;
};


// The Napoleonic 20 system's position reader (parse_position into the case), registered in
// systems.cc.
void read_n20_case_position(const CaseField& root, CaseFile& c);

// Parses a case under `spec` from a file path, or from YAML/JSON text (named `name` in errors).
CaseFile load_case_file(std::shared_ptr<const Spec> spec, const std::string& path, const std::string& cases_root = "");
CaseFile parse_case_text(std::shared_ptr<const Spec> spec, const std::string& text, const std::string& name);
// Parses a case from a document built in memory (the Python bindings build one from a dict),
// with `name` ("<dict>") standing for the file in errors. Reads exactly as parse_case_text
// reads the document it parses, so the same data gives the same case.
CaseFile parse_case_doc(std::shared_ptr<const Spec> spec, std::shared_ptr<const Doc> doc, const std::string& name);

// Converts a field's data to JSON: plain scalars become numbers/booleans/null when they read as
// such, quoted scalars stay strings.
nlohmann::json yaml_to_json(const CaseField& field);

}  // namespace hexlaw
