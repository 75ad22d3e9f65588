// Owns: setting up the game (std:3.0) — who plays which side, and whether a starting position
// is one the set-up allows: units on the exclusive rules' setup hexes, no two in one hex,
// reinforcements with a turn to arrive.
#pragma once

#include <string>
#include <vector>

#include "engine/n20/rules.h"

namespace hexlaw::n20 {

struct SetupProblem {
  std::string unit, rule, reason;
};

struct SetupVerdict {
  bool legal = true;
  std::vector<std::string> french_player, anti_french_player;  // the sides each player owns
  std::vector<SetupProblem> problems;
};

// Checks a starting position; `french` names the French side, every other side belongs to the
// anti-French player.
SetupVerdict check_setup(const N20Rules& rules, const Map& map, const GameState& state, const std::string& french,
                         Trace& trace);

}  // namespace hexlaw::n20
