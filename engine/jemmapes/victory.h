// Owns: the French control victory points of jemmapes:9.3 — which objectives (the villages of
// Jemmapes and Cuesmes, three hexes each, and the starred redoubts) the French hold, read under
// jemmapes.victory.village_control (a village whole or any of its hexes), and how many control
// points stand on the track under jemmapes.victory.control_vp (current control, or a point kept
// once scored). The objectives' hexes are map data the source lacks: a case or a scenario names
// them. Used by the victory-points question and by the played round's end check.
#pragma once

#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "engine/core/trace.h"
#include "engine/jemmapes/context.h"

namespace hexlaw::jemmapes {

struct Objectives {
  std::vector<std::pair<std::string, std::vector<Hex>>> villages;  // each village's name and hexes, in the order given
  std::vector<Hex> redoubts;                         // the starred redoubts (9.2, 9.3)
  bool empty() const { return villages.empty() && redoubts.empty(); }
};

// The objectives the French hold now, each by its name (a village's name, a redoubt's hex),
// villages first, in the order given: `french(h)` says whether hex h is French-controlled.
std::vector<std::string> french_held(const Context& x, const Objectives& o, const std::function<bool(Hex)>& french, Trace& t);

// The control points the track carries (9.3): under control_vp = current, one per objective
// held now; under permanent, one per objective held now or scored before (`scored_before`).
int control_points(const Context& x, const std::vector<std::string>& held, const std::set<std::string>& scored_before, Trace& t);

}  // namespace hexlaw::jemmapes
