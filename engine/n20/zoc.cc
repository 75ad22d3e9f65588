// Owns: the ZOC and adjacency procedures of std:7.0, over the hooks of N20Rules.
#include "engine/n20/zoc.h"

namespace hexlaw::n20 {

// Step A. The unit must have a ZOC at all (hook: night, routed, off map, leaders…).
// Step B. It reaches only the six surrounding hexes.
// Step C. Never into a Fortified or Redoubt hex.
// Step D. Never between two adjacent built-up hexes (Town, Fortified, Redoubt).
// Step E. Never across a hexside that blocks ZOC (a major river, even at a bridge or ford).
bool exerts_zoc_into(const N20Rules& rules, const TerrainIndex& ground, const GameState& state, const Unit& u,
                     Hex target, Trace& trace) {
  const Map& map = ground.map();
  // Step A.
  if (!rules.has_zoc(u, state, trace)) return false;
  // Hex names are built only when the trace records (hot searches pass a silent trace).
  auto from_name = [&] { return map.name(u.hex); };
  auto to_name = [&] { return map.name(target); };
  // Step B.
  auto side = Hexside::between(u.hex, target);
  if (!side) {
    // RULE std:7.0 — a ZOC is the six hexes immediately around the unit
    trace.cite("std:7.0"_rule, [&] { return to_name() + " is not adjacent to " + u.id + " in " + from_name() + ", so outside its zone of control"; });
    return false;
  }
  if (!ground.on_map(target)) {
    trace.cite("std:7.0"_rule, [&] { return to_name() + " is off the map; a zone of control covers only map hexes"; });
    return false;
  }
  // Step C.
  const TerrainType& target_terrain = ground.terrain(target);
  if (target_terrain.zoc_barrier) {
    // RULE std:7.0 — ZOCs do not extend into Fortified or Redoubt hexes
    trace.cite("std:7.0"_rule, [&] { return "zones of control never extend into " + target_terrain.name + " hex " + to_name(); });
    return false;
  }
  // Step D.
  const TerrainType& own_terrain = ground.terrain(u.hex);
  if (own_terrain.built_up && target_terrain.built_up) {
    // RULE std:7.0 — no ZOC between adjacent built-up hexes (Town / Fortified / Redoubt)
    trace.cite("std:7.0"_rule, [&] { return "both " + from_name() + " (" + own_terrain.name + ") and " + to_name() + " (" + target_terrain.name +
                              ") are built-up: no zone of control between them"; });
    return false;
  }
  // Step E.
  if (const Symbol blocker = ground.side(*side).zoc_blocker; !blocker.empty()) {
    // RULE std:7.0 — ZOCs never cross a major river hexside, even at a bridge or ford
    trace.cite("std:7.0"_rule, [&] { return "the " + from_name() + "/" + to_name() + " hexside has a " + blocker +
                              ", which zones of control never cross (bridge or ford or not)"; });
    return false;
  }
  trace.cite("std:7.0"_rule, [&] { return u.id + " in " + from_name() + " exerts its zone of control into " + to_name(); });
  return true;
}

bool exerts_zoc_into(const N20Rules& rules, const Map& map, const GameState& state, const Unit& u, Hex target,
                     Trace& trace) {
  return exerts_zoc_into(rules, *rules.terrain_index(map, state), state, u, target, trace);
}

std::vector<const Unit*> units_exerting_zoc_on(const N20Rules& rules, const Map& map, const GameState& state,
                                               Hex target, const std::string& side, Trace& trace) {
  std::vector<const Unit*> out;
  for (const Unit& u : state.units) {
    if (!u.on_map() || (!side.empty() && u.side != side)) continue;
    if (distance(u.hex, target) != 1) continue;
    if (exerts_zoc_into(rules, map, state, u, target, trace)) out.push_back(&u);
  }
  if (out.size() > 1) {
    // RULE std:7.1 — several ZOCs on one hex add nothing to a single one
    trace.cite("std:7.1"_rule, [&] { return std::to_string(out.size()) + " units control " + map.name(target) +
                              "; several zones of control have no more effect than one"; });
  }
  return out;
}

bool in_enemy_zoc(const N20Rules& rules, const Map& map, const GameState& state, const Unit& u, Trace& trace) {
  if (!u.on_map()) return false;
  for (const Unit& e : state.units) {
    if (!e.on_map() || e.side == u.side || distance(e.hex, u.hex) != 1) continue;
    if (exerts_zoc_into(rules, map, state, e, u.hex, trace)) return true;
  }
  return false;
}

bool adjacent_for_rules(const N20Rules& rules, const Map& map, const GameState& state, Hex a, Hex b,
                        Trace& trace) {
  auto side = Hexside::between(a, b);
  // The hexes' names are written only for a trace that keeps reasons.
  auto an = [&] { return map.name(a); };
  auto bn = [&] { return map.name(b); };
  if (!side) {
    trace.cite("std:7.0"_rule, [&] { return an() + " and " + bn() + " do not share a hexside"; });
    return false;
  }
  bool river = false, crossing = false;
  for (const HexsideType* t : rules.hexside_types(map, *side, state)) {
    river = river || !t->crossable;
    crossing = crossing || t->crossing;
  }
  if (river && !crossing) {
    // RULE std:7.0 — units across a major river hexside without bridge or ford are not adjacent
    trace.cite("std:7.0"_rule, [&] { return an() + " and " + bn() + " are separated by a river no unit may cross (no bridge or ford): not adjacent"; });
    return false;
  }
  trace.cite("std:7.0"_rule, [&] { return an() + " and " + bn() + " are adjacent" +
                            (river ? " (the river is crossed by a bridge or ford)" : ""); });
  return true;
}

}  // namespace hexlaw::n20
