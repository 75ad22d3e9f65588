// Owns: example tests of movement (engine/n20/movement.h) and the counting table — for fixed
// positions on test maps, the number of hexes each unit can reach, like a chess perft table,
// so that any change to movement shows up here; and a reach under a designer's terrain chart
// whose road steps are free, which carries endings past the search's compact window.
#include "engine/n20/movement.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "engine/core/errors.h"
#include "engine/core/spec.h"
#include "tests/support/test_support.h"

namespace hexlaw {
namespace {

using testing::inline_case;

struct Fixture {
  CaseFile c;
  std::unique_ptr<n20::N20Rules> rules;
  explicit Fixture(const std::string& yaml) : c(inline_case(yaml + "\nquestion: {kind: distance, hexes: [\"0101\", \"0101\"]}\n")) {
    rules = n20::make_rules(c.ruleset, testing::source_spec());
  }
  const Unit& unit(const std::string& id) const { return *c.state.unit(id); }
  Hex hex(const std::string& n) const { return c.map->hex(n); }
  std::vector<Hex> path(std::initializer_list<const char*> names) const {
    std::vector<Hex> out;
    for (const char* n : names) out.push_back(hex(n));
    return out;
  }
  n20::PathVerdict check(const std::string& id, std::initializer_list<const char*> names, n20::MoveOptions o = {}) {
    Trace t(testing::source_spec()->catalog);
    return n20::check_path(*rules, *c.map, c.state, unit(id), path(names), o, t);
  }
  std::vector<n20::ReachableHex> reach(const std::string& id, n20::MoveOptions o = {}) {
    Trace t(testing::source_spec()->catalog);
    return n20::reachable_hexes(*rules, *c.map, c.state, unit(id), o, t);
  }
};

TEST(Movement, OpenGroundReachIsTheDiscOfTheAllowance) {
  HEXLAW_CITES("std:6.0", "std:6.2");
  Fixture f(R"(
map: {bounds: {cols: [1, 25], rows: [1, 17]}}
units: [{id: A, side: french, type: infantry, strength: 2, movement: 3, hex: "1309"}])");
  auto r = f.reach("A");
  EXPECT_EQ(r.size(), 36u);  // 3 * 3 * (3 + 1): every hex within 3, less the start
  for (const auto& h : r) EXPECT_EQ(h.mp_left, 3 - static_cast<int>(h.path.size()));
}

// The reach search stamps its scratch with an epoch counter; before the counter could pass its
// largest value the scratch is cleared and the count starts again. A long-running program (a
// server, a self-play run) gets there, so the counter is set just below, at and past its bound,
// and each reach must still be the disc of the allowance, as on fresh scratch (mutation
// 6c1eaf278d let the counter wrap to 0, the stamp of every untouched cell).
TEST(Movement, std_6_0_TheReachScratchIsClearedBeforeItsEpochCounterWraps) {
  HEXLAW_CITES("std:6.0", "std:6.2");
  Fixture f(R"(
map: {bounds: {cols: [1, 25], rows: [1, 17]}}
units:
  - {id: A, side: french, type: infantry, strength: 2, movement: 3, hex: "1309"}
  - {id: B, side: french, type: infantry, strength: 2, movement: 2, hex: "0505"})");
  ASSERT_EQ(f.reach("A").size(), 36u);  // touches the scratch's cells once
  for (const std::uint32_t epoch : {UINT32_MAX - 2, UINT32_MAX - 1, UINT32_MAX}) {
    n20::movement_detail::set_reach_epoch(*f.rules, epoch);
    for (int k = 0; k < 3; ++k) {  // up to, at, and past the counter's bound
      EXPECT_EQ(f.reach("B").size(), 18u) << epoch << " +" << k;  // 3 * 2 * (2 + 1)
      EXPECT_EQ(f.reach("A").size(), 36u) << epoch << " +" << k;
    }
  }
  // Set back, the counter could hand out a stamp cells still hold: the seam refuses.
  EXPECT_THROW(n20::movement_detail::set_reach_epoch(*f.rules, 0), std::logic_error);
  // On fresh scratch: B's small reach stamps some cells with epoch 1 and leaves the rest at the
  // stamp 0 of a cell never used; at the bound, a wrap to 0 would read those unused cells as this
  // query's (A's reach short of its disc), then a wrap to 1 would read B's old records as new
  // (mutation c67cd8b5cd: the loop above reaches every cell again before the wrap and missed it).
  Fixture g(R"(
map: {bounds: {cols: [1, 25], rows: [1, 17]}}
units:
  - {id: A, side: french, type: infantry, strength: 2, movement: 3, hex: "1309"}
  - {id: B, side: french, type: infantry, strength: 2, movement: 2, hex: "0505"})");
  ASSERT_EQ(g.reach("B").size(), 18u);
  n20::movement_detail::set_reach_epoch(*g.rules, UINT32_MAX);
  EXPECT_EQ(g.reach("A").size(), 36u);
  EXPECT_EQ(g.reach("B").size(), 18u);
}

// The reach search's window grows with the allowance; an allowance no counter prints, set by a
// program on a unit directly, is refused by name instead of allocating a window of millions of
// cells (the old guard sat on the MP spent, which no legal allowance reaches: it could not fail).
TEST(Movement, std_6_0_AnAllowanceBeyondTheSearchsBoundIsRefused) {
  HEXLAW_CITES("std:6.0");
  Fixture f(R"(
map: {bounds: {cols: [1, 25], rows: [1, 17]}}
units: [{id: A, side: french, type: infantry, strength: 2, movement: 3, hex: "1309"}])");
  ASSERT_EQ(f.reach("A").size(), 36u);
  for (auto& u : f.c.state.units)
    if (u.id == "A") u.movement = 1100;
  try {
    f.reach("A");
    ADD_FAILURE() << "an allowance of 1100 MP was searched";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "A's movement allowance is 1100 MP: a reach over more than 1024 MP is not supported");
  }
}

TEST(Movement, RuggedTerrainStopsButNotAlongARoad) {
  HEXLAW_CITES("std:6.5", "std:6.6");
  Fixture f(R"(
map:
  hexes: {"0506": forest, "0606": forest}
  hexsides: [{between: ["0505", "0606"], features: [road]}]
units: [{id: A, side: french, type: infantry, strength: 2, movement: 3, hex: "0505"}])");
  auto off_road = f.check("A", {"0506", "0507"});
  EXPECT_FALSE(off_road.legal);
  EXPECT_EQ(off_road.rule, "std:6.5");
  auto on_road = f.check("A", {"0606", "0607"});
  EXPECT_TRUE(on_road.legal);
  EXPECT_FALSE(on_road.steps[0].stop.has_value());
}

TEST(Movement, RoadBonusOnlyForAWholeMoveAlongRoad) {
  HEXLAW_CITES("std:6.6");
  Fixture f(R"(
map:
  hexsides:
    - {between: ["0505", "0605"], features: [road]}
    - {between: ["0605", "0705"], features: [road]}
    - {between: ["0705", "0805"], features: [road]}
units: [{id: A, side: french, type: infantry, strength: 2, movement: 2, hex: "0505"}])");
  auto road = f.check("A", {"0605", "0705", "0805"});
  EXPECT_TRUE(road.legal);
  EXPECT_TRUE(road.road_bonus);
  EXPECT_EQ(road.allowance, 3);
  auto mixed = f.check("A", {"0605", "0705", "0706"});
  EXPECT_FALSE(mixed.legal);
  EXPECT_EQ(mixed.rule, "std:6.2");
}

TEST(Movement, NeverIntoAnEnemyAndStopOnEnteringItsZoc) {
  HEXLAW_CITES("std:6.3", "std:6.7", "std:7.2");
  Fixture f(R"(
units:
  - {id: A, side: french, type: cavalry, strength: 1, movement: 4, hex: "0505"}
  - {id: E, side: prussian, type: infantry, strength: 2, movement: 2, hex: "0508"})");
  EXPECT_EQ(f.check("A", {"0506", "0507", "0508"}).rule, "std:6.7");  // stopped at 0507 first
  auto into_zoc = f.check("A", {"0506", "0507"});
  EXPECT_TRUE(into_zoc.legal);
  EXPECT_EQ(into_zoc.steps[1].cost, 1);  // no extra cost for the ZOC (std:7.2)
  EXPECT_EQ(into_zoc.mp_left, 0);        // the forced stop forfeits the other 2 MP
  Fixture g(R"(
units:
  - {id: A, side: french, type: cavalry, strength: 1, movement: 4, hex: "0505"}
  - {id: E, side: prussian, type: infantry, strength: 2, movement: 2, hex: "0506"})");
  EXPECT_EQ(g.check("A", {"0506"}).rule, "std:6.8");  // A starts in E's ZOC and cannot move at all
}

TEST(Movement, StartingInAnEnemyZocIsFreedAtNight) {
  HEXLAW_CITES("std:6.8", "std:7.6", "std:14.0");
  const std::string units = R"(
units:
  - {id: A, side: french, type: cavalry, strength: 1, movement: 3, hex: "0505"}
  - {id: E, side: prussian, type: infantry, strength: 2, movement: 2, hex: "0506"})";
  Fixture day(units);
  EXPECT_TRUE(day.reach("A").empty());
  Fixture night("state: {night: true}\n" + units);
  auto r = night.reach("A");
  EXPECT_EQ(r.size(), 5u);  // the five free neighbours, one MP at night
  for (const auto& h : r) EXPECT_EQ(h.allowance, 1);
}

