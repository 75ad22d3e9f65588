// Owns: the stateful property of Leipzig's optional Lindenau bridge demolition (leipzig:16.10)
// in played games: random legal play on generated Leipzig scenarios with the option keeps the
// laws — a blown bridge never stands again, the bridge falls only by a step whose record cites
// leipzig:16.10 (the French declaration or a demolition roll), the demolition is offered only to
// the French as their Movement Phase ends with the bridge standing, and the log replays the game.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>

#include "engine/play/game.h"
#include "engine/play/generated.h"
#include "engine/play/invariants.h"
#include "tests/support/test_support.h"

namespace hexlaw::play {
namespace {

rc::Gen<GeneratedScenarioSpec> bridge_scenario() {
  return rc::gen::exec([] {
    GeneratedScenarioSpec s;
    s.game = "leipzig";
    s.units_per_side = *rc::gen::inRange(3, 9);
    s.cols = *rc::gen::inRange(15, 19);
    s.rows = *rc::gen::inRange(12, 15);
    s.last_turn = *rc::gen::inRange(2, 7);
    s.night_turns.clear();
    s.events = *rc::gen::arbitrary<bool>();
    s.options = {"leipzig:16.10"};
    s.seed = *rc::gen::inRange<std::uint64_t>(1, 1'000'000);
    return s;
  });
}

RC_GTEST_PROP(LeipzigBridgeProps, TheBridgeFallsOnlyByTheRuleAndNeverStandsAgain, ()) {
  HEXLAW_CITES("leipzig:16.10");
  const GeneratedScenarioSpec spec = *bridge_scenario();
  Game g(generated_scenario(testing::source_spec(), spec), spec.seed);
  const Symbol destroyed("lindenau-bridge-destroyed");
  RandomPolicy p(spec.seed + 5);
  int steps = 0;
  bool blown = false;
  while (!g.over() && steps < 20'000) {
    const Decision& d = g.awaited_actions();
    if (d.kind == DecisionKind::MovementDeclaration) {
      RC_ASSERT(d.side == std::string("french"));
      RC_ASSERT(g.state().phase == Symbol("movement"));
      RC_ASSERT(!g.state().has_marker(destroyed));
    }
    const std::size_t before = g.record().size();
    g.choose(p.choose(g, d));
    ++steps;
    const bool now = g.state().has_marker(destroyed);
    RC_ASSERT(now || !blown);
    if (now && !blown) {  // this step blew it: one of its records cites the rule
      bool cited = false;
      for (std::size_t k = before; k < g.record().size(); ++k) {
        const auto& r = g.record()[k].rules;
        cited = cited || std::find(r.begin(), r.end(), "leipzig:16.10") != r.end();
      }
      RC_ASSERT(cited);
    }
    blown = now;
    for (const auto& v : invariant_violations(g)) RC_FAIL(v);
  }
  RC_ASSERT(g.over());
  RC_CLASSIFY(blown, "bridge blown");
  const Game again = replay(g.scenario_ptr(), g.log());
  RC_ASSERT(again.state() == g.state());
  RC_ASSERT(again.record() == g.record());
}

}  // namespace
}  // namespace hexlaw::play
