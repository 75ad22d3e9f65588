// Owns: properties of movement and zones of control on generated maps and positions
// (engine/n20/movement.h, zoc.h). Each states its precondition.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <map>

#include "engine/n20/movement.h"
#include "engine/n20/zoc.h"
#include "properties/board_generators.h"
#include "tests/support/test_support.h"

namespace hexlaw {
namespace {

// A walk of `length` steps from `from`, each to a random neighbour (it may double back).
std::vector<Hex> random_walk(Hex from, int length) {
  std::vector<Hex> path;
  for (int i = 0; i < length; ++i) {
    from = neighbour(from, *rc::gen::element(Direction::N, Direction::NE, Direction::SE, Direction::S, Direction::SW,
                                             Direction::NW));
    path.push_back(from);
  }
  return path;
}

using n20::MoveOptions;

// std:7.1 — ZOCs are mutual: if A controls B's hex, B controls A's. Precondition: neither
// unit stands in a hex ZOCs cannot enter (Fortified, Redoubt: see the Zoc.FortifiedHexMakes-
// ZocOneSided example and std:9.4.3) and neither lacks a ZOC of its own (no routed units are
// generated; night removes both ZOCs alike).
RC_GTEST_PROP(MovementProps, ZocIsMutualOutsideFortifiedHexes, ()) {
  HEXLAW_CITES("std:7.1", "std:7.0");
  const gen::Position p = *gen::position();
  RC_ASSERT(gen::invariant_violation(*p.map, p.state).empty());
  auto rules = gen::standard_rules();
  Trace t(Trace::Off{}, testing::source_spec()->catalog);
  for (const Unit& a : p.state.units)
    for (const Unit& b : p.state.units) {
      if (a.side == b.side || distance(a.hex, b.hex) != 1) continue;
      if (rules->terrain_of(*p.map, a.hex, p.state).zoc_barrier || rules->terrain_of(*p.map, b.hex, p.state).zoc_barrier)
        continue;
      RC_ASSERT(n20::exerts_zoc_into(*rules, *p.map, p.state, a, b.hex, t) ==
                n20::exerts_zoc_into(*rules, *p.map, p.state, b, a.hex, t));
    }
}

// Every reachable hex is a legal end of move, checked independently of the step rule: the
// path checks legal with the same MP left; it ends on no unit; it is contiguous and crosses
// no major river without bridge or ford; it is no longer than the allowance (+1 only when
// every step runs along a road) except by the one-hex minimum; and no hex before the last is
// controlled by an enemy or is rugged terrain entered off-road.
RC_GTEST_PROP(MovementProps, ReachableMovesObeyTheMovementRules, ()) {
  HEXLAW_CITES("std:6.2", "std:6.3", "std:6.5", "std:6.6", "std:6.7", "std:6.9");
  const gen::Position p = *gen::position();
  auto rules = gen::standard_rules();
  const Unit& u = *rc::gen::elementOf(p.state.units);
  MoveOptions opt;
  opt.forced_march = *rc::gen::arbitrary<bool>();
  Trace t(Trace::Off{}, testing::source_spec()->catalog);
  const std::string enemy = u.side == "french" ? "prussian" : "french";
  const int base = (p.state.night ? 1 : u.movement) + (opt.forced_march ? 1 : 0);
  for (const auto& r : n20::reachable_hexes(*rules, *p.map, p.state, u, opt, t)) {
    const n20::PathVerdict v = n20::check_path(*rules, *p.map, p.state, u, r.path, opt, t);
    RC_ASSERT(v.legal);
    RC_ASSERT(v.mp_left == r.mp_left);
    RC_ASSERT(p.state.unit_at(r.hex) == nullptr);
    bool all_road = true;
    Hex from = u.hex;
    for (std::size_t i = 0; i < r.path.size(); ++i) {
      const Hex h = r.path[i];
      auto side = Hexside::between(from, h);
      RC_ASSERT(side.has_value());
      const auto& f = p.map->features(*side);
      RC_ASSERT(!f.count("major_river") || f.count("bridge") || f.count("ford"));
      const bool road = f.count("road") > 0;
      all_road = all_road && road;
      if (i + 1 < r.path.size()) {
        RC_ASSERT(n20::units_exerting_zoc_on(*rules, *p.map, p.state, h, enemy, t).empty());
        RC_ASSERT(road || !rules->terrain_of(*p.map, h, p.state).rugged);
      }
      from = h;
    }
    RC_ASSERT(static_cast<int>(r.path.size()) <= base + (all_road ? 1 : 0) || r.path.size() == 1);
  }
}

// The path check and the reachability query agree both ways: any legal random walk ends in a
// reachable hex with at least as much MP left (reachability keeps the best path).
RC_GTEST_PROP(MovementProps, PathCheckAgreesWithReachability, ()) {
  HEXLAW_CITES("std:6.0");
  const gen::Position p = *gen::position();
  auto rules = gen::standard_rules();
  const Unit& u = *rc::gen::elementOf(p.state.units);
  MoveOptions opt;
  opt.forced_march = *rc::gen::arbitrary<bool>();
  Trace t(Trace::Off{}, testing::source_spec()->catalog);
  std::map<Hex, int> reach;
  for (const auto& r : n20::reachable_hexes(*rules, *p.map, p.state, u, opt, t)) reach[r.hex] = r.mp_left;
  for (int walk = 0; walk < 20; ++walk) {
    const std::vector<Hex> path = random_walk(u.hex, *rc::gen::inRange(1, 7));
    const n20::PathVerdict v = n20::check_path(*rules, *p.map, p.state, u, path, opt, t);
    if (!v.legal || path.back() == u.hex) continue;
    RC_ASSERT(reach.count(path.back()) == 1u);
    RC_ASSERT(reach[path.back()] >= v.mp_left);
  }
}

// std:7.6 and std:14.0 — at night no hex is in any ZOC, and every allowance is reduced to 1
// (a 0 stays 0), plus the road bonus and forced march.
RC_GTEST_PROP(MovementProps, AtNightNoZocAndAllowanceIsOne, ()) {
  HEXLAW_CITES("std:7.6", "std:14.0");
  gen::Position p = *gen::position();
  p.state.night = true;
  auto rules = gen::standard_rules();
  Trace t(Trace::Off{}, testing::source_spec()->catalog);
  for (const Unit& a : p.state.units)
    for (Hex n : neighbours(a.hex)) RC_ASSERT(!n20::exerts_zoc_into(*rules, *p.map, p.state, a, n, t));
  const Unit& u = *rc::gen::elementOf(p.state.units);
  MoveOptions opt;
  opt.forced_march = *rc::gen::arbitrary<bool>();
  for (const auto& r : n20::reachable_hexes(*rules, *p.map, p.state, u, opt, t))
    RC_ASSERT(r.allowance == std::min<int>(u.movement, 1) + (r.road_bonus ? 1 : 0) + (opt.forced_march ? 1 : 0));
}


// std:16.5.2 — under optional rule 16.5 a Routed unit reaches only hexes its unrestricted self
// could reach, along paths the path check accepts, and any path the check accepts ends in a
// hex of its reach.
RC_GTEST_PROP(MovementProps, RoutedUnitsMoveOnlyWhereARetreatCould, ()) {
  HEXLAW_CITES("std:16.5.2");
  gen::Position p = *gen::position();
  const auto pick = *rc::gen::inRange<std::size_t>(0, p.state.units.size());
  Unit& u = p.state.units[pick];
  u.set(UnitMarker::Routed, true);
  auto free_rules = gen::standard_rules();
  auto rout_rules = n20::make_rules(n20::RulesetChoice{.options = {"std:16.5"}}, testing::source_spec());
  MoveOptions opt;
  Trace t(Trace::Off{}, testing::source_spec()->catalog);
  std::map<Hex, int> free_reach, routed_reach;
  for (const auto& r : n20::reachable_hexes(*free_rules, *p.map, p.state, u, opt, t)) free_reach[r.hex] = r.mp_left;
  for (const auto& r : n20::reachable_hexes(*rout_rules, *p.map, p.state, u, opt, t)) {
    routed_reach[r.hex] = r.mp_left;
    RC_ASSERT(free_reach.count(r.hex) == 1u);
    const n20::PathVerdict v = n20::check_path(*rout_rules, *p.map, p.state, u, r.path, opt, t);
    RC_ASSERT(v.legal);
    RC_ASSERT(v.mp_left == r.mp_left);
  }
  RC_CLASSIFY(routed_reach.empty(), "routed unit cannot move");
  RC_CLASSIFY(routed_reach.size() < free_reach.size(), "rout restricts the reach");
  for (int walk = 0; walk < 10; ++walk) {
    const std::vector<Hex> path = random_walk(u.hex, *rc::gen::inRange(1, 4));
    const n20::PathVerdict v = n20::check_path(*rout_rules, *p.map, p.state, u, path, opt, t);
    if (!v.legal || path.back() == u.hex) continue;
    RC_ASSERT(routed_reach.count(path.back()) == 1u);
  }
}

}  // namespace
}  // namespace hexlaw
