// Owns: facing and zones of control on the hex grid (see facing.h).
#include "engine/jemmapes/facing.h"

#include "engine/core/errors.h"
#include "engine/jemmapes/terrain.h"

namespace hexlaw::jemmapes {

const char* to_string(Aspect a) {
  switch (a) {
    case Aspect::Front: return "front";
    case Aspect::Flank: return "flank";
    case Aspect::Rear: return "rear";
  }
  return "?";
}

// RULE jemmapes:1.3 — three frontal hexes (the faced hexside and its two neighbours), two flank, one rear
Aspect aspect_toward(Direction facing, Direction d) {
  const int turn = (static_cast<int>(d) - static_cast<int>(facing) + 6) % 6;  // 0 faced, 3 opposite
  if (turn == 0 || turn == 1 || turn == 5) return Aspect::Front;
  return turn == 3 ? Aspect::Rear : Aspect::Flank;
}

Aspect aspect(const Unit& u, Direction d) { return aspect_toward(u.facing, d); }

std::array<Around, 6> around(const Unit& u) {
  std::array<Around, 6> out{};
  for (std::size_t i = 0; i < 6; ++i) {
    const Direction d = kAllDirections[i];
    out[i] = Around{neighbour(u.hex, d), d, aspect(u, d)};
  }
  return out;
}

// Step A. Only a combat unit (a routed one by the switch), only into a neighbour. Step B. The
// ground: unprinted terrain is refused; a river between or a work entered from outside stops it.
// Step C. All six hexes from a village, else the frontal hexes only.
// RULE jemmapes:1.6 — a combat unit's zone of control covers its three frontal hexes
// RULE jemmapes:table.terrain — village ZoC all round; none into a redoubt or entrenchment from outside; none across a river
bool exerts_zoc_into(const Context& x, const Unit& u, Hex h, Trace& t, bool for_combat) {
  const Map& map = x.map;
  // Step A.
  const auto d = direction_to(u.hex, h);
  if (!u.combat()) {
    t.cite("jemmapes:1.6"_rule, [&] { return u.id + " is a commander: only combat units exert a zone of control"; });
    return false;
  }
  if (!d) {
    t.cite("jemmapes:1.6"_rule, [&] { return map.name(h) + " is not next to " + u.id + ": a zone of control reaches adjacent hexes only"; });
    return false;
  }
  if (u.level == Level::Rout && x.readings.is(jemmapes::reading::rout_zoc_and_combat_none)) {
    t.cite("jemmapes:1.6"_rule, [&] { return u.id + " is in rout and exerts no zone of control (jemmapes.rout.zoc_and_combat = none)"; });
    return false;
  }
  // Step B.
  const TerrainRow from = terrain_row(x.tables, map.terrain(u.hex)), to = terrain_row(x.tables, map.terrain(h));
  for (const TerrainRow* r : {&from, &to})
    if (!r->printed && !r->work)
      // SOURCE-MISSING jemmapes:table.terrain — the ZoC effect ("Various") of terrain cut from the table
      throw RuleRefusal("jemmapes:table.terrain", "the Terrain Effects Table prints no zone-of-control effect for '" +
                                                      r->name + "' (" + map.name(r == &from ? u.hex : h) +
                                                      "): the table is cut after the Citadel key (source-missing)");
  for (const std::string& f : map.features(Hexside::of(u.hex, *d))) {
    if (is_river(f)) {
      t.cite("jemmapes:table.terrain"_rule, [&] { return "no zone of control across the river between " + map.name(u.hex) + " and " + map.name(h); });
      return false;
    }
    if (f != "road" && f != "bridge")
      // SOURCE-MISSING jemmapes:table.terrain — the ZoC effect of a hexside feature cut from the table
      throw RuleRefusal("jemmapes:table.terrain", "the Terrain Effects Table prints no zone-of-control effect for a '" + f +
                                                      "' hexside (source-missing)");
  }
  if (to.work && !from.work && for_combat) {
    t.cite("jemmapes:6.0"_rule, [&] { return "the " + to.name + " at " + map.name(h) + " takes no zone of control from outside, but " + u.id + " may still fight into it from its front"; });
  } else if (to.work && !from.work) {
    t.cite("jemmapes:table.terrain"_rule, [&] { return "no zone of control reaches into the " + to.name + " at " + map.name(h) + " from outside"; });
    return false;
  }
  // Step C.
  const Aspect a = aspect(u, *d);
  if (from.zoc_all_round) {
    t.cite("jemmapes:table.terrain"_rule, [&] { return u.id + " stands in a village: its zone of control covers all six hexes, no flank or rear"; });
    t.cite("jemmapes:1.6"_rule, [&] { return u.id + " exerts a zone of control into " + map.name(h); });
    return true;
  }
  t.cite("jemmapes:1.3"_rule, [&] { return map.name(h) + " is a " + std::string(to_string(a)) + " hex of " + u.id + " (facing " + facing_name(u.facing) + ")"; });
  const bool zoc = a == Aspect::Front;
  t.cite("jemmapes:1.6"_rule, [&] { return u.id + (zoc ? " exerts" : " exerts no") + " zone of control into " + map.name(h) + (zoc ? ": a frontal hex" : ": only frontal hexes carry it"); });
  return zoc;
}

std::vector<const Unit*> enemy_zoc_by(const Context& x, const std::string& side, Hex h, Trace& t) {
  std::vector<const Unit*> out;
  for (const Unit& e : x.position.units)
    if (e.side != side && e.combat() && distance(e.hex, h) == 1 && exerts_zoc_into(x, e, h, t)) out.push_back(&e);
  return out;
}

bool in_enemy_zoc(const Context& x, const std::string& side, Hex h) {
  Trace off(Trace::Off{}, x.catalog);
  for (const Unit& e : x.position.units)
    if (e.side != side && e.combat() && distance(e.hex, h) == 1 && exerts_zoc_into(x, e, h, off)) return true;
  return false;
}

}  // namespace hexlaw::jemmapes
