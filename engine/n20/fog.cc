// Owns: revealing and reconcealing under the fog of war (see fog.h).
#include "engine/n20/fog.h"

#include <algorithm>

#include "engine/n20/zoc.h"

namespace hexlaw::n20 {
namespace {

// Turns `id` face-up in `r.after`; a Dummy is set aside instead (std:16.1.3 via 16.1.1).
void turn_up(Reveal& r, const std::string& id, Trace& trace) {
  Unit* u = r.after.unit(id);
  u->set(UnitMarker::Hidden, false);
  if (u->type == UnitType::Dummy) {
    // RULE std:16.1.3 — a Dummy leaves the map the instant it is revealed, and no Morale changes
    u->status = UnitStatus::Broken;  // off the map, back in the owner's Dummy pile
    u->hex = Hex{};
    r.dummies_removed.push_back(id);
    trace.cite("std:16.1.1"_rule, id + " is revealed as a Dummy and removed, at no morale cost");
    trace.cite("std:16.1.3"_rule, id + " is a Dummy: removed on being revealed, no Morale lost; it may return at the "
                                  "next reconcealment");
  } else {
    r.revealed.push_back(id);
  }
}

}  // namespace

std::vector<UnitView> view_of(const N20Rules& rules, const GameState& state, const std::string& viewer,
                              Trace& trace) {
  const bool fog = rules.on(Optional::FogOfWar);
  const bool shows_ma = rules.readings().hidden_side_shows_movement;
  std::vector<UnitView> out;
  int hidden_enemies = 0;
  for (const Unit& u : state.units) {
    if (!u.on_map()) continue;
    UnitView v{u.hex, u.side, u.nationality, fog && u.has(UnitMarker::Hidden)};
    // RULE std:16.1 — a player sees all of his own units but only the backs of hidden enemy units
    if (v.hidden && u.side != viewer) {
      v.known = false;
      ++hidden_enemies;
      // RULE std:2.0 — the counter's back shows only the nationality (with_movement: the jena layout's allowance too)
      if (shows_ma) v.movement = u.movement;
    } else {
      v.unit = &u;
      v.movement = u.movement;
    }
    out.push_back(v);
  }
  if (fog) {
    trace.cite("std:16.1"_rule, [&] {
      return viewer + " sees its own units and face-up enemies; " + std::to_string(hidden_enemies) +
             " hidden enemy unit(s) show only their backs";
    });
    if (hidden_enemies > 0)
      trace.cite("std:2.0"_rule, shows_ma ? "a hidden counter's back shows its nationality and Movement Allowance "
                                       "(fog.hidden_side_shows_movement_allowance=with_movement)"
                                     : "a hidden counter's back shows only its nationality");
  }
  return out;
}

Reveal reveal_at_will(const N20Rules& rules, const GameState& state, const std::vector<std::string>& ids,
                      Trace& trace) {
  Reveal r;
  r.after = state;
  if (!rules.on(Optional::FogOfWar)) return r;
  for (const std::string& id : ids) {
    const Unit* u = state.unit(id);
    if (!u) throw std::invalid_argument("no unit with id '" + id + "'");
    if (!u->on_map() || !u->has(UnitMarker::Hidden)) continue;
    // RULE std:16.1.1 — the owner may turn any of his hidden units face-up whenever he likes
    trace.cite("std:16.1.1"_rule, u->side + " chooses to reveal " + id);
    turn_up(r, id, trace);
  }
  return r;
}

// Step A. Only with the fog of war, at the end of a day Movement Phase. Step B. Each hidden unit
// next to a face-up enemy cavalry unit that scouts is turned up (and, under fog.dummy_scouting =
// as_cavalry, next to a hidden enemy Dummy).
Reveal reveal_by_scouting(const N20Rules& rules, const Map& map, const GameState& state, const std::string& phasing,
                          Trace& trace) {
  (void)map;
  Reveal r;
  r.after = state;
  // Step A.
  if (!rules.on(Optional::FogOfWar)) return r;
  if (state.night) {
    trace.cite("std:16.1.1"_rule, "no scouting at the end of a night Movement Phase");
    return r;
  }
  const bool phasing_only = rules.readings().scouting_phasing_side_only;
  const bool dummies_scout = rules.readings().dummies_scout_as_cavalry;
  // Step B.
  // RULE std:16.1.1 — face-up enemy cavalry next to a hidden unit at the end of a day Movement
  // Phase reveals it
  auto scouts = [&](const Unit& c) {
    if (c.type == UnitType::Cavalry) return !c.has(UnitMarker::Hidden);
    // RULE std:16.1.3 — Dummies as scouts: only under fog.dummy_scouting=as_cavalry, and hidden
    return dummies_scout && c.type == UnitType::Dummy && c.has(UnitMarker::Hidden);
  };
  for (const Unit& h : state.units) {
    if (!h.on_map() || !h.has(UnitMarker::Hidden)) continue;
    for (const Unit& c : state.units) {
      if (!c.on_map() || c.side == h.side || !scouts(c)) continue;
      if (phasing_only && c.side != phasing) continue;
      if (distance(c.hex, h.hex) != 1) continue;
      if (c.type == UnitType::Dummy)
        trace.cite("std:16.1.3"_rule, h.id + " is next to hidden enemy Dummy " + c.id +
                                     ", which scouts like cavalry and stays hidden (fog.dummy_scouting=as_cavalry)");
      trace.cite("std:16.1.1"_rule, [&] {
        return h.id + " is next to " + (c.type == UnitType::Dummy ? "scouting Dummy " : "face-up enemy cavalry ") +
               c.id + " at the end of the Movement Phase" +
               (phasing_only ? " (fog.cavalry_scouting_side=phasing_side)" : "");
      });
      turn_up(r, h.id, trace);
      break;
    }
  }
  return r;
}

// Step A. Without the fog of war nothing is hidden: enemy cavalry whose ZOC covers `at` stops the
// manoeuvre. Step B. A hidden one stops it only when its owner reveals it to do so; a Dummy so
// revealed is removed and stops nothing.
CavalryStop cavalry_stop(const N20Rules& rules, const Map& map, const GameState& state, const Unit& mover, Hex at,
                         const std::vector<std::string>& stop_with, Trace& trace) {
  CavalryStop out;
  Trace silent(Trace::Off{}, rules.catalog());
  const bool fog = rules.on(Optional::FogOfWar);
  for (const Unit& e : state.units) {
    if (!e.on_map() || e.side == mover.side || distance(e.hex, at) != 1) continue;
    const bool hidden = fog && e.has(UnitMarker::Hidden);
    const bool looks_like_cavalry = e.type == UnitType::Cavalry || (hidden && e.type == UnitType::Dummy);
    if (!looks_like_cavalry || !exerts_zoc_into(rules, map, state, e, at, silent)) continue;
    // Step A.
    if (!hidden) {
      out.stoppers.push_back(&e);
      continue;
    }
    // Step B.
    const bool named = std::find(stop_with.begin(), stop_with.end(), e.id) != stop_with.end();
    if (!named) {
      if (e.type == UnitType::Cavalry) {
        out.could_stop.push_back(e.id);
        trace.cite("std:16.1.1"_rule, e.id + " is hidden cavalry its owner does not reveal: it does not stop " + mover.id);
      }
      continue;
    }
    // RULE std:16.1.1 — hidden cavalry used to stop an enemy Disengagement or Penetration is revealed
    if (e.type == UnitType::Dummy) {
      out.dummies_removed.push_back(e.id);
      trace.cite("std:16.1.1"_rule, e.id + " is revealed to stop " + mover.id + ", but it is a Dummy: removed, and " +
                                   mover.id + " is not stopped");
      trace.cite("std:16.1.3"_rule, e.id + " is a Dummy: removed on being revealed, no Morale lost");
    } else {
      out.stoppers.push_back(&e);
      out.revealed.push_back(e.id);
      trace.cite("std:16.1.1"_rule, e.id + " is hidden cavalry its owner reveals to stop " + mover.id);
    }
  }
  return out;
}

Reveal reveal_battles(const N20Rules& rules, const GameState& state, const std::vector<DeclaredBattle>& battles,
                      Trace& trace) {
  Reveal r;
  r.after = state;
  if (!rules.on(Optional::FogOfWar)) return r;
  for (std::size_t b = 0; b < battles.size(); ++b) {
    // RULE std:16.1.1 — once every battle is declared, all units in them are revealed; a side of
    // only Dummies means no combat and no advance
    // Step A. Every hidden unit in the battle is turned up; Dummies leave the map.
    auto only_dummies = [&](const std::vector<Symbol>& ids) {
      bool all = !ids.empty();
      for (Symbol id : ids) {
        const Unit* u = state.unit(id);
        if (!u) throw std::invalid_argument("no unit with id '" + id + "'");
        all = all && u->type == UnitType::Dummy;
        if (!u->has(UnitMarker::Hidden)) continue;
        trace.cite("std:16.1.1"_rule, id + " is in a declared battle: revealed once all battles are declared");
        turn_up(r, id, trace);
      }
      return all;
    };
    const bool attack_gone = only_dummies(battles[b].attackers);
    const bool defence_gone = only_dummies(battles[b].defenders);
    // Step B. A side made only of Dummies means there is nothing to fight.
    if (attack_gone || defence_gone) {
      r.battles_called_off.push_back(static_cast<int>(b));
      trace.cite("std:16.1.1"_rule, [&] {
        return "battle " + std::to_string(b + 1) + ": only Dummies on the " + (attack_gone ? "attacking" : "defending") +
               " side: no combat and no advance";
      });
    }
  }
  return r;
}

GameState reconceal(const N20Rules& rules, const GameState& state, const std::string& side, Trace& trace,
                    std::vector<std::string>* hidden) {
  GameState after = state;
  if (!rules.on(Optional::FogOfWar)) return after;
  // RULE std:16.1.2 — at the end of its owner's Night Turn every face-up unit is hidden again
  if (!state.night) throw std::invalid_argument("units are reconcealed only at the end of a Night Turn");
  for (Unit& u : after.units)
    if (u.side == side && u.on_map() && !u.has(UnitMarker::Hidden)) {
      u.set(UnitMarker::Hidden, true);
      if (hidden) hidden->push_back(u.id);
    }
  trace.cite("std:16.1.2"_rule, "the end of " + side + "'s Night Turn: its face-up units are hidden again");
  return after;
}

}  // namespace hexlaw::n20