TEST(Movement, PassThroughFriendsButNeverEndOnOne) {
  HEXLAW_CITES("std:6.9");
  Fixture f(R"(
units:
  - {id: A, side: french, type: infantry, strength: 2, movement: 2, hex: "0505"}
  - {id: B, side: french, type: infantry, strength: 2, movement: 2, hex: "0506"})");
  EXPECT_TRUE(f.check("A", {"0506", "0507"}).legal);
  auto end_on = f.check("A", {"0506"});
  EXPECT_FALSE(end_on.legal);
  EXPECT_EQ(end_on.rule, "std:6.9");
}

TEST(Movement, MajorRiverOnlyAtBridgeOrFord) {
  HEXLAW_CITES("jena:table.terrain");
  Fixture f(R"(
map:
  hexsides:
    - {between: ["0505", "0506"], features: [major_river]}
    - {between: ["0505", "0605"], features: [major_river, ford]}
units: [{id: A, side: french, type: infantry, strength: 2, movement: 0, hex: "0505"}])");
  auto river = f.check("A", {"0506"});
  EXPECT_FALSE(river.legal);
  EXPECT_EQ(river.rule, "jena:table.terrain");
  // Movement 0: the one-hex minimum (std:6.2) still carries it across the ford.
  auto ford = f.check("A", {"0605"});
  EXPECT_TRUE(ford.legal);
  ASSERT_TRUE(ford.steps[0].stop.has_value());
  EXPECT_EQ(ford.steps[0].stop->rule, "std:6.2");
}

