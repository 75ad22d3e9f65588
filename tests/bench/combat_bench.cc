// Owns: speed targets for combat (issue targets: exact odds of three attackers against two
// defenders with routs through enemy-ZOC hexes under 50 µs; every retreat path for distance 6
// on a crowded map under 20 µs), and the peak memory of the largest odds enumeration.
// Three attackers cannot all be adjacent to two defenders (two neighbouring hexes share only two
// neighbours, std:9.2.2), so the odds target is measured as two battles: 2 against 2, and 3
// against 1, both with retreats into enemy ZOCs.
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include "engine/core/catalog.h"
#include "engine/core/tables.h"
#include "engine/n20/battle_odds.h"
#include "engine/n20/resolution.h"
#include "engine/n20/retreat.h"
#include "engine/questions/ask.h"
#include "engine/questions/case_file.h"
#include "tests/support/source_spec.h"

namespace hexlaw {
namespace {

Unit make(const std::string& id, const std::string& side, UnitType type, int strength, int movement, Printed at) {
  Unit u;
  u.id = id, u.side = side, u.type = type, u.strength = strength, u.movement = movement;
  u.hex = to_axial(at, ColumnLayout::OddColumnsLow);
  return u;
}

struct Field {
  Map map{ColumnLayout::OddColumnsLow};
  GameState state;
  std::unique_ptr<n20::N20Rules> rules = n20::make_rules({}, testing::source_spec());
  Field() {
    map.set_bounds({1, 25, 1, 17});
    map.add_loc("prussian", to_axial({12, 17}, map.layout()));
    map.add_loc("french", to_axial({12, 1}, map.layout()));
    // D1 and D2 stand side by side; A1 and A2 are in the two hexes next to both; A3 is next to
    // D2 only. F1 and F2 put the Prussians' southern retreat hexes in French ZOCs.
    state.units = {make("A1", "french", UnitType::Infantry, 4, 2, {13, 8}),
                   make("A2", "french", UnitType::Cavalry, 2, 3, {12, 10}),
                   make("A3", "french", UnitType::Infantry, 3, 2, {14, 9}),
                   make("F1", "french", UnitType::Infantry, 1, 2, {10, 10}),
                   make("F2", "french", UnitType::Infantry, 1, 2, {14, 11}),
                   make("F3", "french", UnitType::Infantry, 1, 2, {11, 12}),
                   make("D1", "prussian", UnitType::Infantry, 3, 2, {12, 9}),
                   make("D2", "prussian", UnitType::Infantry, 2, 2, {13, 9})};
    state.morale = {{"french", 6}, {"prussian", 6}};
  }
};

void odds(benchmark::State& bench, const n20::BattleDeclaration& b) {
  Field f;
  std::size_t outcomes = 0;
  for (auto _ : bench) {
    n20::ResolutionPolicy policy;
    policy.group_battle_die = true;
    Trace t(Trace::Off{}, testing::source_spec()->catalog);
    auto result = n20::battle_odds(*f.rules, f.map, f.state, b, policy, t);
    outcomes = result.size();
    benchmark::DoNotOptimize(result);
  }
  struct rusage usage {};
  getrusage(RUSAGE_SELF, &usage);
  bench.counters["outcomes"] = static_cast<double>(outcomes);
  bench.counters["peak_rss_kb"] = static_cast<double>(usage.ru_maxrss);
}

void BM_ExactOdds2v2(benchmark::State& bench) { odds(bench, {{"A1", "A2"}, {"D1", "D2"}}); }
BENCHMARK(BM_ExactOdds2v2)->Unit(benchmark::kMicrosecond);
void BM_ExactOdds3v1(benchmark::State& bench) { odds(bench, {{"A1", "A2", "A3"}, {"D2"}}); }
BENCHMARK(BM_ExactOdds3v1)->Unit(benchmark::kMicrosecond);

// One line of the same 2 against 2 battle resolved as a played game resolves it: seeded dice
// that keep no roll log, as a game's do (the seeds 1 to 64 in turn, so the lines average over
// the results), no trace, the stated policy choosing every retreat. The profile of battle
// resolution alone.
void BM_ResolveBattle2v2(benchmark::State& bench) {
  Field f;
  const n20::BattleDeclaration b{{"A1", "A2"}, {"D1", "D2"}};
  n20::ResolutionPolicy policy;
  policy.group_battle_die = true;
  std::uint64_t seed = 0;
  for (auto _ : bench) {
    SeededDice dice(seed++ % 64 + 1);
    dice.keep_no_log();
    Trace t(Trace::Off{}, testing::source_spec()->catalog);
    auto outcome = n20::resolve_battle(*f.rules, f.map, f.state, b, policy, dice, t);
    benchmark::DoNotOptimize(outcome);
  }
}
BENCHMARK(BM_ResolveBattle2v2)->Unit(benchmark::kMicrosecond);

// The same 2 against 2 battle asked as a rules lawyer would, through ask() on an already
// parsed case. BM_AskOdds2v2 is the odds question (the issue's target: each distinct outcome
// with its exact probability and every distinct citation with its reason); the resolve
// question enumerated shows every face rolled and the advance after each line, so its
// outcomes rarely merge (BM_AskResolveEnumerated2v2, for comparison).
const char* kAsk2v2 = R"(
title: the 2 v 2 benchmark battle, exact odds
map: {bounds: {cols: [1, 25], rows: [1, 17]}, locs: {french: ["1201"], prussian: ["1217"]}}
units:
  - {id: A1, side: french, type: infantry, strength: 4, movement: 2, hex: "1308"}
  - {id: A2, side: french, type: cavalry, strength: 2, movement: 3, hex: "1210"}
  - {id: A3, side: french, type: infantry, strength: 3, movement: 2, hex: "1409"}
  - {id: F1, side: french, type: infantry, strength: 1, movement: 2, hex: "1010"}
  - {id: F2, side: french, type: infantry, strength: 1, movement: 2, hex: "1411"}
  - {id: F3, side: french, type: infantry, strength: 1, movement: 2, hex: "1112"}
  - {id: D1, side: prussian, type: infantry, strength: 3, movement: 2, hex: "1209"}
  - {id: D2, side: prussian, type: infantry, strength: 2, movement: 2, hex: "1309"}
state: {phase: combat, phasing: french, morale: {french: 6, prussian: 6}}
question: {kind: KIND, attackers: [A1, A2], defenders: [D1, D2]}
dice: enumerate
)";

void ask_2v2(benchmark::State& bench, const std::string& kind) {
  std::string text = kAsk2v2;
  text.replace(text.find("KIND"), 4, kind);
  const CaseFile c = parse_case_text(testing::source_spec(), text, "bench-2v2");
  std::size_t outcomes = 0;
  for (auto _ : bench) {
    Answer a = ask(c);
    outcomes = a.outcome["odds"].size();
    benchmark::DoNotOptimize(a);
  }
  bench.counters["outcomes"] = static_cast<double>(outcomes);
}
void BM_AskOdds2v2(benchmark::State& bench) { ask_2v2(bench, "odds"); }
BENCHMARK(BM_AskOdds2v2)->Unit(benchmark::kMicrosecond);
void BM_AskResolveEnumerated2v2(benchmark::State& bench) { ask_2v2(bench, "resolve"); }
BENCHMARK(BM_AskResolveEnumerated2v2)->Unit(benchmark::kMicrosecond);

void retreat(benchmark::State& bench, int distance) {
  Field f;
  const Unit& d = *f.state.unit("D1");
  std::size_t paths = 0;
  for (auto _ : bench) {
    Trace t(Trace::Off{}, testing::source_spec()->catalog);
    auto r = n20::retreat_paths(*f.rules, f.map, f.state, d, distance, std::nullopt, t);
    paths = r.paths.size();
    benchmark::DoNotOptimize(r);
  }
  bench.counters["paths"] = static_cast<double>(paths);
}
void BM_RetreatPathsDistance6(benchmark::State& bench) { retreat(bench, 6); }
BENCHMARK(BM_RetreatPathsDistance6)->Unit(benchmark::kMicrosecond);
// The short retreats most battles meet: exact odds search one for each rout distance.
void BM_RetreatPathsDistance2(benchmark::State& bench) { retreat(bench, 2); }
BENCHMARK(BM_RetreatPathsDistance2)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace hexlaw
