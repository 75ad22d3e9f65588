// Owns: Dresden 20's weather as overrides of the standard rules' hooks (see dresden.h).
#include "engine/n20/games/dresden.h"

#include <algorithm>

namespace hexlaw::n20 {

bool DresdenRules::wet(const GameState& s) {
  return s.weather == "downpour" || s.has_marker("mud");
}

bool DresdenRules::raining(const GameState& s) { return s.weather == "showers" || s.weather == "downpour"; }

// RULE dresden:5.1.1 (part: rivers) — in Downpour or Mud a minor river counts as a major river
// RULE dresden:6.10 — a Landgraben hexside counts as a minor river in Downpour or Mud, else nothing
void DresdenRules::hexside_types(const Map& m, Hexside side, const GameState& s,
                                 std::vector<const HexsideType*>& out) const {
  const bool soaked = wet(s);
  for (const auto& f : m.features(side)) {
    std::string as = f;
    if (soaked && f == "minor_river") as = "major_river";  // no chaining: each converts once
    if (f == "landgraben") {
      if (!soaked) continue;
      as = "minor_river";
      record_dynamic_citation("dresden:6.10");  // this hook has no trace; coverage still sees it
    }
    if (soaked && f == "minor_river") record_dynamic_citation("dresden:5.1.1");
    if (const HexsideType* t = terrain_chart().side(as)) out.push_back(t);
  }
}

// RULE dresden:5.1.1 (part: movement) — Downpour or Mud: every allowance -1, after the night cap
// RULE dresden:5.2 (part: the effect, not the once-a-game declaration) — Extra Horses spares French infantry the reduction for a day
int DresdenRules::movement_allowance_modifier(const Unit& u, const GameState& s, Trace& t) const {
  if (!wet(s)) return 0;
  const bool horses = s.has_marker("extra-horses");
  if (horses && u.side == "french" && (u.type == UnitType::Infantry || u.type == UnitType::Cadre)) {
    t.cite("dresden:5.2", [&] { return "Extra Horses: " + u.id + " keeps its full allowance in the mud"; });
    return 0;
  }
  t.cite("dresden:5.1.1", [&] { return "Downpour or Mud: " + u.id + "'s allowance -1"; });
  return -1;
}

bool DresdenRules::road_bonus_allowed(const GameState& s, Trace& t) const {
  if (!wet(s)) return true;
  // RULE dresden:5.1.1 (part: roads) — no +1 for a move along road in Downpour or Mud
  t.cite("dresden:5.1.1", [&] { return "Downpour or Mud: no +1 for a move wholly along road (std:6.6 overridden)"; });
  return false;
}

// RULE dresden:9.4.5 — halve a routed unit, then the weather's -1, then doubling, then terrain
// RULE dresden:16.8.3 — only rain falling (Showers, Downpour) weakens infantry, not Mud alone
int DresdenRules::strength_modifier(const Unit& u, const GameState& s, Trace& t) const {
  if (!(u.type == UnitType::Infantry || u.type == UnitType::Cadre)) return 0;
  if (!raining(s)) {
    if (wet(s)) t.cite("dresden:16.8.3", [&] { return "Mud but no rain: infantry " + u.id + " keeps its strength"; });
    return 0;
  }
  t.cite("dresden:5.1.1", [&] { return s.weather + ": infantry " + u.id + " fights at -1"; });
  t.cite("dresden:9.4.5", "strength order: rout halving, then weather, then doubling, then terrain");
  return -1;
}

// RULE dresden:9.10 (part: garrisons never move) — a garrison defends in place and never moves
bool DresdenRules::may_move(const Unit& u, Trace& t) const {
  if (u.type != UnitType::Garrison) return N20Rules::may_move(u, t);
  t.cite("dresden:9.10", [&] { return u.id + " is a garrison: it defends in place and never moves"; });
  return false;
}

bool DresdenRules::artillery_doubles(const GameState& s, Trace& t) const {
  if (!wet(s)) return true;
  // RULE dresden:5.1.1 (part: artillery) — no artillery doubling and no bombardment in Downpour or Mud
  t.cite("dresden:5.1.1", "Downpour or Mud: attacking artillery is not doubled and cannot bombard");
  return false;
}

}  // namespace hexlaw::n20
