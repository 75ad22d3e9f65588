// Owns: who may react and where to (std:8.0–8.3.4, std:16.2).
#include "engine/n20/reaction.h"

#include <algorithm>
#include <deque>
#include <map>
#include <set>

#include "engine/n20/fog.h"
#include "engine/n20/movement.h"
#include "engine/n20/zoc.h"

namespace hexlaw::n20 {
namespace {

struct Facts {
  const N20Rules& rules;
  const Map& map;
  const GameState& state;
  const Unit& unit;
  mutable Trace silent{Trace::Off{}, rules.catalog()};

  const Unit* occupant(Hex h) const {
    for (const Unit& u : state.units)
      if (u.on_map() && u.hex == h && &u != &unit) return &u;
    return nullptr;
  }
  // Enemy units adjacent to h for the rules.
  std::vector<const Unit*> adjacent_enemies(Hex h) const {
    std::vector<const Unit*> out;
    for (const Unit& e : state.units)
      if (e.on_map() && e.side != unit.side && distance(e.hex, h) == 1 && adjacent_for_rules(rules, map, state, h, e.hex, silent))
        out.push_back(&e);
    return out;
  }
  // Enemy units whose ZOC covers h; only cavalry when `cavalry_only`.
  std::vector<const Unit*> controllers(Hex h, bool cavalry_only) const {
    std::vector<const Unit*> out;
    for (const Unit& e : state.units) {
      if (!e.on_map() || e.side == unit.side || distance(e.hex, h) != 1) continue;
      if (cavalry_only && e.type != UnitType::Cavalry) continue;
      if (exerts_zoc_into(rules, map, state, e, h, silent)) out.push_back(&e);
    }
    return out;
  }
  std::string ids(const std::vector<const Unit*>& us) const {
    std::string s;
    for (const Unit* u : us) s += (s.empty() ? "" : ", ") + u->id;
    return s;
  }
};

// Step A. Try each vacant neighbour outside every enemy ZOC. Step B. Only if there is none,
// move on through friendly-occupied hexes outside enemy ZOCs, one hex at a time, until the
// unit reaches a vacant hex outside enemy ZOCs (std:8.3.3).
std::vector<ReactionMove> disengage_destinations(const Facts& f, Trace& trace) {
  std::vector<ReactionMove> out;
  const Hex start = f.unit.hex;
  auto free_hex = [&](Hex h) { return f.map.on_map(h) && !f.occupant(h) && f.controllers(h, false).empty(); };
  // The last hex after passing through friends: outside enemy ZOCs (default), or any vacant
  // hex (switch disengage.extended_path_final_hex = any_vacant).
  const bool any_vacant = f.rules.readings().extended_path_any_vacant;
  auto final_hex = [&](Hex h) { return any_vacant ? f.map.on_map(h) && !f.occupant(h) : free_hex(h); };
  auto enterable = [&](Hex a, Hex b) { return f.map.on_map(b) && may_cross(f.rules, f.map, f.state, a, b, f.unit.side); };
  // Step A.
  for (Hex n : neighbours(start))
    if (enterable(start, n) && free_hex(n)) out.push_back({n, {n}});
  if (!out.empty()) {
    // RULE std:8.3.3 — disengage one hex to a vacant hex no enemy controls, then stop
    trace.cite("std:8.3.3"_rule, [&] { return std::to_string(out.size()) + " adjacent vacant hex(es) outside enemy ZOCs"; });
    return out;
  }
  // Step B.
  std::map<Hex, Hex> parent;
  std::deque<Hex> frontier;
  for (Hex n : neighbours(start)) {
    const Unit* o = f.occupant(n);
    if (enterable(start, n) && o && o->side == f.unit.side && f.controllers(n, false).empty()) {
      parent.emplace(n, start);
      frontier.push_back(n);
    }
  }
  std::set<Hex> found;
  while (!frontier.empty()) {
    const Hex h = frontier.front();
    frontier.pop_front();
    for (Hex n : neighbours(h)) {
      if (n == start || parent.count(n) || !enterable(h, n)) continue;
      if (final_hex(n)) {
        parent.emplace(n, h);
        found.insert(n);
        continue;
      }
      const Unit* o = f.occupant(n);
      if (o && o->side == f.unit.side && f.controllers(n, false).empty()) {
        parent.emplace(n, h);
        frontier.push_back(n);
      }
    }
  }
  for (Hex h : found) {
    ReactionMove m{h, {}};
    for (Hex at = h; at != start; at = parent.at(at)) m.path.push_back(at);
    std::reverse(m.path.begin(), m.path.end());
    out.push_back(m);
  }
  if (!out.empty())
    trace.cite("std:8.3.3"_rule, [&] {
      return "no vacant neighbour outside enemy ZOCs: the unit passes through friendly units outside enemy ZOCs "
             "until alone (" + std::to_string(out.size()) + " destination(s); final hex " +
             (any_vacant ? "any vacant hex, disengage.extended_path_final_hex=any_vacant)"
                         : "outside enemy ZOCs, disengage.extended_path_final_hex=no_ezoc)");
    });
  return out;
}

}  // namespace

// Step A. The unit's side must be reacting. Step B. Countercharge. Step C. Disengagement.
// Step D. Penetration (optional rule 16.2).
ReactionOptions reaction_options(const N20Rules& rules, const Map& map, const GameState& state, const Unit& unit,
                                 Trace& trace, const std::vector<std::string>& stop_with) {
  Facts f{rules, map, state, unit};
  ReactionOptions o;
  auto deny_all = [&](const std::string& rule, const std::string& why) {
    o.countercharge_rule = o.disengage_rule = o.penetrate_rule = rule;
    o.countercharge_why_not = o.disengage_why_not = o.penetrate_why_not = why;
    trace.cite(rule, why);
    return o;
  };
  // Step A.
  if (!unit.on_map()) return deny_all("std:8.0", unit.id + " is not on the map");
  // RULE std:8.0 — the non-phasing player's cavalry react in his Reaction Phase, during the enemy turn
  if (state.phase != "reaction")
    return deny_all("std:8.0", "reactions happen only in a Reaction Phase; it is the " + state.phase + " phase");
  if (state.phasing.empty() || state.phasing == unit.side)
    return deny_all("std:8.0", unit.id + "'s side is not the reacting (non-phasing) side");
  const auto adjacent = f.adjacent_enemies(unit.hex);
  // Enemy cavalry whose ZOC stops a Disengagement or Penetration at h; under the fog of war,
  // hidden cavalry only when revealed to do it (std:16.1.1, in fog.cc).
  auto add_unique = [](std::vector<std::string>& to, const std::vector<std::string>& from) {
    for (const auto& id : from)
      if (std::find(to.begin(), to.end(), id) == to.end()) to.push_back(id);
  };
  auto cavalry_stoppers = [&](Hex h) {
    CavalryStop s = cavalry_stop(rules, map, state, unit, h, stop_with, trace);
    add_unique(o.revealed, s.revealed);
    add_unique(o.dummies_removed, s.dummies_removed);
    add_unique(o.hidden_could_stop, s.could_stop);
    return s.stoppers;
  };
  Trace silent(Trace::Off{}, rules.catalog());
  const bool may_be_stopped = rules.may_disengage(unit, silent) || rules.may_countercharge(unit, silent);
  const auto cavalry_zoc = may_be_stopped && !adjacent.empty() ? cavalry_stoppers(unit.hex) : std::vector<const Unit*>{};

  // Step B.
  if (!rules.may_countercharge(unit, trace)) {
    o.countercharge_rule = "std:8.1";
    o.countercharge_why_not = unit.id + " is not cavalry";
  } else if (state.night) {
    o.countercharge_rule = "std:14.0";
    o.countercharge_why_not = "no battles are fought at night";
  } else if (adjacent.empty()) {
    o.countercharge_rule = "std:8.1";
    o.countercharge_why_not = "no enemy unit is adjacent to attack";
  } else {
    // RULE std:8.1 — cavalry may countercharge in the Reaction Phase, as the attacker
    // RULE std:8.2.1 — selectively: any, some or none of the adjacent enemy units
    // Which adjacent enemies: all of them (default), or only those whose ZOC covers the
    // cavalry (switch countercharge.targets = exerting_zoc).
    const bool zoc_only = rules.readings().countercharge_zoc_targets;
    std::vector<const Unit*> targets;
    // A target is one the battle rules accept as this countercharge's lone defender: a game's
    // own conditions (the battle_conditions hook) may rule one out, as a Dresden garrison
    // stacked with a French unit is ignored and its French unit defends (dresden:9.10).
    std::string ruled_out_rule, ruled_out_why;
    auto battle_accepts = [&](const Unit& e) {
      std::vector<std::pair<std::string, std::string>> broken;
      const Unit* const attacker[] = {&unit};
      const Unit* const defender[] = {&e};
      rules.battle_conditions(attacker, defender, state, broken, f.silent);
      if (broken.empty()) return true;
      trace.cite(broken.front().first, [&] { return "not a countercharge target: " + broken.front().second; });
      ruled_out_rule = broken.front().first, ruled_out_why = broken.front().second;
      return false;
    };
    for (const Unit* e : adjacent)
      if ((!zoc_only || exerts_zoc_into(rules, map, state, *e, unit.hex, f.silent)) && battle_accepts(*e))
        targets.push_back(e);
    o.countercharge_rule = "std:8.2.1";
    if (targets.empty() && !ruled_out_rule.empty()) {
      o.countercharge_rule = ruled_out_rule;
      o.countercharge_why_not = "no adjacent enemy unit may be attacked: " + ruled_out_why;
    } else if (targets.empty()) {
      o.countercharge_why_not = "no adjacent enemy unit exerts a ZOC on it (countercharge.targets=exerting_zoc)";
    } else {
      o.may_countercharge = true;
      for (const Unit* e : targets) o.countercharge_targets.push_back(e->id);
      trace.cite("std:8.1"_rule, unit.id + " is cavalry in its Reaction Phase with enemy units adjacent: it may countercharge");
      // RULE std:8.2 — a countercharge is fought under the battle rules, with 8.2.1-8.2.3's benefits
      trace.cite("std:8.2"_rule, "a countercharge follows the battle rules with the benefits of 8.2.1-8.2.3");
      trace.cite("std:8.2.1"_rule, "it may attack any, some or none of: " + f.ids(targets) +
                                  (zoc_only ? " (countercharge.targets=exerting_zoc)" : ""));
    }
  }
  if (o.countercharge_why_not.size()) trace.cite(o.countercharge_rule, "no countercharge: " + o.countercharge_why_not);

  // Step C.
  if (!rules.may_disengage(unit, trace)) {
    o.disengage_rule = "std:8.3";
    o.disengage_why_not = unit.id + " is not cavalry";
  } else if (adjacent.empty()) {
    // RULE std:8.3 — only a cavalry unit starting its Reaction Phase next to an enemy may disengage
    o.disengage_rule = "std:8.3";
    o.disengage_why_not = "no enemy unit is adjacent";
  } else if (state.night && rules.readings().night_disengagement_forbidden) {
    o.disengage_rule = "std:8.3";
    o.disengage_why_not = "no Reaction-Phase movement on night turns (reaction.night_disengagement=forbidden)";
  } else if (!cavalry_zoc.empty()) {
    // RULE std:8.3.2 — never from the ZOC of an enemy cavalry unit
    o.disengage_rule = "std:8.3.2";
    o.disengage_why_not = unit.id + " is in the zone of control of enemy cavalry " + f.ids(cavalry_zoc);
  } else {
    o.disengage_to = disengage_destinations(f, trace);
    if (o.disengage_to.empty()) {
      o.disengage_rule = "std:8.3.3";
      o.disengage_why_not = "no vacant hex outside enemy ZOCs can be reached";
    } else {
      o.may_disengage = true;
      o.disengage_rule = "std:8.3";
      // RULE std:8.3.1 — disengagement happens only in the friendly Reaction Phase
      trace.cite("std:8.3.1"_rule, "it is " + unit.side + "'s Reaction Phase");
      trace.cite("std:8.3"_rule, unit.id + " starts next to " + f.ids(adjacent) + " and may disengage");
      // RULE std:8.3.4 — disengaging is not a retreat after combat: no enemy advance follows it
      trace.cite("std:8.3.4"_rule, "disengagement is not a retreat after combat: the enemy may not advance into the hex left");
    }
  }
  if (o.disengage_why_not.size()) trace.cite(o.disengage_rule, "no disengagement: " + o.disengage_why_not);

  // Step D.
  if (!rules.on(Optional::CavalryPenetration)) {
    o.penetrate_rule = "std:16.2";
    o.penetrate_why_not = "optional rule 16.2 (cavalry penetration) is not in use";
  } else if (!rules.may_countercharge(unit, silent)) {
    o.penetrate_rule = "std:16.2";
    o.penetrate_why_not = unit.id + " is not cavalry";
  } else if (adjacent.empty()) {
    o.penetrate_rule = "std:16.2";
    o.penetrate_why_not = "no enemy unit is adjacent";
  } else if (!cavalry_zoc.empty()) {
    o.penetrate_rule = "std:16.2";
    o.penetrate_why_not = "it begins in the zone of control of enemy cavalry " + f.ids(cavalry_zoc);
  } else {
    // RULE std:16.2 — penetration: from next to an enemy into another hex next to an enemy,
    // never starting in or entering an enemy cavalry unit's ZOC; then stop
    // RULE std:8.3b — the third cavalry reaction, given by optional rule 16.2
    for (Hex n : neighbours(unit.hex)) {
      if (!map.on_map(n) || f.occupant(n) || !may_cross(rules, map, state, unit.hex, n, unit.side)) continue;
      if (f.adjacent_enemies(n).empty() || !cavalry_stoppers(n).empty()) continue;
      o.penetrate_to.push_back({n, {n}});
    }
    o.may_penetrate = !o.penetrate_to.empty();
    o.penetrate_rule = "std:16.2";
    trace.cite("std:8.3b"_rule, "cavalry penetration is the reaction that optional rule 16.2 adds");
    if (!o.may_penetrate) o.penetrate_why_not = "no vacant neighbour next to an enemy and outside enemy cavalry ZOCs";
    else
      trace.cite("std:16.2"_rule, unit.id + " may penetrate to " + std::to_string(o.penetrate_to.size()) +
                                 " hex(es), then stop without countercharging");
  }
  if (o.penetrate_why_not.size() && rules.on(Optional::CavalryPenetration))
    trace.cite("std:16.2"_rule, "no penetration: " + o.penetrate_why_not);
  return o;
}

}  // namespace hexlaw::n20
