// Owns: the registry of rule systems — the one seam through which a case file reaches a
// system: its games, its position reader (its own unit and state fields), its question kinds
// and its answer driver. `ask`, the CLI, Python and the report go through it alike for every
// system. Registered: Napoleonic 20 ("n20": standard, jena, dresden, leipzig) and Jemmapes
// 1792 ("jemmapes": so far its geometry: facing and zones of control).
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/questions/answer.h"
#include "engine/questions/case_file.h"

namespace hexlaw {

struct RuleSystem {
  std::string name;                // "n20", "jemmapes"
  std::vector<std::string> games;  // what a case's `game:` may name
  std::string default_game;
  // Reads the system's position from a case file (rule set, map, units, state) into `c`,
  // throwing CaseError naming the field.
  std::function<void(const CaseField& root, CaseFile& c)> read_position;
  // The question kinds it answers, by name, and the answer to a parsed case of it.
  std::function<std::vector<std::string>()> kinds;
  std::function<Answer(const CaseFile& c)> answer;
};

const std::vector<RuleSystem>& rule_systems();
// The system whose games include `game`, or null.
const RuleSystem* system_for_game(std::string_view game);
// The system named `name` (a CaseFile's `system`); throws std::logic_error if none.
const RuleSystem& system_named(std::string_view name);

}  // namespace hexlaw
