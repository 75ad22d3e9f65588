// Owns: advance after combat (std:9.9–9.9.8, std:7.5, std:8.2.3): the retreat path each
// defeated unit left behind, who among the victors may or must advance along it, and how far
// — cavalry up to its allowance, one other unit into the vacated hex only, never artillery or
// routed units, enemy ZOCs ignored, prohibited terrain and uncrossable rivers respected.
#pragma once

#include <string>
#include <vector>

#include "engine/n20/resolution.h"

namespace hexlaw::n20 {

struct AdvancePath {
  std::string defeated;    // the unit that left it
  std::vector<Hex> hexes;  // vacant hexes from its battle hex onward, in order
};

struct AdvanceEligibility {
  std::string unit;
  int max_hexes = 0;       // how far along a path it may go
  bool cavalry = false;
  // The defeated units whose paths this victor may not take, though others remain open to it:
  // the vacated hex lies across a crossing reserved to the other side (Dresden's pontoon,
  // dresden:6.0) or is one it may never enter (Leipzig's LO, leipzig:6.7).
  std::vector<std::string> not_along;
};

struct AdvanceOptions {
  std::string victor_side;  // empty when nobody may advance
  std::string why_none;     // the rule and reason when nobody may
  std::vector<AdvancePath> paths;
  std::vector<AdvanceEligibility> eligible;
  bool cavalry_must_advance = false;  // at least one victorious cavalry unit must enter the vacated hex
};

// Who may or must advance after a battle resolved by resolve_battle (state: before the battle).
AdvanceOptions advance_options(const N20Rules& rules, const Map& map, const GameState& before,
                               const BattleDeclaration& battle, const BattleOutcome& outcome, Trace& trace);

}  // namespace hexlaw::n20
