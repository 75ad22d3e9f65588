// Owns: Leipzig's Fronts, LOCs and Leaders as overrides of the standard hooks (see leipzig.h).
#include "engine/n20/games/leipzig.h"

namespace hexlaw::n20 {

Symbol LeipzigRules::front_of(const Unit& u) {
  static const Symbol kNorth("allied-north"), kSouth("allied-south"), kN("N"), kS("S"), kB("B"), kP("P");
  if (u.army == kN || u.army == kS) return kNorth;
  if (u.army == kB || u.army == kP) return kSouth;
  return Symbol();
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
Symbol LeipzigRules::morale_track_for(const Unit& u, const GameState& s, Trace& t) const {
  const Symbol front = front_of(u);
  if (front.empty()) return N20Rules::morale_track_for(u, s, t);
  t.cite("leipzig:12.0", [&] { return u.id + " belongs to army " + u.army + ": its morale is the " + front + " Front's"; });
  return front;
}

// RULE leipzig:9.8.6 (part: Allied LOCs by Front; the French Elster split is not yet done) —
// an Allied unit retreats toward the active LOC hexes of its own Front (map LOCs keyed by Front)
std::set<Hex> LeipzigRules::friendly_locs(const Unit& u, const Map& m, const GameState& s) const {
  const Symbol front = front_of(u);
  if (front.empty()) return N20Rules::friendly_locs(u, m, s);
  return m.locs(front);
}

}  // namespace hexlaw::n20
