// Owns: speed targets for movement (issue #10's target: the reachability query of one MA 4
// unit on a 25x17 map with 40 units, index built inside the call, at most 3 µs). Run with
// `make bench`.
#include <benchmark/benchmark.h>

#include "engine/core/catalog.h"
#include "engine/core/tables.h"
#include "engine/n20/movement.h"
#include "engine/n20/position_index.h"
#include "tests/support/source_spec.h"

namespace hexlaw {
namespace {

struct Scene {
  Map map{ColumnLayout::OddColumnsLow};
  GameState state;
  std::unique_ptr<n20::N20Rules> rules;
  Scene() {
    map.set_bounds(MapBounds{1, 25, 1, 17});
    // A fixed, varied battlefield: woods, rough, towns, a river with two bridges and a road.
    std::uint64_t x = 12345;
    auto next = [&] { return (x = x * 6364136223846793005ULL + 1442695040888963407ULL) >> 33; };
    for (int c = 1; c <= 25; ++c)
      for (int r = 1; r <= 17; ++r) {
        const Hex h = to_axial({c, r}, map.layout());
        const auto roll = next() % 20;
        map.set_terrain(h, roll < 2 ? "forest" : roll < 3 ? "rough" : roll < 4 ? "town" : "open");
      }
    for (int r = 1; r <= 17; ++r) {
      auto side = Hexside::between(to_axial({12, r}, map.layout()), to_axial({13, r}, map.layout()));
      map.add_feature(*side, "major_river");
      if (r == 5 || r == 12) map.add_feature(*side, "bridge");
    }
    for (int c = 1; c < 25; ++c) {
      auto side = Hexside::between(to_axial({c, 9}, map.layout()), to_axial({c + 1, c % 2 ? 9 : 8}, map.layout()));
      if (side) map.add_feature(*side, "road");
    }
    int id = 0;
    for (int i = 0; i < 40; ++i) {
      Unit u;
      u.id = "U" + std::to_string(id++);
      u.side = i < 20 ? "french" : "prussian";
      u.type = i % 4 == 0 ? UnitType::Cavalry : UnitType::Infantry;
      u.strength = 2;
      u.movement = u.type == UnitType::Cavalry ? 4 : 2;
      const int col = i < 20 ? 2 + (i % 5) * 2 : 15 + (i % 5) * 2;
      u.hex = to_axial({col, 2 + (i % 20) / 5 * 4}, map.layout());
      state.units.push_back(u);
    }
    Unit mover;
    mover.id = "MOVER";
    mover.side = "french";
    mover.type = UnitType::Cavalry;
    mover.strength = 1;
    mover.movement = 4;
    mover.hex = to_axial({9, 9}, map.layout());
    state.units.push_back(mover);
    rules = n20::make_rules(n20::RulesetChoice{}, testing::source_spec());
  }
};

void BM_ReachMA4(benchmark::State& bench) {
  Scene s;
  const Unit& u = *s.state.unit("MOVER");
  n20::MoveOptions opt;
  std::size_t hexes = 0;
  for (auto _ : bench) {
    Trace t(Trace::Off{}, testing::source_spec()->catalog);
    auto r = n20::reachable_hexes(*s.rules, s.map, s.state, u, opt, t);
    hexes = r.size();
    benchmark::DoNotOptimize(r);
  }
  bench.counters["reachable"] = static_cast<double>(hexes);
}
BENCHMARK(BM_ReachMA4)->Unit(benchmark::kMicrosecond);

// The same query when the position's index is shared, as when a game asks for the moves of
// every unit of a side in one position: per-query cost without rebuilding the index.
void BM_ReachMA4_SharedIndex(benchmark::State& bench) {
  Scene s;
  const Unit& u = *s.state.unit("MOVER");
  n20::PositionIndex index(*s.rules, s.map, s.state);
  n20::MoveOptions opt;
  for (auto _ : bench) {
    Trace t(Trace::Off{}, testing::source_spec()->catalog);
    auto r = n20::reachable_hexes(index, u, opt, t);
    benchmark::DoNotOptimize(r);
  }
}
BENCHMARK(BM_ReachMA4_SharedIndex)->Unit(benchmark::kMicrosecond);

// Building the index of the whole 25x17 position once.
void BM_PositionIndex(benchmark::State& bench) {
  Scene s;
  for (auto _ : bench) {
    n20::PositionIndex index(*s.rules, s.map, s.state);
    benchmark::DoNotOptimize(index);
  }
}
BENCHMARK(BM_PositionIndex)->Unit(benchmark::kMicrosecond);

void BM_CheckPath(benchmark::State& bench) {
  Scene s;
  const Unit& u = *s.state.unit("MOVER");
  Trace probe(Trace::Off{}, testing::source_spec()->catalog);
  auto reach = n20::reachable_hexes(*s.rules, s.map, s.state, u, {}, probe);
  const auto& longest = *std::max_element(reach.begin(), reach.end(),
                                          [](const auto& a, const auto& b) { return a.path.size() < b.path.size(); });
  for (auto _ : bench) {
    Trace t(Trace::Off{}, testing::source_spec()->catalog);
    benchmark::DoNotOptimize(n20::check_path(*s.rules, s.map, s.state, u, longest.path, {}, t));
  }
}
BENCHMARK(BM_CheckPath)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace hexlaw
