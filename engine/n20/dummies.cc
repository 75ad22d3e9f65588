// Owns: Dummy units' placement, movement and duties (see dummies.h).
#include "engine/n20/dummies.h"

#include <algorithm>
#include <stdexcept>

#include "engine/n20/zoc.h"

namespace hexlaw::n20 {
namespace {

DummyVerdict refuse(DummyVerdict v, const GameState& state, const std::string& reason, Trace& trace) {
  v.legal = false;
  v.rule = "std:16.1.3";
  v.reason = reason;
  v.placed.clear();
  v.after = state;
  trace.cite("std:16.1.3"_rule, "illegal: " + reason);
  return v;
}

// Is any enemy of `side` on the map adjacent (for the rules) to `h`?
bool next_to_enemy(const N20Rules& rules, const Map& map, const GameState& state, const std::string& side, Hex h,
                   std::string* who = nullptr) {
  Trace silent(Trace::Off{}, rules.catalog());
  for (const Unit& e : state.units)
    if (e.on_map() && e.side != side && distance(e.hex, h) == 1 && adjacent_for_rules(rules, map, state, h, e.hex, silent)) {
      if (who) *who = e.id;
      return true;
    }
  return false;
}

}  // namespace

bool dummy_available(const Unit& u) { return u.type == UnitType::Dummy && u.status == UnitStatus::Broken; }

std::string dummy_arrival_marker(const std::string& side) { return "dummy-arrived-" + side; }

// Step A. Only with the fog of war, a waiting Dummy and a real unit of its side. Step B. At the
// arrival's own moment: a rally in the side's Night Operations, a reinforcement in its
// Movement Phase. Step C. One per side per Game Turn. Step D. Stack it, hidden, with the unit.
DummyVerdict place_dummy_on_arrival(const N20Rules& rules, const Map& map, const GameState& state,
                                    const std::string& dummy, const std::string& with, DummyArrival arrival,
                                    Trace& trace) {
  (void)map;
  DummyVerdict v;
  v.after = state;
  // Step A.
  if (!rules.on(Optional::FogOfWar)) return refuse(v, state, "without the fog of war (std:16.1) there are no Dummies", trace);
  const Unit* d = state.unit(dummy);
  const Unit* w = state.unit(with);
  if (!d || d->type != UnitType::Dummy) throw std::invalid_argument("'" + dummy + "' is not a Dummy unit");
  if (!w) throw std::invalid_argument("no unit with id '" + with + "'");
  if (!dummy_available(*d))
    return refuse(v, state, dummy + " is " + to_string(d->status) + ", not waiting in its owner's Dummy pile", trace);
  if (w->side != d->side) return refuse(v, state, with + " is not on " + d->side + "'s side", trace);
  if (w->type == UnitType::Dummy) return refuse(v, state, "a Dummy comes in only with a real unit, not with Dummy " + with, trace);
  if (!w->on_map()) return refuse(v, state, with + " has not arrived on the map", trace);
  // Step B.
  const bool rally = arrival == DummyArrival::Rally;
  if (state.phasing != d->side || (rally ? !(state.night && state.phase == "night-operations") : state.phase != "movement"))
    return refuse(v, state,
                  rally ? "a rallied unit arrives in its owner's Night Operations (std:10.0)"
                        : "a reinforcement arrives in its owner's Movement Phase (std:11.0)",
                  trace);
  // Step C.
  if (state.has_marker(dummy_arrival_marker(d->side)))
    return refuse(v, state, d->side + " has already brought a Dummy in with an arriving unit this Game Turn", trace);
  // Step D.
  // RULE std:16.1.3 — one Dummy a turn may come in, stacked with a newly rallied unit or reinforcement
  Unit* placed = v.after.unit(dummy);
  placed->status = UnitStatus::OnMap;
  placed->hex = w->hex;
  placed->set(UnitMarker::Hidden, true);
  v.after.set_marker(dummy_arrival_marker(d->side), true);
  v.placed.push_back(dummy);
  // The rally comes after the Movement Phase, so the stack lasts until the next one (catalog ruling).
  v.unstack_by = rally ? "the end of " + d->side + "'s next Movement Phase" : "the end of this Movement Phase";
  trace.cite("std:16.1.3"_rule, dummy + " comes in hidden, stacked with " + (rally ? "rallied unit " : "reinforcement ") +
                               with + " (" + d->side + "'s one Dummy arrival this turn); one of them must leave the "
                               "hex by " + v.unstack_by);
  trace.cite("std:6.9"_rule, "the stack of " + dummy + " and " + with + " must be broken by " + v.unstack_by);
  return v;
}

// For each placement in turn, on the state the earlier ones left: Step A. A waiting Dummy of the
// side. Step B. A hex holding one friendly unit and not adjacent to an enemy unit. Step C. One of
// the pair steps to an adjacent vacant hex, also not adjacent to an enemy unit.
DummyVerdict place_dummies_at_reconceal(const N20Rules& rules, const Map& map, const GameState& state,
                                        const std::string& side, const std::vector<DummyPlacement>& placements,
                                        Trace& trace) {
  DummyVerdict v;
  v.after = state;
  if (placements.empty()) return v;
  if (!rules.on(Optional::FogOfWar)) return refuse(v, state, "without the fog of war (std:16.1) there are no Dummies", trace);
  if (!state.night) return refuse(v, state, "Dummies are placed at reconcealment, at the end of a Night Turn", trace);
  Trace silent(Trace::Off{}, rules.catalog());
  for (const DummyPlacement& p : placements) {
    const std::string at = map.name(p.hex), to = map.name(p.to);
    // Step A.
    const Unit* d = v.after.unit(p.dummy);
    if (!d || d->type != UnitType::Dummy) throw std::invalid_argument("'" + p.dummy + "' is not a Dummy unit");
    if (d->side != side) return refuse(v, state, p.dummy + " is not one of " + side + "'s Dummies", trace);
    if (!dummy_available(*d))
      return refuse(v, state, p.dummy + " is " + (d->on_map() ? "already on the map" : to_string(d->status)) +
                                  ", not waiting in the Dummy pile", trace);
    // Step B.
    const auto there = v.after.units_at(p.hex);
    const Unit* host = there.size() == 1 && there[0]->side == side ? there[0] : nullptr;
    if (!host) return refuse(v, state, "hex " + at + " does not hold one friendly unit for " + p.dummy + " to join", trace);
    std::string enemy;
    if (next_to_enemy(rules, map, v.after, side, p.hex, &enemy))
      return refuse(v, state, "hex " + at + " is adjacent to enemy unit " + enemy, trace);
    // Step C.
    if (p.relocate != p.dummy && p.relocate != host->id)
      return refuse(v, state, p.relocate + " is neither " + p.dummy + " nor " + host->id + ", the pair in " + at, trace);
    if (distance(p.hex, p.to) != 1 || !map.on_map(p.to) || !adjacent_for_rules(rules, map, v.after, p.hex, p.to, silent))
      return refuse(v, state, "hex " + to + " is not adjacent to " + at, trace);
    if (!v.after.units_at(p.to).empty()) return refuse(v, state, "hex " + to + " is occupied", trace);
    if (next_to_enemy(rules, map, v.after, side, p.to, &enemy))
      return refuse(v, state, "hex " + to + " is adjacent to enemy unit " + enemy, trace);
    // RULE std:16.1.3 — at reconcealment a Dummy joins a friendly unit away from the enemy, and
    // one of the pair at once steps to a neighbouring hex also away from the enemy
    const std::string host_id = host->id;
    Unit* placed = v.after.unit(p.dummy);
    placed->status = UnitStatus::OnMap;
    placed->hex = p.relocate == p.dummy ? p.to : p.hex;
    placed->set(UnitMarker::Hidden, true);
    if (p.relocate != p.dummy) v.after.unit(host_id)->hex = p.to;
    v.placed.push_back(p.dummy);
    trace.cite("std:16.1.3"_rule, p.dummy + " is placed hidden with " + host_id + " in " + at + ", no enemy adjacent; " +
                                 p.relocate + " steps to " + to + ", no enemy adjacent either");
  }
  return v;
}

int dummy_movement_allowance(const N20Rules& rules, const Unit& u, Trace& trace) {
  if (u.type != UnitType::Dummy || !rules.on(Optional::FogOfWar)) return u.movement;
  // RULE std:16.1.3 — a Dummy moves as a cavalry unit with a Movement Allowance of 3
  trace.cite("std:16.1.3"_rule, u.id + " is a Dummy: it moves as cavalry, Movement Allowance 3");
  return 3;
}

void refuse_dummies(const N20Rules& rules, const GameState& state, std::span<const Symbol> ids,
                    const char* what) {
  if (!rules.on(Optional::FogOfWar)) return;
  for (Symbol id : ids) {
    const Unit* u = state.unit(id);
    if (!u || u->type != UnitType::Dummy) continue;
    // RULE std:16.1.3 — a Dummy never fights or rallies: revealed, it leaves the map until the next reconcealment
    throw std::invalid_argument(id + " is a Dummy and cannot " + what +
                                " (std:16.1.3): a Dummy in a declared battle is revealed and removed first "
                                "(reveal with trigger: battles), and a removed one returns only at reconcealment");
  }
}

void note_dummy_attacks(const N20Rules& rules, const GameState& state, const std::vector<std::string>& must_attack,
                        const std::vector<std::string>& attackers, Trace& trace) {
  if (!rules.on(Optional::FogOfWar)) return;
  for (const std::string& id : must_attack) {
    const Unit* u = state.unit(id);
    if (!u || u->type != UnitType::Dummy || !u->has(UnitMarker::Hidden)) continue;
    if (std::find(attackers.begin(), attackers.end(), id) == attackers.end()) continue;
    // RULE std:16.1.3 — a hidden Dummy's declared battle meets the duty to attack (a diversion)
    trace.cite("std:16.1.3"_rule, id + " is a hidden Dummy: its declared battle meets its duty to attack (std:9.1)");
  }
}

void note_dummy_holds(const N20Rules& rules, const Unit& u, const std::string& what, Trace& trace) {
  if (!rules.on(Optional::FogOfWar) || u.type != UnitType::Dummy || !u.has(UnitMarker::Hidden)) return;
  // RULE std:16.1.3 — until revealed a Dummy holds the hex it stands in, an enemy LOC or Objective included
  trace.cite("std:16.1.3"_rule, u.id + " is a hidden Dummy: it holds the enemy " + what + " hex it stands in");
}

}  // namespace hexlaw::n20
