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
  mutable Trace t{Trace::Off{}, testing::source_spec()->catalog};

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

// The standard rules with a reading of retreat.priority_evaluation and of
// retreat.friendly_vs_ezoc_priority (friends_first when `friends_first`).
std::unique_ptr<n20::N20Rules> reading_rules(const std::string& priority, bool friends_first) {
  n20::RulesetChoice choice;
  choice.interpretations["retreat.priority_evaluation"] = priority;
  if (friends_first) choice.interpretations["retreat.friendly_vs_ezoc_priority"] = "friends_first";
  return n20::make_rules(choice, testing::source_spec());
}

// A retreat's hazardous hexes as fewest_ezoc compares them: the class the priority ranks last
// first — (friendly-occupied, enemy-ZOC) under ezoc_first, (enemy-ZOC, friendly-occupied)
// under friends_first.
using Score = std::pair<int, int>;
Score score(const Oracle& o, const std::vector<Hex>& path, bool friends_first) {
  int friendly = 0, ezoc = 0;
  for (Hex h : path) friendly += o.at(h) != nullptr, ezoc += o.ezoc(h);
  return friends_first ? Score{ezoc, friendly} : Score{friendly, ezoc};
}
Score score(const Oracle& o, const n20::RetreatPath& path, bool friends_first) {
  std::vector<Hex> hexes;
  for (const auto& s : path.steps) hexes.push_back(s.hex);
  return score(o, hexes, friends_first);
}

// Every complete legal retreat of n hexes from `from`, by brute force from the oracle alone:
// simple paths of enterable hexes that end alone after n hexes (plus at most 12 to leave
// friends, std:9.8.5), or reach `loc` with hexes still owed (std:9.8.7). `visited` holds the
// path so far, the start first; each is handed to `each` without the start.
void every_retreat(const Oracle& o, Hex from, int left, int extension, std::optional<Hex> loc, std::vector<Hex>& visited,
                   const std::function<void(const std::vector<Hex>&)>& each) {
  if ((left == 0 && !o.at(from)) || (left > 0 && visited.size() > 1 && loc && from == *loc)) {
    each(std::vector<Hex>(visited.begin() + 1, visited.end()));
    return;
  }
  if (left == 0 && extension >= 12) return;
  for (Hex nb : neighbours(from)) {
    if (std::find(visited.begin(), visited.end(), nb) != visited.end() || !o.enterable(from, nb)) continue;
    visited.push_back(nb);
    every_retreat(o, nb, std::max(left - 1, 0), extension + (left == 0 ? 1 : 0), loc, visited, each);
    visited.pop_back();
  }
}

// The least score of any complete legal retreat, or nothing when there is none.
std::optional<Score> least_score(const Oracle& o, int n, std::optional<Hex> loc, bool friends_first) {
  std::optional<Score> least;
  std::vector<Hex> visited{o.u.hex};
  every_retreat(o, o.u.hex, n, 0, loc, visited, [&](const std::vector<Hex>& path) {
    const Score s = score(o, path, friends_first);
    if (!least || s < *least) least = s;
  });
  return least;
}

// A day turn, and two to eight more enemy infantry units placed two hexes from `u` (at full
// generator size), so that many more retreats meet enemy ZOCs than on the plain generated
// positions, where nearly every retreat has a clean path.
void crowd_around(gen::Position& p, const Unit& u) {
  p.state.night = false;  // no ZOCs at night (std:7.6)
  std::vector<Hex> ring;
  for (Hex a : neighbours(u.hex))
    for (Hex b : neighbours(a))
      if (distance(b, u.hex) == 2 && p.map->on_map(b) && !p.state.unit_at(b) &&
          std::find(ring.begin(), ring.end(), b) == ring.end())
        ring.push_back(b);
  const int extra = *rc::gen::resize(100, rc::gen::inRange(2, 9));
  for (int i = 0; i < extra && !ring.empty(); ++i) {
    const auto k = *rc::gen::resize(100, rc::gen::inRange<std::size_t>(0, ring.size()));
    Unit e;
    e.id = "E" + std::to_string(i);
    e.side = u.side == "french" ? "prussian" : "french";
    e.type = UnitType::Infantry;
    e.strength = 1;
    e.movement = 2;
    e.hex = ring[k];
    ring.erase(ring.begin() + static_cast<long>(k));
    p.state.units.push_back(e);
  }
}

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
    Trace t(Trace::Off{}, testing::source_spec()->catalog);
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

