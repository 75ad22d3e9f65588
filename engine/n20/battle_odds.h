// Owns: the exact odds of a declared battle. Its resolution (resolution.h) waits at each roll;
// the odds copy it there and play every face, so each prefix of dice is played once (the
// chance tree of engine/core/chance.h), and merge the lines that end alike.
#pragma once

#include <vector>

#include "engine/core/dice.h"
#include "engine/n20/resolution.h"

namespace hexlaw::n20 {

// True when two outcomes show the same thing once the dice are left out: result, applied
// result, each unit's fate, distance, path, end and why it broke, the morale changes and the
// exchange choices. Exact odds merge the lines of dice that end this way.
bool same_without_dice(const BattleOutcome& a, const BattleOutcome& b);

// The exact odds of a battle: every line of dice played once along a tree of chance nodes,
// lines that end the same way without their dice merged (same_without_dice) in the order
// first reached. Each distinct citation goes into `trace` once.
std::vector<Weighted<BattleOutcome>> battle_odds(const N20Rules& rules, const Map& map, const GameState& state,
                                                 const BattleDeclaration& battle, const ResolutionPolicy& policy,
                                                 Trace& trace);

}  // namespace hexlaw::n20
