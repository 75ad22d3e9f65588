// Owns: stateful properties of played Dresden 20 games (engine/play/ under the Dresden layer,
// engine/n20/games/dresden*.cc) with RapidCheck's rc::state: random legal play on generated
// Dresden scenarios (engine/play/generated_dresden.h), checking after every step the game's
// invariants and Dresden's own laws — garrisons never leave their hexes (dresden:9.10), no more
// Allied units move in a Movement Phase than the confusion roll allows (dresden:3.1), the lifting
// of the limit and each catastrophe happen at most once (dresden:3.1, 12.7), Meissen holds one
// unit at most and keeps it (dresden:3.2) — and that a seeded
// game replays exactly from its log.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>
#include <rapidcheck/state.h>

#include <algorithm>
#include <map>
#include <vector>

#include "engine/n20/games/dresden.h"
#include "engine/play/game.h"
#include "engine/play/generated_dresden.h"
#include "engine/play/invariants.h"
#include "properties/game_commands.h"
#include "tests/support/test_support.h"

namespace hexlaw::play {
namespace {

rc::Gen<DresdenScenarioSpec> dresden_spec() {
  return rc::gen::exec([] {
    DresdenScenarioSpec s;
    s.units_per_side = *rc::gen::inRange(2, 9);
    s.last_turn = *rc::gen::inRange(1, 10);  // Au IV rolls from Turn 7 (3.2)
    if (*rc::gen::arbitrary<bool>()) s.options.insert("dresden:16.8");
    s.seed = *rc::gen::inRange<std::uint64_t>(1, 1'000'000);
    return s;
  });
}

// Where each garrison stood when the game began.
std::map<Symbol, Hex> garrison_hexes(const Game& g) {
  std::map<Symbol, Hex> out;
  for (const Unit& u : g.scenario().initial.units)
    if (u.type == UnitType::Garrison) out[u.id] = u.hex;
  return out;
}

int cites_in_record(const Game& g, std::string_view rule) {
  int n = 0;
  for (const GameEvent& e : g.record())
    for (const auto& r : e.rules) n += r == rule ? 1 : 0;
  return n;
}

// The laws every step must keep, given the game before and after it.
void check_dresden_step(const Game& before, const Game& after) {
  for (const auto& v : invariant_violations(after)) RC_FAIL(v);
  const GameState& s = after.state();
  // dresden:9.10: a garrison on the map stands where it began (taken ones are off the map).
  const auto start = garrison_hexes(after);
  for (const Unit& u : s.units)
    if (u.type == UnitType::Garrison && u.on_map()) RC_ASSERT(u.hex == start.at(u.id));
  // dresden:3.1: never more Allied units moved than the roll allows.
  const auto& rules = dynamic_cast<const n20::DresdenRules&>(*after.scenario().rules);
  if (const auto limit = n20::DresdenRules::confusion_limit(s)) {
    RC_ASSERT(s.phasing != "french");
    RC_ASSERT(rules.confusion_moves(s) <= *limit);
  }
  // Once lifted, lifted for good; each catastrophe once a game.
  for (const char* m : {"confusion-lifted", "catastrophe-one-dresden-hex", "catastrophe-both-dresden-hexes",
                        "dresden-garrison-destroyed"})
    if (before.state().has_marker(m)) RC_ASSERT(s.has_marker(m));
  RC_ASSERT(cites_in_record(after, "dresden:12.7") <= 2);
  // dresden:3.2: the Meissen box holds at most one unit, and once in it a unit stays there, off
  // the map (the generated games use the default dresden.meissen_au4_may_leave=stays); Au IV
  // never comes on before Turn 7.
  const auto occupants = [](const GameState& g) {
    std::vector<Symbol> out;
    for (Symbol m : g.markers)
      if (m.view().starts_with("meissen:")) out.push_back(m);
    return out;
  };
  const auto was = occupants(before.state()), now = occupants(s);
  RC_ASSERT(now.size() <= 1u);
  if (!was.empty()) RC_ASSERT(now == was);
  if (const Unit* in = n20::DresdenRules::meissen_occupant(s)) {
    RC_ASSERT(in->status == UnitStatus::Pending);
    RC_ASSERT(in->arrival_turn == n20::DresdenRules::kHeldInMeissen);
  }
  if (const Unit* au4 = s.unit("AU4"); au4 && au4->on_map()) RC_ASSERT(s.turn >= 7);
  RC_ASSERT(after.log().decisions.size() == before.log().decisions.size() + 1);
}

using Decide = props::Decide<check_dresden_step>;
using PlayOn = props::PlayOn<check_dresden_step, 120>;
using props::ReplayLog;

RC_GTEST_PROP(DresdenGameProps, RandomDresdenPlayKeepsGarrisonsConfusionAndCatastrophes, ()) {
  HEXLAW_CITES("dresden:9.10", "dresden:3.1", "dresden:12.7", "dresden:5.1", "dresden:3.2");
  const DresdenScenarioSpec spec = *dresden_spec();
  const auto scenario = dresden_scenario(testing::source_spec(), spec);
  const Game initial(scenario, spec.seed * 17 + 3);
  Game sut = initial;
  rc::state::check(initial, sut, rc::state::gen::execOneOfWithArgs<Decide, PlayOn, PlayOn, ReplayLog>());
}

// A whole seeded game, played to its end by random choices, replays exactly from its log.
TEST(DresdenGame, ASeededGameReplaysExactlyFromItsLog) {
  HEXLAW_CITES("dresden:3.1", "dresden:5.1", "dresden:9.10");
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    const auto scenario = dresden_scenario(testing::source_spec(), {.units_per_side = 8, .last_turn = 6, .seed = seed});
    Game g(scenario, seed);
    RandomPolicy p(seed + 100);
    play(g, p);
    EXPECT_TRUE(g.over());
    const Game again = replay(scenario, g.log());
    EXPECT_EQ(again.state(), g.state());
    EXPECT_EQ(again.record(), g.record());
    EXPECT_GT(cites_in_record(g, "dresden:3.1"), 0) << seed;
  }
}

}  // namespace
}  // namespace hexlaw::play
