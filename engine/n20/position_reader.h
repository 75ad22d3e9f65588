// Owns: the Napoleonic 20 system's position reader — the rule set a case or scenario chooses
// (game, printing, options, interpretations), its map fragment checked against the game's
// terrain chart, and its units and state checked for an illegal position. Case files
// (engine/questions) and scenarios (engine/play) both read positions through it, so it sits
// below both.
#pragma once

#include <memory>
#include <string>

#include "engine/core/errors.h"
#include "engine/core/map.h"
#include "engine/n20/state.h"
#include "engine/core/yaml_read.h"
#include "engine/n20/rules.h"

namespace hexlaw {

// A rule id in a field: of the house form and in `catalog`, else the field fails.
void check_rule_id(const CaseField& f, const std::string& id, const Catalog& catalog);

// The position part of a case file or a scenario: the rule set (game, printing, options,
// interpretations), the map fragment, the units and the state, checked for an illegal
// position, under the catalog and tables of a spec. Throws CaseError naming the field.
struct CasePosition {
  n20::RulesetChoice ruleset;
  std::shared_ptr<const n20::N20Rules> rules;
  std::shared_ptr<const Map> map;
  GameState state;
  // Set when the rule set chosen is refused by name (a switch of a rule not yet implemented):
  // the position reads, but nothing may be asked of it.
  std::shared_ptr<const RuleRefusal> refusal;
};
CasePosition parse_position(const CaseField& root, std::shared_ptr<const Spec> spec);

}  // namespace hexlaw