TEST(Movement, ForcedMarchAddsOneButNeverPastARuggedStop) {
  HEXLAW_CITES("std:12.3", "std:6.5");
  Fixture f(R"(
map: {hexes: {"0507": forest}}
units: [{id: A, side: french, type: infantry, strength: 2, movement: 2, hex: "0505"}])");
  n20::MoveOptions fm;
  fm.forced_march = true;
  EXPECT_FALSE(f.check("A", {"0504", "0503", "0502"}).legal);
  EXPECT_TRUE(f.check("A", {"0504", "0503", "0502"}, fm).legal);
  EXPECT_EQ(f.check("A", {"0506", "0507", "0508"}, fm).rule, "std:6.5");
}

TEST(Movement, CommittingTheGuard) {
  HEXLAW_CITES("std:12.2.1", "std:12.6");
  const std::string units = R"(
units:
  - {id: IG, side: french, type: infantry, strength: 4, movement: 2, flags: [guard], hex: "0505"}
  - {id: E, side: prussian, type: infantry, strength: 2, movement: 2, hex: "0508"})";
  Fixture f("state: {morale: {french: 8, prussian: 8}}\n" + units);
  auto commit = f.check("IG", {"0506", "0507"});
  EXPECT_TRUE(commit.guard.commits);
  EXPECT_EQ(commit.guard.cost, 1);
  EXPECT_FALSE(f.check("IG", {"0504"}).guard.commits);
  Fixture low("state: {morale: {french: 8, prussian: 1}}\n" + units);
  auto free = low.check("IG", {"0506", "0507"});
  EXPECT_TRUE(free.guard.commits);
  EXPECT_EQ(free.guard.cost, 0);
}

