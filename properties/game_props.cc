// Owns: stateful properties of whole games (engine/play/) with RapidCheck's rc::state: random
// legal play on generated scenarios, a command at a time — a decision, a run of decisions, a
// replay of the log, a branch played apart — checking after every step that morale stays in
// 0..10, no two units share a hex, every unit has one status, no battle is fought at night,
// the game ends exactly when a side reaches 0 or the last turn ends, and the log replays to
// the same state and record.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>
#include <rapidcheck/state.h>

#include <algorithm>

#include "engine/n20/zoc.h"
#include "engine/play/game.h"
#include "engine/play/generated.h"
#include "engine/play/invariants.h"
#include "properties/game_commands.h"
#include "tests/support/test_support.h"

namespace hexlaw::play {
namespace {

using props::GameCommand;

rc::Gen<GeneratedScenarioSpec> small_scenario() {
  return rc::gen::exec([] {
    GeneratedScenarioSpec s;
    s.units_per_side = *rc::gen::inRange(2, 9);
    s.cols = *rc::gen::inRange(12, 17);
    s.rows = *rc::gen::inRange(8, 13);
    s.last_turn = *rc::gen::inRange(1, 7);
    s.night_turns.clear();
    if (*rc::gen::arbitrary<bool>()) s.night_turns.insert(*rc::gen::inRange(1, s.last_turn + 1));
    s.events = *rc::gen::arbitrary<bool>();
    for (const char* o : {"std:16.1", "std:16.2", "std:16.3", "std:16.5", "std:16.6", "std:16.7"})
      if (*rc::gen::inRange(0, 3) == 0) s.options.insert(o);
    if (s.options.count("std:16.5") && *rc::gen::arbitrary<bool>()) s.options.insert("std:16.5.3");
    s.seed = *rc::gen::inRange<std::uint64_t>(1, 1'000'000);
    if (*rc::gen::inRange(0, 3) == 0) s.game = "jena";  // the Jena layer's procedures at the boundaries too
    return s;
  });
}

// The laws every step must keep, given the game before and after it.
void check_step(const Game& before, const Game& after) {
  for (const auto& v : invariant_violations(after)) RC_FAIL(v);
  for (const Unit& u : after.state().units)
    RC_ASSERT(u.on_map() || u.hex == Hex{});  // off the map means no position
  for (std::size_t i = before.record().size(); i < after.record().size(); ++i) {
    const GameEvent& e = after.record()[i];
    // std:14.0, no battle at night: nothing resolved on a night turn cites the CRT.
    if (after.scenario().calendar.is_night(e.turn))
      RC_ASSERT(std::find(e.rules.begin(), e.rules.end(), "jena:table.crt") == e.rules.end());
  }
  RC_ASSERT(after.log().decisions.size() == before.log().decisions.size() + 1);
  // std:14.0, no zones of control at night: no unit exerts one into any neighbouring hex.
  if (after.state().night && !after.over()) {
    Trace silent(Trace::Off{}, testing::source_spec()->catalog);
    for (const Unit& u : after.state().units)
      if (u.on_map())
        for (Hex n : neighbours(u.hex))
          RC_ASSERT(!n20::exerts_zoc_into(*after.scenario().rules, *after.scenario().map, after.state(), u, n, silent));
  }
}

using Decide = props::Decide<check_step>;
using PlayOn = props::PlayOn<check_step, 80>;
using props::ReplayLog;

// A branch played on apart leaves the original untouched.
struct BranchApart : GameCommand {
  std::uint64_t seed = *rc::gen::arbitrary<std::uint64_t>();
  void apply(Game&) const override {}
  void run(const Game& model, Game& sut) const override {
    Game branch = sut;
    RandomPolicy p(seed);
    play(branch, p, 30);
    RC_ASSERT(sut.state() == model.state());
    RC_ASSERT(sut.log() == model.log());
  }
  void show(std::ostream& os) const override { os << "BranchApart(" << seed << ")"; }
};

RC_GTEST_PROP(GameProps, RandomLegalPlayKeepsTheLawsOfTheGame, ()) {
  HEXLAW_CITES("std:4.0", "std:12.1.1", "std:12.1.2", "std:6.9", "std:14.0", "std:15.0");
  const GeneratedScenarioSpec spec = *small_scenario();
  const auto scenario = generated_scenario(testing::source_spec(), spec);
  const Game initial(scenario, spec.seed * 31 + 7);
  Game sut = initial;
  rc::state::check(initial, sut,
                   rc::state::gen::execOneOfWithArgs<Decide, Decide, PlayOn, ReplayLog, BranchApart>());
}

// Whole games to the end: every one ends with a verdict, at 0 morale or after the last turn.
RC_GTEST_PROP(GameProps, EveryRandomGameEndsWithAVerdict, ()) {
  HEXLAW_CITES("std:15.0", "std:12.1.2");
  const GeneratedScenarioSpec spec = *small_scenario();
  Game g(generated_scenario(testing::source_spec(), spec), spec.seed);
  RandomPolicy p(spec.seed + 1);
  play(g, p);
  RC_ASSERT(g.over());
  int battles = 0, night_turns_played = 0;
  for (const auto& e : g.record()) {
    if (std::find(e.rules.begin(), e.rules.end(), "jena:table.crt") != e.rules.end()) ++battles;
    if (g.scenario().calendar.is_night(e.turn)) ++night_turns_played;
  }
  RC_CLASSIFY(battles > 0, "battles");
  RC_CLASSIFY(night_turns_played > 0, "night");
  RC_TAG(g.result().level);
  RC_ASSERT(g.result().level != "none");
  for (const auto& v : invariant_violations(g)) RC_FAIL(v);
}

}  // namespace
}  // namespace hexlaw::play
