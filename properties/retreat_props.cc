// Owns: properties of retreat after combat (engine/n20/retreat.h) on generated positions,
// each checked against an independent brute-force search written here.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <functional>

#include "engine/n20/retreat.h"
#include "engine/n20/zoc.h"
#include "properties/board_generators.h"
#include "tests/support/test_support.h"

namespace hexlaw {
namespace {

// Independent facts about one retreat step, from the map and the ZOC module only.
struct Oracle {
  const n20::N20Rules& rules;
  const gen::Position& p;
  const Unit& u;
  mutable Trace t{Trace::Off{}};

  const Unit* at(Hex h) const {
    for (const Unit& o : p.state.units)
      if (o.on_map() && o.hex == h && o.id != u.id) return &o;
    return nullptr;
  }
  bool enterable(Hex a, Hex b) const {
    if (!p.map->on_map(b)) return false;
    if (const Unit* o = at(b); o && o->side != u.side) return false;
    const auto& f = p.map->features(*Hexside::between(a, b));
    return !f.count("major_river") || f.count("bridge") || f.count("ford");
  }
  bool ezoc(Hex h) const {
    for (const Unit& e : p.state.units)
      if (e.on_map() && e.side != u.side && distance(e.hex, h) == 1 && n20::exerts_zoc_into(rules, *p.map, p.state, e, h, t))
        return true;
    return false;
  }
  bool river(Hex a, Hex b) const {
    const auto& f = p.map->features(*Hexside::between(a, b));
    return f.count("minor_river") || (f.count("major_river") && (f.count("bridge") || f.count("ford")));
  }
  // Does a simple path of exactly n hexes exist, ending alone, whose hexes all pass `ok`?
  bool exists(int n, const std::function<bool(Hex from, Hex to)>& ok) const {
    std::vector<Hex> visited{u.hex};
    std::function<bool(Hex, int)> go = [&](Hex h, int left) {
      if (left == 0) return at(h) == nullptr;
      for (Hex nb : neighbours(h)) {
        if (std::find(visited.begin(), visited.end(), nb) != visited.end() || !enterable(h, nb) || !ok(h, nb)) continue;
        visited.push_back(nb);
        const bool found = go(nb, left - 1);
        visited.pop_back();
        if (found) return true;
      }
      return false;
    };
    return go(u.hex, n);
  }
};

// One generated position, a unit of it, a distance, the oracle and the engine's retreats (no
// LOC on the map).
struct Trial {
  gen::Position p = *gen::position(7, 7, 12);
  std::unique_ptr<n20::N20Rules> rules = gen::standard_rules();
  Unit u = *rc::gen::elementOf(p.state.units);  // a copy: the generator hands out values
  int n = *rc::gen::inRange(1, 5);
  Oracle oracle{*rules, p, u};
  n20::RetreatOptions r = retreats();
  n20::RetreatOptions retreats() const {
    Trace t(Trace::Off{});
    auto out = n20::retreat_paths(*rules, *p.map, p.state, u, n, std::nullopt, t, 2000);
    RC_PRE(!out.truncated);
    return out;
  }
};

// std:9.8.2 — a retreat never enters an enemy-ZOC hex (nor a friendly one) while a legal path
// of empty hexes outside enemy ZOCs exists. Precondition: the generated maps have no LOC
// hexes, so no retreat ends early at a LOC (std:9.8.7 is checked by its own examples).
RC_GTEST_PROP(RetreatProps, NoEnemyZocWhileACleanPathExists, ()) {
  HEXLAW_CITES("std:9.8.2", "std:9.8.3");
  const Trial trial;
  const auto& [p, rules, u, n, o, r] = std::tie(trial.p, trial.rules, trial.u, trial.n, trial.oracle, trial.r);
  const bool clean = o.exists(n, [&](Hex, Hex b) { return !o.ezoc(b) && o.at(b) == nullptr; });
  if (!clean) return;
  RC_ASSERT(!r.must_break);
  for (const auto& path : r.paths)
    for (const auto& s : path.steps) {
      RC_ASSERT(!s.enemy_zoc);
      RC_ASSERT(!s.friendly);
    }
}

// std:9.8 and std:9.8.7 — a retreat is of exact length (plus the hexes added to leave friends,
// std:9.8.5) and ends alone, or the unit breaks; it breaks only when no legal path of any kind
// exists. Every hazard roll is an enemy-ZOC hex or a river crossing (std:9.8.3, std:9.8.4).
RC_GTEST_PROP(RetreatProps, ExactLengthOrBreakAndHonestHazards, ()) {
  HEXLAW_CITES("std:9.8", "std:9.8.4", "std:9.8.5", "std:9.8.7");
  const Trial trial;
  const auto& [p, rules, u, n, o, r] = std::tie(trial.p, trial.rules, trial.u, trial.n, trial.oracle, trial.r);
  if (r.must_break) {
    RC_ASSERT(r.paths.empty());
    RC_ASSERT(!o.exists(n, [](Hex, Hex) { return true; }));
    return;
  }
  for (const auto& path : r.paths) {
    RC_ASSERT(!path.breaks_at_loc);
    RC_ASSERT(static_cast<int>(path.steps.size()) == n + path.extended);
    RC_ASSERT(o.at(path.steps.back().hex) == nullptr);
    Hex from = u.hex;
    for (const auto& s : path.steps) {
      RC_ASSERT(distance(from, s.hex) == 1);
      RC_ASSERT(o.enterable(from, s.hex));
      RC_ASSERT(s.enemy_zoc == o.ezoc(s.hex));
      RC_ASSERT(!s.river.empty() == o.river(from, s.hex));
      from = s.hex;
    }
  }
}

// std:9.8.6 — with a friendly LOC to head for, every retreat step gets closer to it whenever
// some step can: when a step is not closer, no closer neighbour could have been taken within
// the same priority (its class no worse than the rest of the path's worst, and the retreat
// still completable from it). Checked by brute force against the oracle's own classes.
RC_GTEST_PROP(RetreatProps, EveryStepCloserToTheLocWheneverSomeStepCan, ()) {
  HEXLAW_CITES("std:9.8.6", "std:9.8.7");
  gen::Position p = *gen::position(7, 7, 12);
  const Unit& u = *rc::gen::elementOf(p.state.units);
  const Hex loc = to_axial({*rc::gen::inRange(1, 8), *rc::gen::inRange(1, 8)}, p.map->layout());
  RC_PRE(!(loc == u.hex));
  p.map->add_loc(u.side, loc);
  auto rules = gen::standard_rules();
  const int n = *rc::gen::inRange(1, 5);
  Oracle o{*rules, p, u};
  auto klass = [&](Hex h) { return o.at(h) ? 2 : (o.ezoc(h) ? 1 : 0); };
  // Can the retreat go on from `at` for `left` more hexes (or end at the LOC early) using only
  // hexes of class <= bound and not in `visited`?
  std::function<bool(Hex, int, std::vector<Hex>&, int)> completes = [&](Hex at, int left, std::vector<Hex>& visited,
                                                                         int bound) {
    if (left == 0 && !o.at(at)) return true;
    if (left > 0 && at == loc) return true;
    if (left == 0 && visited.size() > static_cast<std::size_t>(n) + 12) return false;
    for (Hex nb : neighbours(at)) {
      if (std::find(visited.begin(), visited.end(), nb) != visited.end() || !o.enterable(at, nb) || klass(nb) > bound)
        continue;
      visited.push_back(nb);
      const bool ok = completes(nb, std::max(left - 1, 0), visited, bound);
      visited.pop_back();
      if (ok) return true;
    }
    return false;
  };
  Trace t(Trace::Off{});
  const auto r = n20::retreat_paths(*rules, *p.map, p.state, u, n, loc, t, 2000);
  RC_PRE(!r.truncated);
  for (const auto& path : r.paths) {
    std::vector<Hex> visited{u.hex};
    for (std::size_t i = 0; i < path.steps.size(); ++i) {
      const Hex from = visited.back(), to = path.steps[i].hex;
      int bound = 0;
      for (std::size_t k = i; k < path.steps.size(); ++k) bound = std::max(bound, klass(path.steps[k].hex));
      const int left = std::max(n - static_cast<int>(i) - 1, 0);
      if (distance(to, loc) >= distance(from, loc)) {
        for (Hex alt : neighbours(from)) {
          if (distance(alt, loc) >= distance(from, loc)) continue;
          if (std::find(visited.begin(), visited.end(), alt) != visited.end() || !o.enterable(from, alt)) continue;
          if (klass(alt) > bound) continue;
          visited.push_back(alt);
          const bool could = completes(alt, left, visited, bound);
          visited.pop_back();
          RC_ASSERT(!could);
        }
      }
      visited.push_back(to);
    }
  }
}

}  // namespace
}  // namespace hexlaw
