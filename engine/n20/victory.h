// Owns: how the game is won (std:12.1.2, std:15.0): a side at 0 morale loses at once (both at
// once is a draw); decisive victory at any time; at the end of the last turn the anti-French
// side wins marginally with at least one point more than the French, and anything else is a
// draw.
#pragma once

#include <string>

#include "engine/n20/rules.h"

namespace hexlaw::n20 {

struct VictoryVerdict {
  bool over = false;
  std::string level;   // decisive, marginal, draw, or none (the game goes on)
  std::string winner;  // a side, empty for a draw or none
  std::string rule;
};

// `french_side` names the French morale track; every other track belongs to the anti-French
// side. `end_of_game`: the last Game Turn has just ended.
// The verdict under the rule set's victory conditions (N20Rules::judge_victory: these standard
// ones, or a game's own, as Leipzig's by Fronts).
VictoryVerdict victory(const N20Rules& rules, const GameState& state, const std::string& french_side, bool end_of_game,
                       Trace& trace);
// The standard conditions themselves (std:12.1.2, std:15.0), for the standard hook.
VictoryVerdict standard_victory(const GameState& state, const std::string& french_side, bool end_of_game, Trace& trace);

}  // namespace hexlaw::n20
