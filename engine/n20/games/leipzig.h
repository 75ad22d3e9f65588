// Owns: the Leipzig 20 exclusive rules as a layer over the standard rules (leipzig:*). So far:
// the Allied armies' two morale Fronts (leipzig:12.0), their LOCs by Front (leipzig:9.8.6)
// and Leaders without a zone of control (leipzig:16.12).
#pragma once

#include "engine/n20/rules.h"

namespace hexlaw::n20 {

class LeipzigRules : public N20Rules {
 public:
  using N20Rules::N20Rules;

  // The Front of an Allied army: "allied-north" (armies N and S), "allied-south" (B and P);
  // empty for a unit with no army.
  static Symbol front_of(const Unit& u);

  bool has_zoc(const Unit& u, const GameState& s, Trace& t) const override;
  Symbol morale_track_for(const Unit& u, const GameState& s, Trace& t) const override;
  std::set<Hex> friendly_locs(const Unit& u, const Map& m, const GameState& s) const override;
};

}  // namespace hexlaw::n20
