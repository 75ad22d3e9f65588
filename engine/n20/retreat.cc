// Owns: enumerating legal retreat paths (std:9.7–9.8.7; see retreat.h).
#include "engine/n20/retreat.h"

#include <algorithm>
#include <array>
#include <cstdint>

#include "engine/core/errors.h"
#include "engine/n20/retreat_ground.h"

namespace hexlaw::n20 {

using namespace retreat_detail;  // Ground and the search arrays (retreat_ground.h)

namespace {

// Rules that shaped the answer, each with a count, for the explanation.
struct Shaping {
  int lower_class = 0;     // had to take an enemy-ZOC or friendly hex
  int direction = 0;       // a hex closer to the LOC was required
  int zigzag = 0;          // no hex closer to the LOC could be taken
  int loc_early = 0;
  int extended = 0;
};

// The hexes a retreat standing at the end of `visited` may enter next, in the order its paths
// take them: Step C. Candidate hexes: enterable, not yet on the path, and from which the
// retreat can be finished within the reading's priority (fewest_ezoc: for no more than
// `budget`, the least cost of any finish from here). Step D. Keep the best priority class
// (per_step only; std:9.8.2, 9.8.3, 9.8.5). Step E. Among them, those closer to the LOC
// wherever possible (std:9.8.6), else any (std:9.8.7). Then by hex. Every candidate leads to
// at least one legal retreat (each was found finishable under the same limits).
struct Candidates {
  std::array<RetreatStep, 6> steps{};
  std::size_t n = 0;
  int best = 99;            // the worst hex class the rest of the path needs (0: none)
  bool any_closer = false;  // some candidate is closer to the LOC (only with a LOC)
};
void candidates_at(const Ground& g, std::optional<Hex> loc, std::vector<Hex>& visited, const RetreatPath& path,
                   int remaining, int budget, Candidates& out) {
  const Hex at = visited.back();
  // Step C. The steps open from here are worked out once; at most six, so they live on the
  // stack. `best` is the worst hex class the rest of the path needs (0: none; under
  // fewest_ezoc 1 when it needs any enemy-ZOC or friendly-occupied hex).
  std::array<RetreatStep, 6> open;
  auto& candidates = out.steps;
  std::size_t n_candidates = 0;
  const std::size_t n_open = g.open_steps(at, visited, open);
  const int owed = std::max(remaining - 1, 0), extension = path.extended + (remaining == 0 ? 1 : 0);
  int best = 99;
  if (g.priority() == Ground::Priority::FewestEzoc) {
    // RULE std:9.8.2 — hex by hex: no more enemy-ZOC (or friendly) hexes than the fewest a finish needs
    for (std::size_t k = 0; k < n_open; ++k) {
      const RetreatStep& s = open[k];
      const int c = g.cost(s);
      if (c > budget) continue;
      g.enter(visited, s.hex);
      const bool ok = s.doomed || g.can_finish(s.hex, owed, extension, visited, {.budget = budget - c});
      g.leave(visited);
      if (ok) candidates[n_candidates++] = s;
    }
    best = budget > 0 ? 1 : 0;
  } else {
    // Keep the path's worst hex class as low as possible (whole_path), or only finishable
    // (per_step: Step D then keeps the best class of this step).
    for (int bound = g.priority() == Ground::Priority::WholePath ? 0 : 3; bound <= 3 && n_candidates == 0; ++bound) {
      for (std::size_t k = 0; k < n_open; ++k) {
        const RetreatStep& s = open[k];
        if (g.klass(s) > bound) continue;
        g.enter(visited, s.hex);
        const bool ok = s.doomed || g.can_finish(s.hex, owed, extension, visited, {.max_class = bound});
        g.leave(visited);
        if (ok) candidates[n_candidates++] = s;
      }
      if (n_candidates) best = bound;
    }
  }
  out.n = n_candidates;
  out.best = best;
  out.any_closer = false;
  if (n_candidates == 0) return;
  auto keep_only = [&](auto&& keep) {  // a stable filter in place (at most six)
    std::size_t kept = 0;
    for (std::size_t k = 0; k < n_candidates; ++k)
      if (keep(candidates[k])) candidates[kept++] = candidates[k];
    n_candidates = kept;
  };
  // Step D. Per step, only the best class among the candidates (std:9.8.2, 9.8.3, 9.8.5).
  if (g.priority() == Ground::Priority::PerStep) {
    best = 99;
    for (std::size_t k = 0; k < n_candidates; ++k) best = std::min(best, g.klass(candidates[k]));
    keep_only([&](const RetreatStep& c) { return g.klass(c) == best; });
  }
  // Step E.
  bool any_closer = false;
  if (loc && !g.final_only()) {
    const int here = distance(at, *loc);
    any_closer = std::any_of(candidates.begin(), candidates.begin() + static_cast<long>(n_candidates),
                             [&](const RetreatStep& c) { return distance(c.hex, *loc) < here; });
    if (any_closer) keep_only([&](const RetreatStep& c) { return distance(c.hex, *loc) < here; });
  }
  for (std::size_t k = 1; k < n_candidates; ++k)  // at most six: insertion sort by hex
    for (std::size_t j = k; j > 0 && candidates[j].hex < candidates[j - 1].hex; --j)
      std::swap(candidates[j], candidates[j - 1]);
  out.n = n_candidates;
  out.best = best;
  out.any_closer = any_closer;
}

// Step A. At the end of the distance, stop if alone, else extend (std:9.8.5). Step B. A
// friendly LOC reached with hexes owed ends the retreat: the unit breaks there (std:9.8.7).
// Step C. The candidates (candidates_at), each followed in turn.
void enumerate(const Ground& g, std::optional<Hex> loc, std::vector<Hex>& visited, RetreatPath& path, int remaining,
               int budget, std::vector<RetreatPath>& out, std::size_t limit, bool& truncated, Shaping& shaped) {
  if (out.size() >= limit) {
    truncated = true;
    return;
  }
  const Hex at = visited.back();
  // Step A. (Where the direction rule judges the last hex only, it must end closer to the LOC.)
  if (remaining == 0 && !g.friend_at(at)) {
    if (g.ends_well(at)) out.push_back(path);
    return;
  }
  // Step B.
  if (remaining > 0 && visited.size() > 1 && g.loc_breaks() && g.is_loc(at)) {
    RetreatPath p = path;
    p.breaks_at_loc = true;
    ++shaped.loc_early;
    out.push_back(std::move(p));
    return;
  }
  if (remaining == 0 && path.extended >= kMaxExtension) {
    g.cut_off();
    return;
  }
  // Step C.
  Candidates cand;
  candidates_at(g, loc, visited, path, remaining, budget, cand);
  if (cand.n == 0) return;
  const int owed = std::max(remaining - 1, 0);
  const std::size_t before = out.size();
  for (std::size_t k = 0; k < cand.n; ++k) {
    const RetreatStep& c = cand.steps[k];
    if (c.doomed) {  // the unit breaks at that crossing: the path ends with it (dresden:5.1.1)
      RetreatPath p = path;
      p.steps.push_back(c);
      out.push_back(std::move(p));
      continue;
    }
    g.enter(visited, c.hex);
    path.steps.push_back(c);
    const bool extending = remaining == 0;
    if (extending) ++path.extended, ++shaped.extended;
    const int rest = budget < kUnlimited ? budget - g.cost(c) : kUnlimited;
    enumerate(g, loc, visited, path, owed, rest, out, limit, truncated, shaped);
    if (extending) --path.extended;
    path.steps.pop_back();
    g.leave(visited);
  }
  // Count the rules that shaped a step only where the step led to a legal retreat.
  if (out.size() > before) {
    if (cand.best > 0) ++shaped.lower_class;
    if (loc && !g.final_only() && cand.any_closer) ++shaped.direction;
    if (loc && !g.final_only() && !cand.any_closer) ++shaped.zigzag;
  }
}

// The path the stated policy takes among those enumerate finds, found without finding the
// others: the first in enumerate's order whose key (its hazard rolls, plus 1000 when it breaks
// for certain) is the least. Depth first in the same order, each branch dropped when no path
// in it can have a key below the best found so far: its rolls so far, and under fewest_ezoc
// the enemy-ZOC hexes every finish from there must still enter (each legal path costs exactly
// the least cost, so the rest of the budget fixes them). No limit on the paths passed.
struct Chosen {
  bool found = false;
  int key = 0;
  RetreatPath path;
  std::size_t nodes = 0;  // hexes stood in so far; past `limit` the search gives up
  std::size_t limit = kRetreatChoiceNodes;
  bool gave_up = false;
};
int path_key(const RetreatPath& p) { return p.rolls() + (p.doomed() ? 1000 : 0); }
void choose(const Ground& g, std::optional<Hex> loc, std::vector<Hex>& visited, RetreatPath& path, int remaining,
            int budget, int rolls, Chosen& chosen) {
  if (chosen.gave_up || ++chosen.nodes > chosen.limit) {
    chosen.gave_up = true;
    return;
  }
  const Hex at = visited.back();
  auto offer = [&](const RetreatPath& p) {
    const int key = path_key(p);
    if (!chosen.found || key < chosen.key) chosen.found = true, chosen.key = key, chosen.path = p;
  };
  // Step A.
  if (remaining == 0 && !g.friend_at(at)) {
    offer(path);
    return;
  }
  // Step B.
  if (remaining > 0 && visited.size() > 1 && g.loc_breaks() && g.is_loc(at)) {
    path.breaks_at_loc = true;
    offer(path);
    path.breaks_at_loc = false;
    return;
  }
  if (remaining == 0 && path.extended >= kMaxExtension) {
    g.cut_off();
    return;
  }
  // Step C. Each candidate in turn: dropped when no path through it can beat the best so far
  // (a step that breaks the unit for certain ends its path at once), else followed.
  const int owed = std::max(remaining - 1, 0), extension = path.extended + (remaining == 0 ? 1 : 0);
  auto pruned = [&](const RetreatStep& c) {
    if (c.doomed || !chosen.found) return false;
    const int rest = budget < kUnlimited ? budget - g.cost(c) : kUnlimited;
    return rolls + c.rolls() + (rest < kUnlimited ? g.ezoc_in(rest) : 0) >= chosen.key;
  };
  auto follow = [&](const RetreatStep& c) {
    if (c.doomed) {
      path.steps.push_back(c);
      offer(path);
      path.steps.pop_back();
      return;
    }
    const int rest = budget < kUnlimited ? budget - g.cost(c) : kUnlimited;
    g.enter(visited, c.hex);
    path.steps.push_back(c);
    const bool extending = remaining == 0;
    if (extending) ++path.extended;
    choose(g, loc, visited, path, owed, rest, rolls + c.rolls(), chosen);
    if (extending) --path.extended;
    path.steps.pop_back();
    g.leave(visited);
  };
  if (g.priority() != Ground::Priority::FewestEzoc) {
    Candidates cand;
    candidates_at(g, loc, visited, path, remaining, budget, cand);
    for (std::size_t k = 0; k < cand.n; ++k)
      if (!pruned(cand.steps[k])) follow(cand.steps[k]);
    return;
  }
  // Under fewest_ezoc the candidates are candidates_at's, each proved finishable only when it
  // would be followed or when which candidates count depends on it: the steps within the
  // budget closer to the LOC, by hex, wherever one of them can be finished (Step E), else the
  // others, by hex.
  auto finishable = [&](const RetreatStep& c) {
    if (c.doomed) return true;
    g.enter(visited, c.hex);
    const bool ok = g.can_finish(c.hex, owed, extension, visited, {.budget = budget - g.cost(c)});
    g.leave(visited);
    return ok;
  };
  std::array<RetreatStep, 6> open, closer, others;
  const std::size_t n_open = g.open_steps(at, visited, open);
  std::size_t n_closer = 0, n_others = 0;
  const int here = loc ? distance(at, *loc) : 0;
  for (std::size_t k = 0; k < n_open; ++k) {
    if (g.cost(open[k]) > budget) continue;
    if (loc && distance(open[k].hex, *loc) < here) closer[n_closer++] = open[k];
    else others[n_others++] = open[k];
  }
  auto by_hex = [](std::array<RetreatStep, 6>& a, std::size_t n) {  // at most six: insertion sort
    for (std::size_t k = 1; k < n; ++k)
      for (std::size_t j = k; j > 0 && a[j].hex < a[j - 1].hex; --j) std::swap(a[j], a[j - 1]);
  };
  by_hex(closer, n_closer);
  by_hex(others, n_others);
  bool any_closer = false;
  std::array<bool, 6> unproved{};  // closer steps dropped before they were proved finishable
  for (std::size_t k = 0; k < n_closer; ++k) {
    if (pruned(closer[k])) {
      unproved[k] = true;
    } else if (finishable(closer[k])) {
      any_closer = true;
      follow(closer[k]);
    }
  }
  if (any_closer) return;
  // No closer step followed can be finished. The others count only if no closer one can.
  if (std::all_of(others.begin(), others.begin() + static_cast<long>(n_others), pruned)) return;
  for (std::size_t k = 0; k < n_closer; ++k)
    if (unproved[k] && finishable(closer[k])) return;
  for (std::size_t k = 0; k < n_others; ++k)
    if (!pruned(others[k]) && finishable(others[k])) follow(others[k]);
}

}  // namespace

std::string no_retreat_reason(Symbol unit, int distance, Hex at, const Map& map) {
  return unit + " has no legal retreat of " + std::to_string(distance) + " hex(es): it breaks in " + map.name(at);
}

bool RetreatPath::doomed() const {
  return std::any_of(steps.begin(), steps.end(), [](const RetreatStep& s) { return s.doomed; });
}

int RetreatPath::rolls() const {
  int n = 0;
  for (const auto& s : steps) n += s.rolls();
  return n;
}

namespace {

// The LOCs the owner may head for: the one asked for, or each friendly LOC in turn; none where
// no rule sets a retreat's direction (each cited as retreat_paths explains it).
using RetreatTargets = InlineVector<std::optional<Hex>, 16>;
RetreatTargets retreat_targets(const N20Rules& rules, const Map& map, const Unit& unit, std::optional<Hex> loc,
                               const Ground& g, Trace& trace) {
  const PrintingRules& printed = rules.printed();
  const std::string& direction = printed.retreat_direction;
  RetreatTargets targets;
  if (direction.empty()) {
    targets.push_back(std::nullopt);
    // With neither std:9.8.6 nor a game's own direction rule, a retreat heads for no LOC: each
    // hex only takes it farther from its battle hex (Ground::step).
    trace.cite("std:9.7"_rule, [&] {
      return "the " + std::string(printing_name(printed.printing)) +
             " printing has no retreat direction rule (no 9.8.6) and this game prints none: " + unit.id +
             " heads for no LOC, each hex taking it farther from its battle hex " + map.name(unit.hex);
    });
  } else if (loc) {
    targets.push_back(loc);
  } else {
    for (Hex h : g.targets()) targets.push_back(h);
  }
  if (targets.empty()) {
    targets.push_back(std::nullopt);
    trace.cite(direction, [&] { return "no friendly LOC hex is known for " + unit.id + ": the direction rule cannot apply"; });
  }
  return targets;
}

// The premises every retreat search states: it counts hexes only (std:9.7), and a Fortified
// or Redoubt hex lets the owner retreat one hex fewer (std:9.8.1, `may_shorten`).
void retreat_premises(const N20Rules& rules, const Map& map, const GameState& state, const Unit& unit,
                      int distance_owed, RetreatOptions& o, Trace& trace) {
  // RULE std:9.7 — a retreat counts hexes only: no movement points, no stop for terrain
  trace.cite("std:9.7"_rule, [&] { return unit.id + " retreats " + std::to_string(distance_owed) +
                            " hex(es) from " + map.name(unit.hex) + "; terrain neither costs nor stops it"; });
  const TerrainType& here = rules.terrain_of(map, unit.hex, state);
  if (rules.retreat_reduction(map, unit.hex, state, trace) > 0) {
    o.may_shorten = true;
    trace.cite("std:9.8.1"_rule, [&] { return unit.id + " retreats from a " + here.name + " hex: its owner may retreat it one hex fewer"; });
  }
}

// A retreat whose search met the extension bound (Ground::cut_off) is not answered: past
// kMaxExtension hexes beyond its distance, still among friends, the engine does not look, and
// "it breaks" or a partial list of paths would be a confident answer it did not work out.
void refuse_if_cut_off(const Ground& g, const Unit& unit, int distance_owed) {
  if (!g.was_cut_off()) return;
  // The bound is the engine's, not the rule's: the catalog's note on std:9.8.5 declares it.
  throw LimitError("std:9.8.5: " + unit.id + "'s retreat of " + std::to_string(distance_owed) +
                   " hex(es) would go on through friendly-occupied hexes past " + std::to_string(kMaxExtension) +
                   " hexes beyond its distance, where the engine stops searching (kMaxExtension): not answered");
}

// A unit with no legal retreat breaks (std:9.8), with a game's barred hexes named (leipzig:6.7).
void no_retreat(const Ground& g, const Map& map, const Unit& unit, int distance_owed, RetreatOptions& o, Trace& trace) {
  o.must_break = true;
  o.break_rule = "std:9.8";
  o.break_reason = no_retreat_reason(unit.id, distance_owed, unit.hex, map);
  // RULE std:9.8 — a unit that cannot retreat within the restrictions breaks instead
  trace.cite("std:9.8"_rule, o.break_reason);
  if (const char* barred = g.barred()) {  // a game's barred hexes left no path (leipzig:6.7)
    o.break_rule = barred;
    o.break_reason += " (some hexes are barred to it for good: " + std::string(barred) + ")";
    trace.cite(barred, [&] { return unit.id + " may not retreat into the hexes barred to it: it is Broken instead"; });
  }
}

}  // namespace

RetreatOptions retreat_choice(const N20Rules& rules, const Map& map, const GameState& state, const Unit& unit,
                              int distance_owed, std::optional<Hex> loc, Trace& trace, std::size_t node_limit) {
  // Where the direction rule judges only the last hex against the LOC the retreat heads for
  // (retreat.leipzig_loc_rule = printed-only), the least cost depends on the LOC and the search
  // below does not model it: every path is enumerated instead.
  if (rules.printed().direction_by_final_hex) return retreat_paths(rules, map, state, unit, distance_owed, loc, trace);
  RetreatOptions o;
  Ground g(rules, map, state, unit);
  retreat_premises(rules, map, state, unit, distance_owed, o, trace);
  const RetreatTargets targets = retreat_targets(rules, map, unit, loc, g, trace);
  // The least cost as retreat_paths finds it (fewest_ezoc; the other readings search without a
  // budget): a budget of 0 first, the least cost worked out only when that finds nothing. When
  // the unit's last search cost more than 0, the least cost is worked out first instead (the
  // same least cost either way; the failing search with a budget of 0 spared).
  bool fewest_known = g.priority() != Ground::Priority::FewestEzoc;
  int fewest = fewest_known ? kUnlimited : 0;
  Chosen chosen;
  chosen.limit = node_limit;
  std::vector<Hex>& visited = g.lent_path();
  visited.reserve(static_cast<std::size_t>(distance_owed + kMaxExtension + 2));
  if (!fewest_known && g.expects_cost()) {
    g.enter(visited, unit.hex);
    fewest = kUnlimited;
    g.cheapest(unit.hex, distance_owed, 0, visited, 0, fewest);
    g.leave(visited);
    fewest_known = true;
  }
  for (const auto& target : targets) {
    if (fewest == kUnlimited && g.priority() == Ground::Priority::FewestEzoc) break;  // no legal retreat
    // Paths found again for a later LOC (retreat_paths drops them) have the key they had, so
    // they never displace the first: each LOC's search simply goes on from the best so far.
    visited.clear();
    g.enter(visited, unit.hex);
    RetreatPath path;
    path.loc = target;
    choose(g, target, visited, path, distance_owed, fewest, 0, chosen);
    if (!fewest_known && !chosen.found) {
      fewest = kUnlimited;
      // The search with a budget of 0 found none, so no retreat costs 0 (each first step it
      // could finish from would have been a candidate): 1 is the least there can be.
      g.cheapest(unit.hex, distance_owed, 0, visited, 0, fewest, 1);
      if (fewest == kUnlimited) break;  // no legal retreat at all
      choose(g, target, visited, path, distance_owed, fewest, 0, chosen);
    }
    fewest_known = true;
    g.leave(visited);
  }
  if (g.priority() == Ground::Priority::FewestEzoc) g.note_cost(fewest > 0);
  if (chosen.gave_up) return retreat_paths(rules, map, state, unit, distance_owed, loc, trace);
  refuse_if_cut_off(g, unit, distance_owed);
  if (!chosen.found) {
    no_retreat(g, map, unit, distance_owed, o, trace);
    return o;
  }
  o.paths.push_back(std::move(chosen.path));
  return o;
}

RetreatOptions retreat_paths(const N20Rules& rules, const Map& map, const GameState& state, const Unit& unit,
                             int distance_owed, std::optional<Hex> loc, Trace& trace, std::size_t limit) {
  RetreatOptions o;
  Ground g(rules, map, state, unit);
  retreat_premises(rules, map, state, unit, distance_owed, o, trace);
  const PrintingRules& printed = rules.printed();
  const std::string& direction = printed.retreat_direction;
  const RetreatTargets targets = retreat_targets(rules, map, unit, loc, g, trace);
  // Under fewest_ezoc every path spends exactly the least cost of any complete retreat, the
  // same for every LOC. Most retreats have a clean one, so the first search has a budget of 0
  // and the least cost is worked out only when that finds nothing. The other readings search
  // without a budget.
  bool fewest_known = g.priority() != Ground::Priority::FewestEzoc;
  int fewest = fewest_known ? kUnlimited : 0;
  if (!fewest_known && g.final_only()) {
    // Where only the last hex must come closer to a LOC, a complete retreat toward one LOC may
    // cost more than one toward another: the least cost is that of any LOC the owner may choose.
    fewest = kUnlimited;
    for (const auto& target : targets) {
      std::vector<Hex> visited{};
      g.enter(visited, unit.hex);
      g.head_for(target);
      g.cheapest(unit.hex, distance_owed, 0, visited, 0, fewest);
      g.leave(visited);
    }
    fewest_known = true;
  }
  Shaping shaped;
  std::set<std::vector<Hex>> seen;
  for (const auto& target : targets) {
    g.head_for(target);
    if (fewest == kUnlimited && g.priority() == Ground::Priority::FewestEzoc) break;  // no legal retreat at all
    std::vector<RetreatPath> found;
    found.reserve(16);
    std::vector<Hex> visited;
    visited.reserve(static_cast<std::size_t>(distance_owed + kMaxExtension + 2));
    g.enter(visited, unit.hex);
    RetreatPath path;
    path.loc = target;
    enumerate(g, target, visited, path, distance_owed, fewest, found, limit, o.truncated, shaped);
    if (!fewest_known && found.empty()) {
      fewest = kUnlimited;
      // The search with a budget of 0 found none, so no retreat costs 0 (each first step it
      // could finish from would have been a candidate): 1 is the least there can be.
      g.cheapest(unit.hex, distance_owed, 0, visited, 0, fewest, 1);
      if (fewest == kUnlimited) break;  // no legal retreat at all
      enumerate(g, target, visited, path, distance_owed, fewest, found, limit, o.truncated, shaped);
    }
    fewest_known = true;
    if (targets.size() == 1) {  // one search never finds a path twice
      o.paths = std::move(found);
      continue;
    }
    for (auto& p : found) {
      std::vector<Hex> key;
      for (const auto& s : p.steps) key.push_back(s.hex);
      if (seen.insert(key).second) o.paths.push_back(std::move(p));
    }
  }
  refuse_if_cut_off(g, unit, distance_owed);
  if (o.paths.empty()) {
    no_retreat(g, map, unit, distance_owed, o, trace);
    return o;
  }
  // Explain which rules shaped the paths.
  if (const char* barred = g.barred())
    trace.cite(barred, [&] { return unit.id + "'s paths keep out of the hexes barred to it for good"; });
  int ezoc_rolls = 0, river_rolls = 0, friendly = 0;
  for (const auto& p : o.paths)
    for (const auto& s : p.steps) {
      ezoc_rolls += s.enemy_zoc;
      river_rolls += !s.river.empty() && !s.doomed;
      friendly += s.friendly;
    }
  // RULE std:9.8.2 — empty hexes outside enemy ZOCs whenever possible
  if (fewest > 0 && fewest < kUnlimited) {
    const int last = fewest / kCostUnit, next = fewest % kCostUnit;
    const int ezoc = g.friends_first() ? last : next, friendly = g.friends_first() ? next : last;
    trace.cite("std:9.8.2"_rule, [&] {
      return "no retreat keeps to empty hexes outside enemy ZOCs: each path enters the fewest any can (" +
             std::to_string(ezoc) + " enemy-ZOC, " + std::to_string(friendly) + " friendly-occupied)";
    });
  } else {
    trace.cite("std:9.8.2"_rule, shaped.lower_class == 0 ? "every step can use an empty hex outside enemy ZOCs"
                                                    : "some steps have no empty hex outside enemy ZOCs to take");
  }
  if (ezoc_rolls) {
    // RULE std:9.8.3 — otherwise into enemy ZOC hexes, one hazard roll per hex entered
    trace.cite("std:9.8.3"_rule, "paths enter enemy-ZOC hexes: one hazard roll (1-3 breaks) for each");
    // RULE std:7.4 — retreating into an enemy ZOC risks breaking in each such hex
    trace.cite("std:7.4"_rule, "a retreat may enter enemy zones of control at the risk of breaking in each");
  }
  for (const auto& p : o.paths)
    if (p.doomed()) {
      const RetreatStep* d = std::find_if(p.steps.begin(), p.steps.end(), [](const RetreatStep& s) { return s.doomed; });
      trace.cite(d->doomed_rule, [&] { return "a retreat across " + std::string(d->river.view()) + " into " +
                                               map.name(d->hex) + " is a failed Hazardous Retreat: the unit breaks"; });
      break;
    }
  if (river_rolls)
    // RULE std:9.8.4 — crossing a minor river, or a major river at a bridge or ford, is a hazard roll
    trace.cite("std:9.8.4"_rule, "paths cross rivers: one hazard roll for each crossing, besides any enemy-ZOC roll");
  // A game's waiver of the river's roll on a crossing some path makes (the hook).
  for (const auto& p : o.paths) {
    Hex from = unit.hex;
    for (const auto& s : p.steps) {
      if (auto side = Hexside::between(from, s.hex); side && s.river.empty())
        if (const char* rule = rules.retreat_hazard_waiver(map, *side); rule && !map.features(*side).empty())
          trace.cite(rule, [&] { return "no hazard roll for the river between " + map.name(from) + " and " + map.name(s.hex); });
      from = s.hex;
    }
  }
  if (friendly || shaped.extended)
    // RULE std:9.8.5 — through friendly units only if nothing else will do, extending until alone
    trace.cite("std:9.8.5"_rule, shaped.extended ? "the retreat passes through friendly units and extends until alone"
                                            : "only friendly-occupied hexes remain: the retreat passes through them");
  // The direction rule is std:9.8.6, or under the Leipzig printing the game's own (leipzig:9.8.6
  // sends each unit towards its LOCs; the mechanics of std:9.8.6 apply, per its catalog note).
  const bool own_direction = direction != "std:9.8.6";
  if (g.final_only()) {
    // RULE leipzig:9.8.6 (retreat.leipzig_loc_rule = printed-only) — away from the battle hex, ending nearer a LOC
    trace.cite(direction, [&] {
      return "each step takes " + unit.id + " farther from its battle hex " + map.name(unit.hex) +
             " and the retreat ends closer to the LOC the owner heads for than the battle hex was "
             "(retreat.leipzig_loc_rule = printed-only)";
    });
  }
  if (shaped.direction) {
    const std::string yields = fewest > 0 && fewest < kUnlimited
                                   ? " without entering more enemy-ZOC or friendly-occupied hexes (9.8.6 yields to 9.8.2)"
                                   : "";
    // RULE std:9.8.6 — each hex closer to the chosen friendly LOC wherever possible
    // RULE leipzig:9.8.6 (part: the direction rule under a printing without std:9.8.6) — closer to the Front's LOC
    // RULE jena:9.8.6 (part: the direction rule under a printing without std:9.8.6) — closer to a friendly LOC
    // RULE dresden:9.8.6 (part: the direction rule under a printing without std:9.8.6) — closer to a friendly LOC
    trace.cite(direction, [&] {
      return "each step moves closer to the friendly LOC hex the owner heads for, where it can" + yields +
             (own_direction ? " (this game's own retreat direction; the printing has no 9.8.6)" : "");
    });
  }
  if (shaped.loc_early)
    // RULE std:9.8.7 — reaching a LOC early breaks the unit there
    trace.cite(printed.loc_early_break, "some paths reach a friendly LOC with hexes still owed: the unit breaks there");
  else if (shaped.zigzag && !printed.loc_early_break.empty())
    // RULE std:9.8.7 — zig-zag where closer is impossible, keeping the full length
    trace.cite(printed.loc_early_break, "where no hex is closer to the LOC the path may zig-zag, keeping its full length");
  else if (shaped.zigzag)
    trace.cite(direction, "where no hex is closer to the LOC the path goes on by another, keeping its full length (the "
                          "printing has no 9.8.7: a LOC reached early is a hex like any other)");
  return o;
}

}  // namespace hexlaw::n20
