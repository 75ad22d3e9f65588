// Owns: computing the ZOC-driven combat obligations (std:7.3, std:9.1).
#include "engine/n20/obligations.h"

#include <algorithm>
#include <memory>
#include <optional>

#include "engine/n20/zoc.h"

namespace hexlaw::n20 {

// Step A. Every phasing unit in an enemy ZOC must attack (std:7.3). Step B. Every enemy
// unit whose ZOC covers a phasing unit must be attacked (std:7.3). Step C. Every enemy unit
// in the ZOC of a unit that must attack must be attacked too (std:9.1), which differs from
// Step B only where ZOCs are one-sided (a Fortified hex, std:9.4.3).
CombatObligations combat_obligations(const N20Rules& rules, const Map& map, const GameState& state,
                                     const std::string& phasing_side, Trace& trace) {
  CombatObligations o;
  Trace silent(Trace::Off{}, rules.catalog());
  auto add = [](std::vector<const Unit*>& v, const Unit* u) {
    if (std::find(v.begin(), v.end(), u) == v.end()) v.push_back(u);
  };
  // Sides compared by handle (a side never interned is no unit's), the ground looked up once.
  const std::optional<Symbol> phasing = Symbol::find(phasing_side);
  auto phasing_unit = [&](const Unit& u) { return phasing && u.side == *phasing; };
  const std::shared_ptr<const TerrainIndex> ground = rules.terrain_index(map, state);
  for (const Unit& f : state.units) {
    if (!f.on_map() || !phasing_unit(f)) continue;
    if (!rules.obliged_to_attack(f, state, trace)) continue;  // a game's exception (the hook)
    for (const Unit& e : state.units) {
      if (!e.on_map() || phasing_unit(e) || distance(e.hex, f.hex) != 1) continue;
      if (exerts_zoc_into(rules, *ground, state, e, f.hex, silent)) {
        // RULE std:7.3 — units in an enemy ZOC must attack; enemies exerting ZOC on them must be attacked
        add(o.must_attack, &f);
        add(o.must_be_attacked, &e);
        trace.cite("std:7.3"_rule, [&] { return f.id + " is in " + e.id + "'s zone of control: " + f.id +
                                           " must attack and " + e.id + " must be attacked"; });
      }
    }
  }
  for (const Unit* f : std::vector<const Unit*>(o.must_attack)) {
    for (const Unit& e : state.units) {
      if (!e.on_map() || phasing_unit(e) || distance(e.hex, f->hex) != 1) continue;
      if (std::find(o.must_be_attacked.begin(), o.must_be_attacked.end(), &e) != o.must_be_attacked.end()) continue;
      if (exerts_zoc_into(rules, *ground, state, *f, e.hex, silent)) {
        // RULE std:9.1 (part: obligations of units that must attack) — enemies in an attacker's ZOC must be attacked
        add(o.must_be_attacked, &e);
        trace.cite("std:9.1"_rule, [&] { return e.id + " stands in the zone of control of " + f->id +
                                           ", which must attack: " + e.id + " must be attacked"; });
      }
    }
  }
  if (o.must_attack.empty()) trace.cite("std:7.3"_rule, [&] { return "no " + phasing_side + " unit is in an enemy zone of control"; });
  return o;
}

}  // namespace hexlaw::n20
