// Owns: speed and memory targets for whole games (issue targets: random-legal complete games
// of 12 turns on a generated 20-units-a-side scenario, 1,000 games a second on one core;
// copying a game state to branch it under 1 µs and 4 KB for 40 units; memory flat over
// 10,000 games in one process). Run with `make bench`; results in docs/benchmarks.md.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <fstream>
#include <string>

#include "engine/play/game.h"
#include "engine/play/generated.h"
#include "tests/support/source_spec.h"

namespace hexlaw::play {
namespace {

std::shared_ptr<const Scenario> twenty_a_side() {
  static const auto sc = [] {
    GeneratedScenarioSpec spec;
    spec.units_per_side = 20;
    spec.last_turn = 12;
    spec.night_turns = {6};
    spec.seed = 2026;
    return generated_scenario(testing::source_spec(), spec);
  }();
  return sc;
}

// A game some turns in: units moved, some broken, the record filled.
Game midgame() {
  Game g(twenty_a_side(), 99);
  RandomPolicy p(99);
  while (!g.over() && g.position().turn < 5) play(g, p, 1);
  return g;
}

long rss_kb() {
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
  return -1;
}

// Plays one complete game per iteration with a fresh `PolicyT(seed)`, counting games a second,
// decisions and Game Turns a game, and the share of games that reach the end of the last turn.
template <class PolicyT>
void play_games(benchmark::State& st) {
  const auto sc = twenty_a_side();
  std::uint64_t seed = 1;
  std::size_t decisions = 0, turns = 0, to_the_end = 0;
  for (auto _ : st) {
    Game g(sc, seed);
    PolicyT p(seed++);
    decisions += play(g, p);
    turns += static_cast<std::size_t>(g.position().turn);
    to_the_end += g.result().level != "decisive" ? 1 : 0;
    benchmark::DoNotOptimize(g.result());
  }
  const auto n = static_cast<double>(st.iterations());
  st.counters["games/s"] = benchmark::Counter(n, benchmark::Counter::kIsRate);
  st.counters["decisions/game"] = static_cast<double>(decisions) / n;
  st.counters["turns/game"] = static_cast<double>(turns) / n;
  st.counters["share_to_last_turn"] = static_cast<double>(to_the_end) / n;
}

void BM_RandomGame12Turns20ASide(benchmark::State& st) { play_games<RandomPolicy>(st); }
BENCHMARK(BM_RandomGame12Turns20ASide)->Unit(benchmark::kMillisecond);

// Random among the legal choices, except that morale is never spent by choice (no forced
// march, no reserves, no paid rally): games then last longer, closer to the 12 turns.
class ThriftyRandomPolicy : public Policy {
 public:
  explicit ThriftyRandomPolicy(std::uint64_t seed) : rng_(seed) {}
  std::size_t choose(const Game&, const Decision& d) override {
    kept_.clear();
    for (std::size_t i = 0; i < d.size(); ++i) {
      const ActionKind k = d.actions[i].kind;
      if (k != ActionKind::ForcedMarch && k != ActionKind::CommitReserves && k != ActionKind::RallySpendingPoint)
        kept_.push_back(i);
    }
    return kept_[static_cast<std::size_t>(rng_.next_u64() % kept_.size())];
  }
  bool reads_choices() const override { return false; }  // the actions' kinds only

 private:
  SeededDice rng_;
  std::vector<std::size_t> kept_;
};

void BM_ThriftyRandomGame12Turns20ASide(benchmark::State& st) { play_games<ThriftyRandomPolicy>(st); }
BENCHMARK(BM_ThriftyRandomGame12Turns20ASide)->Unit(benchmark::kMillisecond);

// Copying the game state alone (the position a branch needs: 40 units, morale, markers).
void BM_CopyGameState40Units(benchmark::State& st) {
  const Game g = midgame();
  for (auto _ : st) {
    GameState copy = g.state();
    benchmark::DoNotOptimize(copy);
  }
  // Units are flat records; their names are interned once per process, not per copy. The unit
  // list is counted as the pool block a copy holds (its size class), not the bytes it asks for.
  const GameState& s = g.state();
  std::size_t bytes = sizeof(GameState) + recycled_detail::block_bytes(s.units.size() * sizeof(Unit)) +
                      s.markers.size() * sizeof(Symbol);
  st.counters["state_bytes"] = static_cast<double>(bytes);
  st.counters["units"] = static_cast<double>(g.state().units.size());
}
BENCHMARK(BM_CopyGameState40Units);

// Copying the whole game (state, deck, record, log) as Python's game.copy() does.
void BM_BranchWholeGame(benchmark::State& st) {
  const Game g = midgame();
  for (auto _ : st) {
    Game copy = g;
    benchmark::DoNotOptimize(copy);
  }
  st.counters["game_bytes"] = static_cast<double>(g.footprint_bytes());
}
BENCHMARK(BM_BranchWholeGame);

// 10,000 games in one process: resident memory after the first 1,000 and after all of them.
void BM_MemoryOver10000Games(benchmark::State& st) {
  const auto sc = twenty_a_side();
  for (auto _ : st) {
    long after_1000 = 0;
    for (std::uint64_t seed = 1; seed <= 10'000; ++seed) {
      Game g(sc, seed);
      RandomPolicy p(seed);
      play(g, p);
      if (seed == 1'000) after_1000 = rss_kb();
    }
    const long after_all = rss_kb();
    st.counters["rss_kb_after_1000"] = static_cast<double>(after_1000);
    st.counters["rss_kb_after_10000"] = static_cast<double>(after_all);
    st.counters["growth_kb"] = static_cast<double>(after_all - after_1000);
  }
}
BENCHMARK(BM_MemoryOver10000Games)->Iterations(1)->Unit(benchmark::kSecond);

}  // namespace
}  // namespace hexlaw::play
