// Owns: the combat obligation that zones of control create (std:7.3, and the part of std:9.1
// that follows from it): which phasing units must attack and which enemy units must be
// attacked in a Combat Phase. Checking a declared set of battles against it is combat's job.
#pragma once

#include <vector>

#include "engine/n20/rules.h"

namespace hexlaw::n20 {

struct CombatObligations {
  std::vector<const Unit*> must_attack;       // phasing units standing in an enemy ZOC
  std::vector<const Unit*> must_be_attacked;  // enemy units whose ZOC covers a phasing unit, or
                                              // that stand in the ZOC of a unit that must attack
};

CombatObligations combat_obligations(const N20Rules& rules, const Map& map, const GameState& state,
                                     const std::string& phasing_side, Trace& trace);

}  // namespace hexlaw::n20