TEST(Reinforcements, MarchOrderAndBlockedEntry) {
  HEXLAW_CITES("std:11.0", "std:11.1", "std:11.2", "std:11.4");
  Fixture f(R"(
state: {turn: 3}
map: {entry_areas: {A: ["0101", "0102"]}}
units:
  - {id: R1, side: french, type: infantry, strength: 2, movement: 2, status: pending, arrival_turn: 3, entry: A}
  - {id: R2, side: french, type: infantry, strength: 2, movement: 2, status: pending, arrival_turn: 3, entry: A}
  - {id: E, side: prussian, type: cavalry, strength: 1, movement: 3, hex: "0102"})");
  n20::MoveOptions lead, second;
  lead.entering = second.entering = true;
  second.march_position = 1;
  auto a = f.check("R1", {"0101"}, lead);
  EXPECT_TRUE(a.legal);
  EXPECT_EQ(a.steps[0].cost, 1);
  auto b = f.check("R2", {"0101"}, second);
  EXPECT_TRUE(b.legal);
  EXPECT_EQ(b.steps[0].cost, 2);
  EXPECT_EQ(f.check("R1", {"0102"}, lead).rule, "std:11.4");
}

// The counting table: reachable-hex counts for fixed positions, pinned so that any change to
// movement shows. Position 1 is derived by hand (the disc); 2 and 3 were computed by the
// engine and checked against the rules when pinned.
TEST(MovementPerft, CountingTable) {
  HEXLAW_CITES("std:6.0");
  Fixture open_map(R"(
map: {bounds: {cols: [1, 25], rows: [1, 17]}}
units:
  - {id: MA1, side: french, type: infantry, strength: 2, movement: 1, hex: "0909"}
  - {id: MA2, side: french, type: infantry, strength: 2, movement: 2, hex: "1509"}
  - {id: MA4, side: french, type: cavalry, strength: 1, movement: 4, hex: "2109"})");
  EXPECT_EQ(open_map.reach("MA1").size(), 6u);
  EXPECT_EQ(open_map.reach("MA2").size(), 18u);
  EXPECT_EQ(open_map.reach("MA4").size(), 60u);

  Fixture battlefield(R"(
map:
  bounds: {cols: [1, 12], rows: [1, 10]}
  hexes: {"0405": forest, "0406": forest, "0505": town, "0604": rough, "0705": fortified, "0306": swamp}
  hexsides:
    - {between: ["0305", "0405"], features: [road]}
    - {between: ["0405", "0505"], features: [road]}
    - {between: ["0505", "0605"], features: [road]}
    - {between: ["0605", "0705"], features: [road]}
    - {between: ["0606", "0607"], features: [major_river]}
    - {between: ["0506", "0607"], features: [major_river, bridge]}
    - {between: ["0707", "0607"], features: [major_river]}
units:
  - {id: C, side: french, type: cavalry, strength: 1, movement: 4, hex: "0305"}
  - {id: I, side: french, type: infantry, strength: 2, movement: 2, hex: "0506"}
  - {id: G, side: french, type: infantry, strength: 4, movement: 2, flags: [guard], hex: "0304"}
  - {id: P1, side: prussian, type: infantry, strength: 3, movement: 2, hex: "0608"}
  - {id: P2, side: prussian, type: cavalry, strength: 1, movement: 3, hex: "0803"})");
  EXPECT_EQ(battlefield.reach("C").size(), 41u);
  EXPECT_EQ(battlefield.reach("I").size(), 14u);
  EXPECT_EQ(battlefield.reach("G").size(), 16u);
  EXPECT_EQ(battlefield.reach("P1").size(), 15u);
  EXPECT_EQ(battlefield.reach("P2").size(), 32u);
  n20::MoveOptions fm;
  fm.forced_march = true;
  EXPECT_EQ(battlefield.reach("C", fm).size(), 58u);
}

