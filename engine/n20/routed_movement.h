// Owns: a routed unit's movement under optional rule 16.5 (std:16.5.2): whether a unit's
// move is held to what a retreat could do, where a path first leaves every legal retreat, and
// the hexes such a unit can reach. The step rules are movement.cc's; these only narrow them.
#pragma once

#include <vector>

#include "engine/n20/movement.h"

namespace hexlaw::n20 {

class PositionIndex;

// Does optional rule 16.5 restrict this unit's move to what a retreat could do (std:16.5.2)?
bool moves_as_retreat(const N20Rules& rules, const Unit& unit, const MoveOptions& options);

// For a routed unit's path of n hexes: the index of the first hex no legal n-hex retreat
// enters at that point, or -1 when the path is one a retreat could take.
int first_non_retreat_step(const N20Rules& rules, const Map& map, const GameState& state, const Unit& unit,
                           const std::vector<Hex>& path);

// A routed unit's reach (std:16.5.2): the hexes ending some prefix of a legal retreat that the
// movement rules also allow, each with its best path (most MP left, then fewest hexes).
// `base` is the allowance before any road bonus.
std::vector<ReachableHex> routed_reach(const PositionIndex& index, const Unit& unit, const MoveOptions& options,
                                       int base, Trace& trace);

}  // namespace hexlaw::n20
