// Owns: lulls, night-operation morale and rout recovery (see turn_end.h).
#include "engine/n20/turn_end.h"

#include <algorithm>
#include <stdexcept>

#include "engine/n20/dummies.h"
#include "engine/n20/zoc.h"

namespace hexlaw::n20 {
namespace {

std::string enemy_of(const GameState& s, const std::string& side) {
  for (const auto& [track, points] : s.morale)
    if (track != side) return track;
  for (const Unit& u : s.units)
    if (u.side != side) return u.side;
  throw std::invalid_argument("no enemy side found for " + side);
}

}  // namespace

// The rule set's lull (N20Rules::judge_lull).
LullVerdict lull(const N20Rules& rules, const Map& map, const GameState& state, const std::string& side,
                 const TurnFacts& facts, Trace& trace) {
  rules.check_procedure(N20Rules::Procedure::Lull, state);
  return rules.judge_lull(map, state, side, facts, trace);
}

// Step A. Only after the first night, on a day turn, with both sides on the map. Step B. No
// forced march and no battle die. Step C. Fewer than 6 points, or no more than the enemy.
LullVerdict standard_lull(const N20Rules& rules, const Map& map, const GameState& state, const std::string& side,
                          const TurnFacts& facts, Trace& trace) {
  (void)map, (void)rules;
  LullVerdict v;
  auto no = [&](const std::string& reason) {
    v.rule = "std:13.0";
    v.reason = reason;
    trace.cite("std:13.0"_rule, "no lull: " + reason);
    return v;
  };
  // RULE std:13.0 — a quiet Player Turn (no forced march, no battle die) earns a morale point
  // Step A.
  if (!facts.after_first_night) return no("the first night has not yet passed");
  if (state.night) return no("lulls happen only on day turns");
  const std::string enemy = enemy_of(state, side);
  bool ours = false, theirs = false;
  for (const Unit& u : state.units)
    if (u.on_map()) (u.side == side ? ours : theirs) = true;
  if (!ours || !theirs) return no("both sides must have units on the map");
  // Step B.
  if (facts.forced_march) return no(side + " force-marched this turn");
  if (facts.battle_die_rolled) return no("a battle die was rolled in the enemy Reaction Phase or the own Combat Phase");
  // Step C.
  const int mine = state.morale.count(side) ? state.morale.at(side) : 0;
  const int other = state.morale.count(enemy) ? state.morale.at(enemy) : 0;
  if (mine >= 6 && mine > other) return no(side + " has 6 or more points and more than " + enemy);
  v.gains = true;
  v.rule = "std:13.0";
  v.reason = mine < 6 ? "fewer than 6 morale points" : "no more morale points than the enemy";
  trace.cite("std:13.0"_rule, "a lull: " + side + " gains a morale point (" + v.reason + ")");
  return v;
}

// Step A. Count the enemy LOC and objective hexes the side's units occupy. Step B. The enemy
// loses a point for two or more LOC hexes and one per objective hex. Step C. +1 for rest.
NightMorale night_morale(const N20Rules& rules, const Map& map, const GameState& state, const std::string& side,
                         Trace& trace) {
  if (!state.night) throw std::invalid_argument("night operations happen only on night turns");
  return rules.judge_night_morale(map, state, side, trace);
}

NightMorale standard_night_morale(const N20Rules& rules, const Map& map, const GameState& state,
                                  const std::string& side, Trace& trace, const std::set<Hex>* enemy_objectives) {
  NightMorale m;
  const std::string enemy = enemy_of(state, side);
  // Step A.
  for (const Unit& u : state.units) {
    if (!u.on_map() || u.side != side) continue;
    const bool loc = map.locs(enemy).count(u.hex) > 0, objective = (enemy_objectives ? *enemy_objectives : map.objectives(enemy)).count(u.hex) > 0;
    m.enemy_locs_held += loc ? 1 : 0;
    m.enemy_objectives_held += objective ? 1 : 0;
    if (loc || objective) note_dummy_holds(rules, u, loc ? "LOC" : "objective", trace);
  }
  // Step B.
  m.enemy_loss = (m.enemy_locs_held >= 2 ? 1 : 0) + m.enemy_objectives_held;
  // RULE std:14.0 (part: night operations' morale steps) — occupied enemy LOCs and objectives, then rest
  trace.cite("std:14.0"_rule, [&] {
    return side + " holds " + std::to_string(m.enemy_locs_held) + " " + enemy + " LOC hex(es) and " +
           std::to_string(m.enemy_objectives_held) + " objective hex(es): " + enemy + " loses " +
           std::to_string(m.enemy_loss) + "; then " + side + " gains 1 from rest";
  });
  trace.cite("jena:table.morale"_rule, "night: -1 for two or more enemy LOC hexes held, -1 per enemy objective held, +1 rest");
  // Step C.
  m.rest_gain = 1;
  m.after = state.morale;
  if (m.after.count(enemy)) m.after[enemy] = std::max(0, m.after[enemy] - m.enemy_loss);
  if (m.after.count(side)) m.after[side] = std::min(10, m.after[side] + m.rest_gain);
  return m;
}

std::vector<std::string> rout_recovery(const N20Rules& rules, const Map& map, const GameState& state,
                                       const std::string& phasing, Trace& trace) {
  std::vector<std::string> out;
  if (!rules.on(Optional::RoutedUnits)) return out;
  const bool both = rules.readings().rout_recovery_both_sides;
  Trace silent(Trace::Off{}, rules.catalog());
  for (const Unit& u : state.units) {
    if (!u.on_map() || !u.has(UnitMarker::Routed) || (!both && u.side != phasing)) continue;
    if (in_enemy_zoc(rules, map, state, u, silent)) {
      trace.cite("std:16.5.3"_rule, u.id + " is in an enemy zone of control and stays Routed");
      continue;
    }
    // RULE std:16.5.3 — a Routed unit outside enemy ZOCs recovers at the end of the Player Turn
    trace.cite("std:16.5.3"_rule, u.id + " is outside enemy zones of control and recovers from its rout");
    out.push_back(u.id);
  }
  return out;
}

}  // namespace hexlaw::n20
