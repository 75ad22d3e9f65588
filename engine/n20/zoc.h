// Owns: zones of control and adjacency "for the rules" (std:7.0–7.6): which hexes a unit
// controls, who controls a hex, whether a unit stands in an enemy ZOC, and whether two
// hexes count as adjacent across a major river.
#pragma once

#include <vector>

#include "engine/n20/rules.h"
#include "engine/n20/terrain_index.h"

namespace hexlaw::n20 {

// Does `u` exert its ZOC into `target`? Cites the rule that decided. The ground's facts come
// from the rule set's TerrainIndex of the map (the second form takes one already at hand).
bool exerts_zoc_into(const N20Rules& rules, const Map& map, const GameState& state, const Unit& u, Hex target,
                     Trace& trace);
bool exerts_zoc_into(const N20Rules& rules, const TerrainIndex& ground, const GameState& state, const Unit& u,
                     Hex target, Trace& trace);

// Every unit of `side` (all sides when empty) whose ZOC covers `target`.
std::vector<const Unit*> units_exerting_zoc_on(const N20Rules& rules, const Map& map, const GameState& state,
                                               Hex target, const std::string& side, Trace& trace);

// Is the unit standing in a hex controlled by an enemy unit?
bool in_enemy_zoc(const N20Rules& rules, const Map& map, const GameState& state, const Unit& u, Trace& trace);

// Are two hexes adjacent for the rules? Neighbouring hexes are, except across a major river
// hexside without a bridge or ford (std:7.0).
bool adjacent_for_rules(const N20Rules& rules, const Map& map, const GameState& state, Hex a, Hex b,
                        Trace& trace);

}  // namespace hexlaw::n20
