// Owns: a routed unit's movement under optional rule 16.5 (std:16.5.2; see routed_movement.h).
#include "engine/n20/routed_movement.h"

#include <algorithm>
#include <map>

#include "engine/core/errors.h"
#include "engine/n20/position_index.h"
#include "engine/n20/retreat.h"

namespace hexlaw::n20 {

// Does optional rule 16.5 restrict this unit's move to what a retreat could do (std:16.5.2)?
bool moves_as_retreat(const N20Rules& rules, const Unit& unit, const MoveOptions& options) {
  return rules.on(Optional::RoutedUnits) && unit.has(UnitMarker::Routed) && !options.entering;
}

// RULE std:16.5.2 — a Routed unit may move only as a further retreat would (9.8.1-9.8.6: the
// same priorities and LOC direction), paying normal costs and making no hazard rolls
// For a routed unit's path of n hexes: the index of the first hex no legal n-hex retreat
// enters at that point, or -1 when the path is one a retreat could take.
int first_non_retreat_step(const N20Rules& rules, const Map& map, const GameState& state, const Unit& unit,
                           const std::vector<Hex>& path) {
  Trace silent(Trace::Off{}, rules.catalog());
  const RetreatOptions r = retreat_paths(rules, map, state, unit, static_cast<int>(path.size()), std::nullopt, silent);
  int best = 0;
  for (const RetreatPath& p : r.paths) {
    int k = 0;
    while (k < static_cast<int>(path.size()) && k < static_cast<int>(p.steps.size()) && p.steps[k].hex == path[k]) ++k;
    if (k == static_cast<int>(path.size())) return -1;
    best = std::max(best, k);
  }
  return best;
}

// A routed unit's reach (std:16.5.2): the hexes ending some prefix of a legal retreat that the
// movement rules also allow, each with its best path (most MP left, then fewest hexes).
std::vector<ReachableHex> routed_reach(const PositionIndex& index, const Unit& unit, const MoveOptions& options,
                                       int base, Trace& trace) {
  Trace silent(Trace::Off{}, index.rules().catalog());
  std::map<Hex, ReachableHex> best;
  // A move can be one hex longer than the base allowance only along a road (std:6.6), and a
  // unit may always move one hex (std:6.2), so long as every step costs at least 1 MP. A chart
  // with a free step (a designer's; none is shipped) puts no bound on a move's length, and this
  // search tries each length in turn: refused by name rather than cut short.
  if (index.rules().terrain_chart().cheapest_step() < 1)
    throw RuleRefusal("std:16.5.2", "a Routed unit's reach is searched length by length up to its allowance + 1, "
                                    "which needs every step to cost at least 1 MP; the terrain chart " +
                                    index.rules().terrain_chart().id + " has a free step");
  const int longest = std::max(1, base + 1);
  for (int n = 1; n <= longest; ++n) {
    const RetreatOptions r = retreat_paths(index.rules(), index.map(), index.state(), unit, n, std::nullopt, silent);
    for (const RetreatPath& p : r.paths) {
      if (static_cast<int>(p.steps.size()) < n) continue;
      std::vector<Hex> path;
      for (int i = 0; i < n; ++i) path.push_back(p.steps[static_cast<std::size_t>(i)].hex);
      const PathVerdict v = check_path(index, unit, path, options, silent);
      if (!v.legal) continue;
      auto [it, fresh] = best.try_emplace(path.back());
      ReachableHex& rh = it->second;
      if (!fresh && (rh.mp_left > v.mp_left || (rh.mp_left == v.mp_left && rh.path.size() <= path.size()))) continue;
      rh = ReachableHex{path.back(), path, v.mp_left, v.allowance, v.road_bonus,
                        v.steps.empty() ? std::nullopt : v.steps.back().stop, v.guard};
    }
  }
  trace.cite("std:16.5.2"_rule, [&] {
    return unit.id + " is routed: it may reach only hexes a retreat could (9.8); " + std::to_string(best.size()) +
           " hex(es)";
  });
  std::vector<ReachableHex> out;  // in hex order, as the map holds them
  for (auto& [h, rh] : best) out.push_back(std::move(rh));
  return out;
}

}  // namespace hexlaw::n20
