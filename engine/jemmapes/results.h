// Owns: the grammar of Jemmapes combat results (jemmapes:6.3) as the Assault and Fire Tables
// print them: "-" nothing, M (printed "MT", with an unprinted footnote mark "(1)") a morale test,
// nD levels of disorganisation, R a one-hex retreat, * one artillery step destroyed, nP step
// losses; a cell combines them ("1P 4D R*").
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace hexlaw::jemmapes {

struct CombatResult {
  std::string text;          // the cell as printed
  bool morale_test = false;  // M
  int disorganisation = 0;   // nD
  bool retreat = false;      // R
  bool artillery_step = false;  // *
  int step_losses = 0;       // nP
  bool none() const { return !morale_test && !disorganisation && !retreat && !artillery_step && !step_losses; }
};

// Parses a printed cell; throws std::invalid_argument naming the token it cannot read.
CombatResult parse_result(const std::string& cell);
nlohmann::json to_json(const CombatResult& r);

}  // namespace hexlaw::jemmapes
