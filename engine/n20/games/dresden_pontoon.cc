// Owns: Dresden 20's Pirna pontoon bridge (dresden:6.0, and its Downpour/Mud bullet of
// dresden:5.1.1) as overrides of the standard rules' hooks (see dresden.h): where it stands (the
// state marker pontoon-built:HEX), building it, its hexside as a bridge for French units only,
// its retreats not hazardous, its closing in Downpour or Mud, and the Allied attack across it
// (dresden.pontoon_allied_attack).
#include "engine/n20/games/dresden.h"

#include <algorithm>
#include <stdexcept>

#include "engine/n20/zoc.h"

namespace hexlaw::n20 {

std::optional<std::string> DresdenRules::pontoon_built_at(const GameState& s) {
  for (Symbol m : s.markers)
    if (m.view().starts_with(kPontoonMarker)) return std::string(m.view().substr(kPontoonMarker.size()));
  return std::nullopt;
}

bool DresdenRules::is_pontoon_side(const Map& m, Hexside side, const GameState& s) {
  const auto at = pontoon_built_at(s);
  if (!at) return false;
  const std::string a = m.name(side.first()), b = m.name(side.second());
  // Only where the map prints the Elbe: elsewhere there is nothing for a pontoon to cross.
  return ((a == kPontoonFrom && b == *at) || (b == kPontoonFrom && a == *at)) && m.has_feature(side, "major_river");
}

// Wet ground (bit 0) and the pontoon's hex (bits 1-2: none, or its index in kPontoonTo + 1).
std::uint64_t DresdenRules::terrain_context(const GameState& s) const {
  std::uint64_t pontoon = 0;
  if (const auto at = pontoon_built_at(s))
    for (std::size_t i = 0; i < kPontoonTo.size(); ++i)
      if (*at == kPontoonTo[i]) pontoon = i + 1;
  return (wet(s) ? 1u : 0u) | (pontoon << 1);
}

// RULE dresden:6.0 — once built, the pontoon is a bridge on its hexside for French units alone (movement, retreat, advance)
// RULE dresden:5.1.1 (part: the pontoon) — in Downpour or Mud it may not be used, and a French retreat across it breaks the unit
N20Rules::ReservedCrossing DresdenRules::reserved_crossing(const Map& m, Hexside side, const GameState& s) const {
  if (!is_pontoon_side(m, side, s)) return {};
  record_dynamic_citation("dresden:6.0");  // this hook has no trace
  if (wet(s)) {
    record_dynamic_citation("dresden:5.1.1");
    return {Symbol("french"), "dresden:5.1.1", "the pontoon bridge", true};
  }
  return {Symbol("french"), "dresden:6.0", "the pontoon bridge", false};
}

// Under dresden.pontoon_allied_attack = as_river, an Allied unit may not attack across the
// pontoon's hexside: for Allied attacks it is the unbridged Elbe.
const char* DresdenRules::attack_across_closed(const Map& m, const Unit& attacker, Hex defender,
                                               const GameState& s) const {
  if (attacker.side == "french" || !readings().dresden_pontoon_allied_as_river) return nullptr;
  const auto side = Hexside::between(attacker.hex, defender);
  if (!side || !is_pontoon_side(m, *side, s) || wet(s)) return nullptr;
  record_dynamic_citation("dresden:6.0");
  return "dresden:6.0";
}

// The pontoon is state, not map: a map's pontoon_bridge feature is refused (the marker
// pontoon-built:HEX places it), and the marker names one of the three hexes 6.0 allows.
std::pair<std::string, std::string> DresdenRules::position_problem(const Map& m, const GameState& s) const {
  for (const Hexside& side : m.hexsides_with_features())
    if (m.has_feature(side, "pontoon_bridge"))
      return {"map", "hexside " + m.name(side.first()) + "-" + m.name(side.second()) +
                         ": the Pirna pontoon (dresden:6.0) is not map data; a built pontoon is the state marker "
                         "pontoon-built:HEX (HEX one of 1115, 1116, 1217)"};
  int n = 0;
  for (Symbol mk : s.markers) {
    if (!mk.view().starts_with(kPontoonMarker)) continue;
    const std::string at(mk.view().substr(kPontoonMarker.size()));
    if (std::find(kPontoonTo.begin(), kPontoonTo.end(), at) == kPontoonTo.end())
      return {"state.markers", "marker " + std::string(mk.view()) + ": the pontoon leads from 1216 to 1115, 1116 or "
                               "1217 only (dresden:6.0)"};
    if (++n > 1) return {"state.markers", "more than one pontoon-built marker: the French build one pontoon (dresden:6.0)"};
  }
  if (std::string why = numbered_marker_problem(s); !why.empty()) return {"state.markers", why};
  return {};
}

// RULE dresden:6.0 — one pontoon, built by a French infantry unit that begins its Movement Phase in 1216 and crosses to 1115, 1116 or 1217 as its whole move
// Step A. Who and when: a French infantry unit (Cadres included) that may move, in the French
// Movement Phase, standing in 1216 (where it began the phase). Step B. Not built yet; not in
// Downpour or Mud (5.1.1). Step C. Into one of the three hexes, across the Elbe (a major river
// the map prints). Step D. Into a hex the move could end in (no enemy, std:6.3; stacking,
// std:6.9). Whatever its allowance, the crossing is its whole move (std:6.2's one hex).
DresdenRules::PontoonBuild DresdenRules::pontoon_build(const Map& m, const GameState& s, const Unit& u, Hex to,
                                                       Trace& t) const {
  PontoonBuild v;
  auto no = [&](const char* rule, std::string reason) {
    v.rule = rule;
    v.reason = std::move(reason);
    t.cite(rule, [&] { return "no pontoon: " + v.reason; });
    return v;
  };
  // Step A.
  if (u.side != "french") return no("dresden:6.0", u.id + " is not French: only the French build the pontoon");
  if (u.type != UnitType::Infantry && u.type != UnitType::Cadre)
    return no("dresden:6.0", u.id + " is not infantry: the first unit across must be French infantry");
  if (!u.on_map() || m.name(u.hex) != kPontoonFrom)
    return no("dresden:6.0", u.id + " does not stand in 1216, where the crossing starts");
  if (!s.phase.empty() && (s.phase != "movement" || s.phasing != "french"))
    return no("dresden:6.0", "the pontoon is built by a move, in the French Movement Phase only");
  if (!may_move(u, t)) return no("dresden:6.0", u.id + " may not move");
  // Step B.
  if (const auto at = pontoon_built_at(s)) return no("dresden:6.0", "the pontoon is already built, to " + *at + " (one only)");
  if (wet(s)) return no("dresden:5.1.1", "the pontoon may not be built in Downpour or Mud");
  // Step C.
  const std::string target = m.name(to);
  if (std::find(kPontoonTo.begin(), kPontoonTo.end(), target) == kPontoonTo.end())
    return no("dresden:6.0", target + " is not one of the three crossing points (1115, 1116, 1217)");
  const auto side = Hexside::between(u.hex, to);
  if (!side || !m.on_map(to)) return no("dresden:6.0", target + " is not on the map next to 1216");
  if (!m.has_feature(*side, "major_river"))
    return no("dresden:6.0", "the map prints no Elbe (major river) between 1216 and " + target +
                                 ": an ordinary move crosses there, no pontoon is built");
  // Step D.
  for (const Unit* o : s.units_at(to)) {
    if (o->side != u.side) return no("std:6.3", target + " holds enemy unit " + o->id);
    if (!stacks_freely(u, t) && !stacks_freely(*o, t)) return no("std:6.9", target + " holds " + o->id + ": no stacking");
  }
  v.legal = true;
  Trace silent(Trace::Off{}, catalog());
  for (const Unit* e : units_exerting_zoc_on(*this, m, s, to, "", silent)) v.enemy_zoc = v.enemy_zoc || e->side != u.side;
  t.cite("dresden:6.0"_rule, [&] {
    return u.id + " crosses from 1216 to " + target + " as its whole move and builds the pontoon there" +
           (v.enemy_zoc ? "; it ends in an enemy zone of control, so a battle follows (std:7.3)" : "");
  });
  return v;
}

std::vector<Hex> DresdenRules::crossing_build_targets(const Map& m, const GameState& s, const Unit& u) const {
  std::vector<Hex> out;
  if (u.side != "french" || !u.on_map() || pontoon_built_at(s) || m.name(u.hex) != kPontoonFrom) return out;
  Trace silent(Trace::Off{}, catalog());
  for (const char* name : kPontoonTo) {
    const Hex h = m.hex(name);
    if (pontoon_build(m, s, u, h, silent).legal) out.push_back(h);
  }
  return out;
}

void DresdenRules::build_crossing(const Map& m, GameState& s, Symbol unit, Hex to, Trace& t) const {
  Unit* u = s.unit(unit);
  if (!u) throw std::logic_error("no unit " + unit + " to build the pontoon");
  const PontoonBuild v = pontoon_build(m, s, *u, to, t);
  if (!v.legal) throw std::invalid_argument("the pontoon may not be built so: " + v.reason + " (" + v.rule + ")");
  u->hex = to;
  s.set_marker(Symbol(std::string(kPontoonMarker) + m.name(to)), true);
  ++s.counters.units_moved;
}

}  // namespace hexlaw::n20
