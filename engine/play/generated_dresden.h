// Owns: generated Dresden 20 scenarios — random but legal small games under the Dresden layer
// (dresden:*), for played-game properties and tests: a map with the Elbe (the Dresden bridges
// of 9.11 among its crossings), the four garrisons of 9.10.1 and 9.10.2, the Allies as First
// Player (dresden:4.0), French reinforcements from the north edge, a weather turn track (5.1),
// areas Y and Z on the west edge with Au IV rolling for Meissen from Turn 7 (3.2).
// Written as scenario YAML and read back through the scenario parser, like generated.h's.
#pragma once

#include <cstdint>
#include <memory>
#include <set>
#include <string>

#include "engine/play/scenario.h"

namespace hexlaw::play {

struct DresdenScenarioSpec {
  int units_per_side = 8;  // reinforcements included, garrisons not
  int last_turn = 8;
  std::set<std::string> options;  // optional rules, e.g. "dresden:16.8" (Variable Weather)
  std::uint64_t seed = 1;
};

std::string dresden_scenario_yaml(const DresdenScenarioSpec& spec);
std::shared_ptr<const Scenario> dresden_scenario(std::shared_ptr<const Spec> rules_spec, const DresdenScenarioSpec& spec);

}  // namespace hexlaw::play