// std:6.9: a move may end in the hex it began in, and the moving unit never stacks with itself.
// A caller asking "what if" of a copy of the unit (here with one more MP) gets the same answer
// as for the unit itself: the position's own counter in the start hex is the mover, lifted off
// the board, not a friend it would have to stack with.
TEST(Movement, std_6_9_ACopyOfTheMovingUnitIsStillLiftedOffItsOwnHex) {
  HEXLAW_CITES("std:6.9");
  Fixture f(R"(
map: {bounds: {cols: [1, 10], rows: [1, 10]}}
units: [{id: A, side: french, type: infantry, strength: 2, movement: 2, hex: "0505"}])");
  Unit what_if = f.unit("A");
  what_if.movement = 3;
  Trace t(testing::source_spec()->catalog);
  const n20::PathVerdict back = n20::check_path(*f.rules, *f.c.map, f.c.state, what_if, f.path({"0506", "0505"}), {}, t);
  EXPECT_TRUE(back.legal) << back.rule;
  EXPECT_EQ(f.check("A", {"0506", "0505"}).legal, back.legal);
}


// reachable_hexes promises its list sorted by hex, each hex once: here for the 468 hexes of a
// reach of 12 on an unbounded map, whose search tries steps past the window it keeps around the
// unit (the endings themselves all lie inside it: with the shipped tables no step is free).
TEST(Movement, std_6_2_ALongReachIsListedInHexOrder) {
  HEXLAW_CITES("std:6.0", "std:6.2");
  const auto p = testing::InlinePosition::of_case_file("cases/std/6.2/long-reach-on-an-unbounded-map.yaml");
  Trace t(Trace::Off{}, testing::source_spec()->catalog);
  const auto r = n20::reachable_hexes(*p.rules, *p.c.map, p.c.state, *p.c.state.unit("F"), {}, t);
  ASSERT_EQ(r.size(), 468u);
  for (std::size_t i = 1; i < r.size(); ++i)
    ASSERT_LT(r[i - 1].hex, r[i].hex) << p.c.map->name(r[i - 1].hex) << " is listed before " << p.c.map->name(r[i].hex);
}

// A move refused before its first step (here std:6.1: not in the mover's own Combat Phase) is
// failed at the start, which the verdict states as failed_step -1 (PathVerdict's promise, read
// by callers that hold the struct rather than the JSON answer); a later step is its index.
TEST(Movement, std_6_1_AMoveRefusedAtTheStartFailsAtStepMinusOne) {
  HEXLAW_CITES("std:6.1");
  const auto p = testing::InlinePosition::of_case_file("cases/std/6.1/not-in-own-combat-phase.yaml");
  Trace t(Trace::Off{}, testing::source_spec()->catalog);
  const Unit& f = *p.c.state.unit("F");
  const auto v = n20::check_path(*p.rules, *p.c.map, p.c.state, f, {p.hex("0506")}, {}, t);
  EXPECT_FALSE(v.legal);
  EXPECT_EQ(v.failed_step, -1);
  EXPECT_EQ(v.rule, "std:6.1");
  GameState moving = p.c.state;
  moving.phase = Symbol("movement");
  moving.units.push_back(f);
  moving.units.back().id = Symbol("E"), moving.units.back().side = Symbol("prussian"), moving.units.back().hex = p.hex("0507");
  const auto w = n20::check_path(*p.rules, *p.c.map, moving, *moving.unit("F"), {p.hex("0506"), p.hex("0507")}, {}, t);
  EXPECT_FALSE(w.legal);
  EXPECT_EQ(w.failed_step, 1);  // 0507 holds an enemy
}
// The reach of unit `unit` in the position `yaml`, read under a designer's spec (a copy of the
// source spec with one table row changed), and the position itself for naming hexes.
struct DesignerReach {
  CaseFile c;
  std::vector<n20::ReachableHex> r;
  // The entry for `hex`, or null when the reach does not include it.
  const n20::ReachableHex* at(const std::string& hex) const {
    const auto it = std::find_if(r.begin(), r.end(), [&](const auto& e) { return e.hex == c.map->hex(hex); });
    return it == r.end() ? nullptr : &*it;
  }
};
DesignerReach reach_under(const std::shared_ptr<const Spec>& spec, const std::string& yaml, const std::string& name,
                          const std::string& unit) {
  DesignerReach d{parse_case_text(spec, yaml, name), {}};
  const auto rules = n20::make_rules(d.c.ruleset, spec);
  Trace t(Trace::Off{}, spec->catalog);
  d.r = n20::reachable_hexes(*rules, *d.c.map, d.c.state, *d.c.state.unit(Symbol(unit)), {}, t);
  return d;
}

