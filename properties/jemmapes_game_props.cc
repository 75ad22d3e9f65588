// Owns: properties of the played Jemmapes round (jemmapes:2.0): on random generated scenarios
// played with random choices, every visited state keeps the game's laws (stacking, one facing a
// hex, no enemies sharing a hex), each round activates every formation exactly once, and the log
// replays the same game.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "engine/play/jemmapes_game.h"
#include "tests/support/test_support.h"

namespace hexlaw::play {
namespace {

RC_GTEST_PROP(JemmapesGameProps, EveryFormationOnceARoundAndReplayGivesTheSameGame, ()) {
  HEXLAW_CITES("jemmapes:2.0", "jemmapes:1.4");
  const int formations = *rc::gen::inRange(1, 3), units = *rc::gen::inRange(1, 4), rounds = *rc::gen::inRange(1, 3);
  const auto seed = *rc::gen::inRange<std::uint64_t>(1, 1u << 30);
  const auto s = jemmapes_generated_scenario(testing::source_spec(), formations, units, rounds, seed);
  JemmapesGame g(s, seed + 1);
  SeededDice rng(*rc::gen::inRange<std::uint64_t>(1, 1u << 30));
  int steps = 0;
  while (!g.over()) {
    const auto bad = g.invariant_violations();
    RC_ASSERT(bad.empty());
    RC_ASSERT(++steps < 5000);
    g.choose(static_cast<std::size_t>(rng.roll(static_cast<int>(g.decision().choices.size()), "jemmapes:2.0", "property") - 1));
  }
  // Every round played activated each of the 2 x formations exactly once (or the game ended
  // early on 8 French VP).
  if (g.french_vp() < 8) {
    RC_ASSERT(g.activations().size() == static_cast<std::size_t>(rounds));
    for (const auto& [round, counts] : g.activations()) {
      RC_ASSERT(counts.size() == static_cast<std::size_t>(2 * formations));
      for (const auto& [f, n] : counts) RC_ASSERT(n == 1);
    }
  }
  const JemmapesGame r = replay(s, g.log());
  RC_ASSERT(r.record().size() == g.record().size());
  for (std::size_t i = 0; i < r.record().size(); ++i) RC_ASSERT(r.record()[i].text == g.record()[i].text);
  RC_ASSERT(r.position().units.size() == g.position().units.size());
  for (std::size_t i = 0; i < r.position().units.size(); ++i) {
    RC_ASSERT(r.position().units[i].hex == g.position().units[i].hex);
    RC_ASSERT(r.position().units[i].level == g.position().units[i].level);
  }
  RC_ASSERT(r.winner() == g.winner());
}

}  // namespace
}  // namespace hexlaw::play
