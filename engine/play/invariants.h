// Owns: the one invariant checker every test runs on every game state it visits — the laws
// that hold at each decision whatever was played: morale within 0..10 (std:12.1.1); every unit
// exactly one of on the map, broken, eliminated or pending (std:10.0, std:11.0); no two units
// in one hex outside the Cadre exception (std:6.9, std:16.7) and a Dummy arriving with a
// reinforcement within its owner's Movement Phase (std:16.1.3); none on a hex off the map; no
// enemies sharing a hex; the game over exactly when a side is at 0 or the last turn has ended
// (std:15.0); every game-level marker one the game's rules read from a position.
#pragma once

#include <string>
#include <vector>

#include "engine/play/game.h"

namespace hexlaw::play {

// Every law the game's current state breaks, one line each; empty when all hold.
std::vector<std::string> invariant_violations(const Game& game);

}  // namespace hexlaw::play
