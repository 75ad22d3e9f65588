// Owns: the set-up check (see setup.h).
#include "engine/n20/setup.h"

#include <set>

namespace hexlaw::n20 {

// Step A. The two players and their sides. Step B. Every unit where the set-up allows it. Step
// C. The game's own set-up rules.
SetupVerdict check_setup(const N20Rules& rules, const Map& map, const GameState& state, const std::string& french,
                         Trace& trace) {
  SetupVerdict v;
  auto problem = [&](const std::string& unit, const std::string& rule, const std::string& reason) {
    v.legal = false;
    v.problems.push_back({unit, rule, reason});
    trace.cite(rule, unit.empty() ? reason : unit + ": " + reason);
  };
  // Step A.
  // RULE std:3.0 — one player owns every French unit, the other every unit of the sides against them
  std::set<std::string> sides;
  for (const Unit& u : state.units) sides.insert(u.side);
  for (const std::string& s : sides) (s == french ? v.french_player : v.anti_french_player).push_back(s);
  trace.cite("std:3.0"_rule, [&] {
    std::string enemies;
    for (const auto& s : v.anti_french_player) enemies += (enemies.empty() ? "" : ", ") + s;
    return "the French player owns " + french + "; the anti-French player owns " + (enemies.empty() ? "nothing" : enemies);
  });
  if (v.french_player.empty()) problem("", "std:3.0", "no unit belongs to the French side '" + french + "'");
  if (v.anti_french_player.empty()) problem("", "std:3.0", "no unit belongs to the anti-French player");
  // Step B.
  std::set<Hex> taken;
  for (const Unit& u : state.units) {
    if (u.status == UnitStatus::Pending && u.arrival_turn < 1)
      problem(u.id, "std:11.0", "a reinforcement needs the turn it arrives");
    if (!u.on_map()) continue;
    if (!map.setup_hexes().empty() && !map.is_setup_hex(u.hex))
      problem(u.id, "std:3.0", map.name(u.hex) + " is not one of the exclusive rules' setup hexes");
    // A unit that stacks freely (a Dresden garrison, dresden:9.10) shares its hex with anyone.
    Trace silent(Trace::Off{}, rules.catalog());
    if (rules.stacks_freely(u, silent)) continue;
    if (!taken.insert(u.hex).second) problem(u.id, "std:6.9", "a second unit in " + map.name(u.hex));
  }
  // Step C. The game's own set-up lists and options (jena:3.1 to jena:3.3, jena:11.5).
  std::vector<N20Rules::SetupIssue> own;
  rules.setup_problems(map, state, own, trace);
  for (const auto& p : own) problem(p.unit, p.rule, p.reason);
  if (v.legal) trace.cite("std:3.0"_rule, "every unit starts where the set-up allows");
  return v;
}

}  // namespace hexlaw::n20
