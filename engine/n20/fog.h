// Owns: the fog of war (optional rule 16.1) — what each side sees of the other's units, which
// hidden units are revealed and when they are hidden again. A hidden unit carries the "hidden" marker; it otherwise acts normally.
// Implemented so far: cavalry scouting at the end of a day Movement Phase, the reveal of every
// unit in the declared battles with Dummy-only battles called off, the Guard's reveal on paying
// to commit (in movement's guard_commitment) (std:16.1.1), and reconcealment at the end of a
// side's night turn (std:16.1.2). Not yet: the Disengagement/Penetration trigger, and Dummy
// placement and movement (std:16.1.3).
#pragma once

#include <string>
#include <vector>

#include "engine/n20/rules.h"

namespace hexlaw::n20 {

// One on-map unit as a side sees it: everything of its own units and of face-up enemies; of a
// hidden enemy only the counter's back (std:2.0).
struct UnitView {
  Hex hex;
  std::string side, nationality;
  bool hidden = false;
  bool known = true;  // id, type and strength are visible
  const Unit* unit = nullptr;  // set when known
  int movement = -1;           // shown on a hidden enemy only under with_movement; -1 when not seen
};

// Every unit on the map as `viewer` sees it (std:16.1); without the fog of war, all of them.
std::vector<UnitView> view_of(const N20Rules& rules, const GameState& state, const std::string& viewer,
                              Trace& trace);

struct Reveal {
  std::vector<std::string> revealed;       // turned face-up
  std::vector<std::string> dummies_removed;  // revealed Dummies, set aside at no morale cost
  std::vector<int> battles_called_off;       // battles (by index) with only Dummies on a side
  GameState after;
};

// Hidden units next to face-up enemy cavalry at the end of `phasing`'s day Movement Phase
// (which cavalry scouts: the fog.cavalry_scouting_side switch).
Reveal reveal_by_scouting(const N20Rules& rules, const Map& map, const GameState& state, const std::string& phasing,
                          Trace& trace);

// A declared battle, by unit ids.
struct DeclaredBattle {
  std::vector<std::string> attackers, defenders;
};

// Every hidden unit in the declared battles, once all are declared; Dummies among them are
// removed, and a battle with only Dummies on one side is called off: no combat, no advance.
Reveal reveal_battles(const N20Rules& rules, const GameState& state, const std::vector<DeclaredBattle>& battles,
                      Trace& trace);

// At the end of `side`'s Night Turn every face-up unit of that side on the map is hidden again.
GameState reconceal(const N20Rules& rules, const GameState& state, const std::string& side, Trace& trace,
                    std::vector<std::string>* hidden = nullptr);

}  // namespace hexlaw::n20
