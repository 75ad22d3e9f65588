// Owns: the Reaction Phase (std:8.0–8.3.4, and optional std:16.2): which of the reacting
// side's units may countercharge, disengage or penetrate, whom a countercharge may strike,
// and where disengagement and penetration may go. The countercharge battle itself is combat.
#pragma once

#include <string>
#include <vector>

#include "engine/n20/rules.h"

namespace hexlaw::n20 {

struct ReactionMove {
  Hex hex;                // where the unit ends
  std::vector<Hex> path;  // hexes entered, start excluded
};

struct ReactionOptions {
  bool may_countercharge = false;
  std::vector<std::string> countercharge_targets;  // enemy unit ids it may attack (selectively)
  std::string countercharge_rule, countercharge_why_not;
  bool may_disengage = false;
  std::vector<ReactionMove> disengage_to;
  std::string disengage_rule, disengage_why_not;
  bool may_penetrate = false;  // only with optional rule 16.2
  std::vector<ReactionMove> penetrate_to;
  std::string penetrate_rule, penetrate_why_not;
  // Fog of war (std:16.1.1): hidden enemy cavalry revealed to stop a manoeuvre, hidden Dummies
  // named for it (removed), and hidden cavalry that could stop one if its owner revealed it.
  std::vector<std::string> revealed, dummies_removed, hidden_could_stop;
};

// What `unit` may do in its side's Reaction Phase. The state must be in the reaction phase
// with the other side phasing (std:8.0, std:8.3.1). `stop_with`: the hidden units the phasing
// side reveals to stop its Disengagement or Penetration (fog of war, std:16.1.1).
ReactionOptions reaction_options(const N20Rules& rules, const Map& map, const GameState& state, const Unit& unit,
                                 Trace& trace, const std::vector<std::string>& stop_with = {});

}  // namespace hexlaw::n20
