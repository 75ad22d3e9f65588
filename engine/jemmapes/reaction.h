// Owns: the reaction of an inactive unit to an enemy move that pauses next to it
// (jemmapes:5.2): whether it may react, a reaction movement under either reading of
// jemmapes.reaction.movement_kind (pivot_one_hexside: the stack turns one hexside in place;
// move_one_hex: the stack steps into one adjacent hex, keeping its facing) and whether it ends
// the mover's move, and whether reaction fire is allowed (the fire itself is resolved as a fire
// under 6.1).
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "engine/core/trace.h"
#include "engine/jemmapes/context.h"
#include "engine/jemmapes/scenario.h"

namespace hexlaw::jemmapes {

// What the reacting player chooses: reaction fire, or a reaction movement — a pivot to `facing`
// (pivot_one_hexside) or a step into the adjacent hex `to` (move_one_hex).
struct ReactionChoice {
  bool fire = false;
  Direction facing = Direction::N;
  std::optional<Hex> to;
};

// What the scenario says of the reacting unit's formation: the printed scenario played (none:
// no activation is held back) and whether the enemy has attacked the formation (d'Harville's
// wait, jemmapes:9.2).
struct ReactionScenario {
  std::optional<ScenarioKind> kind = ScenarioKind::Historical;
  bool attacked = false;
};

// The reaction of `reactor` to `mover`, which has just entered its hex from `from`. The outcome
// is {eligible, reason} and, when eligible, {reaction, allowed, mover_stops, facing?, to?}.
// A step (move_one_hex) needs the MP and formation of every combat unit of the reacting stack.
// A unit of a formation the scenario does not let be activated yet reacts only under
// jemmapes.scenario.inactive_formation_reacts = true.
nlohmann::json reaction(const Context& x, const Unit& mover, Hex from, const Unit& reactor, const ReactionChoice& c, Trace& t,
                        const ReactionScenario& sc = {});

}  // namespace hexlaw::jemmapes
