// Owns: what happens to morale and markers as turns end (std:13.0 lulls, std:14.0 night
// operations' morale steps, std:16.5.3 rout recovery). Each is a function of the state and
// the facts of the turn that the state does not hold (did the side force march, was a battle
// die rolled).
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "engine/n20/rules.h"

namespace hexlaw::n20 {

struct TurnFacts {
  bool after_first_night = false;  // the first Night Game Turn has passed
  bool forced_march = false;       // the side force-marched this Player Turn
  bool battle_die_rolled = false;  // a battle die was rolled in the enemy Reaction or own Combat Phase
  // Per morale track, where a side keeps several (Leipzig's Fronts): the tracks whose groups
  // force-marched, and those whose units fought a battle in those phases.
  std::set<std::string> forced_march_tracks, battle_tracks;
};

struct LullVerdict {
  bool gains = false;
  std::string rule, reason;
  // The tracks that gain, where the side keeps several (Leipzig's Fronts); empty: the side's one.
  std::vector<std::string> tracks;
};

// Does `side` gain a morale point for a lull at the end of its Player Turn (std:13.0)?
LullVerdict lull(const N20Rules& rules, const Map& map, const GameState& state, const std::string& side,
                 const TurnFacts& facts, Trace& trace);
// The standard lull (std:13.0), which the rule set's judge_lull gives by default.
LullVerdict standard_lull(const N20Rules& rules, const Map& map, const GameState& state, const std::string& side,
                          const TurnFacts& facts, Trace& trace);

struct NightMorale {
  int enemy_locs_held = 0, enemy_objectives_held = 0;
  int enemy_loss = 0;  // to the enemy track
  int rest_gain = 0;   // to the side's own track
  MoraleTracks after;  // morale tracks once applied
};

// The morale steps of `side`'s Night Operations (std:14.0, with the Morale Chart): the enemy
// loses a point for two or more of its LOC hexes occupied and one per objective hex occupied;
// then the side gains a point from rest.
// The rule set decides (N20Rules::judge_night_morale: these standard steps, or a game's own, as
// Leipzig's by Fronts).
NightMorale night_morale(const N20Rules& rules, const Map& map, const GameState& state, const std::string& side,
                         Trace& trace);
// The standard steps themselves, for the standard hook. `enemy_objectives`, when given, replaces
// the map's objective hexes of the enemy (a game that names its objectives, jena:14.0).
NightMorale standard_night_morale(const N20Rules& rules, const Map& map, const GameState& state,
                                  const std::string& side, Trace& trace,
                                  const std::set<Hex>* enemy_objectives = nullptr);

// Routed units that recover at the end of `phasing`'s Player Turn (std:16.5.3).
std::vector<std::string> rout_recovery(const N20Rules& rules, const Map& map, const GameState& state,
                                       const std::string& phasing, Trace& trace);

}  // namespace hexlaw::n20