// The chart's `move` for a road is data (std:6.6): a designer's chart may make road steps free.
// An infantry unit (allowance 2) then runs the whole 12-hex road north from 1014, to 1002, well
// past the window of allowance + 3 hexes the reach search keeps compact; every ending is still
// found, and the list is in hex order, those outside the window sorted in with the rest.
TEST(Movement, std_6_6_FreeRoadStepsCarryTheReachPastItsWindowInHexOrder) {
  HEXLAW_CITES("std:6.6", "std:6.2");
  const auto spec = Spec::load(testing::whole_spec_with_table_row(
      "jena/terrain.yaml", "free-road", "hazard: false, move: 1}", "hazard: false, move: 0}"));
  const DesignerReach d = reach_under(spec, R"(
title: free road
rules: ["std:6.6"]
map:
  hexsides:
    - {between: ["1014", "1013"], features: [road]}
    - {between: ["1013", "1012"], features: [road]}
    - {between: ["1012", "1011"], features: [road]}
    - {between: ["1011", "1010"], features: [road]}
    - {between: ["1010", "1009"], features: [road]}
    - {between: ["1009", "1008"], features: [road]}
    - {between: ["1008", "1007"], features: [road]}
    - {between: ["1007", "1006"], features: [road]}
    - {between: ["1006", "1005"], features: [road]}
    - {between: ["1005", "1004"], features: [road]}
    - {between: ["1004", "1003"], features: [road]}
    - {between: ["1003", "1002"], features: [road]}
    - {between: ["1002", "1001"], features: [road]}
units:
  - {id: F, side: french, type: infantry, strength: 3, movement: 2, hex: "1014"}
state: {turn: 2, phase: movement, phasing: french}
question: {kind: distance, hexes: ["0101", "0101"]}
)", "free-road", "F");
  const n20::ReachableHex* far = d.at("1002");
  ASSERT_NE(far, nullptr) << "the road's far end, 12 hexes away, is not reached";
  EXPECT_EQ(far->path.size(), 12u);
  EXPECT_EQ(far->mp_left, 3);  // nothing spent: the allowance with the road's +1
  for (std::size_t i = 1; i < d.r.size(); ++i)
    ASSERT_LT(d.r[i - 1].hex, d.r[i].hex) << d.c.map->name(d.r[i - 1].hex) << " is listed before " << d.c.map->name(d.r[i].hex);
}

