// Owns: the fog of war (optional rule 16.1) — what each side sees of the other's units, which
// hidden units are revealed and when they are hidden again. A hidden unit carries the "hidden"
// marker; it otherwise acts normally. Every trigger of std:16.1.1 is here: the owner's wish,
// cavalry scouting at the end of a day Movement Phase, hidden cavalry revealed to stop an enemy
// Disengagement or Penetration (called by reaction.cc), the declared battles with Dummy-only
// battles called off, and the Guard's reveal on paying to commit (in movement's
// guard_commitment); and reconcealment at the end of a side's night turn (std:16.1.2). Dummy
// units' own rules (placement, movement, duties) are in dummies.h (std:16.1.3).
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

// The hidden units `ids` their owner chooses to turn face-up (std:16.1.1); Dummies among them are
// removed. Face-up units named stay as they are.
Reveal reveal_at_will(const N20Rules& rules, const GameState& state, const std::vector<std::string>& ids,
                      Trace& trace);

// Hidden units next to face-up enemy cavalry at the end of `phasing`'s day Movement Phase
// (which cavalry scouts: the fog.cavalry_scouting_side switch).
Reveal reveal_by_scouting(const N20Rules& rules, const Map& map, const GameState& state, const std::string& phasing,
                          Trace& trace);

// Who stops an enemy cavalry unit's Disengagement or Penetration at hex `at` (its start hex, or a
// hex it would penetrate into): enemy cavalry whose ZOC covers `at` (std:8.3.2, std:16.2). Under
// the fog of war a hidden cavalry unit stops it only if its owner reveals it for that (the
// units named in `stop_with`), and a Dummy so revealed is removed and stops nothing (std:16.1.1).
struct CavalryStop {
  std::vector<const Unit*> stoppers;     // cavalry whose ZOC stops the manoeuvre
  std::vector<std::string> revealed;       // hidden cavalry revealed to stop it
  std::vector<std::string> dummies_removed;  // hidden Dummies named to stop it: revealed, removed
  std::vector<std::string> could_stop;     // hidden cavalry whose owner could reveal it to stop it
};
CavalryStop cavalry_stop(const N20Rules& rules, const Map& map, const GameState& state, const Unit& mover, Hex at,
                         const std::vector<std::string>& stop_with, Trace& trace);

// A declared battle, by unit ids.
struct DeclaredBattle {
  std::vector<Symbol> attackers, defenders;
};

// Every hidden unit in the declared battles, once all are declared; Dummies among them are
// removed, and a battle with only Dummies on one side is called off: no combat, no advance.
Reveal reveal_battles(const N20Rules& rules, const GameState& state, const std::vector<DeclaredBattle>& battles,
                      Trace& trace);

// At the end of `side`'s Night Turn every face-up unit of that side on the map is hidden again.
GameState reconceal(const N20Rules& rules, const GameState& state, const std::string& side, Trace& trace,
                    std::vector<std::string>* hidden = nullptr);

}  // namespace hexlaw::n20
