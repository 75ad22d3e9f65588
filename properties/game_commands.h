// Owns: the rc::state commands shared by the played-game properties (game_props.cc,
// dresden_props.cc): one decision, a run of random decisions and a replay of the log, each
// parameterised by the laws a step must keep (a function of the game before and after it) so
// every property checks its own laws after every step it takes.
#pragma once

#include <rapidcheck.h>
#include <rapidcheck/state.h>

#include <cstddef>
#include <cstdint>
#include <ostream>

#include "engine/play/game.h"

namespace hexlaw::play::props {

using GameCommand = rc::state::Command<Game, Game>;
// The laws one step must keep, given the game before and after it (RC_ASSERT inside).
using StepCheck = void (*)(const Game& before, const Game& after);

// One decision: the model and the system are offered the same choices, and the same choice on
// each gives the same game; the step keeps `Check`'s laws.
template <StepCheck Check>
struct Decide : GameCommand {
  std::uint64_t pick = *rc::gen::arbitrary<std::uint64_t>();
  void checkPreconditions(const Game& model) const override { RC_PRE(!model.over()); }
  std::size_t choice(const Game& g) const { return static_cast<std::size_t>(pick % g.decision().size()); }
  void apply(Game& model) const override { model.choose(choice(model)); }
  void run(const Game& model, Game& sut) const override {
    RC_ASSERT(sut.decision().choices == model.decision().choices);
    const Game before = sut;
    sut.choose(choice(sut));
    Check(before, sut);
    Game expected = model;
    apply(expected);
    RC_ASSERT(sut.state() == expected.state());
  }
  void show(std::ostream& os) const override { os << "Decide(" << pick << ")"; }
};

// A run of up to `MaxRun` - 1 random decisions, each step checked by `Check`.
template <StepCheck Check, int MaxRun>
struct PlayOn : GameCommand {
  int count = *rc::gen::inRange(1, MaxRun);
  std::uint64_t seed = *rc::gen::arbitrary<std::uint64_t>();
  void checkPreconditions(const Game& model) const override { RC_PRE(!model.over()); }
  void apply(Game& model) const override {
    RandomPolicy p(seed);
    play(model, p, static_cast<std::size_t>(count));
  }
  void run(const Game& model, Game& sut) const override {
    (void)model;
    RandomPolicy p(seed);
    for (int i = 0; i < count && !sut.over(); ++i) {
      const Game before = sut;
      sut.choose(p.choose(sut, sut.decision()));
      Check(before, sut);
    }
  }
  void show(std::ostream& os) const override { os << "PlayOn(" << count << ", " << seed << ")"; }
};

// Replaying the log from the scenario gives the same state, record, end and verdict.
struct ReplayLog : GameCommand {
  void apply(Game&) const override {}
  void run(const Game&, Game& sut) const override {
    const Game again = replay(sut.scenario_ptr(), sut.log());
    RC_ASSERT(again.state() == sut.state());
    RC_ASSERT(again.record() == sut.record());
    RC_ASSERT(again.over() == sut.over());
    RC_ASSERT(again.result().level == sut.result().level);
  }
  void show(std::ostream& os) const override { os << "ReplayLog"; }
};

}  // namespace hexlaw::play::props