// The same free road, run the other way round the search's window: from 1014 a road zig-zags
// north and west (1013, 0912, 0911, 0811, 0810, 0709, 0708, 0608, 0607, 0506), ten free steps
// that end at the window's very first cell, five columns and five axial rows back from the unit
// (allowance 2, margin 5). That hex is reached like any other (mutation e212268ed4 kept the
// first cell's best apart from the others and never expanded or listed it).
TEST(Movement, std_6_6_AFreeRoadReachesTheFirstCellOfTheWindow) {
  HEXLAW_CITES("std:6.6");
  const auto spec = Spec::load(testing::whole_spec_with_table_row(
      "jena/terrain.yaml", "free-road", "hazard: false, move: 1}", "hazard: false, move: 0}"));
  const char* road[] = {"1014", "1013", "0912", "0911", "0811", "0810", "0709", "0708", "0608", "0607", "0506"};
  std::string sides;
  for (std::size_t i = 1; i < std::size(road); ++i)
    sides += std::string("    - {between: [\"") + road[i - 1] + "\", \"" + road[i] + "\"], features: [road]}\n";
  const DesignerReach d = reach_under(spec, R"(
title: free road to the corner
rules: ["std:6.6"]
map:
  hexsides:
)" + sides + R"(units:
  - {id: F, side: french, type: infantry, strength: 3, movement: 2, hex: "1014"}
state: {turn: 2, phase: movement, phasing: french}
question: {kind: distance, hexes: ["0101", "0101"]}
)", "free-road-corner", "F");
  for (std::size_t i = 1; i < std::size(road); ++i) {
    const n20::ReachableHex* h = d.at(road[i]);
    ASSERT_NE(h, nullptr) << road[i] << " on the free road is not reached";
    EXPECT_EQ(h->path.size(), i) << road[i];
    EXPECT_EQ(h->mp_left, 3) << road[i];
  }
}

// Each ending shows the legal path that leaves the most MP; a forced stop leaves none, so the
// path that spent least comes first, and only then the one with fewest hexes. Under a designer's
// chart where a town costs 3 MP, infantry with 3 MP at 0505 may enter the town 0605, in the ZOC
// of the enemy at 0705 (std:7.0 stops it there), directly (3 MP, one hex) or by 0504 and the road
// from there (1 + 1 MP, two hexes): the reach shows the cheaper, longer path. With the shipped
// charts every step costs 1 MP and the two orders agree, so only such a chart tells them apart.
TEST(Movement, std_6_0_AForcedStopShowsItsCheapestPathBeforeItsShortest) {
  HEXLAW_CITES("std:6.0", "std:6.6", "std:7.0");
  const auto spec = Spec::load(testing::whole_spec_with_table_row(
      "jena/terrain.yaml", "dear-town", "town:      {move: 1,", "town:      {move: 3,"));
  const DesignerReach d = reach_under(spec, R"(
title: forced stop
rules: ["std:6.0"]
map:
  hexes: {"0605": town}
  hexsides:
    - {between: ["0504", "0605"], features: [road]}
units:
  - {id: F, side: french, type: infantry, strength: 3, movement: 3, hex: "0505"}
  - {id: E, side: prussian, type: infantry, strength: 3, movement: 2, hex: "0705"}
state: {turn: 2, phase: movement, phasing: french}
question: {kind: distance, hexes: ["0101", "0101"]}
)", "forced-stop", "F");
  const n20::ReachableHex* town = d.at("0605");
  ASSERT_NE(town, nullptr) << "the town next to the unit is not reached";
  EXPECT_EQ(town->mp_left, 0);
  ASSERT_EQ(town->path.size(), 2u) << "the direct step (3 MP) was shown rather than the road's way in (2 MP)";
  EXPECT_EQ(town->path[0], d.c.map->hex("0504"));
}

