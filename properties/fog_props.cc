// Owns: properties of the fog of war and Dummy units (engine/n20/fog.h, dummies.h) on generated
// positions. Each states its precondition.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "engine/n20/dummies.h"
#include "engine/n20/fog.h"
#include "engine/n20/zoc.h"
#include "properties/board_generators.h"
#include "tests/support/test_support.h"

namespace hexlaw {
namespace {

std::unique_ptr<n20::N20Rules> fog_rules() {
  return n20::make_rules(n20::RulesetChoice{.options = {"std:16.1"}}, testing::source_spec());
}

// Some of the generated units become hidden, some hidden Dummies (the generator makes none; a
// face-up Dummy never stands on the map, std:16.1.3).
void sprinkle_fog(gen::Position& p) {
  for (Unit& u : p.state.units) {
    if (*rc::gen::inRange(0, 4) == 0) u.type = UnitType::Dummy;
    u.set(UnitMarker::Hidden, u.type == UnitType::Dummy || *rc::gen::arbitrary<bool>());
  }
}

// std:16.1.2 with std:16.1 — after a side's units are reconcealed at the end of its Night Turn,
// the other side knows none of that side's on-map units: it sees only their backs. Precondition:
// the fog of war is in use and it is night.
RC_GTEST_PROP(FogProps, AfterReconcealmentTheEnemyKnowsNoneOfThatSidesUnits, ()) {
  HEXLAW_CITES("std:16.1.2", "std:16.1");
  gen::Position p = *gen::position();
  sprinkle_fog(p);
  p.state.night = true;
  auto rules = fog_rules();
  Trace t(Trace::Off{}, testing::source_spec()->catalog);
  const std::string side = *rc::gen::element<std::string>("french", "prussian");
  const std::string enemy = side == "french" ? "prussian" : "french";
  const GameState after = n20::reconceal(*rules, p.state, side, t);
  for (const n20::UnitView& v : n20::view_of(*rules, after, enemy, t)) {
    if (v.side != side) continue;
    RC_ASSERT(v.hidden);
    RC_ASSERT(!v.known);
    RC_ASSERT(v.unit == nullptr);
  }
  // Its own units it still sees in full.
  for (const n20::UnitView& v : n20::view_of(*rules, after, side, t))
    if (v.side == side) RC_ASSERT(v.known);
}

// std:16.1.3 with std:16.1.1 — revealing never changes a morale track, whatever is revealed and
// however: a revealed Dummy leaves the map at no morale cost, and every other revealed unit stays
// where it was. Precondition: the fog of war is in use.
RC_GTEST_PROP(FogProps, RevealingDummiesNeverChangesMorale, ()) {
  HEXLAW_CITES("std:16.1.3", "std:16.1.1");
  gen::Position p = *gen::position();
  sprinkle_fog(p);
  p.state.night = false;
  auto rules = fog_rules();
  Trace t(Trace::Off{}, testing::source_spec()->catalog);
  std::vector<std::string> ids;
  for (const Unit& u : p.state.units)
    if (*rc::gen::arbitrary<bool>()) ids.push_back(u.id);
  std::vector<n20::Reveal> reveals;
  reveals.push_back(n20::reveal_at_will(*rules, p.state, ids, t));
  reveals.push_back(n20::reveal_by_scouting(*rules, *p.map, p.state, "french", t));
  if (ids.size() >= 2) {
    n20::DeclaredBattle b;
    b.attackers = {ids.front()};
    b.defenders = {ids.back()};
    reveals.push_back(n20::reveal_battles(*rules, p.state, {b}, t));
  }
  for (const n20::Reveal& r : reveals) {
    RC_ASSERT(r.after.morale == p.state.morale);
    for (const std::string& id : r.dummies_removed) {
      const Unit* before = p.state.unit(id);
      RC_ASSERT(before->type == UnitType::Dummy);
      RC_ASSERT(before->has(UnitMarker::Hidden));
      RC_ASSERT(!r.after.unit(id)->on_map());
      RC_ASSERT(n20::dummy_available(*r.after.unit(id)));
    }
    for (const std::string& id : r.revealed) {
      RC_ASSERT(p.state.unit(id)->type != UnitType::Dummy);
      RC_ASSERT(r.after.unit(id)->hex == p.state.unit(id)->hex);
      RC_ASSERT(!r.after.unit(id)->has(UnitMarker::Hidden));
    }
    for (const Unit& u : r.after.units)
      if (u.type == UnitType::Dummy && u.on_map()) RC_ASSERT(u.has(UnitMarker::Hidden));
    RC_CLASSIFY(!r.dummies_removed.empty(), "a Dummy removed");
  }
}

// std:16.1.3 — every legal reconcealment placement leaves each placed Dummy hidden on the map,
// and neither it nor the unit it joined next to an enemy unit; a refused one changes nothing.
// Precondition: the fog of war is in use, it is night, the Dummies wait in the pile.
RC_GTEST_PROP(FogProps, ReconcealmentPlacesDummiesAwayFromTheEnemy, ()) {
  HEXLAW_CITES("std:16.1.3");
  gen::Position p = *gen::position();
  p.state.night = true;
  auto rules = fog_rules();
  Trace t(Trace::Off{}, testing::source_spec()->catalog);
  const std::string side = *rc::gen::element<std::string>("french", "prussian");
  std::vector<n20::DummyPlacement> placements;
  std::vector<Hex> hexes;
  for (const Unit& u : p.state.units)
    if (u.side == side) hexes.push_back(u.hex);
  RC_PRE(!hexes.empty());
  const int n = *rc::gen::inRange(1, 3);
  for (int i = 0; i < n; ++i) {
    Unit d;
    d.id = "D" + std::to_string(i);
    d.side = side;
    d.type = UnitType::Dummy;
    d.status = UnitStatus::Broken;
    p.state.units.push_back(d);
    const Hex at = *rc::gen::elementOf(hexes);
    const auto nbrs = neighbours(at);
    const Hex to = nbrs[*rc::gen::inRange<std::size_t>(0, nbrs.size())];
    placements.push_back({d.id, at, *rc::gen::arbitrary<bool>() ? d.id : p.state.unit_at(at)->id, to});
  }
  const n20::DummyVerdict v = n20::place_dummies_at_reconceal(*rules, *p.map, p.state, side, placements, t);
  RC_CLASSIFY(v.legal, "legal");
  if (!v.legal) {
    RC_ASSERT(v.after == p.state);
    return;
  }
  RC_ASSERT(gen::invariant_violation(*p.map, v.after).empty());
  for (const auto& pl : placements) {
    const Unit& d = *v.after.unit(pl.dummy);
    RC_ASSERT(d.on_map() && d.has(UnitMarker::Hidden));
    for (const Unit& e : v.after.units)
      if (e.on_map() && e.side != side) {
        RC_ASSERT(distance(e.hex, d.hex) > 1 || !n20::adjacent_for_rules(*rules, *p.map, v.after, e.hex, d.hex, t));
      }
  }
  // No two units share a hex once every pair has split.
  for (const Unit& a : v.after.units)
    for (const Unit& b : v.after.units)
      if (&a != &b && a.on_map() && b.on_map()) RC_ASSERT(!(a.hex == b.hex));
}

}  // namespace
}  // namespace hexlaw
