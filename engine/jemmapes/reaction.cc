// Owns: the reaction to a paused enemy move (see reaction.h).
#include "engine/jemmapes/reaction.h"

#include <optional>

#include "engine/core/errors.h"
#include "engine/jemmapes/facing.h"
#include "engine/jemmapes/movement.h"
#include "engine/jemmapes/terrain.h"

namespace hexlaw::jemmapes {

namespace {

// Why the reacting stack may not step from its hex into `to` (move_one_hex), or "" when it may:
// next to it, on the map, not enemy-held, no hexside feature (its crossing is in the cut table:
// refused by name), each unit's MP covering the terrain and the extra MP of an enemy ZoC (1.6),
// no ZoC to ZoC (1.6), stacking at `to` (1.4). The orders' limits next to the enemy (4.1) govern
// the formation's own movement segment and do not apply (the catalog's ruling on jemmapes:5.2).
std::string step_refused(const Context& x, const std::vector<const Unit*>& stack, Hex to, Trace& t) {
  const Map& m = x.map;
  const Hex from = stack.front()->hex;
  const std::string side = stack.front()->side;
  const auto d = direction_to(from, to);
  if (!d) return m.name(to) + " is not next to " + m.name(from);
  const Printed pr = to_printed(to, m.layout());
  if (pr.col < 1 || pr.row < 1 || !m.on_map(to)) return m.name(to) + " is off the map";
  if (x.position.enemy_combat_in(to, side)) return m.name(to) + " holds an enemy unit";
  if (const auto& f = m.features(Hexside::of(from, *d)); !f.empty())
    // SOURCE-MISSING jemmapes:table.terrain — a reaction step across a hexside feature
    throw RuleRefusal("jemmapes:table.terrain", "a reaction step across the '" + *f.begin() + "' hexside between " + m.name(from) + " and " + m.name(to) +
                                                    " needs the cut part of the Terrain Effects Table (source-missing)");
  const bool zoc_to = in_enemy_zoc(x, side, to);
  const int cost = move_cost(x.tables, m.terrain(to)) + (zoc_to ? 1 : 0);
  if (zoc_to && in_enemy_zoc(x, side, from)) return "no move from one enemy zone of control (" + m.name(from) + ") straight into another (" + m.name(to) + ") (jemmapes:1.6)";
  for (const Unit* u : stack) {
    const int mp = movement_allowance(x, *u, t);
    if (cost > mp) return "entering " + m.name(to) + " costs " + std::to_string(cost) + " MP and " + u->id + " has " + std::to_string(mp);
  }
  std::vector<const Unit*> end = stack;
  for (const Unit* v : x.position.combat_units_at(to, side)) end.push_back(v);
  std::string why;
  if (!stacking_ok(x, end, why, t)) return why + " at " + m.name(to) + " (jemmapes:1.4)";
  return "";
}

}  // namespace

// RULE jemmapes:5.2 — a unit next to the hex the mover entered, not already in a ZoC of the mover's side, may react by movement (a pivot of one hexside, or a step of one hex, by jemmapes.reaction.movement_kind; the move ends if it then has the mover in its ZoC) or, with the mover in its ZoC, by fire at once (the move ends)
// Step A. Eligibility, with the mover back in the hex it came from ("already" in a ZoC).
// Step B. Reaction fire. Step C. Reaction movement: the stack pivots one hexside, or (Step D)
// steps one hex.
nlohmann::json reaction(const Context& x, const Unit& mover, Hex from, const Unit& reactor, const ReactionChoice& c, Trace& t, const ReactionScenario& sc) {
  nlohmann::json out{{"mover", mover.id}, {"reactor", reactor.id}};
  auto ineligible = [&](const std::string& why) {
    t.cite("jemmapes:5.2"_rule, why);
    out["eligible"] = false;
    out["reason"] = why;
    return out;
  };
  // Step A.
  if (!mover.combat() || !reactor.combat()) return ineligible("only a combat unit's move pauses for a combat unit's reaction");
  if (mover.side == reactor.side) return ineligible(reactor.id + " is on the mover's side");
  if (distance(reactor.hex, mover.hex) != 1) return ineligible(reactor.id + " is not next to the hex " + mover.id + " entered");
  Position before = x.position;
  for (Unit& u : before.units)
    if (u.id == mover.id) u.hex = from;
  const Context bx{x.map, x.tables, x.catalog, x.readings, before};
  if (in_enemy_zoc(bx, reactor.side, reactor.hex))
    return ineligible(reactor.id + " was already in a zone of control of " + mover.side + " before " + mover.id + " entered " + x.map.name(mover.hex));
  if (const Formation* f = sc.kind ? x.position.formation_of(reactor) : nullptr) {
    const ScenarioVerdict v = activation_allowed(x, *sc.kind, *f, x.position.round, sc.attacked, t);  // cites the scenario's rule
    if (!v.allowed) {
      // RULE jemmapes:5.2 (part: a formation the scenario does not let be activated yet, jemmapes.scenario.inactive_formation_reacts) — it does not react (false), or reacts like any other (true)
      if (x.readings.is(jemmapes::reading::scenario_inactive_formation_reacts_false))
        return ineligible(reactor.id + "'s formation " + f->id + " may not be activated yet (" + v.rule + "): it does not react (jemmapes.scenario.inactive_formation_reacts = false)");
      t.cite("jemmapes:5.2"_rule, reactor.id + "'s formation " + f->id + " may not be activated yet (" + v.rule + "), but may react (jemmapes.scenario.inactive_formation_reacts = true)");
    }
  }
  out["eligible"] = true;
  t.cite("jemmapes:5.2"_rule, [&] { return mover.id + " entered " + x.map.name(mover.hex) + " next to " + reactor.id + ", not already in an enemy zone of control: its move pauses and " + reactor.id + " may react"; });
  // Step B.
  if (c.fire) {
    out["reaction"] = "fire";
    if (reactor.kind == UnitKind::Cavalry) {
      t.cite("jemmapes:5.2"_rule, reactor.id + " is cavalry: it reacts only by movement");
      out["allowed"] = false;
      out["reason"] = "cavalry does not fire";
      return out;
    }
    const bool zoc = exerts_zoc_into(x, reactor, mover.hex, t);
    out["allowed"] = zoc;
    out["mover_stops"] = zoc;
    t.cite("jemmapes:5.2"_rule, [&] {
      return zoc ? reactor.id + " has " + mover.id + " in its zone of control: it fires at once (a fire under 6.1) and " + mover.id + "'s move ends"
                 : reactor.id + " does not have " + mover.id + " in its zone of control: no reaction fire";
    });
    if (!zoc) out["reason"] = reactor.id + " does not exert a zone of control into " + x.map.name(mover.hex);
    return out;
  }
  out["reaction"] = "movement";
  // Step D.
  if (x.readings.is(jemmapes::reading::reaction_movement_kind_move_one_hex)) {
    std::vector<const Unit*> stack;
    for (const Unit* u : x.position.units_at(reactor.hex))
      if (u->combat()) stack.push_back(u);
    if (!c.to) throw std::logic_error("a reaction step needs its hex (the question checks this)");
    const std::string why = step_refused(x, stack, *c.to, t);
    if (!why.empty()) {
      t.cite("jemmapes:5.2"_rule, reactor.id + "'s stack may not step into " + x.map.name(*c.to) + ": " + why + " (jemmapes.reaction.movement_kind = move_one_hex)");
      out["allowed"] = false;
      out["reason"] = why;
      return out;
    }
    // RULE jemmapes:1.3 (part: one facing per hex) — a stack stepping in among friends takes their facing, as a mover does
    const std::optional<Direction> joined = x.position.stack_facing(*c.to, reactor.side);
    const Direction facing = joined.value_or(reactor.facing);
    if (joined && *joined != reactor.facing)
      t.cite("jemmapes:1.3"_rule, reactor.id + "'s stack takes the facing (" + facing_name(*joined) + ") of the friends it joins in " + x.map.name(*c.to));
    Position after = x.position;
    for (Unit& u : after.units)
      if (u.hex == reactor.hex && u.combat()) u.hex = *c.to, u.facing = facing;  // the stack moves as one
    const Context ax{x.map, x.tables, x.catalog, x.readings, after};
    bool stops = false;
    for (const Unit* u : after.units_at(*c.to))
      if (u->combat() && u->side == reactor.side && exerts_zoc_into(ax, *u, mover.hex, t)) stops = true;
    out["allowed"] = true;
    out["to"] = x.map.name(*c.to);
    out["facing"] = facing_name(facing);
    out["mover_stops"] = stops;
    t.cite("jemmapes:5.2"_rule, [&] {
      return reactor.id + "'s stack steps into " + x.map.name(*c.to) + " facing " + facing_name(facing) + " (jemmapes.reaction.movement_kind = move_one_hex)" +
             (stops ? ": it now has " + mover.id + " in its zone of control, whose move ends" : ": " + mover.id + " is not in its zone of control and may go on");
    });
    return out;
  }
  // Step C.
  if (c.to) throw std::logic_error("a reaction pivot names no hex (the question checks this)");
  const int turn = (static_cast<int>(c.facing) - static_cast<int>(reactor.facing) + 6) % 6;
  if (turn != 1 && turn != 5) {
    t.cite("jemmapes:5.2"_rule, reactor.id + " may turn by one hexside only (jemmapes.reaction.movement_kind = pivot_one_hexside)");
    out["allowed"] = false;
    out["reason"] = std::string("from ") + facing_name(reactor.facing) + " one hexside is " + facing_name(static_cast<Direction>((static_cast<int>(reactor.facing) + 1) % 6)) +
                    " or " + facing_name(static_cast<Direction>((static_cast<int>(reactor.facing) + 5) % 6));
    return out;
  }
  Position after = x.position;
  for (Unit& u : after.units)
    if (u.hex == reactor.hex && u.combat()) u.facing = c.facing;  // the stack turns as one (1.3)
  const Context ax{x.map, x.tables, x.catalog, x.readings, after};
  const Unit* turned = after.unit(reactor.id);
  bool stops = false;
  for (const Unit* u : after.units_at(reactor.hex))
    if (u->combat() && exerts_zoc_into(ax, *u, mover.hex, t)) stops = true;
  out["allowed"] = true;
  out["facing"] = facing_name(turned->facing);
  out["mover_stops"] = stops;
  t.cite("jemmapes:5.2"_rule, [&] {
    return reactor.id + "'s hex turns to face " + facing_name(c.facing) + (stops ? ": it now has " + mover.id + " in its zone of control, whose move ends" : ": " + mover.id + " is not in its zone of control and may go on");
  });
  return out;
}

}  // namespace hexlaw::jemmapes
