// Owns: Dummy units under the fog of war (optional rule std:16.1.3) — which Dummies are waiting
// off the map, bringing one in with a rallied unit or a reinforcement, placing them at
// reconcealment, their Movement Allowance, and the notes the engine makes where a hidden Dummy
// acts as a real unit (its declared battles meet the duty to attack; it holds the hex it stands
// in). Revealing a Dummy removes it (fog.h); scouting by Dummies is the fog.dummy_scouting
// switch (fog.cc). Without the fog of war there are no Dummies: every function here refuses or
// does nothing.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "engine/n20/rules.h"

namespace hexlaw::n20 {

// A Dummy waiting in its owner's pile: off the map, neither eliminated nor a scheduled arrival
// (a revealed Dummy is set aside with status broken).
bool dummy_available(const Unit& u);

// The game-level marker recording that `side` has brought in its Dummy for this Game Turn.
std::string dummy_arrival_marker(const std::string& side);

// What kind of arrival brings a Dummy in with it.
enum class DummyArrival { Rally, Reinforcement };

// One Dummy placed at reconcealment: on `hex`, which holds one friendly unit; then one of the
// two (`relocate`: the Dummy's id or the other unit's) steps to the adjacent hex `to`.
struct DummyPlacement {
  std::string dummy;
  Hex hex;
  std::string relocate;
  Hex to;
};

struct DummyVerdict {
  bool legal = true;
  std::string rule, reason;         // why not, when not legal
  std::vector<std::string> placed;  // the Dummies placed, in order
  std::string unstack_by;           // arrival only: when the stack must be broken (std:6.9)
  GameState after;                  // the state once placed (unchanged when not legal)
};

// Brings `dummy` in, hidden and stacked with `with`, a real unit of the same side that has just
// rallied (in its Night Operations) or entered as a reinforcement (in its Movement Phase): at
// most one Dummy per side per Game Turn.
DummyVerdict place_dummy_on_arrival(const N20Rules& rules, const Map& map, const GameState& state,
                                    const std::string& dummy, const std::string& with, DummyArrival arrival,
                                    Trace& trace);

// Places `side`'s Dummies at reconcealment (its Night Turn), in the order given; each on a hex
// of a friendly unit not adjacent to an enemy unit, one of the pair then relocating to an
// adjacent vacant hex also not adjacent to an enemy unit.
DummyVerdict place_dummies_at_reconceal(const N20Rules& rules, const Map& map, const GameState& state,
                                        const std::string& side, const std::vector<DummyPlacement>& placements,
                                        Trace& trace);

// A Dummy's Movement Allowance: 3, as cavalry, under the fog of war; its printed value otherwise.
int dummy_movement_allowance(const N20Rules& rules, const Unit& u, Trace& trace);

// Refuses (std::invalid_argument naming the rule) a battle to be fought, or a rally, that
// involves a Dummy under the fog of war: a Dummy in a declared battle is revealed and removed
// before any combat (std:16.1.1), and a removed Dummy waits for the next reconcealment instead of
// rallying. `what` names the action ("fight in a battle", "rally").
void refuse_dummies(const N20Rules& rules, const GameState& state, std::span<const Symbol> ids,
                    const char* what);

// Notes, for the trace, every hidden Dummy among `attackers` that had to attack: its declared
// battle meets that duty, as a real unit's would (std:9.1).
void note_dummy_attacks(const N20Rules& rules, const GameState& state, const std::vector<std::string>& must_attack,
                        const std::vector<std::string>& attackers, Trace& trace);

// Notes, for the trace, that hidden Dummy `u` holds the enemy hex it stands in (`what`: "LOC",
// "objective"), as a real unit would. Does nothing for other units or without the fog of war.
void note_dummy_holds(const N20Rules& rules, const Unit& u, const std::string& what, Trace& trace);

}  // namespace hexlaw::n20