// A Routed unit's reach (std:16.5.2) tries retreats of each length up to its allowance + 1,
// a bound that holds only while every step costs at least 1 MP. Under a designer's chart with
// free road steps it refuses by name rather than cut the reach short; a routed unit's own path
// is still judged, and the standard chart's reach is unchanged.
TEST(Movement, std_16_5_2_ARoutedReachUnderAChartWithAFreeStepIsRefused) {
  HEXLAW_CITES("std:16.5.2");
  const std::string yaml = R"(
title: routed
rules: ["std:16.5.2"]
options: ["std:16.5"]
map: {locs: {french: ["0501"]}}
state: {turn: 2, phase: movement, phasing: french}
units:
  - {id: F, side: french, type: infantry, strength: 3, movement: 2, hex: "0505", markers: [routed]}
  - {id: P, side: prussian, type: infantry, strength: 2, movement: 2, hex: "0509"}
question: {kind: distance, hexes: ["0101", "0101"]}
)";
  const auto free = Spec::load(testing::whole_spec_with_table_row(
      "jena/terrain.yaml", "routed-free-road", "hazard: false, move: 1}", "hazard: false, move: 0}"));
  EXPECT_EQ(free->tables.terrain("jena:table.terrain")->cheapest_step(), 0);
  EXPECT_EQ(testing::source_spec()->tables.terrain("jena:table.terrain")->cheapest_step(), 1);
  for (const auto& spec : {testing::source_spec(), free}) {
    const CaseFile c = parse_case_text(spec, yaml, "routed");
    const auto rules = n20::make_rules(c.ruleset, spec);
    Trace t(Trace::Off{}, spec->catalog);
    const Unit& f = *c.state.unit("F");
    if (spec == free) {
      try {
        n20::reachable_hexes(*rules, *c.map, c.state, f, {}, t);
        ADD_FAILURE() << "a routed reach under a chart with a free step was answered";
      } catch (const RuleRefusal& e) {
        EXPECT_EQ(e.rule(), "std:16.5.2");
        EXPECT_NE(std::string(e.what()).find("has a free step"), std::string::npos) << e.what();
      }
    } else {
      EXPECT_FALSE(n20::reachable_hexes(*rules, *c.map, c.state, f, {}, t).empty());
    }
    EXPECT_TRUE(n20::check_path(*rules, *c.map, c.state, f, {c.map->hex("0504")}, {}, t).legal);
  }
}

// std:11.0 through the C++ API: only a reinforcement waiting off the map enters. A unit already
// on the map asked to move as entering is refused by name, by the path check and by the reach
// alike (the question layer sets `entering` from the unit's status, so only a direct caller
// meets this check); the same unit's ordinary move is legal.
TEST(Movement, std_11_0_OnlyAWaitingReinforcementEnters) {
  HEXLAW_CITES("std:11.0");
  const auto p = testing::InlinePosition(R"(
state: {turn: 3, phase: movement, phasing: french}
map: {entry_areas: {A: ["0101"]}}
units:
  - {id: F, side: french, type: infantry, strength: 3, movement: 2, hex: "0505"}
  - {id: P, side: prussian, type: infantry, strength: 3, movement: 2, hex: "0909"})");
  const Unit& f = *p.c.state.unit("F");
  n20::MoveOptions entering;
  entering.entering = true;
  Trace t(testing::source_spec()->catalog);
  const n20::PathVerdict v = n20::check_path(*p.rules, *p.c.map, p.c.state, f, {p.hex("0101")}, entering, t);
  EXPECT_FALSE(v.legal);
  EXPECT_EQ(v.rule, "std:11.0");
  EXPECT_EQ(v.reason, "F is not a reinforcement waiting to enter");
  Trace r(testing::source_spec()->catalog);
  EXPECT_TRUE(n20::reachable_hexes(*p.rules, *p.c.map, p.c.state, f, entering, r).empty());
  EXPECT_TRUE(r.cites("std:11.0"));
  EXPECT_TRUE(n20::check_path(*p.rules, *p.c.map, p.c.state, f, {p.hex("0506")}, {}, t).legal);
}


// std:6.0 through the C++ API: may_cross judges the hexside between two neighbouring hexes.
// Two hexes that share no hexside have no crossing at all, so the answer is no (the engine's
// own callers ask only of neighbours; a direct caller meets this check).
TEST(Movement, std_6_0_HexesThatShareNoHexsideHaveNoCrossing) {
  HEXLAW_CITES("std:6.0");
  const testing::InlinePosition p(R"(
units:
  - {id: F, side: french, type: infantry, strength: 3, movement: 2, hex: "0505"})");
  EXPECT_TRUE(n20::may_cross(*p.rules, *p.c.map, p.c.state, p.hex("0505"), p.hex("0506")));
  EXPECT_FALSE(n20::may_cross(*p.rules, *p.c.map, p.c.state, p.hex("0505"), p.hex("0508")));
  EXPECT_FALSE(n20::may_cross(*p.rules, *p.c.map, p.c.state, p.hex("0505"), p.hex("0505")));
}

}  // namespace
}  // namespace hexlaw
