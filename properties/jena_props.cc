// Owns: properties of whole Jena-layer games (generated scenarios with game: jena): Sudden Death
// ends a game only at the end of Turns 10 to 12 and on a roll the record shows (jena:4.1);
// Bernadotte's I Corps never stands on the map before Turn 5, nor before a roll of 1 let it in
// (jena:3.1); the set-aside Bavarians and SW - CB come only through their event card; and every
// game replays exactly from its log.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>

#include "engine/n20/games/jena.h"
#include "engine/play/game.h"
#include "engine/play/generated.h"
#include "engine/play/invariants.h"
#include "tests/support/test_support.h"

namespace hexlaw::play {
namespace {

rc::Gen<GeneratedScenarioSpec> jena_scenario() {
  return rc::gen::exec([] {
    GeneratedScenarioSpec s;
    s.game = "jena";
    s.units_per_side = *rc::gen::inRange(2, 7);
    s.cols = *rc::gen::inRange(12, 16);
    s.rows = *rc::gen::inRange(8, 12);
    s.last_turn = *rc::gen::inRange(5, 14);
    s.night_turns.clear();
    if (*rc::gen::arbitrary<bool>()) s.night_turns.insert(*rc::gen::inRange(1, s.last_turn + 1));
    s.events = *rc::gen::arbitrary<bool>();
    s.seed = *rc::gen::inRange<std::uint64_t>(1, 1'000'000);
    return s;
  });
}

bool cites(const GameEvent& e, const char* rule) { return std::find(e.rules.begin(), e.rules.end(), rule) != e.rules.end(); }

RC_GTEST_PROP(JenaProps, jena_4_1_SuddenDeathEndsAGameOnlyAtTheEndOfTurnsTenToTwelve, ()) {
  HEXLAW_CITES("jena:4.1");
  const GeneratedScenarioSpec spec = *jena_scenario();
  const auto scenario = generated_scenario(testing::source_spec(), spec);
  Game g(scenario, spec.seed);
  RandomPolicy p(spec.seed + 3);
  play(g, p);
  RC_ASSERT(g.over());
  for (const auto& v : invariant_violations(g)) RC_FAIL(v);
  for (const GameEvent& e : g.record())
    if (cites(e, "jena:4.1")) RC_ASSERT(e.turn >= 10 && e.turn <= 12);
  bool someone_at_zero = false;
  for (const auto& [track, m] : g.state().morale) someone_at_zero = someone_at_zero || m == 0;
  const bool early = g.state().has_marker(n20::N20Rules::kGameEndsMarker);
  RC_CLASSIFY(early, "sudden death");
  if (early) {
    RC_ASSERT(g.position().turn >= 10 && g.position().turn <= 12);
    RC_ASSERT(g.result().over && g.result().level != "none");
  }
  const Game again = replay(scenario, g.log());
  RC_ASSERT(again.state() == g.state());
  RC_ASSERT(again.record() == g.record());
  (void)someone_at_zero;
}

RC_GTEST_PROP(JenaProps, jena_3_1_ICorpsAndTheSetAsideUnitsArriveOnlyAsTheirRulesAllow, ()) {
  HEXLAW_CITES("jena:3.1", "jena:3.2");
  const GeneratedScenarioSpec spec = *jena_scenario();
  Game g(generated_scenario(testing::source_spec(), spec), spec.seed);
  RandomPolicy p(spec.seed + 5);
  bool rolled = false, card_drawn = false, entered = false;
  int slipped_to = 5;  // I Corps' arrival turn while it waits: never earlier, one turn at a time
  while (!g.over()) {
    g.choose(p.choose(g, g.decision()));
    for (const GameEvent& e : g.record()) {
      rolled = rolled || (cites(e, "jena:3.1") && e.turn >= 5);
      card_drawn = card_drawn || e.text.find("reinforcements") != std::string::npos;
    }
    const Unit* corps = g.state().unit("I");
    if (corps && corps->status == UnitStatus::Pending) {
      RC_ASSERT(corps->arrival_turn >= slipped_to);
      RC_ASSERT(corps->arrival_turn <= std::max(5, g.state().turn + 1));
      slipped_to = corps->arrival_turn;
    }
    if (corps && corps->on_map()) {
      entered = true;
      RC_ASSERT(g.state().turn >= 5);
      RC_ASSERT(rolled);
    }
    for (const char* id : {"Bav", "SW - CB"})
      if (const Unit* u = g.state().unit(id); u && u->on_map()) RC_ASSERT(card_drawn);
  }
  RC_CLASSIFY(entered, "I Corps entered");
}

// jena:3.0: a unit with a designation of the setup lists is Elite exactly when it is IG or
// H - Res, and a Guard exactly when it is IG, whatever its counter flags; any other unit keeps
// its flags.
RC_GTEST_PROP(JenaProps, jena_3_0_EliteAndGuardFollowTheDesignationNotTheFlags, ()) {
  HEXLAW_CITES("jena:3.0", "jena:table.order-of-battle");
  static const auto rules = n20::make_rules(n20::RulesetChoice{.game = "jena"}, testing::source_spec());
  static const char* kIds[] = {"IG", "H - Res", "H - LW", "VII", "Res", "B - 1", "SW - CB", "Bav", "X", "Guard", "F0"};
  Unit u;
  u.id = Symbol(kIds[*rc::gen::inRange<std::size_t>(0, std::size(kIds))]);
  u.side = Symbol(*rc::gen::element<std::string>("french", "prussian"));
  u.flags.set(UnitFlag::Elite, *rc::gen::arbitrary<bool>());
  u.flags.set(UnitFlag::Guard, *rc::gen::arbitrary<bool>());
  Trace t(Trace::Off{}, testing::source_spec()->catalog);
  const auto& jena = dynamic_cast<const n20::JenaRules&>(*rules);
  const n20::jena::OrderOfBattle* o = jena.listed(u.id.view(), u.side.view(), t);
  RC_CLASSIFY(o != nullptr, "listed");
  if (o) {
    RC_ASSERT(rules->is_elite(u, t) == (u.id == "IG" || u.id == "H - Res"));
    RC_ASSERT(rules->is_guard(u, t) == (u.id == "IG"));
  } else {
    RC_ASSERT(rules->is_elite(u, t) == u.has(UnitFlag::Elite));
    RC_ASSERT(rules->is_guard(u, t) == u.has(UnitFlag::Guard));
  }
}

}  // namespace
}  // namespace hexlaw::play
