// Owns: example tests of the played game's turn seams: the rule set gives the phases and is
// called at every phase, Player Turn and Game Turn boundary (the hooks a game's weather,
// command confusion or sudden death plug into), and the per-phase counters kept in the state.
#include <gtest/gtest.h>

#include "engine/core/catalog.h"
#include "engine/core/tables.h"
#include "engine/play/game.h"
#include "engine/play/generated.h"
#include "tests/support/test_support.h"

namespace hexlaw::play {
namespace {

// A rule set that counts the boundaries it is told of, and (optionally) drops Reaction
// Phases, as a game with no reactions would.
class CountingRules : public n20::N20Rules {
 public:
  using N20Rules::N20Rules;
  mutable int phase_starts = 0, player_turn_ends = 0, game_turn_ends = 0;
  mutable bool saw_reaction = false;
  bool drop_reactions = false;
  std::vector<n20::Phase> player_turn_phases(const n20::Calendar& cal, int turn) const override {
    auto phases = N20Rules::player_turn_phases(cal, turn);
    if (drop_reactions) std::erase(phases, n20::Phase::Reaction);
    return phases;
  }
  void at_phase_start(n20::Phase p, GameState& s, DiceSource&, Trace&) const override {
    ++phase_starts;
    saw_reaction = saw_reaction || p == n20::Phase::Reaction;
    EXPECT_EQ(s.counters, PhaseCounters{}) << "counters are reset before the hook";
  }
  void at_player_turn_end(std::string_view, GameState&, DiceSource&, Trace&) const override { ++player_turn_ends; }
  void at_game_turn_end(int, GameState&, DiceSource&, Trace&) const override { ++game_turn_ends; }
};

struct Played {
  std::shared_ptr<const CountingRules> rules;
  Game game;
  int max_moved = 0;  // the most units moved in one phase, as the state counted them
};

Played play_with(bool drop_reactions, std::uint64_t seed) {
  GeneratedScenarioSpec spec;
  spec.seed = seed;
  spec.last_turn = 3;
  spec.night_turns = {};
  auto sc = std::make_shared<Scenario>(*generated_scenario(testing::source_spec(), spec));
  std::shared_ptr<CountingRules> rules = n20::make_layer<CountingRules>(sc->ruleset, testing::source_spec());
  rules->drop_reactions = drop_reactions;
  sc->rules = rules;
  Game g(sc, seed);
  RandomPolicy p(seed + 11);
  int max_moved = 0;
  while (!g.over()) {
    g.choose(p.choose(g, g.decision()));
    max_moved = std::max(max_moved, g.state().counters.units_moved);
    if (g.state().phase != Symbol("movement")) EXPECT_EQ(g.state().counters.units_moved, 0);
  }
  return {rules, std::move(g), max_moved};
}

TEST(TurnHooks, std_4_0_TheRuleSetIsToldOfEveryBoundary) {
  HEXLAW_CITES("std:4.0");
  int full = 0;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    Played p = play_with(false, seed);
    const CountingRules& r = *p.rules;
    EXPECT_GT(r.phase_starts, 0);
    EXPECT_TRUE(r.saw_reaction);
    // Every Player Turn that ended was announced; a game that ran its course ends 3 Game Turns.
    EXPECT_LE(r.game_turn_ends, 3);
    EXPECT_GE(r.player_turn_ends, 2 * r.game_turn_ends);
    if (p.game.result().level != "decisive") {
      EXPECT_EQ(r.game_turn_ends, 3);
      EXPECT_EQ(r.player_turn_ends, 6);
      EXPECT_EQ(r.phase_starts, 6 * 4);
      ++full;
    }
    EXPECT_GT(p.max_moved, 0) << "some Movement Phase moved units";
  }
  EXPECT_GT(full, 0) << "at least one game ran all its turns";
}

TEST(TurnHooks, std_4_0_ThePhasesComeFromTheRuleSet) {
  HEXLAW_CITES("std:4.0");
  Played p = play_with(true, 3);
  EXPECT_FALSE(p.rules->saw_reaction);
  for (const auto& line : p.game.record()) EXPECT_EQ(line.text.find("reaction phase"), std::string::npos) << line.text;
}

}  // namespace
}  // namespace hexlaw::play