// std:9.8.6, read with retreat.priority_evaluation = whole_path — with a friendly LOC to head
// for, every retreat step gets closer to it whenever some step can: when a step is not closer,
// no closer neighbour could have been taken within the same priority (its class no worse than
// the rest of the path's worst, and the retreat still completable from it). Checked by brute
// force against the oracle's own classes.
RC_GTEST_PROP(RetreatProps, EveryStepCloserToTheLocWheneverSomeStepCan, ()) {
  HEXLAW_CITES("std:9.8.6", "std:9.8.7");
  gen::Position p = *gen::position(7, 7, 12);
  const Unit& u = *rc::gen::elementOf(p.state.units);
  const Hex loc = to_axial({*rc::gen::inRange(1, 8), *rc::gen::inRange(1, 8)}, p.map->layout());
  RC_PRE(!(loc == u.hex));
  p.map->add_loc(u.side, loc);
  auto rules = reading_rules("whole_path", false);
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
  Trace t(Trace::Off{}, testing::source_spec()->catalog);
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

// A crowded retreat for the fewest_ezoc properties: a unit with enemies close around it, a LOC
// for its side (always, or only sometimes with `loc_optional`), either friendly-vs-ZOC priority
// and a distance of 1-4.
struct CrowdedRetreat {
  gen::Position p;
  Unit u;
  std::optional<Hex> loc;
  bool friends_first = false;
  int n = 1;
};
CrowdedRetreat crowded_retreat(bool loc_optional) {
  CrowdedRetreat c{*gen::position(7, 7, 12), {}, std::nullopt, false, 1};
  c.u = *rc::gen::elementOf(c.p.state.units);
  crowd_around(c.p, c.u);
  if (!loc_optional || *rc::gen::arbitrary<bool>()) {
    c.loc = to_axial({*rc::gen::inRange(1, 8), *rc::gen::inRange(1, 8)}, c.p.map->layout());
    RC_PRE(!(*c.loc == c.u.hex));
    c.p.map->add_loc(c.u.side, *c.loc);
  }
  c.friends_first = *rc::gen::arbitrary<bool>();
  c.n = *rc::gen::inRange(1, 5);
  return c;
}

// std:9.8.2 read as fewest_ezoc (the default), with std:9.8.3 and std:9.8.5 — every retreat
// the engine allows enters exactly the fewest hazardous hexes any complete legal retreat needs
// (by the brute-force oracle, scored with the class the priority ranks last first), and the unit
// breaks only when no legal retreat exists at all. With or without a LOC to head for.
RC_GTEST_PROP(RetreatProps, FewestEzocPathsEnterTheFewestHazardousHexesAnyRetreatNeeds, ()) {
  HEXLAW_CITES("std:9.8.2", "std:9.8.3", "std:9.8.5", "std:9.8.7");
  auto [p, u, loc, friends_first, n] = crowded_retreat(true);
  auto rules = reading_rules("fewest_ezoc", friends_first);
  Oracle o{*rules, p, u};
  Trace t(Trace::Off{}, testing::source_spec()->catalog);
  const auto r = n20::retreat_paths(*rules, *p.map, p.state, u, n, loc, t, 2000);
  RC_PRE(!r.truncated);
  const auto least = least_score(o, n, loc, friends_first);
  RC_ASSERT(r.must_break == !least.has_value());
  for (const auto& path : r.paths) RC_ASSERT(score(o, path, friends_first) == *least);
}

// The law behind the ruling: a fewest_ezoc retreat never scores worse than any retreat the
// other readings allow (whole_path, per_step), since theirs are legal retreats too; so it enters
// no more enemy-ZOC hexes than any of theirs, under ezoc_first whenever theirs passes no friend.
RC_GTEST_PROP(RetreatProps, FewestEzocNeverEntersMoreHazardsThanTheOtherReadings, ()) {
  HEXLAW_CITES("std:9.8.2", "std:9.8.3");
  auto [p, u, loc, friends_first, n] = crowded_retreat(false);
  auto fewest_rules = reading_rules("fewest_ezoc", friends_first);
  Oracle o{*fewest_rules, p, u};
  Trace t(Trace::Off{}, testing::source_spec()->catalog);
  const auto fewest = n20::retreat_paths(*fewest_rules, *p.map, p.state, u, n, loc, t, 2000);
  RC_PRE(!fewest.truncated);
  for (const char* reading : {"whole_path", "per_step"}) {
    auto rules = reading_rules(reading, friends_first);
    const auto other = n20::retreat_paths(*rules, *p.map, p.state, u, n, loc, t, 2000);
    RC_PRE(!other.truncated);
    RC_ASSERT(fewest.must_break == other.must_break);
    for (const auto& mine : fewest.paths)
      for (const auto& theirs : other.paths) {
        const Score a = score(o, mine, friends_first), b = score(o, theirs, friends_first);
        RC_ASSERT(a <= b);
        const int their_friendly = friends_first ? b.second : b.first;
        const int my_ezoc = friends_first ? a.first : a.second, their_ezoc = friends_first ? b.first : b.second;
        if (friends_first || their_friendly == 0) RC_ASSERT(my_ezoc <= their_ezoc);
      }
  }
}

// std:9.8.6 under fewest_ezoc — it yields to std:9.8.2: when a step of a retreat is not closer
// to the LOC, no closer neighbour could have been taken from which the rest of the retreat
// scores no worse than the rest of this one (std:9.8.7's zig-zag). Brute force by the oracle.
RC_GTEST_PROP(RetreatProps, FewestEzocStepsCloserToTheLocWheneverTheFewestAllow, ()) {
  HEXLAW_CITES("std:9.8.6", "std:9.8.7", "std:9.8.2");
  auto [p, u, with_loc, friends_first, n] = crowded_retreat(false);
  const Hex loc = *with_loc;
  auto rules = reading_rules("fewest_ezoc", friends_first);
  Oracle o{*rules, p, u};
  Trace t(Trace::Off{}, testing::source_spec()->catalog);
  const auto r = n20::retreat_paths(*rules, *p.map, p.state, u, n, loc, t, 2000);
  RC_PRE(!r.truncated);
  for (const auto& path : r.paths) {
    std::vector<Hex> visited{u.hex};
    for (std::size_t i = 0; i < path.steps.size(); ++i) {
      const Hex from = visited.back(), to = path.steps[i].hex;
      std::vector<Hex> rest;
      for (std::size_t k = i; k < path.steps.size(); ++k) rest.push_back(path.steps[k].hex);
      const Score budget = score(o, rest, friends_first);
      const int left = std::max(n - static_cast<int>(i), 0);  // owed before this step
      const int extension = std::max(static_cast<int>(i) - n, 0);
      if (distance(to, loc) >= distance(from, loc)) {
        for (Hex alt : neighbours(from)) {
          if (distance(alt, loc) >= distance(from, loc)) continue;
          if (std::find(visited.begin(), visited.end(), alt) != visited.end() || !o.enterable(from, alt)) continue;
          const Score first = score(o, {alt}, friends_first);
          std::vector<Hex> trail = visited;
          trail.push_back(alt);
          bool could = false;
          every_retreat(o, alt, std::max(left - 1, 0), extension + (left == 0 ? 1 : 0), loc, trail,
                        [&](const std::vector<Hex>& finish) {
                          std::vector<Hex> after(finish.begin() + static_cast<long>(visited.size()), finish.end());
                          const Score s = score(o, after, friends_first);
                          could |= Score{first.first + s.first, first.second + s.second} <= budget;
                        });
          RC_ASSERT(!could);
        }
      }
      visited.push_back(to);
    }
  }
}

}  // namespace
}  // namespace hexlaw
