// Owns: revealing and reconcealing under the fog of war (see fog.h).
#include "engine/n20/fog.h"


namespace hexlaw::n20 {
namespace {

// Turns `id` face-up in `r.after`; a Dummy is set aside instead (std:16.1.3 via 16.1.1).
void turn_up(Reveal& r, const std::string& id, Trace& trace) {
  Unit* u = r.after.unit(id);
  u->set_marker("hidden", false);
  if (u->type == UnitType::Dummy) {
    u->status = UnitStatus::Broken;  // off the map, back in the owner's Dummy pile
    u->hex = Hex{};
    r.dummies_removed.push_back(id);
    trace.cite("std:16.1.1", id + " is revealed as a Dummy and removed, at no morale cost");
  } else {
    r.revealed.push_back(id);
  }
}

}  // namespace

std::vector<UnitView> view_of(const N20Rules& rules, const GameState& state, const std::string& viewer,
                              Trace& trace) {
  const bool fog = rules.option_on("std:16.1");
  const bool shows_ma = rules.interpretation("fog.hidden_side_shows_movement_allowance") == "with_movement";
  std::vector<UnitView> out;
  int hidden_enemies = 0;
  for (const Unit& u : state.units) {
    if (!u.on_map()) continue;
    UnitView v{u.hex, u.side, u.nationality, fog && u.has_marker("hidden")};
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
    trace.cite("std:16.1", [&] {
      return viewer + " sees its own units and face-up enemies; " + std::to_string(hidden_enemies) +
             " hidden enemy unit(s) show only their backs";
    });
    if (hidden_enemies > 0)
      trace.cite("std:2.0", shows_ma ? "a hidden counter's back shows its nationality and Movement Allowance "
                                       "(fog.hidden_side_shows_movement_allowance=with_movement)"
                                     : "a hidden counter's back shows only its nationality");
  }
  return out;
}

// Step A. Only with the fog of war, at the end of a day Movement Phase. Step B. Each hidden unit
// next to face-up enemy cavalry that scouts is turned up.
Reveal reveal_by_scouting(const N20Rules& rules, const Map& map, const GameState& state, const std::string& phasing,
                          Trace& trace) {
  (void)map;
  Reveal r;
  r.after = state;
  // Step A.
  if (!rules.option_on("std:16.1")) return r;
  if (state.night) {
    trace.cite("std:16.1.1", "no scouting at the end of a night Movement Phase");
    return r;
  }
  const bool phasing_only = rules.interpretation("fog.cavalry_scouting_side") == "phasing_side";
  // Step B.
  // RULE std:16.1.1 (part: cavalry scouting and declared battles) — face-up enemy cavalry next to a
  // hidden unit at the end of a day Movement Phase reveals it
  for (const Unit& h : state.units) {
    if (!h.on_map() || !h.has_marker("hidden")) continue;
    for (const Unit& c : state.units) {
      if (!c.on_map() || c.side == h.side || c.type != UnitType::Cavalry || c.has_marker("hidden")) continue;
      if (phasing_only && c.side != phasing) continue;
      if (distance(c.hex, h.hex) != 1) continue;
      trace.cite("std:16.1.1", [&] {
        return h.id + " is next to face-up enemy cavalry " + c.id + " at the end of the Movement Phase" +
               (phasing_only ? " (fog.cavalry_scouting_side=phasing_side)" : "");
      });
      turn_up(r, h.id, trace);
      break;
    }
  }
  return r;
}

Reveal reveal_battles(const N20Rules& rules, const GameState& state, const std::vector<DeclaredBattle>& battles,
                      Trace& trace) {
  Reveal r;
  r.after = state;
  if (!rules.option_on("std:16.1")) return r;
  for (std::size_t b = 0; b < battles.size(); ++b) {
    // Step A. Every hidden unit in the battle is turned up; Dummies leave the map.
    auto only_dummies = [&](const std::vector<std::string>& ids) {
      bool all = !ids.empty();
      for (const std::string& id : ids) {
        const Unit* u = state.unit(id);
        if (!u) throw std::invalid_argument("no unit with id '" + id + "'");
        all = all && u->type == UnitType::Dummy;
        if (!u->has_marker("hidden")) continue;
        trace.cite("std:16.1.1", id + " is in a declared battle: revealed once all battles are declared");
        turn_up(r, id, trace);
      }
      return all;
    };
    const bool attack_gone = only_dummies(battles[b].attackers);
    const bool defence_gone = only_dummies(battles[b].defenders);
    // Step B. A side made only of Dummies means there is nothing to fight.
    if (attack_gone || defence_gone) {
      r.battles_called_off.push_back(static_cast<int>(b));
      trace.cite("std:16.1.1", [&] {
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
  if (!rules.option_on("std:16.1")) return after;
  // RULE std:16.1.2 — at the end of its owner's Night Turn every face-up unit is hidden again
  if (!state.night) throw std::invalid_argument("units are reconcealed only at the end of a Night Turn");
  for (Unit& u : after.units)
    if (u.side == side && u.on_map() && !u.has_marker("hidden")) {
      u.set_marker("hidden", true);
      if (hidden) hidden->push_back(u.id);
    }
  trace.cite("std:16.1.2", "the end of " + side + "'s Night Turn: its face-up units are hidden again");
  return after;
}

}  // namespace hexlaw::n20
