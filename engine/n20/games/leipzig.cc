// Owns: Leipzig's Fronts, LOCs and Leaders as overrides of the standard hooks (see leipzig.h).
#include "engine/n20/games/leipzig.h"

namespace hexlaw::n20 {

std::string LeipzigRules::front_of(const Unit& u) {
  if (u.army == "N" || u.army == "S") return "allied-north";
  if (u.army == "B" || u.army == "P") return "allied-south";
  return "";
}

// RULE leipzig:16.12 (part: Leaders exert no ZOC) — a Leader unit has no zone of control
bool LeipzigRules::has_zoc(const Unit& u, const GameState& s, Trace& t) const {
  if (u.type == UnitType::Leader) {
    t.cite("leipzig:16.12", [&] { return u.id + " is a Leader: it exerts no zone of control"; });
    return false;
  }
  return N20Rules::has_zoc(u, s, t);
}

// RULE leipzig:12.0 — Allied morale is kept per Front: North (armies N, S), South (B, P)
std::string LeipzigRules::morale_track_for(const Unit& u, const GameState& s, Trace& t) const {
  const std::string front = front_of(u);
  if (front.empty()) return N20Rules::morale_track_for(u, s, t);
  t.cite("leipzig:12.0", [&] { return u.id + " belongs to army " + u.army + ": its morale is the " + front + " Front's"; });
  return front;
}

// RULE leipzig:9.8.6 (part: Allied LOCs by Front; the French Elster split is not yet done) —
// an Allied unit retreats toward the active LOC hexes of its own Front (map LOCs keyed by Front)
std::set<Hex> LeipzigRules::friendly_locs(const Unit& u, const Map& m, const GameState& s) const {
  const std::string front = front_of(u);
  if (front.empty()) return N20Rules::friendly_locs(u, m, s);
  return m.locs(front);
}

}  // namespace hexlaw::n20
