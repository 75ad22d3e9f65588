// Owns: optional rule 16.7 — breaking a large infantry unit down into two Cadres before it
// moves (std:16.7.1, a morale point spent) and combining two stacked Cadres back into an
// eliminated large unit at the end of the Movement Phase (std:16.7.2, a morale point gained).
// The stacking exception that lets two Cadres meet lives in the movement rules.
#pragma once

#include <string>
#include <vector>

#include "engine/n20/rules.h"

namespace hexlaw::n20 {

// Cadres `side` may call on for `nationality`: its Cadre units off the map and not awaiting
// arrival (a broken Cadre returns to this pile, std:16.6.2), in state order.
std::vector<const Unit*> available_cadres(const GameState& state, const std::string& side,
                                          const std::string& nationality);

struct CadreVerdict {
  bool legal = false;
  std::string rule, reason;           // why not, when not legal
  std::vector<std::string> cadres;    // the Cadres used (breakdown) or combined (buildup)
  std::string large_unit;             // the large unit broken down, or rebuilt
  std::vector<std::string> choices;   // buildup: every eliminated unit of the lowest strength
  int morale_change = 0;              // -1 to break down, +1 (capped at 10) to combine
  GameState after;                    // the state once done (unchanged when not legal)
};

// Breaks `unit_id` down into two available Cadres (std:16.7.1). `moved`: the unit has already
// moved this phase, which is too late.
CadreVerdict break_down(const N20Rules& rules, const GameState& state, const std::string& unit_id, bool moved,
                        Trace& trace);

// Combines the two Cadres `a` and `b`, stacked in one hex, into the lowest-strength eliminated
// large infantry unit of their nationality (std:16.7.2); `pick` chooses among equals.
CadreVerdict combine(const N20Rules& rules, const GameState& state, const std::string& a, const std::string& b,
                     const std::string& pick, Trace& trace);

}  // namespace hexlaw::n20
