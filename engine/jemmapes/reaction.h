// Owns: the reaction of an inactive unit to an enemy move that pauses next to it
// (jemmapes:5.2): whether it may react, a reaction movement (a pivot of one hexside under the
// default reading of jemmapes.reaction.movement_kind) and whether it ends the mover's move, and
// whether reaction fire is allowed (the fire itself is resolved as a fire under 6.1).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "engine/core/trace.h"
#include "engine/jemmapes/context.h"

namespace hexlaw::jemmapes {

// What the reacting player chooses: a reaction movement to `facing`, or reaction fire.
struct ReactionChoice {
  bool fire = false;
  Direction facing = Direction::N;
};

// The reaction of `reactor` to `mover`, which has just entered its hex from `from`. The outcome
// is {eligible, reason} and, when eligible, {reaction, allowed, mover_stops, facing?}.
nlohmann::json reaction(const Context& x, const Unit& mover, Hex from, const Unit& reactor, const ReactionChoice& c, Trace& t);

}  // namespace hexlaw::jemmapes
