// Owns: rallying broken units (see rally.h).
#include "engine/n20/rally.h"

#include <algorithm>
#include <climits>
#include <deque>
#include <set>
#include <stdexcept>

#include "engine/n20/dummies.h"
#include "engine/n20/movement.h"

namespace hexlaw::n20 {
namespace {

bool occupied(const GameState& s, Hex h) { return s.unit_at(h) != nullptr; }

int nearest_enemy(const GameState& s, const std::string& side, Hex h) {
  int best = INT_MAX;
  for (const Unit& e : s.units)
    if (e.on_map() && e.side != side) best = std::min(best, distance(e.hex, h));
  return best;
}

}  // namespace

// Step A. The hex: empty, and a Town, Fortified, Redoubt or own Objective hex. Step B. Four
// or more hexes from every enemy unit. Step C. Nearer the nearest friendly LOC than any enemy
// unit is to it. Step D. A path to that LOC clear of enemy units and their neighbours.
bool is_rally_hex(const N20Rules& rules, const Map& map, const GameState& state, const std::string& side, Hex h,
                  Trace& trace) {
  return is_rally_hex(rules, map, state, side, h, map.locs(side), trace);
}

bool is_rally_hex(const N20Rules& rules, const Map& map, const GameState& state, const std::string& side, Hex h,
                  const std::set<Hex>& locs, Trace& trace) {
  // Step A.
  const TerrainType& t = rules.terrain_of(map, h, state);
  const bool natural = t.built_up || map.objectives(side).count(h);
  if (!map.on_map(h) || occupied(state, h) || !natural) return false;
  // Step B.
  if (nearest_enemy(state, side, h) < 4) return false;
  // Step C.
  if (locs.empty()) return false;
  Hex loc = *locs.begin();
  for (Hex l : locs)
    if (distance(l, h) < distance(loc, h)) loc = l;
  const Unit* holder = state.unit_at(loc);
  if (holder && holder->side != side) return false;
  if (nearest_enemy(state, side, loc) <= distance(h, loc)) return false;
  // Step D.
  auto clear = [&](Hex x) { return map.on_map(x) && nearest_enemy(state, side, x) > 1; };
  std::set<Hex> seen{h};
  std::deque<Hex> frontier{h};
  bool reached = false;
  while (!frontier.empty() && !reached) {
    const Hex x = frontier.front();
    frontier.pop_front();
    if (x == loc) reached = true;
    for (Hex n : neighbours(x)) {
      if (seen.count(n) || !clear(n) || !may_cross(rules, map, state, x, n, Symbol(side))) continue;
      seen.insert(n);
      frontier.push_back(n);
    }
  }
  if (!reached || !clear(h)) return false;
  // RULE std:16.4 — a safe natural rallying point behind friendly lines may take rallied units
  trace.cite("std:16.4"_rule, [&] { return map.name(h) + " (" + t.name + ") is a rally hex for " + side; });
  return true;
}

// Step A. Spend the morale point if asked (std:12.4). Step B. Roll for each unit with its
// modifiers on the Rally Table. Step C. List where rallied units may go (std:10.0, std:16.4).
RallyOutcome rally(const N20Rules& rules, const Map& map, const GameState& state, const RallyRequest& request,
                   DiceSource& dice, Trace& trace) {
  RallyOutcome out;
  if (request.units.empty()) throw std::invalid_argument("name the broken units that try to rally");
  const Unit* first = state.unit(request.units.front());
  if (!first) throw std::invalid_argument("unknown unit '" + request.units.front() + "'");
  const std::string side = first->side;
  for (const auto& id : request.units) {
    const Unit* u = state.unit(id);
    if (!u) throw std::invalid_argument("unknown unit '" + id + "'");
    if (u->side != side) throw std::invalid_argument("units of one side rally together; '" + id + "' is not " + side);
    if (u->status != UnitStatus::Broken) throw std::invalid_argument("'" + id + "' is not broken, so it cannot rally");
  }
  refuse_dummies(rules, state, to_symbols(request.units), "rally");
  const GridTable& table = rules.rally_table();
  // Step A.
  // The groups helped (one, the side, in the standard rules): a point each from its track.
  std::vector<Symbol> helped_groups;
  std::vector<std::string> helped_units;
  if (request.spend_point) {
    rules.check_procedure(N20Rules::Procedure::RallySpending, state);
    for (const auto& id : request.units) {
      const Unit& u = *state.unit(id);
      const std::optional<Symbol> group = rules.spending_group(u, N20Rules::Spending::Rally, state, trace);
      if (!group) continue;
      if (!request.spend_for.empty() &&
          std::find(request.spend_for.begin(), request.spend_for.end(), std::string(*group)) == request.spend_for.end())
        continue;
      helped_units.push_back(id);
      if (std::find(helped_groups.begin(), helped_groups.end(), *group) != helped_groups.end()) continue;
      helped_groups.push_back(*group);
      const std::string track = rules.morale_track(u, state);
      if (auto it = state.morale.find(track); it != state.morale.end() && it->second - out.spent_by_track[track] < 1)
        throw std::invalid_argument(track + " has no morale point to spend on rallying");
      ++out.spent_by_track[track];
      ++out.morale_spent;
    }
    for (const auto& g : request.spend_for)
      if (std::find(helped_groups.begin(), helped_groups.end(), Symbol(g)) == helped_groups.end())
        throw std::invalid_argument("no unit rallying now is of group '" + g + "' to spend a point for");
    // RULE std:12.4 — one morale point gives +1 to every rally roll made at that time
    if (helped_groups.size() == 1 && helped_groups.front().empty())
      trace.cite("std:12.4"_rule, side + " spends one morale point: +1 to every rally roll made now");
  }
  auto helped = [&](const std::string& id) {
    return std::find(helped_units.begin(), helped_units.end(), id) != helped_units.end();
  };
  // RULE std:16.6 — optional rule: unit reduction into Cadres (16.6.1, 16.6.2)
  if (rules.on(Optional::UnitReduction)) trace.cite("std:16.6"_rule, "optional rule 16.6 (unit reduction) is in use");
  // RULE std:10.0 — each broken unit trying to rally rolls one die on the Rally Table
  trace.cite("std:10.0"_rule, std::to_string(request.units.size()) + " broken unit(s) try to rally");
  // Step B.
  for (const auto& id : request.units) {
    const Unit& u = *state.unit(id);
    RallyRoll r{id};
    if (u.type == UnitType::Cadre) {
      // RULE std:16.6.2 — a broken Cadre never rallies; it goes back to the pile of available Cadres
      r.result = "cannot-rally";
      trace.cite("std:16.6.2"_rule, id + " is a Cadre: once broken it cannot rally, and returns to the available pile");
      out.rolls.push_back(r);
      continue;
    }
    r.die = dice.roll(6, "std:10.0", "rally roll for " + id);
    if (rules.is_elite(u, trace)) r.modifier += 1;
    if (helped(id)) r.modifier += 1;
    r.modified = std::min(6, r.die + r.modifier);
    const std::string& result = rules.rally_result(std::max(1, r.modified));
    // RULE jena:table.rally — 1-2 eliminated, 3-4 no effect, 5-6 rallied; +1 elite, +1 for a point, above 6 is 6
    trace.cite(table.id, [&] {
      return id + ": die " + std::to_string(r.die) + (r.modifier ? " +" + std::to_string(r.modifier) : "") +
             (r.die + r.modifier > 6 ? " (read as 6)" : "") + ": " + result;
    });
    r.result = result == "elim" ? "eliminated" : result == "rally" ? "rallied" : "no-effect";
    if (r.result == "no-effect" && rules.on(Optional::UnitReduction) && u.type == UnitType::Infantry) {
      r.may_partial_rally = true;
      if (std::find(request.partial_rally.begin(), request.partial_rally.end(), id) != request.partial_rally.end()) {
        // RULE std:16.6.1 — an infantry unit's No Effect may become a Partial Rally into a Cadre
        r.result = "partial-rally";
        trace.cite("std:16.6.1"_rule, id + " is eliminated for good and a 1-strength Cadre rallies in its place");
      }
    }
    out.rolls.push_back(r);
  }
  // Step C. Each unit's LOC set (rally_locs: the same for every unit but where a game splits
  // its LOCs, as Leipzig's Fronts), its empty hexes, then the 16.4 rally hexes tracing to it.
  std::vector<std::set<Hex>> sets;
  std::vector<std::size_t> set_of;  // per unit of the request, its index in `sets`
  for (const auto& id : request.units) {
    std::set<Hex> locs = rules.rally_locs(*state.unit(id), map, state, trace);
    auto it = std::find(sets.begin(), sets.end(), locs);
    set_of.push_back(static_cast<std::size_t>(it - sets.begin()));
    if (it == sets.end()) sets.push_back(std::move(locs));
  }
  std::vector<std::vector<Hex>> places(sets.size()), halts(sets.size());
  std::set<Hex> empty_locs;
  for (std::size_t k = 0; k < sets.size(); ++k)
    for (Hex h : sets[k])
      if (!occupied(state, h)) places[k].push_back(h), empty_locs.insert(h);
  out.placements.assign(empty_locs.begin(), empty_locs.end());
  trace.cite("std:10.0"_rule, [&] {
    return std::to_string(out.placements.size()) + " empty friendly LOC hex(es) can take rallied units";
  });
  if (rules.on(Optional::AdditionalRallyLocations)) {
    std::vector<Hex> candidates;
    for (Hex h : map.hexes_with_terrain()) candidates.push_back(h);
    for (Hex h : map.objectives(side)) candidates.push_back(h);
    std::sort(candidates.begin(), candidates.end());
    candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
    for (Hex h : candidates) {
      bool any = false;
      for (std::size_t k = 0; k < sets.size(); ++k)
        if (std::find(sets[k].begin(), sets[k].end(), h) == sets[k].end() &&
            is_rally_hex(rules, map, state, side, h, sets[k], trace))
          places[k].push_back(h), any = true;
      if (any && !empty_locs.count(h)) {
        out.placements.push_back(h);
        out.rally_hexes.push_back(h);
      }
    }
  }
  // Where the units' sets differ, where each may go.
  if (sets.size() > 1)
    for (std::size_t i = 0; i < request.units.size(); ++i) out.unit_placements[request.units[i]] = places[set_of[i]];
  return out;
}

}  // namespace hexlaw::n20
